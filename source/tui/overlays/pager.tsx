/**
A full-screen box of rows over the panes, as the help and the messages show: it draws its
rows from `top` (the overlay's keys scroll it, see `overlays/pager-keys.ts`) and says how to
close it.
*/
import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {keyLabel, keysFor, type Command} from '../keymap.js';

export type PagerProps = {
	/** How many rows there are. */
	rows: number;
	/** Row `index`, drawn on one row of `width` less 4 (border and padding): wrap it beforehand. */
	renderRow: (index: number) => ReactNode;
	/** The command that opened the pager: its key closes it too. */
	opener: Command;
	/** The first row shown. */
	top: number;
	/** Terminal cells across, border included. */
	width: number;
	/** Rows, border included. */
	height: number;
};

export function Pager({rows: count, renderRow, opener, top, width, height}: PagerProps) {
	// Border (2 rows) and the footer line.
	const rows = Math.max(1, height - 3);
	const shownTop = Math.min(top, Math.max(0, count - rows));
	const shown = Math.min(rows, count - shownTop);
	const more = count > rows ? `  ${shownTop + 1}-${shownTop + shown} of ${count}, ↑↓ to scroll` : '';

	return (
		<Box flexDirection="column" width={width} height={height} borderStyle="round" paddingX={1}>
			{Array.from({length: shown}, (_, index) => <Box key={shownTop + index}>{renderRow(shownTop + index)}</Box>)}
			<Box flexGrow={1}/>
			<Text dimColor wrap="truncate-end">{keyLabel(keysFor(opener)[0]!)} or esc to close{more}</Text>
		</Box>
	);
}
