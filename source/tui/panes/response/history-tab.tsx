/**
The history tab: the request's kept responses, the newest first, each with when it was sent,
its status, size and duration; the one shown is marked, and Enter opens the selected one.
*/
import {Box, Text} from 'ink';
import {useWorld} from '../../app-context.js';
import {keptRows} from './kept-list.js';

export type HistoryTabProps = {
	history: {
		requestId?: string;
		/** The kept response shown, by name (see AppState.keptShown). */
		keptShown?: string;
		/** The name this session's last send was kept under. */
		lastKeptAs?: string;
		/** The pane shows this session's last send. */
		showsOutcome: boolean;
	};
	selected: number;
	height: number;
	colors: boolean;
};

export function HistoryTab({history, selected, height, colors}: HistoryTabProps) {
	const world = useWorld();
	const rows = history.requestId === undefined ? [] : keptRows(world, history.requestId);
	if (rows.length === 0) {
		return <Text dimColor>No response of this request is kept yet: each send keeps one (the last 20)</Text>;
	}

	const shownName = history.keptShown ?? (history.showsOutcome ? history.lastKeptAs : rows[0]!.name);
	// The selected row stays in sight: the list scrolls only as far as it needs.
	const top = Math.max(0, Math.min(selected - height + 1, rows.length - height));
	const statusWidth = Math.max(...rows.map(row => row.status.length));
	return (
		<Box flexDirection="column" height={height}>
			{rows.slice(top, top + height).map((row, index) => {
				const isSelected = top + index === selected;
				const line = `${row.name === shownName ? '●' : ' '} ${row.sent}  ${row.status.padEnd(statusWidth)}  ${row.size.padStart(9)}  ${row.duration.padStart(8)}`;
				return (
					<Text key={row.name} wrap="truncate" inverse={isSelected} color={colors && row.failed ? 'red' : undefined}>
						{line}
					</Text>
				);
			})}
		</Box>
	);
}
