/**
The keys of the command palette (ctrl+p). What is typed goes to its query (the one field:
every editing key works) and starts again from the best match; up and down (ctrl+p, ctrl+n
as in fzf and emacs) and the page keys move the choice; Enter runs the command chosen, in
its pane, or selects the request chosen and shows it; Esc or ctrl+c closes it.
*/
import {createField} from '../app-state.js';
import {fieldKey} from '../field/field-keys.js';
import type {KeyPress} from '../keys.js';
import {matchCommand} from '../keymap.js';
import {layoutOf, type LayoutSource} from '../layout.js';
import {scrollTop} from '../panes/collections/collection-tree.js';
import {revealSelection} from '../panes/collections/tree-selection.js';
import type {Step} from '../pipeline/step.js';
import type {World} from '../pipeline/world.js';
import {textOf} from '../text-buffer.js';
import {overlayDone, type OverlayOutcome} from './overlay-outcome.js';
import {paletteEntriesOf, paletteMatches, type PaletteEntry} from './palette-entries.js';

/** The palette's box: its border (2 rows), the query's row and the footer's take 4 of the rows above the status bar. */
export function paletteListRows(state: LayoutSource): number {
	const layout = layoutOf(state);
	return Math.max(1, layout.height - layout.statusBar.height - 4);
}

/** The query's field, after its `› ` inside the border and padding. */
export function paletteQueryBox(state: LayoutSource): {width: number; height: number} {
	return {width: Math.max(5, layoutOf(state).width - 6), height: 1};
}

export function openPalette(step: Step): void {
	step.dispatch({type: 'setMode', mode: {kind: 'palette', field: createField('', true), selected: 0}});
}

export function paletteKey(step: Step, press: KeyPress, world: World): OverlayOutcome {
	const {state} = step;
	const {mode} = state;
	if (mode.kind !== 'palette') {
		return overlayDone;
	}

	const matches = () => paletteMatches(paletteEntriesOf(world.collections(), state.focus), textOf(mode.field.buffer));
	const command = press.pasted === true ? undefined : matchCommand(press.name, state.focus, 'palette');
	switch (command) {
		case 'palette.close': {
			step.dispatch({type: 'leaveMode'});
			return overlayDone;
		}

		case 'palette.up':
		case 'palette.down':
		case 'palette.pageUp':
		case 'palette.pageDown': {
			const rows = paletteListRows(state);
			const delta = {'palette.up': -1, 'palette.down': 1, 'palette.pageUp': -rows, 'palette.pageDown': rows}[command];
			const count = matches().length;
			const selected = Math.max(0, Math.min(count - 1, mode.selected + delta));
			step.dispatch({type: 'setMode', mode: {...mode, selected}});
			step.dispatch({type: 'overlayTop', top: scrollTop(selected, count, rows, state.overlayTop)});
			return overlayDone;
		}

		case 'palette.run': {
			const chosen = matches()[mode.selected]?.entry;
			if (chosen === undefined) {
				return overlayDone;
			}

			step.dispatch({type: 'leaveMode'});
			return run(step, chosen, world);
		}

		default: {
			break;
		}
	}

	const result = fieldKey(mode.field, press, {singleLine: true, pane: state.focus, box: paletteQueryBox(state)});
	switch (result.kind) {
		case 'typed': {
			if (result.field.buffer.lines === mode.field.buffer.lines) {
				step.dispatch({type: 'field', field: result.field});
			} else {
				// Other entries match: the best one is chosen, at the top.
				step.dispatch({type: 'setMode', mode: {...mode, field: result.field, selected: 0}});
			}

			return overlayDone;
		}

		case 'leave': {
			step.dispatch({type: 'leaveMode'});
			return result.next === undefined ? overlayDone : {kind: 'next', press: result.next};
		}

		case 'command': {
			return {kind: 'command', command: result.command};
		}

		case 'submit': {
			return overlayDone;
		}
	}
}

/** A command runs as if its key were pressed in its pane, focused first; a request is selected (in sight in the tree) and shown in the request pane. */
function run(step: Step, entry: PaletteEntry, world: World): OverlayOutcome {
	if (entry.kind === 'command') {
		return {kind: 'command', command: entry.command, pane: entry.pane};
	}

	step.dispatch({type: 'select', selection: {collectionId: entry.collectionId, requestId: entry.requestId}});
	revealSelection(step, world, entry.name);
	step.dispatch({type: 'focus', pane: 'request'});
	return overlayDone;
}
