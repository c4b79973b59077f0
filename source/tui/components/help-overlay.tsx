/**
The `?` overlay: every binding of the keymap, grouped, the focused pane's group first
after the global ones. It scrolls with the keymap's move keys when it does not fit, and
closes on `?`, Esc or `q`. While it is open it has the keyboard, as an editor does.
*/
import {useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {useKeyboard} from '../keyboard.js';
import {keyAfterEscape} from '../keys.js';
import {wrapText} from '../wrap-text.js';
import {bindingOf, commands, keyLabel, matchCommand, type Binding, type Command, type Pane} from '../keymap.js';

export type HelpOverlayProps = {
	/** The focused pane: its group is listed right after the global keys. */
	pane: Pane;
	/** Terminal cells across, border included. */
	width: number;
	/** Rows, border included. */
	height: number;
	/** Closes the help; the keys after the one that closed it are the app's (see `keyboard.ts`). */
	onClose: () => void;
	/** Send and cancel, which work while the help is open as from everywhere (the help stays open). */
	onCommand?: (command: Command) => void;
	/** Whether the overlay has the keyboard. Default true. */
	isActive?: boolean;
};

export type HelpLine =
	| {readonly kind: 'group'; readonly title: string}
	| {readonly kind: 'binding'; readonly keys: string; readonly description: string};

const paneGroups: Record<Pane, Binding['group']> = {
	collections: 'Collections',
	request: 'Request',
	variables: 'Variables',
	response: 'Response',
};

const groupOrder: ReadonlyArray<Binding['group']> = ['Global', 'Panes', 'Move', 'Collections', 'Request', 'Variables', 'Response', 'Editing'];

/** The overlay's lines, from the keymap: a title per group, then one line per command. */
export function helpLines(pane: Pane): HelpLine[] {
	const first = paneGroups[pane];
	const order = [...groupOrder.slice(0, 3), first, ...groupOrder.slice(3).filter(group => group !== first)];
	return order.flatMap((group, index) => {
		const entries = commands
			.map(command => bindingOf(command))
			.filter(binding => binding.group === group)
			.map(binding => ({kind: 'binding' as const, keys: binding.keys.map(key => keyLabel(key)).join(', '), description: binding.description}));
		const title = group === 'Editing' ? 'Editing a field' : group;
		return [...(index === 0 ? [] : [{kind: 'group' as const, title: ''}]), {kind: 'group' as const, title}, ...entries];
	});
}

const keysColumn = 24;

/** The lines as drawn in `width` cells: a description too long for its column goes on in the rows below. */
function wrappedLines(lines: readonly HelpLine[], width: number): HelpLine[] {
	const descriptionWidth = Math.max(10, width - keysColumn);
	return lines.flatMap((line): HelpLine[] => line.kind === 'group'
		? [line]
		: wrapText(line.description, descriptionWidth).map((description, row) => ({kind: 'binding', keys: row === 0 ? line.keys : '', description})));
}

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

export function HelpOverlay({pane, width, height, onClose, onCommand, isActive = true}: HelpOverlayProps) {
	// Inside the border (2 columns) and the padding (2).
	const lines = useMemo(() => wrappedLines(helpLines(pane), width - 4), [pane, width]);
	// Border (2 rows) and the footer line.
	const rows = Math.max(1, height - 3);
	const maxTop = Math.max(0, lines.length - rows);
	const [top, setTop] = useState(0);

	useKeyboard(presses => {
		const moves: Array<Command | undefined> = [];
		for (const [index, press] of presses.entries()) {
			const rest = presses.slice(index + 1);
			// Esc and a key typed fast read as alt+ that key: Esc closes, and the key is the app's.
			const afterEscape = keyAfterEscape(press);
			const closing = closeKeys.has(press.name) || matchCommand(press.name, pane, 'navigate') === 'app.help';
			if (closing || afterEscape !== undefined) {
				onClose();
				return afterEscape === undefined ? rest : [afterEscape, ...rest];
			}

			const command = matchCommand(press.name, pane, 'navigate');
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
	const visible = lines.slice(shownTop, shownTop + rows);
	const more = lines.length > rows ? `  ${shownTop + 1}-${shownTop + visible.length} of ${lines.length}, ↑↓ to scroll` : '';

	return (
		<Box flexDirection="column" width={width} height={height} borderStyle="round" paddingX={1}>
			{visible.map((line, index) => line.kind === 'group'
				// An empty Text takes no row; a space keeps the gap between groups.
				? <Text key={shownTop + index} bold>{line.title === '' ? ' ' : line.title}</Text>
				: (
					<Box key={shownTop + index}>
						<Box width={keysColumn} flexShrink={0}><Text wrap="truncate-end">{line.keys}</Text></Box>
						<Text wrap="truncate-end">{line.description}</Text>
					</Box>
				))}
			<Box flexGrow={1}/>
			<Text dimColor wrap="truncate-end">? or esc to close{more}</Text>
		</Box>
	);
}
