/**
A full-screen box of rows over the panes, as the help and the messages show: it scrolls
with the keymap's move keys when its rows do not fit, and closes on the key that opened
it, Esc or `q`. While it is open it has the keyboard, as an editor does; send and cancel
still work from it.
*/
import {useState, type ReactNode} from 'react';
import {Box, Text} from 'ink';
import {useKeyboard} from '../keyboard.js';
import {keyAfterEscape} from '../keys.js';
import {keyLabel, keysFor, matchCommand, type Command, type Pane} from '../keymap.js';

export type PagerProps = {
	/** How many rows there are. */
	rows: number;
	/** Row `index`, drawn on one row of `width` less 4 (border and padding): wrap it beforehand. */
	renderRow: (index: number) => ReactNode;
	/** The command that opened the pager: its key closes it too. */
	opener: Command;
	/** The focused pane, whose keys the pager reads. */
	pane: Pane;
	/** Terminal cells across, border included. */
	width: number;
	/** Rows, border included. */
	height: number;
	/** Closes the pager; the keys after the one that closed it are the app's (see `keyboard.ts`). */
	onClose: () => void;
	/** Send and cancel, which work while the pager is open as from everywhere (it stays open). */
	onCommand?: (command: Command) => void;
	/** Whether the pager has the keyboard. Default true. */
	isActive?: boolean;
};

/** Esc and q close it too, whatever the keymap says, as every pager does. */
const closeKeys = new Set(['escape', 'q']);

function scrolled(top: number, command: Command | undefined, rows: number, maxTop: number): number {
	switch (command) {
		case 'nav.up': {
			return top - 1;
		}

		case 'nav.down': {
			return top + 1;
		}

		case 'nav.pageUp': {
			return top - rows;
		}

		case 'nav.pageDown': {
			return top + rows;
		}

		case 'nav.top': {
			return 0;
		}

		case 'nav.bottom': {
			return maxTop;
		}

		default: {
			return top;
		}
	}
}

export function Pager({rows: count, renderRow, opener, pane, width, height, onClose, onCommand, isActive = true}: PagerProps) {
	// Border (2 rows) and the footer line.
	const rows = Math.max(1, height - 3);
	const maxTop = Math.max(0, count - rows);
	const [top, setTop] = useState(0);

	useKeyboard(presses => {
		const moves: Array<Command | undefined> = [];
		for (const [index, press] of presses.entries()) {
			const rest = presses.slice(index + 1);
			// Esc and a key typed fast read as alt+ that key: Esc closes, and the key is the app's.
			const afterEscape = keyAfterEscape(press);
			const command = matchCommand(press.name, pane, 'navigate');
			if (closeKeys.has(press.name) || command === opener || afterEscape !== undefined) {
				onClose();
				return afterEscape === undefined ? rest : [afterEscape, ...rest];
			}

			if (command === 'app.send' || command === 'app.cancel') {
				onCommand?.(command);
			} else {
				moves.push(command);
			}
		}

		// Functional update: two chunks may arrive before the next render.
		setTop(current => moves.reduce((position, command) => Math.min(maxTop, Math.max(0, scrolled(position, command, rows, maxTop))), current));
		return [];
	}, {isActive});

	const shownTop = Math.min(top, maxTop);
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
