import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {cutLines, cutToWidth} from '../../source/tui/wrap-text.js';

describe('cutLines', () => {
	it('counts the rows of every line, an empty line taking one', () => {
		const cut = cutLines(['abcdefgh', '', 'abc'], 3);
		expect(cut.rows).toBe(5);
		expect(cut.slice(0, 5)).toEqual([
			{line: 0, text: 'abc'},
			{line: 0, text: 'def'},
			{line: 0, text: 'gh'},
			{line: 1, text: ''},
			{line: 2, text: 'abc'},
		]);
	});

	it('cuts any window of rows as cutting every line whole would', () => {
		const line = fc.array(fc.constantFrom('a', ' ', '漢', '🙂', 'é'), {maxLength: 25}).map(parts => parts.join(''));
		fc.assert(fc.property(fc.array(line, {minLength: 1, maxLength: 8}), fc.integer({min: 2, max: 9}), fc.nat(), fc.nat(12), (lines, width, from, count) => {
			const whole = lines.flatMap((text, index) => cutToWidth(text, width).map(row => ({line: index, text: row})));
			const cut = cutLines(lines, width);
			expect(cut.rows).toBe(whole.length);
			const start = from % whole.length;
			expect(cut.slice(start, count)).toEqual(whole.slice(start, start + count));
		}));
	});

	it('cuts a row in the middle of a line of megabytes without cutting the rest', () => {
		const cut = cutLines([`${'0123456789'.repeat(250_000)}!`], 10);
		expect(cut.rows).toBe(250_001);
		expect(cut.slice(250_000, 3)).toEqual([{line: 0, text: '!'}]);
	});
});
