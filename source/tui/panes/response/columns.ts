/**
Terminal columns of text: wide East Asian characters and most emoji take two, combining
marks none. Only the visible lines are measured, except when wrapping, where a line's
row breaks are worked out once and kept (see `rowLayout`).
*/
import {eastAsianWidth} from 'get-east-asian-width';

const zeroWidth = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
// Every character of a line after `makeVisible` is printable; this finds the common case of all-ASCII lines.
// eslint-disable-next-line no-control-regex
const nonAscii = /[^\u0000-\u007F]/;

export function characterWidth(character: string): number {
	const code = character.codePointAt(0)!;
	if (code < 0x3_00) {
		return 1;
	}

	return zeroWidth.test(character) ? 0 : eastAsianWidth(code);
}

export function isAscii(text: string): boolean {
	return !nonAscii.test(text);
}

/** Code-unit offsets [start, end) of the characters of `line` that fall in columns [fromColumn, fromColumn + width). */
export function sliceColumns(line: string, fromColumn: number, width: number): {start: number; end: number} {
	// Only the part up to the slice's end matters: a 5 MB minified line is not scanned on every frame.
	if (isAscii(line.slice(0, fromColumn + width))) {
		const start = Math.min(fromColumn, line.length);
		return {start, end: Math.min(line.length, fromColumn + width)};
	}

	let column = 0;
	let offset = 0;
	let start = -1;
	for (const character of line) {
		const characterColumns = characterWidth(character);
		if (start === -1 && column >= fromColumn) {
			start = offset;
		}

		if (start !== -1 && column + characterColumns > fromColumn + width) {
			return {start, end: offset};
		}

		column += characterColumns;
		offset += character.length;
	}

	return start === -1 ? {start: line.length, end: line.length} : {start, end: line.length};
}

/** Columns `text` takes, counted no further than `limit` (so a long line costs no more than the limit). */
export function columnWidth(text: string, limit = Number.POSITIVE_INFINITY): number {
	const measured = text.length > limit ? text.slice(0, limit) : text;
	if (isAscii(measured)) {
		return Math.min(measured.length, limit);
	}

	let columns = 0;
	for (const character of measured) {
		columns += characterWidth(character);
		if (columns >= limit) {
			return limit;
		}
	}

	return columns;
}

/** How a line breaks into rows of `width` columns. */
export type RowLayout = {
	rows: number;
	/** Columns of the whole line. */
	columns: number;
	/** Code-unit offset, within the line, where a row starts. */
	rowStart(row: number): number;
};

export function rowLayout(line: string, width: number): RowLayout {
	if (isAscii(line)) {
		return {
			rows: Math.max(1, Math.ceil(line.length / width)),
			columns: line.length,
			rowStart: row => Math.min(line.length, row * width),
		};
	}

	const starts = [0];
	let column = 0;
	let columns = 0;
	let offset = 0;
	for (const character of line) {
		const characterColumns = characterWidth(character);
		if (column + characterColumns > width && column > 0) {
			starts.push(offset);
			column = 0;
		}

		column += characterColumns;
		columns += characterColumns;
		offset += character.length;
	}

	return {rows: starts.length, columns, rowStart: row => starts[row] ?? line.length};
}
