/**
The request as it would be sent, resolved once the tab is shown (see `settle.ts`): the
problems first, then the request line, headers and body, cut into rows so that a long URL,
header or problem shows whole.
*/
import {Box, Text} from 'ink';
import type {Request} from '../../../core/model.js';
import {useAppSelector} from '../../app-context.js';
import {colorsEnabled} from '../../color-support.js';
import {previewCut, scrolledLines} from './tab-lines.js';

const toneColor = {error: 'red', warning: 'yellow', muted: 'gray'} as const;

export function PreviewTab({request, width, rows}: {request: Request; width: number; rows: number}) {
	const preview = useAppSelector(state => (state.preview?.of.requestId === request.id ? state.preview.preview : undefined));
	const row = useAppSelector(state => state.requestRow);
	const colors = colorsEnabled();
	if (preview === undefined) {
		return <Text dimColor>Resolving…</Text>;
	}

	const {lines, cut} = previewCut(preview, request, width);
	const {top, shown, where} = scrolledLines(cut.rows, rows, row);
	return (
		<Box flexDirection="column" width={width} height={rows}>
			{cut.slice(top, shown).map(({line, text}, index) => {
				const {tone} = lines[line]!;
				return <Text key={top + index} wrap="truncate-end" color={colors && tone ? toneColor[tone] : undefined} bold={tone === 'error'}>{text === '' ? ' ' : text}</Text>;
			})}
			{where === undefined ? null : <Text dimColor wrap="truncate-end">{where}</Text>}
		</Box>
	);
}
