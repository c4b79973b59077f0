import {describe, expect, it} from 'vitest';
import {findJsonSyntaxError, JsonSyntaxError, parseJsonText} from '../../../source/core/formats/json-text.js';

describe('parseJsonText', () => {
	it('parses valid JSON', () => {
		expect(parseJsonText('{"a": [1, "x", null]}')).toEqual({a: [1, 'x', null]});
	});

	it('skips a byte order mark at the start, as editors on Windows write one, and counts columns after it', () => {
		expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({a: 1});
		expect(() => parseJsonText('\uFEFF{"a": }')).toThrow(new JsonSyntaxError(1, 7, 'expected a value (an object, array, string, number, true, false or null), found "}"'));
	});

	it('keeps a byte order mark anywhere but the start', () => {
		expect(parseJsonText('"\uFEFF"')).toBe('\uFEFF');
		expect(() => parseJsonText(' \uFEFF{}')).toThrow(JsonSyntaxError);
	});

	it.each([
		['{\n\t"a": 1,\n\t"b": }', 3, 7, /expected a value/],
		['{"a": 1', 1, 8, /expected "," or "}"/],
		['{a: 1}', 1, 2, /property name in double quotes/],
		['[1, 2,]', 1, 7, /expected a value/],
		['{"a": 1} x', 1, 10, /after the end of the JSON value/],
		['"a\\qb"', 1, 3, /is not a JSON escape/],
		['{"a": "line\nbreak"}', 1, 12, /control character/],
		['', 1, 1, /the text ends/],
	])('gives the line and column of the error in %j', (text, line, column, problem) => {
		const error = catchError(() => parseJsonText(text));
		expect(error).toBeInstanceOf(JsonSyntaxError);
		expect(error).toMatchObject({line, column});
		expect((error as Error).message).toMatch(new RegExp(`^Invalid JSON at line ${line}, column ${column}: `));
		expect((error as Error).message).toMatch(problem);
	});

	it('says where invalid text is nested too deep, rather than overflowing the stack looking for its error', () => {
		expect(() => parseJsonText('['.repeat(100_000))).toThrow(new JsonSyntaxError(1, 257, 'the text is nested too deep: at most 256 arrays and objects inside one another'));
		expect(() => parseJsonText(`${'{"a": '.repeat(300)}`)).toThrow(new JsonSyntaxError(1, 1537, 'the text is nested too deep: at most 256 arrays and objects inside one another'));
	});

	it('still locates an error in invalid text nested 256 deep', () => {
		expect(() => parseJsonText(`${'['.repeat(256)}}`)).toThrow(new JsonSyntaxError(1, 257, 'expected a value (an object, array, string, number, true, false or null), found "}"'));
	});
});

describe('findJsonSyntaxError', () => {
	it('finds nothing wrong with JSON', () => {
		expect(findJsonSyntaxError('{"a": [1, {"b": null}]}')).toBeUndefined();
	});

	it('gives the line and column where V8 gives a character position: a 20,000-line body', () => {
		const lines = Array.from({length: 20_000}, (_, index) => `  {"id": ${index}, "name": "item ${index}", "ok": true},`);
		lines[5001] = '  {"id": 5001, "name": "item", "ok": true, }';
		const text = `[\n${lines.join('\n').slice(0, -1)}\n]`;
		// Node 20's JSON.parse says: Expected double-quoted property name in JSON at position 242874
		const error = findJsonSyntaxError(text);
		expect(error).toEqual(new JsonSyntaxError(5003, 44, 'expected a property name in double quotes, found "}"'));
	});

	it('gives a place where V8 gives none', () => {
		const text = '[1,\n ZYXWVUTSRQPONMLKJIHGFEDCBA]';
		// Node 20's JSON.parse says only: Unexpected token 'Z', "[1,\n ZYXWVU"... is not valid JSON
		expect(findJsonSyntaxError(text)).toEqual(new JsonSyntaxError(2, 2, 'expected a value (an object, array, string, number, true, false or null), found "Z"'));
		expect(findJsonSyntaxError('ZYXWVUTSRQ')).toEqual(new JsonSyntaxError(1, 1, 'expected a value (an object, array, string, number, true, false or null), found "Z"'));
	});

	it('locates an error in a body nested deeper than a value may be, given no limit, without overflowing the stack', () => {
		const deep = `${'['.repeat(100_000)}1,}${']'.repeat(99_999)}`;
		expect(findJsonSyntaxError(deep, Number.POSITIVE_INFINITY)).toEqual(new JsonSyntaxError(1, 100_003, 'expected a value (an object, array, string, number, true, false or null), found "}"'));
		expect(findJsonSyntaxError(deep)).toEqual(new JsonSyntaxError(1, 257, 'the text is nested too deep: at most 256 arrays and objects inside one another'));
	});
});

function catchError(action: () => unknown): unknown {
	try {
		action();
	} catch (error) {
		return error;
	}

	throw new Error('expected an error');
}
