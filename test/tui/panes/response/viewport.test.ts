import {describe, expect, test} from 'vitest';
import {createDocument, lineText, documentText} from '../../../../source/tui/panes/response/text-document.js';
import {createViewport, viewportReducer, visibleRows, type ViewportAction, type ViewportState} from '../../../../source/tui/panes/response/viewport.js';

function numbered(count: number): string {
	return Array.from({length: count}, (_, index) => `line ${index + 1}`).join('\n');
}

function view(text: string, size: {height: number; width: number; wrap?: boolean} = {height: 5, width: 20}): ViewportState {
	return createViewport(createDocument(text, 'plain'), size);
}

function apply(state: ViewportState, ...actions: ViewportAction[]): ViewportState {
	return actions.reduce(viewportReducer, state);
}

/** The text of each row on screen. */
function screen(state: ViewportState): string[] {
	return visibleRows(state).map(row => documentText(state.document).slice(row.start, row.end));
}

describe('viewport', () => {
	test('shows only the rows that fit', () => {
		expect(screen(view(numbered(100)))).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
	});

	test('down and up move one line and stop at the ends', () => {
		const start = view(numbered(8));
		expect(apply(start, {type: 'up'}).scrollTop).toEqual({line: 0, row: 0});
		expect(apply(start, {type: 'down'}, {type: 'down'}).scrollTop).toEqual({line: 2, row: 0});
		// 8 lines in 5 rows: line 4 (index 3) at the top puts the last line at the bottom.
		expect(apply(start, {type: 'down', count: 50}).scrollTop).toEqual({line: 3, row: 0});
		expect(screen(apply(start, {type: 'down', count: 50}))).toEqual(['line 4', 'line 5', 'line 6', 'line 7', 'line 8']);
	});

	test('a document shorter than the pane does not scroll', () => {
		expect(apply(view(numbered(3)), {type: 'down'}, {type: 'pageDown'}, {type: 'bottom'}).scrollTop).toEqual({line: 0, row: 0});
	});

	test('page down and up move a page less one line, so a line of context stays', () => {
		const paged = apply(view(numbered(100)), {type: 'pageDown'});
		expect(screen(paged)[0]).toBe('line 5');
		expect(apply(paged, {type: 'pageDown'}).scrollTop.line).toBe(8);
		expect(apply(paged, {type: 'pageUp'}).scrollTop.line).toBe(0);
	});

	test('top and bottom jump to the ends', () => {
		const bottom = apply(view(numbered(100)), {type: 'bottom'});
		expect(screen(bottom)).toEqual(['line 96', 'line 97', 'line 98', 'line 99', 'line 100']);
		expect(apply(bottom, {type: 'top'}).scrollTop).toEqual({line: 0, row: 0});
	});

	test('without wrapping, long lines are cut at the width and scroll sideways', () => {
		const wide = view(`${'a'.repeat(20)}${'b'.repeat(20)}\nshort`, {height: 2, width: 20});
		expect(screen(wide)).toEqual(['a'.repeat(20), 'short']);
		const right = apply(wide, {type: 'right'});
		expect(screen(right)).toEqual([`${'a'.repeat(15)}${'b'.repeat(5)}`, '']);
		// Scrolling stops once the widest line's end is in view.
		expect(apply(right, {type: 'right'}, {type: 'right'}, {type: 'right'}, {type: 'right'}).left).toBe(20);
		expect(apply(right, {type: 'left'}, {type: 'left'}).left).toBe(0);
	});

	test('cuts wide characters at whole columns', () => {
		expect(screen(view('字字字字', {height: 1, width: 5}))).toEqual(['字字']);
	});

	test('with wrapping, a long line takes as many rows as its width needs', () => {
		const wrapped = view(`${'x'.repeat(25)}\nnext`, {height: 3, width: 10, wrap: true});
		expect(screen(wrapped)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
		const down = apply(wrapped, {type: 'down'});
		expect(down.scrollTop).toEqual({line: 0, row: 1});
		expect(screen(down)).toEqual(['x'.repeat(10), 'x'.repeat(5), 'next']);
		// Four rows in all, three on screen: one row down is the bottom.
		expect(apply(wrapped, {type: 'bottom'}).scrollTop).toEqual({line: 0, row: 1});
		expect(apply(down, {type: 'up'}).scrollTop).toEqual({line: 0, row: 0});
	});

	test('wrapping counts wide characters as two columns', () => {
		expect(screen(view('字字字字字', {height: 3, width: 4, wrap: true}))).toEqual(['字字', '字字', '字']);
	});

	test('page down counts wrapped rows, not lines', () => {
		const text = ['a'.repeat(30), 'b', 'c', 'd', 'e', 'f'].join('\n');
		const paged = apply(view(text, {height: 4, width: 10, wrap: true}), {type: 'pageDown'});
		expect(paged.scrollTop).toEqual({line: 1, row: 0});
	});

	test('toggling wrap keeps the line at the top and clamps the scroll', () => {
		const wrapped = apply(view(`${'x'.repeat(25)}\nnext`, {height: 3, width: 10}), {type: 'toggleWrap'}, {type: 'down'});
		expect(wrapped.wrap).toBe(true);
		const unwrapped = apply(wrapped, {type: 'toggleWrap'});
		expect(unwrapped.scrollTop).toEqual({line: 0, row: 0});
		expect(unwrapped.wrap).toBe(false);
	});

	test('toggling wrap at the end keeps the end in view', () => {
		const long = Array.from({length: 20}, (_, index) => `${index + 1} ${'x'.repeat(15)}`).join('\n');
		const atEnd = apply(view(long, {height: 4, width: 10}), {type: 'bottom'});
		expect(screen(atEnd).at(-1)).toBe(`20 ${'x'.repeat(15)}`.slice(0, 10));
		const wrapped = apply(atEnd, {type: 'toggleWrap'});
		expect(visibleRows(wrapped).at(-1)?.line).toBe(19);
		expect(screen(wrapped).at(-1)).toBe('xxxxxxxx');
		expect(apply(wrapped, {type: 'down'}).scrollTop).toEqual(wrapped.scrollTop);
	});

	test('toggling wrap on a document that fits keeps its top in view, though the top is also the end', () => {
		const fits = view(`${'x'.repeat(50)}\nend`, {height: 3, width: 10});
		const wrapped = apply(fits, {type: 'toggleWrap'});
		expect(wrapped.scrollTop).toEqual({line: 0, row: 0});
		expect(screen(wrapped)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(10)]);
	});

	test('toggling wrap elsewhere keeps the line at the top of the screen in view', () => {
		const long = Array.from({length: 20}, (_, index) => `${index + 1} ${'x'.repeat(15)}`).join('\n');
		const middle = apply(view(long, {height: 4, width: 10}), {type: 'down', count: 7});
		expect(apply(middle, {type: 'toggleWrap'}).scrollTop).toEqual({line: 7, row: 0});
	});

	test('a view at its bottom stays at the bottom when the pane grows or shrinks; one above it keeps its top line', () => {
		const bottom = apply(view(numbered(30)), {type: 'bottom'});
		expect(bottom.scrollTop.line).toBe(25);
		expect(apply(bottom, {type: 'resize', height: 3, width: 20}).scrollTop.line).toBe(27);
		expect(apply(bottom, {type: 'resize', height: 8, width: 20}).scrollTop.line).toBe(22);
		const middle = apply(view(numbered(30)), {type: 'down', count: 10});
		expect(apply(middle, {type: 'resize', height: 3, width: 20}).scrollTop.line).toBe(10);
	});

	test('resizing keeps the view inside the document', () => {
		const bottom = apply(view(numbered(10)), {type: 'bottom'});
		expect(apply(bottom, {type: 'resize', height: 8, width: 20}).scrollTop.line).toBe(2);
	});

	describe('search', () => {
		const text = ['alpha', 'beta', 'Alpha', 'gamma', 'delta', 'eta', 'alpha again', 'zeta', 'omega', 'alpha'].join('\n');

		test('finds every match, ignoring case for a lowercase query, and goes to the first', () => {
			const searched = apply(view(text, {height: 3, width: 20}), {type: 'search', query: 'alpha'});
			expect(searched.search?.matches.offsets.length).toBe(4);
			expect(searched.search?.current).toBe(0);
			expect(searched.scrollTop.line).toBe(0);
		});

		test('a query with a capital letter matches case', () => {
			const searched = apply(view(text), {type: 'search', query: 'Alpha'});
			expect(searched.search?.matches.offsets.length).toBe(1);
			expect(lineText(searched.document, 2)).toBe('Alpha');
			expect(searched.scrollTop.line).toBe(0);
		});

		test('n scrolls to each next match and wraps around to the first', () => {
			let state = apply(view(text, {height: 3, width: 20}), {type: 'search', query: 'alpha'});
			const visits: Array<[number, number, boolean]> = [];
			for (let step = 0; step < 4; step++) {
				state = viewportReducer(state, {type: 'nextMatch'});
				visits.push([state.search!.current, state.scrollTop.line, state.searchWrapped]);
			}

			// Match 2 (line 7) and 3 (line 10) are off screen: each is put a third of the way down (line 6 and 7 at top, clamped at the bottom).
			expect(visits).toEqual([[1, 0, false], [2, 5, false], [3, 7, false], [0, 0, true]]);
		});

		test('N goes back and wraps around to the last match', () => {
			const state = apply(view(text, {height: 3, width: 20}), {type: 'search', query: 'alpha'}, {type: 'previousMatch'});
			expect(state.search?.current).toBe(3);
			expect(state.searchWrapped).toBe(true);
			expect(screen(state)).toContain('alpha');
			expect(state.scrollTop.line).toBe(7);
		});

		test('starts from the first match at or below the top of the screen', () => {
			const state = apply(view(text, {height: 3, width: 20}), {type: 'down', count: 4}, {type: 'search', query: 'alpha'});
			expect(state.search?.current).toBe(2);
		});

		test('a match far to the right scrolls sideways into view', () => {
			const state = apply(view(`${'.'.repeat(100)}needle`, {height: 1, width: 20}), {type: 'search', query: 'needle'});
			expect(state.left).toBe(94);
			expect(screen(state)[0]).toContain('needle');
		});

		test('a match inside a wrapped line scrolls to its row', () => {
			const state = apply(view(`${'.'.repeat(95)}needle\nend`, {height: 2, width: 10, wrap: true}), {type: 'search', query: 'needle'});
			expect(screen(state).join('')).toContain('needle'.slice(0, 5));
			expect(state.scrollTop.line).toBe(0);
			expect(state.scrollTop.row).toBeGreaterThan(5);
		});

		test('no match leaves the view where it was; n does nothing', () => {
			const state = apply(view(text), {type: 'down'}, {type: 'search', query: 'nothing'}, {type: 'nextMatch'});
			expect(state.search?.matches.offsets.length).toBe(0);
			expect(state.search?.current).toBe(-1);
			expect(state.scrollTop.line).toBe(1);
		});

		test('an empty query or clearSearch removes the search', () => {
			expect(apply(view(text), {type: 'search', query: 'alpha'}, {type: 'search', query: ''}).search).toBeUndefined();
			expect(apply(view(text), {type: 'search', query: 'alpha'}, {type: 'clearSearch'}).search).toBeUndefined();
		});
	});
});
