import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {placeholderSpans} from '../../source/tui/placeholder-spans.js';

describe('placeholderSpans', () => {
	it('finds each placeholder with its trimmed path', () => {
		expect(placeholderSpans('{{base}}/users/{{ user.id }}?q={{query[0]}}')).toEqual([
			{start: 0, end: 8, expression: 'base'},
			{start: 15, end: 28, expression: 'user.id'},
			{start: 31, end: 43, expression: 'query[0]'},
		]);
	});

	it('counts positions in UTF-16 units, as strings index', () => {
		expect(placeholderSpans('😀{{a}}')).toEqual([{start: 2, end: 7, expression: 'a'}]);
	});

	it('skips an escaped \\{{ and an unclosed {{', () => {
		expect(placeholderSpans('\\{{a}} {{b')).toEqual([]);
	});

	it('marks a placeholder after a pair of backslashes, which the engine fills, and not one after three', () => {
		expect(placeholderSpans(String.raw`C:\\{{user}} D:\\\{{kept}}`)).toEqual([{start: 4, end: 12, expression: 'user'}]);
	});

	it('takes the inner placeholder when a {{ opens inside another', () => {
		expect(placeholderSpans('{{a {{b}}')).toEqual([{start: 4, end: 9, expression: 'b'}]);
	});

	it('finds in a window only the placeholders that overlap it, one that starts left of it included', () => {
		const line = '{{a}} {{bb}} {{c}}';
		expect(placeholderSpans(line, 8, 9)).toEqual([{start: 6, end: 12, expression: 'bb'}]);
		expect(placeholderSpans(line, 5, 6)).toEqual([]);
		expect(placeholderSpans(line, 11, 14)).toEqual([{start: 6, end: 12, expression: 'bb'}, {start: 13, end: 18, expression: 'c'}]);
	});

	it('finds in any window what a scan of the whole line finds there', () => {
		// Few characters, so that braces meet in every arrangement: runs, escapes, nesting, unclosed.
		const line = fc.array(fc.constantFrom('{', '}', '{{', '}}', '\\', 'a', ' '), {maxLength: 30}).map(parts => parts.join(''));
		fc.assert(fc.property(line, fc.nat(), fc.nat(), (text, first, second) => {
			const [from, to] = [first % (text.length + 1), second % (text.length + 1)].sort((a, b) => a - b) as [number, number];
			const overlapping = placeholderSpans(text).filter(span => span.end > from && span.start < to);
			expect(placeholderSpans(text, from, to)).toEqual(overlapping);
		}), {numRuns: 2000});
	});

	it('finds the placeholders around a window in the middle of a long line', () => {
		const line = '{{x}},'.repeat(400_000);
		const middle = line.length / 2;
		expect(placeholderSpans(line, middle + 1, middle + 10)).toEqual([
			{start: middle, end: middle + 5, expression: 'x'},
			{start: middle + 6, end: middle + 11, expression: 'x'},
		]);
	});
});
