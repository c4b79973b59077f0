/**
Where each pane goes, for a terminal size, the focused pane and how the user arranged them
(zoom, request and response side by side or stacked, the split between them). Pure, so a
resize or a change of focus is one call.

- From 80x23 (an 80x24 terminal in tmux, whose status line takes a row): the four panes,
  collections over variables on the left, request and response on the right.
- Below that, down to 60x16, the side panes fold: collections or variables shows in a column
  of its own only while it has the keyboard (1 and 3 switch between them), and the request
  and response share the whole screen otherwise.
- Below 60x16, and whenever the user zooms (z): the focused pane alone, bare (no border, no
  title row: the status bar shows its title), and tab or 1-4 switch which one.
- Below 40x10 nothing but a message (see app.tsx).

The frame is one row shorter than the terminal: Ink clears the whole screen and redraws
every frame whose height reaches the terminal's, which flickers over SSH.
*/
import type {Pane} from './keymap.js';

export type Rect = {readonly left: number; readonly top: number; readonly width: number; readonly height: number};

/** How the user arranged the panes: remembered between runs (app settings), never in a collection. */
export type PaneArrangement = {
	/** The focused pane alone over the whole screen. */
	readonly zoomed: boolean;
	/** Request and response side by side, rather than the request above the response. */
	readonly sideBySide: boolean;
	/** The request's share of the room it shares with the response: rows when stacked, columns side by side. */
	readonly requestShare: number;
};

export const defaultArrangement: PaneArrangement = {zoomed: false, sideBySide: false, requestShare: 0.4};

/** How far the split between request and response moves, and where it stops. */
export const requestShareLimits = {min: 0.1, max: 0.9, step: 0.05} as const;

/** The layouts by terminal size: four panes, the side panes folded, or one pane at a time. */
export type LayoutKind = 'full' | 'folded' | 'single';

export type PaneRect = Rect & {
	/** Drawn now. A pane not drawn has the place it would take were it focused. */
	readonly shown: boolean;
	/** Drawn alone, without border or title row (the status bar shows its title). */
	readonly bare: boolean;
};

export type Layout = {
	/** The frame: every row Ink draws. */
	readonly width: number;
	readonly height: number;
	/** The layout the terminal's size calls for, zoom aside. */
	readonly kind: LayoutKind;
	/** One pane at a time: the terminal is small, or the user zoomed. */
	readonly alone: boolean;
	/** Request and response are drawn side by side: chosen, and they have the columns. */
	readonly sideBySide: boolean;
	readonly panes: Readonly<Record<Pane, PaneRect>>;
	/** The bottom two rows: a message line, then the prompt or the key hints. */
	readonly statusBar: Rect;
};

/** The four panes from this size of terminal. */
export const fullSize = {columns: 80, rows: 23} as const;
/** The side panes folded from this size; below it, one pane at a time. */
export const foldedSize = {columns: 60, rows: 16} as const;
/** Below this size only a message is drawn. */
export const minimumSize = {columns: 40, rows: 10} as const;
/** What a terminal that does not tell its size is taken for. */
const assumedSize = {columns: 80, rows: 24} as const;
const statusRows = 2;
/** Stacked, neither request nor response is squeezed below its title and first line (the URL, the status). */
const minimumStackedRows = 4;
/** Side by side, each of request and response has at least this many columns, or they are stacked. */
export const minimumSideBySideColumns = 30;

/** The layout the terminal's size calls for, zoom aside; undefined below the minimum. */
export function layoutKind(columns: number, rows: number): LayoutKind | undefined {
	if (columns >= fullSize.columns && rows >= fullSize.rows) {
		return 'full';
	}

	if (columns >= foldedSize.columns && rows >= foldedSize.rows) {
		return 'folded';
	}

	return columns >= minimumSize.columns && rows >= minimumSize.rows ? 'single' : undefined;
}

/**
@param columns The terminal's width; below 40 the frame is laid out for 40 and cut by the terminal.
@param rows The terminal's height; below 10 the frame is laid out for 10.
*/
export function computeLayout(columns: number, rows: number, focus: Pane = 'collections', arrangement: PaneArrangement = defaultArrangement): Layout {
	const width = Math.max(minimumSize.columns, Math.floor(columns) || assumedSize.columns);
	const height = Math.max(minimumSize.rows, Math.floor(rows) || assumedSize.rows) - 1;
	const body: Rect = {left: 0, top: 0, width, height: height - statusRows};
	const statusBar: Rect = {left: 0, top: body.height, width, height: statusRows};
	const kind = layoutKind(width, height + 1)!;
	const alone = kind === 'single' || arrangement.zoomed;
	if (alone) {
		const place = (pane: Pane): PaneRect => ({...body, shown: pane === focus, bare: true});
		return {width, height, kind, alone, sideBySide: false, panes: {collections: place('collections'), variables: place('variables'), request: place('request'), response: place('response')}, statusBar};
	}

	if (kind === 'full') {
		// The variables pane grows while focused: in the narrow left column its names and values
		// are cut to a few cells, and its inspector needs rows.
		const grown = focus === 'variables';
		const narrowLeft = Math.min(40, Math.max(26, Math.round(width * 0.28)));
		const leftWidth = grown ? Math.min(96, Math.max(narrowLeft, Math.round(width * 0.6))) : narrowLeft;
		const tallCollections = Math.max(8, Math.round(body.height * 0.55));
		const collectionsHeight = grown ? Math.min(tallCollections, Math.max(5, Math.round(body.height * 0.3))) : tallCollections;
		const main = split({left: leftWidth, top: 0, width: width - leftWidth, height: body.height}, arrangement);
		return {width, height, kind, alone, statusBar, ...framedPanes(main, {
			collections: framed({left: 0, top: 0, width: leftWidth, height: collectionsHeight}),
			variables: framed({left: 0, top: collectionsHeight, width: leftWidth, height: body.height - collectionsHeight}),
		})};
	}

	// Wide enough for a side pane's title and the other's name beside it.
	const sideWidth = Math.min(32, Math.max(26, Math.round(width * 0.4)));
	const side: Rect = {left: 0, top: 0, width: sideWidth, height: body.height};
	const sideFocused = focus === 'collections' || focus === 'variables';
	const main = split(sideFocused ? {left: sideWidth, top: 0, width: width - sideWidth, height: body.height} : body, arrangement);
	return {width, height, kind, alone, statusBar, ...framedPanes(main, {collections: framed(side, focus === 'collections'), variables: framed(side, focus === 'variables')})};
}

/** The four panes, framed: the side panes as placed, request and response where `main` split them. */
function framedPanes(main: {request: Rect; response: Rect; sideBySide: boolean}, side: {collections: PaneRect; variables: PaneRect}): Pick<Layout, 'panes' | 'sideBySide'> {
	return {sideBySide: main.sideBySide, panes: {...side, request: framed(main.request), response: framed(main.response)}};
}

function framed(rect: Rect, shown = true): PaneRect {
	return {...rect, shown, bare: false};
}

/** The request and the response in `area`: side by side when chosen and each has its columns, else stacked. */
function split(area: Rect, {sideBySide, requestShare}: PaneArrangement): {request: Rect; response: Rect; sideBySide: boolean} {
	if (sideBySide && area.width >= 2 * minimumSideBySideColumns) {
		const requestWidth = clamp(Math.round(area.width * requestShare), minimumSideBySideColumns, area.width - minimumSideBySideColumns);
		return {
			request: {...area, width: requestWidth},
			response: {...area, left: area.left + requestWidth, width: area.width - requestWidth},
			sideBySide: true,
		};
	}

	const requestHeight = clamp(Math.round(area.height * requestShare), minimumStackedRows, area.height - minimumStackedRows);
	return {
		request: {...area, height: requestHeight},
		response: {...area, top: area.top + requestHeight, height: area.height - requestHeight},
		sideBySide: false,
	};
}

function clamp(value: number, low: number, high: number): number {
	return Math.max(low, Math.min(high, value));
}

/** The cells a pane has for its content: inside its border and under its title row, unless it is drawn bare. */
export function contentSize(rect: Pick<PaneRect, 'width' | 'height' | 'bare'>): {width: number; height: number} {
	return rect.bare
		? {width: Math.max(1, rect.width), height: Math.max(1, rect.height)}
		: {width: Math.max(1, rect.width - 2), height: Math.max(1, rect.height - 3)};
}

/** What a layout is worked out from: parts of the app state. */
export type LayoutSource = {
	readonly drawnSize: {readonly columns: number; readonly rows: number};
	readonly focus: Pane;
	readonly arrangement: PaneArrangement;
};

const layouts = new WeakMap<object, {focus: Pane; arrangement: PaneArrangement; layout: Layout}>();

/**
The layout of an app state: the same object while its size, focus and arrangement stay, so
views can select it and keys and views agree on every size without either telling the other.
*/
export function layoutOf(source: LayoutSource): Layout {
	const cached = layouts.get(source.drawnSize);
	if (cached?.focus === source.focus && cached.arrangement === source.arrangement) {
		return cached.layout;
	}

	const layout = computeLayout(source.drawnSize.columns, source.drawnSize.rows, source.focus, source.arrangement);
	layouts.set(source.drawnSize, {focus: source.focus, arrangement: source.arrangement, layout});
	return layout;
}

const sources = new WeakMap<object, LayoutSource>();

/** The parts of an app state its layout is worked out from: the same object while they stay, for views to select. */
export function layoutSourceOf(state: LayoutSource): LayoutSource {
	const cached = sources.get(state.drawnSize);
	if (cached?.focus === state.focus && cached.arrangement === state.arrangement) {
		return cached;
	}

	const source = {drawnSize: state.drawnSize, focus: state.focus, arrangement: state.arrangement};
	sources.set(state.drawnSize, source);
	return source;
}
