import {describe, expect, it} from 'vitest';
import {valueLines} from '../../../../source/tui/panes/variables/value-lines.js';

describe('valueLines', () => {
	it('pretty-prints an object, each line knowing the part of the value it shows', () => {
		const lines = valueLines(Object.freeze({id: 7, address: {city: 'London'}, tags: ['a'], empty: {}, since: new Date('2020-05-01T09:30:00.000Z')}));
		expect(lines.map(({text, path}) => [text, path])).toEqual([
			['{', []],
			['  "id": 7,', ['id']],
			['  "address": {', ['address']],
			['    "city": "London"', ['address', 'city']],
			['  },', ['address']],
			['  "tags": [', ['tags']],
			['    "a"', ['tags', 0]],
			['  ],', ['tags']],
			['  "empty": {},', ['empty']],
			['  "since": 2020-05-01T09:30:00.000Z', ['since']],
			['}', []],
		]);
	});

	it('marks keys, strings, numbers, literals and dates for colour', () => {
		const [, line] = valueLines({a: true, b: 'x', c: 1, d: null});
		expect(line!.tokens.map(({start, end, style}) => [line!.text.slice(start, end), style])).toEqual([['  ', 'plain'], ['"a"', 'key'], [': ', 'punctuation'], ['true', 'literal'], [',', 'punctuation']]);
	});

	it('shows a string as its lines, and a date as its ISO text and local time', () => {
		expect(valueLines('one\ntwo').map(line => line.text)).toEqual(['one', 'two']);
		const [iso, local] = valueLines(new Date('2024-01-31T12:00:00.000Z'));
		expect(iso!.text).toBe('2024-01-31T12:00:00.000Z');
		expect(local!.text).toMatch(/^local time: .*2024/);
	});

	it('shows what a terminal would act on as pictures: escapes in a string, bidi overrides in a key', () => {
		expect(valueLines('a\u001B[31mb').map(line => line.text)).toEqual(['a␛[31mb']);
		expect(valueLines({'\u202Ex': 1})[1]!.text).toBe('  "\uFFFDx": 1');
	});

	it('lays a frozen value out once', () => {
		const value = Object.freeze({a: 1});
		expect(valueLines(value)).toBe(valueLines(value));
	});
});
