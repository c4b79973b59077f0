/**
The keys of the help and messages overlays: they scroll with the move keys when their rows do
not fit, and close on the key that opened them, Esc or q.
*/
import type {TuiState} from '../app-context.js';
import {layoutOf, type LayoutSource} from '../layout.js';
import type {Command} from '../keymap.js';
import type {Step} from '../pipeline/step.js';
import {helpRows} from './help-overlay.js';
import {messageRows} from './messages-overlay.js';

/** Rows the overlay's box has for its rows: inside its border, above its footer. */
export function pagerRows(state: LayoutSource): number {
	const layout = layoutOf(state);
	return Math.max(1, layout.height - layout.statusBar.height - 3);
}

/** Cells across inside the overlay's border and padding. */
export function pagerWidth(state: LayoutSource): number {
	return layoutOf(state).width - 4;
}

/** How many rows the open overlay has. */
export function overlayRowCount(state: TuiState): number {
	const width = pagerWidth(state);
	return state.mode.kind === 'help' ? helpRows(state.focus, width).length : messageRows(state.messages, width).length;
}

export function pagerCommand(step: Step, command: Command | undefined): void {
	const {state} = step;
	const opener = state.mode.kind === 'help' ? 'app.help' : 'app.messages';
	if (command === 'pager.close' || command === opener) {
		step.dispatch({type: 'leaveMode'});
		return;
	}

	const rows = pagerRows(state);
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
