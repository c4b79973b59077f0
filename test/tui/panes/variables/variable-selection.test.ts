import {describe, expect, it} from 'vitest';
import {effectiveVariables} from '../../../../source/core/scopes.js';
import {selectedRow} from '../../../../source/tui/panes/variables/variable-selection.js';

const rows = effectiveVariables({
	collection: [{name: 'a', value: 1}, {name: 'host', value: 'prod'}, {name: 'z', value: 26}],
	environment: [{name: 'host', value: 'staging'}],
	runtime: {m: true},
});

describe('selectedRow', () => {
	it('is the first row when nothing is selected yet', () => {
		expect(selectedRow(rows, undefined)).toBe(0);
	});

	it('finds the selected variable by scope and name, wherever it sorts', () => {
		expect(rows.map(({scope, name}) => `${scope} ${name}`)).toEqual(['collection a', 'environment host', 'runtime m', 'collection z']);
		expect(selectedRow(rows, {scope: 'runtime', name: 'm'})).toBe(2);
		expect(selectedRow(rows, {scope: 'collection', name: 'z'})).toBe(3);
	});

	it('is the same name from another scope when the selected one is gone and that one shows', () => {
		expect(selectedRow(rows, {scope: 'collection', name: 'host'})).toBe(1);
	});

	it('is the next variable when the selected one is gone, the last when it sorted last', () => {
		expect(selectedRow(rows, {scope: 'collection', name: 'b'})).toBe(1);
		expect(selectedRow(rows, {scope: 'collection', name: 'zz'})).toBe(3);
	});

	it('is the first row of an empty list', () => {
		expect(selectedRow([], {scope: 'collection', name: 'a'})).toBe(0);
	});
});
