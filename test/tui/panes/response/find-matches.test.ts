import {describe, expect, it} from 'vitest';
import {findMatches, matchesCase, regexProblem} from '../../../../source/tui/panes/response/find-matches.js';

const found = (text: string, query: string, regex = false) => {
	const matches = findMatches(text, query, regex);
	return [...matches.offsets].map((offset, index) => text.slice(offset, matches.ends[index]));
};

describe('findMatches', () => {
	it('ignores case for a query in lower case, and matches it exactly once the query has a capital (smart case)', () => {
		expect(found('Token token TOKEN', 'token')).toEqual(['Token', 'token', 'TOKEN']);
		expect(found('Token token TOKEN', 'Token')).toEqual(['Token']);
	});

	it('finds a regular expression\'s matches with their own lengths, smart case too', () => {
		expect(found('id: 7, ID: 42, id: 300', 'id: \\d+', true)).toEqual(['id: 7', 'ID: 42', 'id: 300']);
		expect(found('id: 7, ID: 42', 'ID: \\d+', true)).toEqual(['ID: 42']);
		// A capital of an escape is no letter of the text: still any case.
		expect(found('Alpha beta', '\\S+a', true)).toEqual(['Alpha', 'beta']);
		expect(found('a\nb', '^b$', true)).toEqual(['b']);
	});

	it('reads the query as typed without the regex toggle', () => {
		expect(found('a.b axb', 'a.b')).toEqual(['a.b']);
		expect(found('a.b axb', 'a.b', true)).toEqual(['a.b', 'axb']);
	});

	it('steps past empty matches and finds nothing for an invalid regular expression', () => {
		expect(found('aaa', 'x*', true)).toEqual([]);
		expect(found('a(b', 'a(b', true)).toEqual([]);
		expect(regexProblem('a(b')).toBe('/a(b/u: Unterminated group');
		expect(regexProblem('a\\(b')).toBeUndefined();
	});

	it('tells a capital letter from an escape', () => {
		expect(matchesCase('\\W\\D', true)).toBe(false);
		expect(matchesCase('\\W\\D', false)).toBe(true);
		expect(matchesCase('User', true)).toBe(true);
	});
});
