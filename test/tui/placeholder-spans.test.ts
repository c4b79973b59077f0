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

	it('counts positions in code points', () => {
		expect(placeholderSpans('😀{{a}}')).toEqual([{start: 1, end: 6, expression: 'a'}]);
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
});
