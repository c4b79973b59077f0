import {describe, expect, test} from 'vitest';
import {findMatches} from '../../../../source/tui/panes/response/find-matches.js';
import {rowSegments, tokenize} from '../../../../source/tui/panes/response/highlight.js';
import {createDocument} from '../../../../source/tui/panes/response/text-document.js';

describe('rowSegments', () => {
	test('marks the current match and the others inside the row, split across tokens', () => {
		const document = createDocument('  "ab": "abab"', 'json');
		const search = {query: 'ab', regex: false, matches: findMatches(document.lines(0, 1).join('\n'), 'ab'), current: 1};
		expect(rowSegments(document, 0, document.length, search)).toEqual([
			{text: '  ', style: 'plain'},
			{text: '"', style: 'key'},
			{text: 'ab', style: 'key', match: 'other'},
			{text: '"', style: 'key'},
			{text: ':', style: 'punctuation'},
			{text: ' ', style: 'plain'},
			{text: '"', style: 'string'},
			{text: 'ab', style: 'string', match: 'current'},
			{text: 'ab', style: 'string', match: 'other'},
			{text: '"', style: 'string'},
		]);
	});

	test('gives only the slice of the line on screen, with a match cut at the edge', () => {
		const document = createDocument('first\nxxneedlexx', 'plain');
		const search = {query: 'needle', regex: false, matches: findMatches(document.lines(0, 2).join('\n'), 'needle'), current: 0};
		// The row shows "xxnee" (offsets 6 to 11): the match starts in it and goes on past its end.
		expect(rowSegments(document, 6, 11, search)).toEqual([
			{text: 'xx', style: 'plain'},
			{text: 'nee', style: 'plain', match: 'current'},
		]);
	});
});

describe('tokenize', () => {
	test('colours a console line by its level', () => {
		expect(tokenize('warn  [post-response] slow', 'console').map(token => token.style)).toEqual(['warning', 'warning']);
		expect(tokenize('error boom', 'console')[0]?.style).toBe('error');
		expect(tokenize('      continued', 'console')[0]?.style).toBe('plain');
	});

	test('colours a header name apart from its value', () => {
		const line = 'Set-Cookie: a=1; Path=/';
		expect(tokenize(line, 'headers').map(token => [line.slice(token.start, token.end), token.style])).toEqual([
			['Set-Cookie', 'key'],
			[':', 'punctuation'],
			[' a=1; Path=/', 'plain'],
		]);
	});
});
