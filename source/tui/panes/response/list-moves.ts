/** Where a key moves the selection of a list of the response pane (the history tab's, the cookies tab's): by row, by page, to either end. */
import type {Command} from '../../keymap.js';

export const listMoves: Partial<Record<Command, (row: number, count: number, page: number) => number>> = {
	'nav.down': row => row + 1,
	'nav.up': row => row - 1,
	'nav.pageDown': (row, _count, page) => row + page,
	'nav.pageUp': (row, _count, page) => row - page,
	'nav.top': () => 0,
	'nav.bottom': (_row, count) => count - 1,
};
