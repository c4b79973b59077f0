import type {TuiState} from '../app-context.js';
import {layoutOf, innerSize} from '../layout.js';

/** Rows a page key moves in the focused pane: what it shows, less a row of context. */
export function pageRowsOf(state: Pick<TuiState, 'drawnSize' | 'focus'>): number {
	const layout = layoutOf(state);
	return Math.max(1, innerSize(layout.panes[state.focus]).height - 2);
}
