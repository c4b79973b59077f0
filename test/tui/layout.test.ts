import {describe, expect, it} from 'vitest';
import {panes, type Pane} from '../../source/tui/keymap.js';
import {computeLayout, contentSize, defaultArrangement, layoutKind, type Layout, type PaneRect} from '../../source/tui/layout.js';

function bottom(layout: Layout): number {
	return Math.max(...shownRects(layout).map(rect => rect.top + rect.height), layout.statusBar.top + layout.statusBar.height);
}

function shownRects(layout: Layout): PaneRect[] {
	return Object.values(layout.panes).filter(rect => rect.shown);
}

function shownPanes(layout: Layout): Pane[] {
	return panes.filter(pane => layout.panes[pane].shown);
}

/** Every cell of the area above the status bar is one shown pane's, and only one's. */
function expectTiled(layout: Layout): void {
	const owners = new Map<string, number>();
	for (const rect of shownRects(layout)) {
		for (let row = rect.top; row < rect.top + rect.height; row++) {
			for (let column = rect.left; column < rect.left + rect.width; column++) {
				const key = `${column},${row}`;
				owners.set(key, (owners.get(key) ?? 0) + 1);
			}
		}
	}

	expect(owners.size).toBe(layout.width * layout.statusBar.top);
	expect([...owners.values()].every(count => count === 1)).toBe(true);
}

describe('computeLayout', () => {
	it.each([[80, 23], [80, 24], [100, 30], [120, 40], [200, 60]])('at %ix%i draws the four panes, framed, filling one row less than the terminal without overlaps', (columns, rows) => {
		const layout = computeLayout(columns, rows);
		expect(layout).toMatchObject({kind: 'full', alone: false, width: columns, height: rows - 1});
		expect(bottom(layout)).toBe(rows - 1);
		expect(shownPanes(layout)).toEqual([...panes]);
		expectTiled(layout);
		const {collections, variables, request, response} = layout.panes;
		expect(collections.top + collections.height).toBe(variables.top);
		expect(request.top + request.height).toBe(response.top);
		expect(collections.width + request.width).toBe(columns);
		for (const rect of Object.values(layout.panes)) {
			expect(rect.bare).toBe(false);
			expect(rect.height).toBeGreaterThanOrEqual(5);
			expect(rect.width).toBeGreaterThanOrEqual(20);
		}
	});

	it('lays out an 80x24 terminal in tmux (80x23, the status line takes a row) with four panes, the response showing 6 of its rows', () => {
		const layout = computeLayout(80, 23);
		expect(layoutKind(80, 23)).toBe('full');
		// Inside the border and under the title: its status line, tab row and footer leave the rest to the body.
		expect(contentSize(layout.panes.response).height - 3).toBe(6);
	});

	it('gives the request and response panes more room on a larger terminal', () => {
		const small = computeLayout(80, 24);
		const large = computeLayout(120, 40);
		expect(large.panes.request.width).toBeGreaterThan(small.panes.request.width);
		expect(large.panes.response.height).toBeGreaterThan(small.panes.response.height);
	});

	it.each([[79, 24], [70, 20], [60, 16], [200, 22], [79, 60]])('at %ix%i folds the side panes: request and response take the screen, a side pane shows beside them only while focused', (columns, rows) => {
		const onRequest = computeLayout(columns, rows, 'request');
		expect(onRequest).toMatchObject({kind: 'folded', alone: false});
		expect(shownPanes(onRequest)).toEqual(['request', 'response']);
		expectTiled(onRequest);
		expect(onRequest.panes.request.width).toBe(columns);

		for (const side of ['collections', 'variables'] as const) {
			const layout = computeLayout(columns, rows, side);
			expect(shownPanes(layout).toSorted()).toEqual([side, 'request', 'response'].toSorted());
			expectTiled(layout);
			expect(layout.panes[side].height).toBe(layout.statusBar.top);
			expect(layout.panes[side].width).toBeGreaterThanOrEqual(24);
		}
	});

	it.each([[59, 16], [60, 15], [50, 12], [40, 10]])('at %ix%i shows the focused pane alone and bare, over the whole screen above the status bar', (columns, rows) => {
		for (const focus of panes) {
			const layout = computeLayout(columns, rows, focus);
			expect(layout).toMatchObject({kind: 'single', alone: true});
			expect(shownPanes(layout)).toEqual([focus]);
			expect(layout.panes[focus]).toEqual({left: 0, top: 0, width: columns, height: rows - 3, shown: true, bare: true});
			expect(contentSize(layout.panes[focus])).toEqual({width: columns, height: rows - 3});
		}
	});

	it('lays out a terminal smaller than 40x10 as 40x10', () => {
		expect(layoutKind(39, 10)).toBeUndefined();
		expect(layoutKind(40, 9)).toBeUndefined();
		expect(computeLayout(30, 8, 'response')).toEqual(computeLayout(40, 10, 'response'));
	});

	it.each([[80, 24], [70, 20], [200, 60]])('at %ix%i zoomed, shows the focused pane alone and bare, whatever the other choices', (columns, rows) => {
		const layout = computeLayout(columns, rows, 'response', {zoomed: true, sideBySide: true, requestShare: 0.8});
		expect(layout.alone).toBe(true);
		expect(shownPanes(layout)).toEqual(['response']);
		expect(layout.panes.response).toMatchObject({width: columns, height: rows - 3, bare: true});
	});

	it('moves the split between request and response with the request\'s share, stopping at the URL and the status line', () => {
		const heights = [0.1, 0.4, 0.6, 0.9].map(requestShare => computeLayout(100, 30, 'request', {...defaultArrangement, requestShare}).panes.request.height);
		expect(heights).toEqual([4, 11, 16, 23]);
		const layout = computeLayout(100, 30, 'request', {...defaultArrangement, requestShare: 0.9});
		expect(layout.panes.response.height).toBe(4);
	});

	it('puts request and response side by side when chosen and each has 30 columns, else one above the other', () => {
		const arrangement = {...defaultArrangement, sideBySide: true, requestShare: 0.5};
		const wide = computeLayout(120, 30, 'response', arrangement);
		expect(wide.sideBySide).toBe(true);
		expectTiled(wide);
		expect(wide.panes.request).toMatchObject({top: 0, height: 27});
		expect(wide.panes.response).toMatchObject({top: 0, height: 27, left: wide.panes.request.left + wide.panes.request.width});
		// The four panes at 80 columns leave 54 to share: too few.
		expect(computeLayout(80, 24, 'response', arrangement).sideBySide).toBe(false);
		// Folded, they have the whole width while one of them has the keyboard.
		expect(computeLayout(70, 20, 'response', arrangement).sideBySide).toBe(true);
		expect(computeLayout(70, 20, 'collections', arrangement).sideBySide).toBe(false);
	});

	it.each([[80, 24], [100, 30], [200, 60]])('at %ix%i widens the focused variables pane, out of the collections\' rows, and still fills the frame', (columns, rows) => {
		const plain = computeLayout(columns, rows);
		const grown = computeLayout(columns, rows, 'variables');
		expect(grown.panes.variables.width).toBeGreaterThan(plain.panes.variables.width);
		expect(grown.panes.variables.height).toBeGreaterThan(plain.panes.variables.height);
		expect(bottom(grown)).toBe(rows - 1);
		expect(grown.panes.collections.width + grown.panes.request.width).toBe(columns);
		expect(grown.panes.collections.top + grown.panes.collections.height).toBe(grown.panes.variables.top);
		for (const rect of Object.values(grown.panes)) {
			expect(rect.height).toBeGreaterThanOrEqual(5);
			expect(rect.width).toBeGreaterThanOrEqual(20);
		}

		expect(computeLayout(columns, rows, 'request')).toEqual(plain);
	});

	it('gives the focused variables pane at 80x24 room for a name and a URL side by side', () => {
		const {variables} = computeLayout(80, 24, 'variables').panes;
		expect(variables.width).toBeGreaterThanOrEqual(48);
		expect(variables.height).toBeGreaterThanOrEqual(14);
	});
});
