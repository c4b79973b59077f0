/**
The editing state of a text field as a pure reducer: the URL line, a body, a script.

A column is a UTF-16 offset into its line, as strings index, so no key has to count the
code points of a long line (a minified body is one line of megabytes). The cursor moves
and deletes by grapheme cluster all the same: 👍🏽, 👨‍👩‍👧, a flag or e with a combining
accent is one step and one deletion, never split, and no edit splits a surrogate pair
(see `graphemes.ts`). Every action returns a new state and never mutates the old one,
which is what makes undo cheap: a snapshot is the previous `lines` array itself.
*/
import stringWidth from 'string-width';
import {graphemeEnd, graphemeStart} from './graphemes.js';

/** `column`: a UTF-16 offset in the row's line, never inside a grapheme cluster. */
export type Cursor = {readonly row: number; readonly column: number};

type Snapshot = {readonly lines: readonly string[]; readonly cursor: Cursor};

/** What the last edit was, so consecutive typing (or deleting) undoes as one step. */
type EditKind = 'typing' | 'deleting' | 'other';

export type TextBufferState = {
	readonly lines: readonly string[];
	readonly cursor: Cursor;
	/** The column up/down aim for, kept while moving through shorter lines. */
	readonly preferredColumn: number | undefined;
	readonly undoStack: readonly Snapshot[];
	readonly redoStack: readonly Snapshot[];
	readonly lastEdit: EditKind | undefined;
	/** Newlines are refused: pasted ones become spaces (the URL field). */
	readonly singleLine: boolean;
};

export type TextBufferOptions = {
	/** Default false. */
	singleLine?: boolean;
	/** Where the cursor starts. Default 'end'. */
	cursor?: 'start' | 'end';
};

export type TextBufferAction =
	| {type: 'insert'; text: string}
	| {type: 'newline'}
	| {type: 'backspace'}
	| {type: 'delete'}
	| {type: 'left'}
	| {type: 'right'}
	| {type: 'up'}
	| {type: 'down'}
	| {type: 'pageUp'; rows: number}
	| {type: 'pageDown'; rows: number}
	| {type: 'wordLeft'}
	| {type: 'wordRight'}
	| {type: 'home'}
	| {type: 'end'}
	| {type: 'bufferStart'}
	| {type: 'bufferEnd'}
	| {type: 'deleteWordBack'}
	| {type: 'killLineEnd'}
	| {type: 'killLineStart'}
	| {type: 'undo'}
	| {type: 'redo'}
	| {type: 'setText'; text: string; cursor?: 'start' | 'end'};

/** Older undo steps are dropped past this many. */
const undoLimit = 500;

export function createTextBuffer(text = '', options: TextBufferOptions = {}): TextBufferState {
	const singleLine = options.singleLine ?? false;
	const lines = splitLines(normalise(text, singleLine));
	return {
		lines,
		cursor: options.cursor === 'start' ? {row: 0, column: 0} : endOf(lines),
		preferredColumn: undefined,
		undoStack: [],
		redoStack: [],
		lastEdit: undefined,
		singleLine,
	};
}

export function textOf(state: TextBufferState): string {
	return state.lines.join('\n');
}

export function textBufferReducer(state: TextBufferState, action: TextBufferAction): TextBufferState {
	switch (action.type) {
		case 'insert': {
			return insert(state, normalise(action.text, state.singleLine));
		}

		case 'newline': {
			return state.singleLine ? state : insert(state, '\n');
		}

		case 'backspace': {
			return deleteTo(state, stepLeft(state));
		}

		case 'delete': {
			return deleteTo(state, stepRight(state));
		}

		case 'deleteWordBack': {
			return deleteTo(state, wordLeft(state));
		}

		case 'killLineEnd': {
			const {row, column} = state.cursor;
			const {length} = lineAt(state, row);
			return deleteTo(state, column < length ? {row, column: length} : stepRight(state));
		}

		case 'killLineStart': {
			const {row, column} = state.cursor;
			return column > 0 ? deleteTo(state, {row, column: 0}) : state;
		}

		case 'left': {
			return moveTo(state, stepLeft(state));
		}

		case 'right': {
			return moveTo(state, stepRight(state));
		}

		case 'up': {
			return moveVertically(state, -1);
		}

		case 'down': {
			return moveVertically(state, 1);
		}

		case 'pageUp': {
			return moveVertically(state, -Math.max(1, action.rows));
		}

		case 'pageDown': {
			return moveVertically(state, Math.max(1, action.rows));
		}

		case 'wordLeft': {
			return moveTo(state, wordLeft(state));
		}

		case 'wordRight': {
			return moveTo(state, wordRight(state));
		}

		case 'home': {
			return moveTo(state, {row: state.cursor.row, column: 0});
		}

		case 'end': {
			return moveTo(state, {row: state.cursor.row, column: lineAt(state, state.cursor.row).length});
		}

		case 'bufferStart': {
			return moveTo(state, {row: 0, column: 0});
		}

		case 'bufferEnd': {
			return moveTo(state, endOf(state.lines));
		}

		case 'undo': {
			return travel(state, 'undoStack', 'redoStack');
		}

		case 'redo': {
			return travel(state, 'redoStack', 'undoStack');
		}

		case 'setText': {
			const lines = splitLines(normalise(action.text, state.singleLine));
			return {
				...state,
				lines,
				cursor: action.cursor === 'start' ? {row: 0, column: 0} : endOf(lines),
				preferredColumn: undefined,
				undoStack: [],
				redoStack: [],
				lastEdit: undefined,
			};
		}
	}
}

/** The cursor's line in three: before the cursor, the cluster under it ('' at the line's end), and after that cluster. */
export function splitAtCursor(state: TextBufferState): {before: string; under: string; after: string} {
	const line = lineAt(state, state.cursor.row);
	const offset = state.cursor.column;
	const end = graphemeEnd(line, offset);
	return {before: line.slice(0, offset), under: line.slice(offset, end), after: line.slice(end)};
}

function insert(state: TextBufferState, text: string): TextBufferState {
	if (text === '') {
		return state;
	}

	const {row, column} = state.cursor;
	const line = lineAt(state, row);
	const pieces = text.split('\n');
	pieces[0] = line.slice(0, column) + pieces[0]!;
	const last = pieces.length - 1;
	const cursor = {row: row + last, column: pieces[last]!.length};
	pieces[last] += line.slice(column);
	const lines = [...state.lines.slice(0, row), ...pieces, ...state.lines.slice(row + 1)];
	// Text typed before a mark or a regional indicator may join it into one cluster: the cursor goes past the whole cluster.
	const lastPiece = lines[row + last]!;
	const start = graphemeStart(lastPiece, cursor.column);
	const afterCluster = start === cursor.column ? cursor.column : graphemeEnd(lastPiece, start);
	return edited(state, lines, {...cursor, column: afterCluster}, last > 0 ? 'other' : 'typing');
}

function deleteTo(state: TextBufferState, target: Cursor): TextBufferState {
	const [start, end] = compare(target, state.cursor) < 0 ? [target, state.cursor] : [state.cursor, target];
	if (compare(start, end) === 0) {
		return {...state, preferredColumn: undefined};
	}

	const joined = lineAt(state, start.row).slice(0, start.column) + lineAt(state, end.row).slice(end.column);
	const lines = [...state.lines.slice(0, start.row), joined, ...state.lines.slice(end.row + 1)];
	return edited(state, lines, start, 'deleting');
}

/** Records the undo step (unless this edit continues the last one) and clears redo. */
function edited(state: TextBufferState, lines: readonly string[], cursor: Cursor, kind: EditKind): TextBufferState {
	const continues = kind !== 'other' && state.lastEdit === kind;
	const undoStack = continues
		? state.undoStack
		: [...state.undoStack.slice(-(undoLimit - 1)), {lines: state.lines, cursor: state.cursor}];
	return {...state, lines, cursor, preferredColumn: undefined, undoStack, redoStack: [], lastEdit: kind};
}

function travel(state: TextBufferState, from: 'undoStack' | 'redoStack', to: 'undoStack' | 'redoStack'): TextBufferState {
	const snapshot = state[from].at(-1);
	if (snapshot === undefined) {
		return state;
	}

	return {
		...state,
		lines: snapshot.lines,
		cursor: snapshot.cursor,
		preferredColumn: undefined,
		[from]: state[from].slice(0, -1),
		[to]: [...state[to], {lines: state.lines, cursor: state.cursor}],
		lastEdit: undefined,
	};
}

function moveTo(state: TextBufferState, cursor: Cursor): TextBufferState {
	return {...state, cursor, preferredColumn: undefined, lastEdit: undefined};
}

function moveVertically(state: TextBufferState, rows: number): TextBufferState {
	const {row, column} = state.cursor;
	const target = row + rows;
	if (target < 0) {
		return moveTo(state, {row: 0, column: 0});
	}

	if (target >= state.lines.length) {
		return moveTo(state, endOf(state.lines));
	}

	const preferredColumn = state.preferredColumn ?? column;
	const line = lineAt(state, target);
	// Never inside a cluster: back to its start.
	const cursor = {row: target, column: graphemeStart(line, Math.min(preferredColumn, line.length))};
	return {...state, cursor, preferredColumn, lastEdit: undefined};
}

function stepLeft(state: TextBufferState): Cursor {
	const {row, column} = state.cursor;
	if (column > 0) {
		return {row, column: graphemeStart(lineAt(state, row), column - 1)};
	}

	return row > 0 ? {row: row - 1, column: lineAt(state, row - 1).length} : state.cursor;
}

function stepRight(state: TextBufferState): Cursor {
	const {row, column} = state.cursor;
	const line = lineAt(state, row);
	if (column < line.length) {
		return {row, column: graphemeEnd(line, column)};
	}

	return row < state.lines.length - 1 ? {row: row + 1, column: 0} : state.cursor;
}

/** A cluster belongs to a word when it starts with a letter, a digit or `_` (é written as e and an accent does). */
const wordCharacter = /^[\p{L}\p{N}_]/u;

/** To the start of the word before the cursor; from a line's start, to the end of the line above. */
function wordLeft(state: TextBufferState): Cursor {
	const {row, column} = state.cursor;
	if (column === 0) {
		return stepLeft(state);
	}

	const line = lineAt(state, row);
	let offset = column;
	for (const wanted of [false, true]) {
		while (offset > 0) {
			const start = graphemeStart(line, offset - 1);
			if (wordCharacter.test(line.slice(start, offset)) !== wanted) {
				break;
			}

			offset = start;
		}
	}

	return {row, column: offset};
}

/** To the end of the word after the cursor; from a line's end, to the start of the line below. */
function wordRight(state: TextBufferState): Cursor {
	const {row, column} = state.cursor;
	const line = lineAt(state, row);
	if (column >= line.length) {
		return stepRight(state);
	}

	let offset = column;
	for (const wanted of [false, true]) {
		while (offset < line.length) {
			const end = graphemeEnd(line, offset);
			if (wordCharacter.test(line.slice(offset, end)) !== wanted) {
				break;
			}

			offset = end;
		}
	}

	return {row, column: offset};
}

function lineAt(state: TextBufferState, row: number): string {
	return state.lines[row] ?? '';
}

function endOf(lines: readonly string[]): Cursor {
	const row = Math.max(0, lines.length - 1);
	return {row, column: (lines[row] ?? '').length};
}

function compare(a: Cursor, b: Cursor): number {
	return a.row === b.row ? a.column - b.column : a.row - b.row;
}

function normalise(text: string, singleLine: boolean): string {
	const unixText = text.replaceAll(/\r\n?/g, '\n');
	return singleLine ? unixText.replaceAll('\n', ' ') : unixText;
}

function splitLines(text: string): string[] {
	return text.split('\n');
}

// Viewport

export type Viewport = {
	/** Rows on screen. */
	height: number;
	/** Terminal cells on screen. */
	width: number;
	/** The first row shown last time: the viewport moves only as far as the cursor needs. */
	scrollTop?: number;
	/** The UTF-16 offset of the first character shown last time, in every row (a cluster's start, in the cursor's row). */
	scrollLeft?: number;
};

export type VisibleRow = {
	/** Index in `lines`. */
	readonly row: number;
	/** The UTF-16 offset in the line where `text` starts: `scrollLeft`, or the start of the cluster it falls inside. */
	readonly start: number;
	/** The clusters that fit, from `start`, as stored (tabs and all). */
	readonly text: string;
};

export type VisibleSlice = {
	readonly scrollTop: number;
	readonly scrollLeft: number;
	readonly rows: readonly VisibleRow[];
	/** The cursor relative to the slice: an index into `rows`, and UTF-16 units from the row's start. */
	readonly cursor: Cursor;
};

/** How a tab is shown: terminals would expand it to a tab stop Ink does not know about. */
export const tabDisplay = '  ';

/** Text as the terminal should show it: tabs as spaces, control characters as their visible symbols. */
export function displayOf(text: string): string {
	// The Control Pictures block (U+2400) holds a visible symbol for each C0 control.
	// eslint-disable-next-line no-control-regex
	return text.replaceAll(/[\u0000-\u001F\u007F]/g, character => {
		if (character === '\t') {
			return tabDisplay;
		}

		const code = character.codePointAt(0)!;
		return String.fromCodePoint(code === 0x7F ? 0x24_21 : 0x24_00 + code);
	});
}

/** Terminal cells of a grapheme cluster, measured as Ink measures it (string-width, one cluster at a time). */
function cellsOf(cluster: string): number {
	const code = cluster.charCodeAt(0);
	if (cluster.length === 1 && code >= 0x20 && code < 0x7F) {
		return 1;
	}

	return cluster === '\t' ? tabDisplay.length : stringWidth(displayOf(cluster));
}

/**
The rows to draw, scrolled just enough to keep the cursor on screen, with room for the
cursor's own cell at the end of a line. Only the visible rows are measured, so a long
body costs no more than a short one.
*/
export function visibleSlice(state: TextBufferState, viewport: Viewport): VisibleSlice {
	const height = Math.max(1, viewport.height);
	const width = Math.max(1, viewport.width);
	const {row, column} = state.cursor;

	let scrollTop = Math.min(viewport.scrollTop ?? 0, Math.max(0, state.lines.length - height));
	if (row < scrollTop) {
		scrollTop = row;
	} else if (row >= scrollTop + height) {
		scrollTop = row - height + 1;
	}

	// The left-most start that still shows the cluster under the cursor, found by walking
	// left from the cursor, cluster by cluster: the cost follows the width, not the length
	// of a minified one-line body. The last start, when the walk passes it, is kept.
	const line = lineAt(state, row);
	const cursorOffset = Math.min(column, line.length);
	const keptLeft = Math.min(viewport.scrollLeft ?? 0, cursorOffset);
	let left = cursorOffset;
	let cells = cursorOffset < line.length ? cellsOf(line.slice(cursorOffset, graphemeEnd(line, cursorOffset))) : 1;
	let kept = left <= keptLeft ? left : undefined;
	while (left > 0) {
		const start = graphemeStart(line, left - 1);
		const cluster = line.slice(start, left);
		cells += cellsOf(cluster);
		if (cells > width) {
			break;
		}

		left = start;
		kept ??= left <= keptLeft ? left : undefined;
	}

	// Back to the left edge as soon as the cursor fits there, so short lines show whole.
	const scrollLeft = left === 0 ? 0 : kept ?? left;

	const rows: VisibleRow[] = [];
	for (let index = scrollTop; index < Math.min(state.lines.length, scrollTop + height); index++) {
		const shown = lineAt(state, index);
		const start = graphemeStart(shown, Math.min(scrollLeft, shown.length));
		rows.push({row: index, start, text: textThatFits(shown, start, width)});
	}

	return {scrollTop, scrollLeft, rows, cursor: {row: row - scrollTop, column: column - scrollLeft}};
}

/**
The clusters of `line` from UTF-16 offset `start` that fit in `width` cells, as the
editors show them (a tab in two). Only they are read, however long the line.
*/
export function textThatFits(line: string, start: number, width: number): string {
	let offset = start;
	let cells = 0;
	while (offset < line.length) {
		const end = graphemeEnd(line, offset);
		cells += cellsOf(line.slice(offset, end));
		if (cells > width) {
			break;
		}

		offset = end;
	}

	return line.slice(start, offset);
}
