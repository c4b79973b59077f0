import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';
import type {Value} from '../../../source/core/values.js';

const date = new Date('2024-02-29T13:45:30.123Z');
const kinds: Array<[kind: string, value: Value, text: string, insideQuotes: string, outsideQuotes: string]> = [
	['string', 'say "hi"\\\n', 'say "hi"\\\n', String.raw`say \"hi\"\\\n`, 'say "hi"\\\n'],
	['integer', 42, '42', '42', '42'],
	['fraction', -3.25, '-3.25', '-3.25', '-3.25'],
	['boolean true', true, 'true', 'true', 'true'],
	['boolean false', false, 'false', 'false', 'false'],
	['null', null, 'null', 'null', 'null'],
	['object', {a: 1, b: 'x"y'}, '{"a":1,"b":"x\\"y"}', String.raw`{\"a\":1,\"b\":\"x\\\"y\"}`, '{"a":1,"b":"x\\"y"}'],
	['array', [1, 'two', null], '[1,"two",null]', String.raw`[1,\"two\",null]`, '[1,"two",null]'],
	['date', date, '2024-02-29T13:45:30.123Z', '2024-02-29T13:45:30.123Z', '"2024-02-29T13:45:30.123Z"'],
];

describe('how each kind of value becomes text', () => {
	it.each(kinds)('%s in text (URL, header, text body)', (_kind, value, text) => {
		expect(interpolate('[{{v}}]', {v: value})).toEqual({text: `[${text}]`, problems: []});
	});

	it.each(kinds)('%s in a JSON body inside a string literal', (_kind, value, _text, insideQuotes) => {
		const result = interpolate('{"v": "{{v}}"}', {v: value}, {context: 'json'});
		expect(result).toEqual({text: `{"v": "${insideQuotes}"}`, problems: []});
		expect(typeof (JSON.parse(result.text) as {v: unknown}).v).toBe('string');
	});

	it.each(kinds)('%s in a JSON body outside quotes', (_kind, value, _text, _insideQuotes, outsideQuotes) => {
		expect(interpolate('{"v": {{v}}}', {v: value}, {context: 'json'})).toEqual({text: `{"v": ${outsideQuotes}}`, problems: []});
	});

	it('parses back to the same data outside quotes, for every kind but the raw string', () => {
		for (const [kind, value] of kinds.filter(([kind]) => kind !== 'string')) {
			const parsed = JSON.parse(interpolate('{"v": {{v}}}', {v: value}, {context: 'json'}).text) as {v: unknown};
			expect(parsed.v, kind).toEqual(value instanceof Date ? value.toISOString() : value);
		}
	});

	it('parses back to the exact text inside quotes, for every kind', () => {
		for (const [kind, value, text] of kinds) {
			const parsed = JSON.parse(interpolate('{"v": "{{v}}"}', {v: value}, {context: 'json'}).text) as {v: unknown};
			expect(parsed.v, kind).toBe(text);
		}
	});

	it('lets a string outside quotes carry raw JSON', () => {
		expect(interpolate('{"filter": {{raw}}}', {raw: '{"age": {"$gt": 18}}'}, {context: 'json'}).text).toBe('{"filter": {"age": {"$gt": 18}}}');
	});

	it('knows a placeholder after an escaped quote is still inside the string', () => {
		const result = interpolate(String.raw`{"a": "say \"{{word}}\" now", "b": {{n}}}`, {word: 'x"y', n: 1}, {context: 'json'});
		expect(JSON.parse(result.text)).toEqual({a: 'say "x"y" now', b: 1});
	});

	it('knows a placeholder after an escaped backslash is inside the next string', () => {
		const result = interpolate(String.raw`{"a": "\\", "b": {{n}}, "c": "{{s}}"}`, {n: 2, s: '"'}, {context: 'json'});
		expect(JSON.parse(result.text)).toEqual({a: '\\', b: 2, c: '"'});
	});

	it('does not count the quotes inside a placeholder such as {{obj[\'a"b\']}}', () => {
		const result = interpolate(`{"a": {{obj['a"b']}}, "d": "x {{s}}", "c": {{raw}}}`, {obj: {'a"b': 7}, s: 'q"', raw: '[1]'}, {context: 'json'});
		expect(result.problems).toEqual([]);
		expect(JSON.parse(result.text)).toEqual({a: 7, d: 'x q"', c: [1]});
	});

	it('finds the string a placeholder stands in after placeholders whose values read the same anywhere', () => {
		const result = interpolate(String.raw`{"n": {{n}}, "t": {{t}}, "e": "a \\ \"", "s": "pre {{s}}", "o": {{o}}}`, {n: 1, t: true, s: 'q"', o: {k: 'v'}}, {context: 'json'});
		expect(JSON.parse(result.text)).toEqual({n: 1, t: true, e: 'a \\ "', s: 'pre q"', o: {k: 'v'}});
	});

	it('fills a placeholder after an escaped backslash inside a string, and keeps a backslash-escaped {{ as written', () => {
		expect(interpolate(String.raw`{"a": "\\{{s}}", "b": "\{{s}}"}`, {s: 'v'}, {context: 'json'}).text).toBe(String.raw`{"a": "\\v", "b": "{{s}}"}`);
	});

	it('fills thousands of distinct placeholders that share a length and end characters', () => {
		const names = Array.from({length: 3000}, (_, index) => `a${String(index).padStart(4, '0')}z`);
		const variables = Object.fromEntries(names.map(name => [name, name.toUpperCase()]));
		const template = `[${[...names, ...names].map(name => `"{{${name}}}"`).join(',')}]`;
		const result = interpolate(template, variables, {context: 'json'});
		expect(result.problems).toEqual([]);
		expect(JSON.parse(result.text)).toEqual([...names, ...names].map(name => name.toUpperCase()));
	});

	it('escapes control characters, line separators and lone surrogates inside quotes', () => {
		const tricky = '\u0000\u0007\u001F\u2028\u2029\uD800 tab\t';
		const result = interpolate('["{{s}}"]', {s: tricky}, {context: 'json'});
		expect(JSON.parse(result.text)).toEqual([tricky]);
	});

	it('writes the decimal literal of numbers, in JSON outside quotes too', () => {
		expect(interpolate('{{a}} {{b}} {{c}} {{d}}', {a: 0.1, b: 1e21, c: -0, d: 123_456_789.5}).text).toBe('0.1 1000000000000000000000 0 123456789.5');
	});

	it('writes no exponent for very small or large numbers, in any position, and JSON reads back the same numbers', () => {
		const numbers = {tiny: 1e-7, small: -1.5e-9, big: 1.2345e21, least: 5e-324, most: Number.MAX_VALUE};
		expect(interpolate('?a={{tiny}}&b={{small}}&c={{big}}', numbers).text).toBe('?a=0.0000001&b=-0.0000000015&c=1234500000000000000000');
		const body = interpolate('{"in": "{{tiny}}", "tiny": {{tiny}}, "small": {{small}}, "big": {{big}}, "least": {{least}}, "most": {{most}}}', numbers, {context: 'json'}).text;
		expect(body).toContain('"in": "0.0000001"');
		expect(body).not.toMatch(/\de/);
		expect(JSON.parse(body)).toEqual({in: '0.0000001', ...numbers});
	});
});
