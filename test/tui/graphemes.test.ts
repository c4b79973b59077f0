import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {graphemeEnd, graphemesOf, graphemeStart} from '../../source/tui/graphemes.js';

const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});

/** The clusters' start offsets, from segmenting the whole text. */
function starts(text: string): number[] {
	return Array.from(segmenter.segment(text), ({index}) => index);
}

// Pieces that join, or do not, in every way UAX #29 knows: marks, joiners, skin tones, flags, Hangul jamo, a Thai spacing vowel, CR LF, an Indic conjunct.
const pieces = [
	'a', ' ', '{', 'é', 'e', '\u0301', '\u200D', '\u200B', '👍', '🏽', '👨', '👩', '🇫', '🇷', '🇩', '🇪',
	'\u1100', '\u1161', '\u11A8', '가', 'ก', '\u0E33', '\r', '\n', 'क', '\u094D', 'ष', '中', '\uFE0F', '1', '\u20E3',
];

describe('grapheme clusters around an offset', () => {
	it('agree with segmenting the whole text, for any mix of joining pieces', () => {
		fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), {maxLength: 40}), parts => {
			const text = parts.join('');
			const expected = starts(text);
			expect(graphemesOf(text).join('')).toBe(text);
			expect(graphemesOf(text).map(cluster => cluster.length)).toEqual(
				expected.map((start, index) => (expected[index + 1] ?? text.length) - start),
			);
			for (let index = 0; index < text.length; index++) {
				expect(graphemeStart(text, index)).toBe(expected.findLast(start => start <= index));
			}
		}));
	});

	it('agree with segmenting the whole text in runs longer than the window, where no boundary is sure', () => {
		const long = fc.constantFrom('🇫🇷', '🇫', '👍🏽', '👨‍👩‍👧', '🙂', 'e\u0301\u0301', '\u0301'.repeat(70), '👨\u200D'.repeat(40));
		fc.assert(fc.property(fc.array(long, {minLength: 100, maxLength: 400}), fc.nat(), (parts, at) => {
			const text = parts.join('');
			const expected = starts(text);
			const start = expected[at % expected.length]!;
			const end = expected[(at % expected.length) + 1] ?? text.length;
			expect(graphemeEnd(text, start)).toBe(end);
			expect(graphemeStart(text, end - 1)).toBe(start);
		}), {numRuns: 60});
	});

	it('takes the text end for the end of the last cluster and for a start asked past it', () => {
		expect(graphemeEnd('a👍🏽', 1)).toBe(5);
		expect(graphemeEnd('a👍🏽', 5)).toBe(5);
		expect(graphemeStart('a👍🏽', 5)).toBe(5);
		expect(graphemeStart('a👍🏽', 0)).toBe(0);
	});
});
