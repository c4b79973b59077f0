import {describe, expect, it} from 'vitest';
import {mask} from '../../../../source/core/secrets.js';
import {fitCells, fitMiddle, showValue} from '../../../../source/tui/panes/variables/show-value.js';

describe('showValue cut to cells', () => {
	it('keeps a value that fits its cells exactly', () => {
		expect(showValue('测试', {cells: 6})).toBe('"测试"');
	});

	it('keeps both ends of a URL too long for its cells, with … between them', () => {
		expect(showValue('https://staging.api.example.com/v2/users', {cells: 24})).toBe('"https://sta…m/v2/users"');
	});

	it('gives the end the cell a wide character leaves at the start\'s cut', () => {
		expect(showValue('测试测试测试', {cells: 9})).toBe('"测…测试"');
		expect(showValue('测试测试测试', {cells: 8})).toBe('"测…试"');
	});

	it('counts an emoji as two cells and never splits it', () => {
		expect(showValue('🚀🚀🚀🚀', {cells: 7})).toBe('"🚀…🚀"');
	});

	it('shows only … in one cell and nothing in none', () => {
		expect(showValue(42_000, {cells: 1})).toBe('…');
		expect(showValue(42_000, {cells: 0})).toBe('');
	});

	it('cuts a masked secret and a date as well', () => {
		expect(showValue('hunter2', {secret: true, cells: 3})).toBe(`${mask.slice(0, 1)}…${mask.slice(0, 1)}`);
		expect(showValue(new Date('2024-01-31T12:00:00.000Z'), {cells: 11})).toBe('2024-….000Z');
	});

	it('shows the ends of a string of megabytes as it shows a short one\'s', () => {
		const long = `start-${'x'.repeat(5_000_000)}-end`;
		expect(showValue(long, {cells: 20})).toBe('"start-xxx…xxxx-end"');
	});

	it('shows a server\'s or a script\'s control characters and bidi overrides as pictures', () => {
		expect(showValue('a\u202Eb\u009Bc', {cells: 20})).toBe('"a\uFFFDb\uFFFDc"');
		expect(showValue({k: '\u001B[31m'}, {cells: 40})).toBe('{"k":"\\u001b[31m"}');
	});
});

describe('fitMiddle and fitCells', () => {
	it('cut in the middle and at the end to the same width', () => {
		expect(fitMiddle('abcdefghij', 7)).toBe('abc…hij');
		expect(fitCells('abcdefghij', 7)).toBe('abcdef…');
		expect(fitMiddle('abc', 3)).toBe('abc');
	});
});
