/** Text broken into rows of a width of terminal columns, for views that wrap rather than cut. */
import {columnWidth, isAscii, rowLayout, type RowLayout} from './panes/response/columns.js';
import {lastAtOrBefore} from './panes/response/text-document.js';

/**
The rows of `text` in `width` terminal columns: each of its lines broken between words, a
word wider than a row cut into pieces. A line's leading spaces are kept, the space at a
break is not.
*/
export function wrapText(text: string, width: number): string[] {
	const columns = Math.max(1, width);
	const rows: string[] = [];
	for (const line of text.split('\n')) {
		let row: string | undefined;
		let rowWidth = 0;
		let broken = false;
		for (const word of line.split(' ')) {
			const wordWidth = columnWidth(word);
			if (row !== undefined && rowWidth + 1 + wordWidth <= columns) {
				row += ` ${word}`;
				rowWidth += 1 + wordWidth;
				continue;
			}

			if (row !== undefined) {
				rows.push(row);
				row = undefined;
				broken = true;
			}

			if (word === '' && broken) {
				continue;
			}

			const pieces = cutToWidth(word, columns);
			rows.push(...pieces.slice(0, -1));
			row = pieces.at(-1) ?? '';
			rowWidth = columnWidth(row);
		}

		rows.push(row ?? '');
	}

	return rows;
}

/** `word` in pieces of at most `columns` terminal columns: the rows it takes, wrapped. */
export function cutToWidth(word: string, columns: number): string[] {
	const layout = rowLayout(word, columns);
	return Array.from({length: layout.rows}, (_, row) => word.slice(layout.rowStart(row), layout.rowStart(row + 1)));
}

/** Lines cut into rows as `cutToWidth` cuts each, counted at once but cut only where they are drawn. */
export type CutLines = {
	/** The rows of all the lines. */
	readonly rows: number;
	/** Rows [`from`, `from + count`), each with the index of its line and where in it the row starts. */
	slice(from: number, count: number): Array<{line: number; start: number; text: string}>;
	/** The first row of a line. */
	firstRow(line: number): number;
};

/**
`lines` in rows of `width` terminal columns. Counting the rows of an ASCII line is
arithmetic, so a body of megabytes is laid out at once and a frame cuts only its rows.
*/
export function cutLines(lines: readonly string[], width: number): CutLines {
	// The first row of each line, then the count of rows: every line has one at least.
	const firstRows = new Uint32Array(lines.length + 1);
	// Where the rows of a line beyond ASCII start; an ASCII line's are every `width` characters.
	const layouts = new Map<number, RowLayout>();
	for (const [index, line] of lines.entries()) {
		let rows = Math.max(1, Math.ceil(line.length / width));
		if (!isAscii(line)) {
			const layout = rowLayout(line, width);
			layouts.set(index, layout);
			rows = layout.rows;
		}

		firstRows[index + 1] = firstRows[index]! + rows;
	}

	const rowStart = (line: number, row: number) => layouts.get(line)?.rowStart(row) ?? Math.min(lines[line]!.length, row * width);
	const rows = firstRows[lines.length]!;
	return {
		rows,
		slice(from, count) {
			const cut: Array<{line: number; start: number; text: string}> = [];
			let line = lastAtOrBefore(firstRows, from);
			for (let row = from; row < Math.min(from + count, rows); row++) {
				while (row >= firstRows[line + 1]!) {
					line++;
				}

				const inLine = row - firstRows[line]!;
				const start = rowStart(line, inLine);
				cut.push({line, start, text: lines[line]!.slice(start, rowStart(line, inLine + 1))});
			}

			return cut;
		},
		firstRow: line => firstRows[Math.max(0, Math.min(line, lines.length))]!,
	};
}
