/**
The scroll state of a document in the response pane, as a pure reducer: where the view
starts, wrapping, horizontal offset and search. Every action costs the same whatever the
document's size: it looks at the lines on screen and a page around them, never the whole.
*/
import {columnWidth, rowLayout, sliceColumns, type RowLayout} from './columns.js';
import {findMatches, type Matches} from './find-matches.js';
import {documentText, lineCount, lineOfOffset, lineStart, lineText, type TextDocument} from './text-document.js';

/** A screen row: a line, and with wrapping on, which of its rows. */
export type Position = {line: number; row: number};

export type Search = {
	query: string;
	/** The query is a regular expression. */
	regex: boolean;
	matches: Matches;
	/** Index of the current match in `matches.offsets`; -1 when nothing matched. */
	current: number;
};

export type ViewportState = {
	document: TextDocument;
	height: number;
	width: number;
	wrap: boolean;
	/** The first row on screen. */
	scrollTop: Position;
	/** Columns scrolled off the left edge, when not wrapping. */
	left: number;
	search?: Search;
	/** The last n or N went past one end and went on from the other. */
	searchWrapped: boolean;
};

export type ViewportAction =
	| {type: 'down' | 'up'; count?: number}
	| {type: 'pageDown' | 'pageUp' | 'top' | 'bottom' | 'left' | 'right' | 'toggleWrap' | 'nextMatch' | 'previousMatch' | 'clearSearch'}
	| {type: 'resize'; height: number; width: number}
	| {type: 'search'; query: string; regex?: boolean};

/** A row on screen: the line it belongs to and the [start, end) offsets in the document's text it shows. */
export type VisibleRow = {line: number; start: number; end: number};

export function createViewport(document: TextDocument, size: {height: number; width: number; wrap?: boolean}): ViewportState {
	return {
		document,
		height: Math.max(1, size.height),
		width: Math.max(1, size.width),
		wrap: size.wrap ?? false,
		scrollTop: {line: 0, row: 0},
		left: 0,
		searchWrapped: false,
	};
}

// Row breaks of the lines met so far, per document, for the current width: a long line is measured once.
const layoutCache = new WeakMap<TextDocument, {width: number; layouts: Map<number, RowLayout>}>();
const maxCachedLayouts = 10_000;

function layoutOf(document: TextDocument, width: number, line: number): RowLayout {
	let cache = layoutCache.get(document);
	if (cache?.width !== width) {
		cache = {width, layouts: new Map()};
		layoutCache.set(document, cache);
	}

	let layout = cache.layouts.get(line);
	if (layout === undefined) {
		if (cache.layouts.size >= maxCachedLayouts) {
			cache.layouts.clear();
		}

		layout = rowLayout(lineText(document, line), width);
		cache.layouts.set(line, layout);
	}

	return layout;
}

function rowsOf(state: ViewportState, line: number): number {
	return state.wrap ? layoutOf(state.document, state.width, line).rows : 1;
}

function compare(a: Position, b: Position): number {
	return a.line === b.line ? a.row - b.row : a.line - b.line;
}

function lastPosition(state: ViewportState): Position {
	const line = lineCount(state.document) - 1;
	return {line, row: rowsOf(state, line) - 1};
}

/** `from` moved by `delta` screen rows, stopping at the document's first and last rows. */
function moveRows(state: ViewportState, from: Position, delta: number): Position {
	const last = lineCount(state.document) - 1;
	if (!state.wrap) {
		return {line: Math.min(last, Math.max(0, from.line + delta)), row: 0};
	}

	let {line, row} = from;
	let remaining = Math.abs(delta);
	if (delta > 0) {
		while (remaining > 0) {
			const rows = rowsOf(state, line);
			if (row + remaining < rows) {
				row += remaining;
				break;
			}

			if (line === last) {
				row = rows - 1;
				break;
			}

			remaining -= rows - row;
			line++;
			row = 0;
		}
	} else {
		while (remaining > 0) {
			if (row >= remaining) {
				row -= remaining;
				break;
			}

			if (line === 0) {
				row = 0;
				break;
			}

			remaining -= row + 1;
			line--;
			row = rowsOf(state, line) - 1;
		}
	}

	return {line, row};
}

/** The furthest the view can scroll: the last row sits at the bottom of the pane. */
function maxScrollTop(state: ViewportState): Position {
	return moveRows(state, lastPosition(state), -(state.height - 1));
}

/** Whether the view shows the end of a document longer than the screen. */
export function isAtBottom(state: ViewportState): boolean {
	const max = maxScrollTop(state);
	return compare(max, {line: 0, row: 0}) > 0 && compare(state.scrollTop, max) >= 0;
}

function clampScroll(state: ViewportState): ViewportState {
	const rows = rowsOf(state, state.scrollTop.line);
	let scrollTop = state.scrollTop.row < rows ? state.scrollTop : {line: state.scrollTop.line, row: rows - 1};
	const max = maxScrollTop(state);
	if (compare(scrollTop, max) > 0) {
		scrollTop = max;
	}

	return scrollTop === state.scrollTop ? state : {...state, scrollTop};
}

function scrollTo(state: ViewportState, scrollTop: Position): ViewportState {
	return clampScroll({...state, scrollTop, searchWrapped: false});
}

/** Offset, within its line, where each visible row starts and ends. */
function rowBounds(state: ViewportState, position: Position): {start: number; end: number} {
	const text = lineText(state.document, position.line);
	if (!state.wrap) {
		return sliceColumns(text, state.left, state.width);
	}

	const layout = layoutOf(state.document, state.width, position.line);
	return {start: layout.rowStart(position.row), end: layout.rowStart(position.row + 1)};
}

export function visibleRows(state: ViewportState): VisibleRow[] {
	const rows: VisibleRow[] = [];
	const last = lastPosition(state);
	let position = state.scrollTop;
	while (rows.length < state.height) {
		const base = lineStart(state.document, position.line);
		const {start, end} = rowBounds(state, position);
		rows.push({line: position.line, start: base + start, end: base + end});
		if (compare(position, last) >= 0) {
			break;
		}

		position = moveRows(state, position, 1);
	}

	return rows;
}

function isOnScreen(state: ViewportState, target: Position): boolean {
	if (compare(target, state.scrollTop) < 0) {
		return false;
	}

	if (!state.wrap) {
		return target.line < state.scrollTop.line + state.height;
	}

	return compare(target, moveRows(state, state.scrollTop, state.height - 1)) <= 0;
}

/** Scrolls so the match at `offset` is on screen, a third of the way down when it was not. */
function reveal(state: ViewportState, offset: number, length: number): ViewportState {
	const {document} = state;
	const line = lineOfOffset(document, offset);
	const inLine = offset - lineStart(document, line);
	let next = state;
	if (state.wrap) {
		const layout = layoutOf(document, state.width, line);
		let row = 0;
		while (row + 1 < layout.rows && layout.rowStart(row + 1) <= inLine) {
			row++;
		}

		const target = {line, row};
		if (!isOnScreen(state, target)) {
			next = clampScroll({...state, scrollTop: moveRows(state, target, -Math.floor(state.height / 3))});
		}
	} else {
		if (!isOnScreen(state, {line, row: 0})) {
			next = clampScroll({...state, scrollTop: {line: Math.max(0, line - Math.floor(state.height / 3)), row: 0}});
		}

		const text = lineText(document, line);
		const startColumn = columnWidth(text.slice(0, inLine));
		const endColumn = startColumn + columnWidth(text.slice(inLine, inLine + length));
		if (startColumn < next.left || endColumn > next.left + next.width) {
			next = {...next, left: Math.max(0, startColumn - Math.floor(next.width / 3))};
		}
	}

	return next;
}

function goToMatch(state: ViewportState, search: Search, current: number, wrapped: boolean): ViewportState {
	const offset = search.matches.offsets[current];
	const next = {...state, search: {...search, current}, searchWrapped: wrapped};
	return offset === undefined ? next : reveal(next, offset, search.matches.ends[current]! - offset);
}

function startSearch(state: ViewportState, query: string, regex: boolean): ViewportState {
	if (query === '') {
		return {...state, search: undefined, searchWrapped: false};
	}

	// A large body's text is put together for the scan only: it is not held (see body-lines.ts).
	const matches = findMatches(documentText(state.document), query, regex);
	const search: Search = {query, regex, matches, current: -1};
	if (matches.offsets.length === 0) {
		return {...state, search, searchWrapped: false};
	}

	// Like vim and less: the first match at or below the top of the screen, else from the start.
	const from = lineStart(state.document, state.scrollTop.line);
	const index = matches.offsets.findIndex(offset => offset >= from);
	return goToMatch(state, search, index === -1 ? 0 : index, index === -1);
}

function stepMatch(state: ViewportState, step: 1 | -1): ViewportState {
	const {search} = state;
	const count = search?.matches.offsets.length ?? 0;
	if (search === undefined || count === 0) {
		return state;
	}

	const target = search.current + step;
	const wrapped = target < 0 || target >= count;
	return goToMatch(state, search, (target + count) % count, wrapped);
}

/** Columns of the widest line on screen, counted no further than `limit`. */
function widestVisibleColumns(state: ViewportState, limit: number): number {
	let widest = 0;
	const lastLine = Math.min(lineCount(state.document), state.scrollTop.line + state.height);
	for (let line = state.scrollTop.line; line < lastLine && widest < limit; line++) {
		widest = Math.max(widest, columnWidth(lineText(state.document, line), limit));
	}

	return widest;
}

export function viewportReducer(state: ViewportState, action: ViewportAction): ViewportState {
	switch (action.type) {
		case 'down': {
			return scrollTo(state, moveRows(state, state.scrollTop, action.count ?? 1));
		}

		case 'up': {
			return scrollTo(state, moveRows(state, state.scrollTop, -(action.count ?? 1)));
		}

		case 'pageDown': {
			return scrollTo(state, moveRows(state, state.scrollTop, Math.max(1, state.height - 1)));
		}

		case 'pageUp': {
			return scrollTo(state, moveRows(state, state.scrollTop, -Math.max(1, state.height - 1)));
		}

		case 'top': {
			return scrollTo(state, {line: 0, row: 0});
		}

		case 'bottom': {
			return scrollTo(state, maxScrollTop(state));
		}

		case 'left': {
			return {...state, left: Math.max(0, state.left - horizontalStep(state)), searchWrapped: false};
		}

		case 'right': {
			if (state.wrap) {
				return state;
			}

			const wanted = state.left + horizontalStep(state);
			const limit = Math.max(0, widestVisibleColumns(state, wanted + state.width) - state.width);
			return {...state, left: Math.max(state.left, Math.min(limit, wanted)), searchWrapped: false};
		}

		case 'toggleWrap': {
			// The top line stays where it is, unless the reader scrolled to the end: then the end stays in view.
			// A document that fits is at its end without scrolling: its top stays.
			const scrolled = compare(state.scrollTop, {line: 0, row: 0}) > 0;
			const atEnd = scrolled && compare(state.scrollTop, maxScrollTop(state)) >= 0;
			const toggled = {...state, wrap: !state.wrap, left: 0, scrollTop: {line: state.scrollTop.line, row: 0}, searchWrapped: false};
			return clampScroll(atEnd ? {...toggled, scrollTop: maxScrollTop(toggled)} : toggled);
		}

		case 'resize': {
			const height = Math.max(1, action.height);
			const width = Math.max(1, action.width);
			if (height === state.height && width === state.width) {
				return state;
			}

			// A view at its bottom (G, or a log read to its end) stays at the bottom of the new size.
			const resized = clampScroll({...state, height, width});
			return isAtBottom(state) ? {...resized, scrollTop: maxScrollTop(resized)} : resized;
		}

		case 'search': {
			return startSearch(state, action.query, action.regex ?? false);
		}

		case 'nextMatch': {
			return stepMatch(state, 1);
		}

		case 'previousMatch': {
			return stepMatch(state, -1);
		}

		case 'clearSearch': {
			return state.search === undefined ? state : {...state, search: undefined, searchWrapped: false};
		}
	}
}

function horizontalStep(state: ViewportState): number {
	return Math.max(1, Math.floor(state.width / 4));
}
