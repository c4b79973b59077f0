/**
The `?` overlay: every binding of the keymap, grouped, the focused pane's group first
after the global ones, in a pager (it scrolls with the move keys that type no text, and
closes on `?` or Esc). What is typed filters its rows: only the bindings whose keys or
description have the text are listed (smart case: lower case matches any case).
*/
import {useMemo} from 'react';
import {Box, Text} from 'ink';
import {oneLine} from '../../core/visible-text.js';
import type {FieldState} from '../app-state.js';
import {FieldView} from '../field/field-view.js';
import {matchesCase} from '../panes/response/find-matches.js';
import {textOf} from '../text-buffer.js';
import {wrapText} from '../wrap-text.js';
import {bindingOf, commands, keyLabel, type Binding, type Pane} from '../keymap.js';
import {Pager, type PagerProps} from './pager.js';

/** `pane` is the focused one, whose group is listed right after the global keys; `field`, the filter typed. */
export type HelpOverlayProps = Pick<PagerProps, 'width' | 'height' | 'top'> & {pane: Pane; field: FieldState};

/** The filter's row, above the help's rows. */
export const helpFilterLabel = 'Filter: ';

export type HelpLine =
	| {readonly kind: 'group'; readonly title: string}
	| {readonly kind: 'binding'; readonly keys: string; readonly description: string};

const paneGroups: Record<Pane, Binding['group']> = {
	collections: 'Collections',
	request: 'Request',
	variables: 'Variables',
	response: 'Response',
};

const groupOrder: ReadonlyArray<Binding['group']> = ['Global', 'Panes', 'Layout', 'Move', 'Collections', 'Request', 'Variables', 'Response', 'Editing', 'Questions', 'Palette', 'Help and messages'];

/**
The overlay's lines, from the keymap: a title per group, then one line per command; with a
`filter`, only the commands whose keys (as shown, or as named: `ctrl+left`) or description
have it, under the titles of their groups.
*/
export function helpLines(pane: Pane, filter = ''): HelpLine[] {
	const first = paneGroups[pane];
	const globalGroups = groupOrder.indexOf('Move') + 1;
	const order = [...groupOrder.slice(0, globalGroups), first, ...groupOrder.slice(globalGroups).filter(group => group !== first)];
	const has = containsFilter(filter);
	const shown = order.flatMap(group => {
		const entries = commands
			.map(command => bindingOf(command))
			.filter(binding => binding.group === group && (filter === '' || [binding.description, ...binding.keys, ...binding.keys.map(key => keyLabel(key))].some(text => has(text))))
			.map(binding => ({kind: 'binding' as const, keys: binding.keys.map(key => keyLabel(key)).join(', '), description: binding.description}));
		return entries.length === 0 ? [] : [{group, entries}];
	});
	return shown.flatMap(({group, entries}, index) => {
		const title = group === 'Editing' ? 'Editing a field' : group;
		return [...(index === 0 ? [] : [{kind: 'group' as const, title: ''}]), {kind: 'group' as const, title}, ...entries];
	});
}

/** Whether a text has the filter, in smart case: a filter with no capital letter ignores case. */
function containsFilter(filter: string): (text: string) => boolean {
	if (matchesCase(filter, false)) {
		return text => text.includes(filter);
	}

	const lower = filter.toLowerCase();
	return text => text.toLowerCase().includes(lower);
}

/** The keys' column: 24 cells, less on a narrow terminal, where the descriptions need the room. */
function keysColumn(width: number): number {
	return Math.min(24, Math.max(10, Math.floor(width / 3)));
}

/** The overlay's rows in `width` cells, for the focused pane, narrowed by `filter`. */
export function helpRows(pane: Pane, width: number, filter = ''): HelpLine[] {
	return wrappedLines(helpLines(pane, filter), width);
}

/** The lines as drawn in `width` cells: a description too long for its column goes on in the rows below. */
function wrappedLines(lines: readonly HelpLine[], width: number): HelpLine[] {
	const descriptionWidth = Math.max(10, width - keysColumn(width));
	return lines.flatMap((line): HelpLine[] => line.kind === 'group'
		? [line]
		: wrapText(line.description, descriptionWidth).map((description, row) => ({kind: 'binding', keys: row === 0 ? line.keys : '', description})));
}

export function HelpOverlay({pane, field, width, height, top}: HelpOverlayProps) {
	const filter = textOf(field.buffer);
	// Inside the border (2 columns) and the padding (2).
	const lines = useMemo(() => helpRows(pane, width - 4, filter), [pane, width, filter]);
	const header = (
		<>
			<Text bold>{helpFilterLabel}</Text>
			<FieldView field={field} box={helpFilterBox(width - 4)} hint="type to filter the keys"/>
		</>
	);
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

	const empty = filter === '' ? undefined : `No key or description has "${oneLine(filter)}"`;
	return (
		<Pager
			rows={lines.length}
			renderRow={renderRow}
			opener="app.help"
			top={top}
			width={width}
			height={height}
			header={header}
			empty={empty}
			closing={filter === '' ? undefined : 'esc clears the filter'}
		/>
	);
}

/** The filter's field, after its label on the first row inside the overlay (`width` cells). */
export function helpFilterBox(width: number): {width: number; height: number} {
	return {width: Math.max(5, width - helpFilterLabel.length), height: 1};
}
