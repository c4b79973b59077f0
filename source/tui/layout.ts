/**
Where each pane goes for a terminal size. Pure, so a resize is one call.

The frame is one row shorter than the terminal: Ink clears the whole screen and redraws
every frame whose height reaches the terminal's, which flickers over SSH.
*/
import type {Pane} from './keymap.js';

export type Rect = {readonly left: number; readonly top: number; readonly width: number; readonly height: number};

export type Layout = {
	/** The frame: every row Ink draws. */
	readonly width: number;
	readonly height: number;
	readonly panes: Readonly<Record<Pane, Rect>>;
	/** The bottom two rows: a message line, then the prompt or the key hints. */
	readonly statusBar: Rect;
};

export const minimumColumns = 80;
export const minimumRows = 24;
const statusRows = 2;

/**
@param columns The terminal's width; below 80 the frame is laid out for 80 and cut by the terminal.
@param rows The terminal's height; below 24 the frame is laid out for 24.
@param focus The focused pane. The variables pane grows when focused: its names and values
are cut to a few cells in the narrow left column, and its inspector needs rows.
*/
export function computeLayout(columns: number, rows: number, focus?: Pane): Layout {
	const width = Math.max(minimumColumns, Math.floor(columns) || minimumColumns);
	const height = Math.max(minimumRows, Math.floor(rows) || minimumRows) - 1;
	const body = height - statusRows;
	const grown = focus === 'variables';
	const narrowLeft = Math.min(40, Math.max(26, Math.round(width * 0.28)));
	const leftWidth = grown ? Math.min(96, Math.max(narrowLeft, Math.round(width * 0.6))) : narrowLeft;
	const rightWidth = width - leftWidth;
	const tallCollections = Math.max(8, Math.round(body * 0.55));
	const collectionsHeight = grown ? Math.min(tallCollections, Math.max(5, Math.round(body * 0.3))) : tallCollections;
	const requestHeight = Math.max(11, Math.round(body * 0.5));
	return {
		width,
		height,
		panes: {
			collections: {left: 0, top: 0, width: leftWidth, height: collectionsHeight},
			variables: {left: 0, top: collectionsHeight, width: leftWidth, height: body - collectionsHeight},
			request: {left: leftWidth, top: 0, width: rightWidth, height: requestHeight},
			response: {left: leftWidth, top: requestHeight, width: rightWidth, height: body - requestHeight},
		},
		statusBar: {left: 0, top: body, width, height: statusRows},
	};
}

/** The layout the app draws now: for the size it lays out for, and the focused pane. */
export function layoutOf(state: {drawnSize: {columns: number; rows: number}; focus: Pane}): Layout {
	return computeLayout(state.drawnSize.columns, state.drawnSize.rows, state.focus);
}

/** The area inside a pane's border. */
export function innerSize(rect: Rect): {width: number; height: number} {
	return {width: Math.max(1, rect.width - 2), height: Math.max(1, rect.height - 2)};
}
