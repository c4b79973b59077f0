import {Box, Text} from 'ink';
import {describeDroppedCredentials, type DroppedCredentials} from '../../../core/http/redirect-credentials.js';
import type {Timings} from '../../../core/http/types.js';
import {formatDuration} from '../../../core/http/format-duration.js';
import type {ScriptTimes} from '../../../core/session/session.js';

type Props = {timings: Timings; scriptTimes?: ScriptTimes; redirects?: readonly string[]; dropped?: DroppedCredentials; url?: string; width: number; colors: boolean};

const phases = [
	['DNS', 'dns'],
	['Connect', 'connect'],
	['TLS', 'tls'],
	['First byte', 'firstByte'],
] as const;

const scriptRows = [
	['Pre-script', 'preRequest'],
	['Post-script', 'postResponse'],
] as const;

const labelWidth = 11;
const valueWidth = 9;

/**
Each phase as a bar on a shared time axis, so where the time went shows at a glance. After
redirects, the hops before the last come first, and the phases are the last hop's; the hops
say which credentials a redirect did not take along. The scripts' own run time follows,
before and after the request rather than on its axis.
*/
export function TimingView({timings, scriptTimes = {}, redirects = [], dropped, url, width, colors}: Props) {
	const barWidth = Math.max(0, width - labelWidth - valueWidth - 2);
	const scale = timings.total > 0 ? barWidth / timings.total : 0;
	const shown = timings.redirects === undefined ? phases : [['Redirects', 'redirects'] as const, ...phases];
	// Each phase starts where the ones before it ended.
	const rows = shown.map(([label, key], index) => ({
		label,
		duration: timings[key],
		start: shown.slice(0, index).reduce((sum, [, before]) => sum + (timings[before] ?? 0), 0),
	}));
	const bar = (start: number, duration: number): string => {
		const from = Math.min(barWidth, Math.round(start * scale));
		const length = Math.max(duration > 0 ? 1 : 0, Math.min(barWidth - from, Math.round(duration * scale)));
		return ' '.repeat(from) + '█'.repeat(length);
	};

	return (
		<Box flexDirection="column">
			{rows.map(({label, duration, start}) => (
				<Text key={label} wrap="truncate">
					{label.padEnd(labelWidth)}
					{(duration === undefined ? '-' : formatDuration(duration)).padStart(valueWidth - 1).padEnd(valueWidth)}
					<Text color={colors ? 'cyan' : undefined}>{duration === undefined ? '' : bar(start, duration)}</Text>
				</Text>
			))}
			<Text wrap="truncate" bold>
				{'Total'.padEnd(labelWidth)}
				{formatDuration(timings.total).padStart(valueWidth - 1).padEnd(valueWidth)}
				<Text color={colors ? 'green' : undefined}>{bar(0, timings.total)}</Text>
			</Text>
			{scriptRows.map(([label, key]) => scriptTimes[key] !== undefined && (
				<Text key={label} wrap="truncate">{label.padEnd(labelWidth)}{(scriptTimes[key] < 1 ? '<1 ms' : formatDuration(scriptTimes[key])).padStart(valueWidth - 1)}</Text>
			))}
			{redirects.length > 0 && <Text wrap="truncate">{`Hops       ${redirects.length}: ${redirects.join(' -> ')}`}</Text>}
			{dropped !== undefined && <Text color={colors ? 'yellow' : undefined}>{`Dropped    ${describeDroppedCredentials(dropped)}`}</Text>}
			{url !== undefined && <Text wrap="truncate">{`URL        ${url}`}</Text>}
		</Box>
	);
}
