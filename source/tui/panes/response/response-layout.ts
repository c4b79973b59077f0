/**
How the response pane divides its rows, worked out from the layout and what it shows, so
that the pane's view and its keys (scrolling, paging) agree without either telling the other.
*/
import {contentSize, layoutOf, type LayoutSource} from '../../layout.js';
import {columnWidth} from './columns.js';
import type {PaneMessage, ViewSizes} from './pane-state.js';

/** Status line and tab row. */
export const headRows = 2;
/** A message (a save error names a path) may take up to three rows rather than be cut. */
const maxMessageRows = 3;

/** The cells inside the pane's border, under its title (the whole pane, drawn bare). */
export function responseInner(state: LayoutSource): {width: number; height: number} {
	return contentSize(layoutOf(state).panes.response);
}

/** Rows of the footer: one, or as many as the message takes. */
export function footerRows(message: PaneMessage | undefined, width: number): number {
	return message === undefined ? 1 : Math.min(maxMessageRows, Math.ceil(columnWidth(message.text) / width));
}

/** The rows and columns each scrollable tab has, the body less its notice row when it has one. */
export function responseSizes(inner: {width: number; height: number}, message: PaneMessage | undefined, hasNotice: boolean): ViewSizes {
	const contentHeight = Math.max(1, inner.height - headRows - footerRows(message, inner.width));
	return {
		body: {height: Math.max(1, contentHeight - (hasNotice ? 1 : 0)), width: inner.width},
		headers: {height: contentHeight, width: inner.width},
		sent: {height: contentHeight, width: inner.width},
		console: {height: contentHeight, width: inner.width},
	};
}
