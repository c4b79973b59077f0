import {describe, expect, it} from 'vitest';
import {mask} from '../../../../source/core/secrets.js';
import {showValue} from '../../../../source/tui/panes/variables/show-value.js';

describe('showValue cut to cells', () => {
	it('keeps a value that fits its cells exactly', () => {
		expect(showValue('测试', {cells: 6})).toBe('"测试"');
	});

	it('ends a value one cell too wide with … in its last cell', () => {
		expect(showValue('abcd', {cells: 5})).toBe('"abc…');
	});

	it('leaves the cell blank where a wide character would straddle the …', () => {
		expect(showValue('测试测试', {cells: 7})).toBe('"测试…');
	});

	it('counts an emoji as two cells and never splits it', () => {
		expect(showValue('🚀🚀🚀', {cells: 5})).toBe('"🚀…');
	});

	it('shows only … in one cell and nothing in none', () => {
		expect(showValue(42_000, {cells: 1})).toBe('…');
		expect(showValue(42_000, {cells: 0})).toBe('');
	});

	it('cuts a masked secret and a date as well', () => {
		expect(showValue('hunter2', {secret: true, cells: 2})).toBe(`${mask.slice(0, 1)}…`);
		expect(showValue(new Date('2024-01-31T12:00:00.000Z'), {cells: 11})).toBe('2024-01-31…');
	});
});
