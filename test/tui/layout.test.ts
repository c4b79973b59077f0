import {describe, expect, it} from 'vitest';
import {computeLayout, type Layout} from '../../source/tui/layout.js';

function bottom(layout: Layout): number {
	return Math.max(...Object.values(layout.panes).map(rect => rect.top + rect.height), layout.statusBar.top + layout.statusBar.height);
}

describe('computeLayout', () => {
	it.each([[80, 24], [100, 30], [120, 40], [200, 60]])('at %ix%i fills one row less than the terminal, without overlaps', (columns, rows) => {
		const layout = computeLayout(columns, rows);
		expect(layout.height).toBe(rows - 1);
		expect(layout.width).toBe(columns);
		expect(bottom(layout)).toBe(rows - 1);
		const {collections, variables, request, response} = layout.panes;
		expect(collections.top + collections.height).toBe(variables.top);
		expect(request.top + request.height).toBe(response.top);
		expect(collections.width + request.width).toBe(columns);
		for (const rect of Object.values(layout.panes)) {
			expect(rect.height).toBeGreaterThanOrEqual(5);
			expect(rect.width).toBeGreaterThanOrEqual(20);
		}
	});

	it('gives the request and response panes more room on a larger terminal', () => {
		const small = computeLayout(80, 24);
		const large = computeLayout(120, 40);
		expect(large.panes.request.width).toBeGreaterThan(small.panes.request.width);
		expect(large.panes.response.height).toBeGreaterThan(small.panes.response.height);
	});

	it('lays out a terminal smaller than 80x24 as 80x24', () => {
		expect(computeLayout(40, 10)).toEqual(computeLayout(80, 24));
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
