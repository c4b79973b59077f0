/**
The command palette (ctrl+p), over the panes: its query on the first row, then the entries
it finds (see `palette-entries.ts`), the chosen one marked and the matched characters
highlighted, each with its key (or a request's method) on the right; the footer says how
many match and what Enter and Esc do.
*/
import {useMemo} from 'react';
import {Box, Text} from 'ink';
import {useAppSelector, useCollections} from '../app-context.js';
import {colorsEnabled} from '../color-support.js';
import {FieldView} from '../field/field-view.js';
import {keyLabel, keysFor} from '../keymap.js';
import {layoutSourceOf} from '../layout.js';
import {scrollTop} from '../panes/collections/collection-tree.js';
import {textOf} from '../text-buffer.js';
import {paletteEntriesOf, paletteMatches, type PaletteMatch} from './palette-entries.js';
import {paletteListRows, paletteQueryBox} from './palette-keys.js';

export type PaletteOverlayProps = {
	/** Terminal cells across, border included. */
	width: number;
	/** Rows, border included. */
	height: number;
};

const runKey = keyLabel(keysFor('palette.run')[0]!);
const closeKey = keyLabel(keysFor('palette.close')[0]!);

export function PaletteOverlay({width, height}: PaletteOverlayProps) {
	const colors = colorsEnabled();
	const collections = useCollections();
	const focus = useAppSelector(state => state.focus);
	const field = useAppSelector(state => (state.mode.kind === 'palette' ? state.mode.field : undefined));
	const selected = useAppSelector(state => (state.mode.kind === 'palette' ? state.mode.selected : 0));
	const top = useAppSelector(state => state.overlayTop);
	const layoutSource = useAppSelector(layoutSourceOf);
	const query = field === undefined ? '' : textOf(field.buffer);
	const entries = paletteEntriesOf(collections, focus);
	const matches = useMemo(() => paletteMatches(entries, query), [entries, query]);
	if (field === undefined) {
		return null;
	}

	const rows = paletteListRows(layoutSource);
	const shownTop = scrollTop(selected, matches.length, rows, top);
	const shown = matches.slice(shownTop, shownTop + rows);
	// As wide as the longest key shown, within a quarter of the row inside the border and padding.
	const keysWidth = Math.min(Math.floor((width - 4) / 4), Math.max(0, ...shown.map(match => match.entry.keys.length)) + 1);
	return (
		<Box flexDirection="column" width={width} height={height} borderStyle="round" paddingX={1}>
			<Box flexShrink={0}>
				<Text bold color={colors ? 'cyan' : undefined}>› </Text>
				<FieldView field={field} box={paletteQueryBox(layoutSource)} hint="a command or a request"/>
			</Box>
			{matches.length === 0 && <Text wrap="truncate-end">Nothing matches: no command or request has these letters in this order</Text>}
			{shown.map((match, index) => (
				<EntryRow key={shownTop + index} match={match} chosen={shownTop + index === selected} keysWidth={keysWidth} colors={colors}/>
			))}
			<Box flexGrow={1}/>
			<Text dimColor wrap="truncate-end">{matches.length === 0 ? 0 : selected + 1}/{matches.length}  {runKey} runs or opens, {closeKey} closes</Text>
		</Box>
	);
}

function EntryRow({match, chosen, keysWidth, colors}: {match: PaletteMatch; chosen: boolean; keysWidth: number; colors: boolean}) {
	const {entry, positions} = match;
	return (
		<Box>
			<Box flexShrink={0}><Text bold={chosen} color={colors && chosen ? 'cyan' : undefined}>{chosen ? '› ' : '  '}</Text></Box>
			<Box flexGrow={1}>
				<Text wrap="truncate-end" bold={chosen}>{highlighted(entry.label, positions, colors)}</Text>
			</Box>
			<Box width={keysWidth} flexShrink={0} justifyContent="flex-end">
				<Text wrap="truncate-end" dimColor>{entry.keys}</Text>
			</Box>
		</Box>
	);
}

/** The label in runs of matched and unmatched characters, the matched ones coloured (underlined without colour). */
function highlighted(label: string, positions: ReadonlySet<number>, colors: boolean) {
	if (positions.size === 0) {
		return label;
	}

	const runs: Array<{text: string; matched: boolean}> = [];
	for (const [index, character] of Array.from(label).entries()) {
		const matched = positions.has(index);
		const last = runs.at(-1);
		if (last?.matched === matched) {
			last.text += character;
		} else {
			runs.push({text: character, matched});
		}
	}

	return runs.map((run, index) => (run.matched
		? <Text key={index} color={colors ? 'yellow' : undefined} underline={!colors}>{run.text}</Text>
		: run.text));
}
