import {contentSize, layoutOf, type LayoutSource} from '../layout.js';

/** Rows a page key moves in the focused pane: what it shows, less a row of context. */
export function pageRowsOf(state: LayoutSource): number {
	return Math.max(1, contentSize(layoutOf(state).panes[state.focus]).height - 1);
}
