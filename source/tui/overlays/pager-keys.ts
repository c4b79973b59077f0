/**
The keys of the help and messages overlays: they scroll with the move keys when their rows do
not fit, and close on the key that opened them or Esc (the messages on q too; in the help,
letters filter its rows: see `help-keys.ts`).
*/
import type {TuiState} from '../app-context.js';
import {layoutOf, type LayoutSource} from '../layout.js';
import type {Command} from '../keymap.js';
import type {Step} from '../pipeline/step.js';
import {textOf} from '../text-buffer.js';
import {helpRows} from './help-overlay.js';
import {messageRows} from './messages-overlay.js';
import {pagerShownRows} from './pager.js';

/** Rows an overlay's box has for its rows: inside its border, above its footer, below its header if it has one (the help's filter). */
export function pagerRows(state: LayoutSource, hasHeader = false): number {
	const layout = layoutOf(state);
	return pagerShownRows(layout.height - layout.statusBar.height, hasHeader);
}

/** Cells across inside the overlay's border and padding. */
export function pagerWidth(state: LayoutSource): number {
	return layoutOf(state).width - 4;
}

/** How many rows the open overlay has. */
export function overlayRowCount(state: TuiState): number {
	const width = pagerWidth(state);
	return state.mode.kind === 'help' ? helpRows(state.focus, width, textOf(state.mode.field.buffer)).length : messageRows(state.messages, width).length;
}

/** A key of the messages overlay. */
export function pagerCommand(step: Step, command: Command | undefined): void {
	if (command === 'pager.close' || command === 'app.messages') {
		step.dispatch({type: 'leaveMode'});
		return;
	}

	scrollOverlay(step, command);
}

/** Scrolls the open overlay by a move command; any other command leaves it as it is. */
export function scrollOverlay(step: Step, command: Command | undefined): void {
	const {state} = step;
	const rows = pagerRows(state, state.mode.kind === 'help');
	const maxTop = Math.max(0, overlayRowCount(state) - rows);
	const moved = scrolled(state.overlayTop, command, rows, maxTop);
	step.dispatch({type: 'overlayTop', top: Math.min(maxTop, Math.max(0, moved))});
}

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
