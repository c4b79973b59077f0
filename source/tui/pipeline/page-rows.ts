import type {TuiState} from '../app-context.js';
import {computeLayout, innerSize} from '../layout.js';

/** Rows a page key moves in the focused pane: what it shows, less a row of context. */
export function pageRowsOf(state: Pick<TuiState, 'drawnSize' | 'focus'>): number {
	const layout = computeLayout(state.drawnSize.columns, state.drawnSize.rows);
	return Math.max(1, innerSize(layout.panes[state.focus]).height - 2);
}
