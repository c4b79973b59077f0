/** Text broken into rows of a width of terminal columns, for views that wrap rather than cut. */
import {columnWidth, rowLayout} from './response/columns.js';

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
