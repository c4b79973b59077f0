import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {indentJson, maxJsonDepth, startJson} from '../../../../source/tui/panes/response/pretty-json.js';

/** The whole of `bytes` formatted in one go, as formatBody does a slice at a time. */
function prettyJson(bytes: Uint8Array, {partial = false}: {partial?: boolean} = {}): {ok: true; bytes: Uint8Array} | {ok: false; reason: string} {
	const state = startJson(bytes);
	const outcome = indentJson(state, bytes.length, partial)!;
	return outcome.ok ? {ok: true, bytes: state.output.subarray(0, state.written)} : outcome;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const pretty = (text: string): string => {
	const result = prettyJson(encode(text));
	if (!result.ok) {
		throw new Error(result.reason);
	}

	return new TextDecoder().decode(result.bytes);
};

describe('prettyJson', () => {
	test('indents like JSON.stringify with two spaces for any JSON value', () => {
		fc.assert(fc.property(fc.jsonValue(), value => {
			const compact = JSON.stringify(value);
			expect(pretty(compact)).toBe(JSON.stringify(JSON.parse(compact), null, 2));
		}));
	});

	test('keeps numbers and escapes exactly as received', () => {
		expect(pretty('{"id":12345678901234567890,"e":1E+2,"s":"\\u00e9\\/"}')).toBe('{\n  "id": 12345678901234567890,\n  "e": 1E+2,\n  "s": "\\u00e9\\/"\n}');
	});

	test('copies multi-byte characters inside strings untouched', () => {
		expect(pretty('["héllo 字 😀"]')).toBe('[\n  "héllo 字 😀"\n]');
	});

	test('re-indents JSON that is already indented differently', () => {
		expect(pretty('{\r\n\t"a" :\t[ 1 , 2 ]\r\n}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
	});

	test.each([
		['{"a":1,}', 'unexpected "}" at line 1, column 8'],
		['[1 2]', 'unexpected "2" at line 1, column 4'],
		['{"a":1}\n{"b":2}', 'unexpected "{" at line 2, column 1'],
		['["abc', 'the string at line 1, column 2 is not closed, or holds a bad escape or a raw control character'],
		['["\\x"]', 'the string at line 1, column 2 is not closed, or holds a bad escape or a raw control character'],
		['[01]', 'unexpected "1" at line 1, column 3'],
		['[1.]', 'unexpected "1" at line 1, column 2'],
		['{"a":', 'the JSON ends too early'],
		['', 'the JSON ends too early'],
		['tru', 'unexpected "t" at line 1, column 1'],
	])('refuses %j: %s', (source, reason) => {
		expect(prettyJson(encode(source))).toEqual({ok: false, reason});
	});

	test('accepts exactly what JSON.parse accepts', () => {
		const damaged = fc.jsonValue().map(value => JSON.stringify(value)).chain(json => fc.tuple(
			fc.constant(json),
			fc.nat({max: json.length}),
			fc.constantFrom('', ',', '"', '}', ']', '\\', '\n', 'x', ':'),
		)).map(([json, at, insert]) => json.slice(0, at) + insert + json.slice(at + 1));
		fc.assert(fc.property(fc.oneof(fc.string(), damaged), text => {
			let valid = true;
			try {
				JSON.parse(text);
			} catch {
				valid = false;
			}

			expect(prettyJson(encode(text)).ok).toBe(valid);
		}));
	});

	test('formats a body cut anywhere as far as it goes when told it is partial, every settled line as the whole body formats it', () => {
		fc.assert(fc.property(fc.jsonValue(), fc.nat(), (value, cutAt) => {
			const compact = encode(JSON.stringify(value));
			const cut = compact.subarray(0, cutAt % (compact.length + 1));
			const partial = prettyJson(cut, {partial: true});
			expect(partial.ok).toBe(true);
			const whole = pretty(JSON.stringify(value)).split('\n');
			const shown = new TextDecoder().decode((partial as {bytes: Uint8Array}).bytes).split('\n');
			// The last line is cut; the one before may open a container the whole body closes at once (`[` then `[]`).
			expect(shown.slice(0, -2)).toEqual(whole.slice(0, Math.max(0, shown.length - 2)));
			if (shown.length >= 2) {
				expect(whole[shown.length - 2]?.startsWith(shown.at(-2)!)).toBe(true);
			}
		}));
	});

	test('without partial, a cut body is still an error', () => {
		expect(prettyJson(encode('{"a": [1, 2'))).toEqual({ok: false, reason: 'the JSON ends too early'});
	});

	test(`stops at the level past ${maxJsonDepth}, having written only what came before it, partial or not`, () => {
		const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
		expect(pretty(nested(maxJsonDepth))).toBe(JSON.stringify(JSON.parse(nested(maxJsonDepth)), null, 2));
		const tooDeep = encode(nested(100_000));
		for (const partial of [false, true]) {
			const state = startJson(tooDeep);
			expect(indentJson(state, tooDeep.length, partial)).toEqual({ok: false, reason: `it nests deeper than ${maxJsonDepth} levels`, tooDeep: true});
			expect(state.index).toBe(maxJsonDepth);
			// The levels before it, each a line of at most its indent, a bracket and a newline: bounded by the limit, never the body.
			expect(state.written).toBeLessThanOrEqual(maxJsonDepth * (2 * maxJsonDepth + 2));
		}
	});
});
