/**
The status bar's list of keys for the focused pane, read from the keymap: the pane's own
commands first, then the global ones, as many as fit the width (help always shown when it
applies, so every other key stays one press away). The pane's lesser keys take the room
left once the global ones fit: a wide terminal shows every key of the pane.
*/
import {Box, Text} from 'ink';
import {bindingOf, commandsFor, keyLabel, type Binding, type Command, type Mode, type Pane} from '../keymap.js';

export type StatusHint = {readonly command: Command; readonly key: string; readonly hint: string};

export type StatusHintsProps = {
	pane: Pane;
	mode: Mode;
	/** Terminal cells across. */
	width: number;
};

const separator = '  ';
const kept: Command = 'app.help';

/** The hints that fit in `width` cells, in display order. */
export function statusHints(pane: Pane, mode: Mode, width: number): StatusHint[] {
	const all = commandsFor(pane, mode).flatMap(command => {
		const binding: Binding = bindingOf(command);
		return binding.hint === undefined ? [] : [{command, key: keyLabel(binding.keys[0]!), hint: binding.hint, own: binding.panes !== 'all', lesser: binding.lesserHint === true}];
	});
	// Chosen in this order, shown in the keymap's order with the pane's own keys first.
	const ordered = [...all.filter(entry => entry.own && !entry.lesser), ...all.filter(entry => !entry.own), ...all.filter(entry => entry.lesser)];
	const shownOrder = [...all.filter(entry => entry.own), ...all.filter(entry => !entry.own)];
	const cellsOf = (entry: StatusHint) => entry.key.length + 1 + entry.hint.length + separator.length;
	const required = ordered.find(entry => entry.command === kept);
	let room = width + separator.length - (required === undefined ? 0 : cellsOf(required));
	const chosen = new Set<StatusHint>(required === undefined ? [] : [required]);
	for (const entry of ordered) {
		if (entry !== required && cellsOf(entry) <= room) {
			chosen.add(entry);
			room -= cellsOf(entry);
		}
	}

	return shownOrder.filter(entry => chosen.has(entry)).map(({command, key, hint}) => ({command, key, hint}));
}

export function StatusHints({pane, mode, width}: StatusHintsProps) {
	return (
		<Box width={width} height={1} columnGap={separator.length}>
			{statusHints(pane, mode, width).map(entry => (
				<Text key={entry.command} wrap="truncate-end">
					<Text bold>{entry.key}</Text> <Text dimColor>{entry.hint}</Text>
				</Text>
			))}
		</Box>
	);
}
