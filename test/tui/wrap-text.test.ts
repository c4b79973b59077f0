import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {cutLines, cutToWidth} from '../../source/tui/wrap-text.js';

describe('cutLines', () => {
	it('counts the rows of every line, an empty line taking one', () => {
		const cut = cutLines(['abcdefgh', '', 'abc'], 3);
		expect(cut.rows).toBe(5);
		expect(cut.slice(0, 5)).toEqual([
			{line: 0, start: 0, text: 'abc'},
			{line: 0, start: 3, text: 'def'},
			{line: 0, start: 6, text: 'gh'},
			{line: 1, start: 0, text: ''},
			{line: 2, start: 0, text: 'abc'},
		]);
		expect([0, 1, 2, 3].map(line => cut.firstRow(line))).toEqual([0, 3, 4, 5]);
	});

	it('cuts any window of rows as cutting every line whole would', () => {
		const line = fc.array(fc.constantFrom('a', ' ', '漢', '🙂', 'é'), {maxLength: 25}).map(parts => parts.join(''));
		fc.assert(fc.property(fc.array(line, {minLength: 1, maxLength: 8}), fc.integer({min: 2, max: 9}), fc.nat(), fc.nat(12), (lines, width, from, count) => {
			const whole = lines.flatMap((text, index) => {
				let start = 0;
				return cutToWidth(text, width).map(row => {
					const piece = {line: index, start, text: row};
					start += row.length;
					return piece;
				});
			});
			const cut = cutLines(lines, width);
			expect(cut.rows).toBe(whole.length);
			const start = from % whole.length;
			expect(cut.slice(start, count)).toEqual(whole.slice(start, start + count));
		}));
	});

	it('cuts a row in the middle of a line of megabytes without cutting the rest', () => {
		const cut = cutLines([`${'0123456789'.repeat(250_000)}!`], 10);
		expect(cut.rows).toBe(250_001);
		expect(cut.slice(250_000, 3)).toEqual([{line: 0, start: 2_500_000, text: '!'}]);
	});
});
