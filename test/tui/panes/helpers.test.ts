import {describe, expect, it, vi} from 'vitest';
import type {Value} from '../../../source/core/values.js';
import {mask} from '../../../source/core/secrets.js';
import {createDebouncedSaver} from '../../../source/tui/pipeline/debounced-saver.js';
import {formToText, textToForm} from '../../../source/tui/panes/request/form-lines.js';
import {headerToLine, parseHeaderLine} from '../../../source/tui/panes/request/header-line.js';
import {showValue} from '../../../source/tui/panes/variables/show-value.js';
import {editableKindOf, parseValue, valueToText} from '../../../source/tui/panes/variables/variable-input.js';

describe('parseValue', () => {
	it('reads each kind', () => {
		expect(parseValue('hello', 'string')).toEqual({ok: true, value: 'hello'});
		expect(parseValue(' -1.5 ', 'number')).toEqual({ok: true, value: -1.5});
		expect(parseValue('TRUE', 'boolean')).toEqual({ok: true, value: true});
		expect(parseValue('{"a": [1, null]}', 'json')).toEqual({ok: true, value: {a: [1, null]}});
		expect(parseValue('2024-01-31T12:00:00.000Z', 'date')).toEqual({ok: true, value: new Date('2024-01-31T12:00:00.000Z')});
	});

	it('refuses bad text with a message that says what to type', () => {
		expect(parseValue('abc', 'number')).toEqual({ok: false, message: expect.stringContaining('is not a number: type digits') as string});
		expect(parseValue('', 'number').ok).toBe(false);
		expect(parseValue('Infinity', 'number').ok).toBe(false);
		expect(parseValue('yes', 'boolean')).toEqual({ok: false, message: expect.stringContaining('type true or false') as string});
		expect(parseValue('{a: 1}', 'json')).toEqual({ok: false, message: expect.stringContaining('Not valid JSON') as string});
		expect(parseValue('31/01/2024', 'date')).toEqual({ok: false, message: expect.stringContaining('ISO 8601') as string});
		expect(parseValue('{"at": {"$date": "soon"}}', 'json')).toEqual({ok: false, message: expect.stringContaining('"soon" is not an ISO 8601 date-time') as string});
	});

	it('says where JSON text is not valid JSON, by line and column, also where V8 gives no position', () => {
		expect(parseValue('{"id": 1, name: "Ada"}', 'json')).toEqual({ok: false, message: 'Not valid JSON at line 1, column 11: expected a property name in double quotes, found "n"; type an object such as {"id": 1} or an array such as [1, 2]'});
		expect(parseValue('[1,\n 2,\n ZYXWVUTSRQ]', 'json')).toEqual({ok: false, message: 'Not valid JSON at line 3, column 2: expected a value (an object, array, string, number, true, false or null), found "Z"; type an object such as {"id": 1} or an array such as [1, 2]'});
	});

	it('refuses numbers that would not be kept as typed: other bases, and integers beyond 2^53', () => {
		expect(parseValue('0x10', 'number').ok).toBe(false);
		expect(parseValue('0b11', 'number').ok).toBe(false);
		expect(parseValue('12345678901234567890', 'number')).toEqual({ok: false, message: expect.stringContaining('is beyond the integers a number keeps exactly') as string});
		expect(parseValue('9007199254740991', 'number')).toEqual({ok: true, value: 9_007_199_254_740_991});
		expect(parseValue('1.5e3', 'number')).toEqual({ok: true, value: 1500});
		expect(parseValue('.5', 'number')).toEqual({ok: true, value: 0.5});
	});

	it('refuses a JSON value holding an integer beyond 2^53 at any depth, but not such digits in a string or a fraction', () => {
		expect(parseValue('{"ids": [1, {"id": 12345678901234567890}]}', 'json')).toEqual({ok: false, message: expect.stringContaining('12345678901234567890 is beyond the integers a number keeps exactly') as string});
		expect(parseValue('{"id": "12345678901234567890", "pi": 3.14159265358979323846, "max": -9007199254740991}', 'json')).toEqual({ok: true, value: {id: '12345678901234567890', pi: 3.141_592_653_589_793, max: -9_007_199_254_740_991}});
	});

	it('reads {"$date": …} in JSON as a date at any depth, and keeps other $ keys as written', () => {
		const when = new Date('2024-01-31T12:00:00.000Z');
		expect(parseValue('{"at": {"$date": "2024-01-31T12:00:00.000Z"}, "list": [{"$date": "2024-01-31T12:00:00Z"}]}', 'json')).toEqual({ok: true, value: {at: when, list: [when]}});
		expect(parseValue('{"age": {"$gt": 18}}', 'json')).toEqual({ok: true, value: {age: {$gt: 18}}});
		expect(valueToText({at: when, filter: {$gt: 18}}, 'json')).toBe('{"at":{"$date":"2024-01-31T12:00:00.000Z"},"filter":{"$gt":18}}');
	});

	it('shows a value as text for its kind and reads it back', () => {
		const values: Value[] = ['text', 42, false, {a: [1, 'b']}, [1, 2], null, new Date('2024-05-06T07:08:09.010Z'), {since: {at: new Date('2020-05-01T09:30:00.000Z')}, $gt: 1}];
		for (const value of values) {
			const kind = editableKindOf(value);
			expect(parseValue(valueToText(value, kind), kind)).toEqual({ok: true, value});
		}
	});
});

describe('header lines', () => {
	it('reads Name: value and writes it back', () => {
		expect(parseHeaderLine('X-API-Key: {{authConfig.apiKey}}')).toEqual({ok: true, name: 'X-API-Key', value: '{{authConfig.apiKey}}'});
		expect(parseHeaderLine('Accept:application/json')).toEqual({ok: true, name: 'Accept', value: 'application/json'});
		expect(headerToLine({name: 'Accept', value: 'text/html'})).toBe('Accept: text/html');
	});

	it('refuses a line without a colon, without a name, or with a space in the name', () => {
		expect(parseHeaderLine('Accept')).toEqual({ok: false, message: expect.stringContaining('no colon') as string});
		expect(parseHeaderLine(': x')).toEqual({ok: false, message: expect.stringContaining('no name') as string});
		expect(parseHeaderLine('a b: x')).toEqual({ok: false, message: 'Header name "a b" is invalid: use letters, digits and - _ (no spaces)'});
	});
});

describe('form lines', () => {
	it('reads name=value lines, skipping blank ones, and writes them back', () => {
		const fields = textToForm('user=ann\n\nnote=a=b\nflag');
		expect(fields).toEqual([{name: 'user', value: 'ann'}, {name: 'note', value: 'a=b'}, {name: 'flag', value: ''}]);
		expect(formToText(fields)).toBe('user=ann\nnote=a=b\nflag=');
	});
});

describe('showValue', () => {
	it('shows each kind compactly, dates as ISO text, and masks secrets unless revealed', () => {
		expect(showValue('a b')).toBe('"a b"');
		expect(showValue(3.5)).toBe('3.5');
		expect(showValue(new Date('2024-01-31T12:00:00.000Z'))).toBe('2024-01-31T12:00:00.000Z');
		expect(showValue({when: new Date('2024-01-31T12:00:00.000Z'), tags: ['x']})).toBe('{"when":"2024-01-31T12:00:00.000Z","tags":["x"]}');
		expect(showValue('hunter2', {secret: true})).toBe(mask);
		expect(showValue('hunter2', {secret: true, reveal: true})).toBe('"hunter2"');
	});
});

describe('createDebouncedSaver', () => {
	it('saves the last text of each field once after the delay, or at once on flush', () => {
		vi.useFakeTimers();
		try {
			const saved: string[] = [];
			const saver = createDebouncedSaver(300);
			saver.schedule('url', () => saved.push('url:a'));
			saver.schedule('url', () => saved.push('url:ab'));
			saver.schedule('body', () => saved.push('body:x'));
			expect(saver.pending).toBe(true);
			vi.advanceTimersByTime(299);
			expect(saved).toEqual([]);
			vi.advanceTimersByTime(1);
			expect(saved).toEqual(['url:ab', 'body:x']);
			saver.schedule('url', () => saved.push('url:abc'));
			saver.flush();
			expect(saved.at(-1)).toBe('url:abc');
			expect(saver.pending).toBe(false);
		} finally {
			vi.useRealTimers();
		}
	});
});
