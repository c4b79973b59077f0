/**
The `?` overlay: every binding of the keymap, grouped, the focused pane's group first
after the global ones, in a pager (it scrolls with the move keys, and closes on `?`, Esc
or `q`).
*/
import {useMemo} from 'react';
import {Box, Text} from 'ink';
import {wrapText} from '../wrap-text.js';
import {bindingOf, commands, keyLabel, type Binding, type Pane} from '../keymap.js';
import {Pager, type PagerProps} from './pager.js';

/** `pane` is the focused one, whose group is listed right after the global keys. */
export type HelpOverlayProps = Pick<PagerProps, 'width' | 'height' | 'top'> & {pane: Pane};

export type HelpLine =
	| {readonly kind: 'group'; readonly title: string}
	| {readonly kind: 'binding'; readonly keys: string; readonly description: string};

const paneGroups: Record<Pane, Binding['group']> = {
	collections: 'Collections',
	request: 'Request',
	variables: 'Variables',
	response: 'Response',
};

const groupOrder: ReadonlyArray<Binding['group']> = ['Global', 'Panes', 'Layout', 'Move', 'Collections', 'Request', 'Variables', 'Response', 'Editing', 'Questions', 'Help and messages'];

/** The overlay's lines, from the keymap: a title per group, then one line per command. */
export function helpLines(pane: Pane): HelpLine[] {
	const first = paneGroups[pane];
	const globalGroups = groupOrder.indexOf('Move') + 1;
	const order = [...groupOrder.slice(0, globalGroups), first, ...groupOrder.slice(globalGroups).filter(group => group !== first)];
	return order.flatMap((group, index) => {
		const entries = commands
			.map(command => bindingOf(command))
			.filter(binding => binding.group === group)
			.map(binding => ({kind: 'binding' as const, keys: binding.keys.map(key => keyLabel(key)).join(', '), description: binding.description}));
		const title = group === 'Editing' ? 'Editing a field' : group;
		return [...(index === 0 ? [] : [{kind: 'group' as const, title: ''}]), {kind: 'group' as const, title}, ...entries];
	});
}

/** The keys' column: 24 cells, less on a narrow terminal, where the descriptions need the room. */
function keysColumn(width: number): number {
	return Math.min(24, Math.max(10, Math.floor(width / 3)));
}

/** The overlay's rows in `width` cells, for the focused pane. */
export function helpRows(pane: Pane, width: number): HelpLine[] {
	return wrappedLines(helpLines(pane), width);
}

/** The lines as drawn in `width` cells: a description too long for its column goes on in the rows below. */
function wrappedLines(lines: readonly HelpLine[], width: number): HelpLine[] {
	const descriptionWidth = Math.max(10, width - keysColumn(width));
	return lines.flatMap((line): HelpLine[] => line.kind === 'group'
		? [line]
		: wrapText(line.description, descriptionWidth).map((description, row) => ({kind: 'binding', keys: row === 0 ? line.keys : '', description})));
}

export function HelpOverlay({pane, width, height, top}: HelpOverlayProps) {
	// Inside the border (2 columns) and the padding (2).
	const lines = useMemo(() => helpRows(pane, width - 4), [pane, width]);
	const renderRow = (index: number) => {
		const line = lines[index]!;
		return line.kind === 'group'
			// An empty Text takes no row; a space keeps the gap between groups.
			? <Text bold>{line.title === '' ? ' ' : line.title}</Text>
			: (
				<>
					<Box width={keysColumn(width - 4)} flexShrink={0}><Text wrap="truncate-end">{line.keys}</Text></Box>
					<Text wrap="truncate-end">{line.description}</Text>
				</>
			);
	};

	return <Pager rows={lines.length} renderRow={renderRow} opener="app.help" top={top} width={width} height={height}/>;
}
