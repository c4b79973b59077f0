import {describe, expect, it} from 'vitest';
import {parseVarFlag} from '../../source/commands/parse-var.js';

describe('--var name=<json>', () => {
	it.each([
		['id=42', ['id', 42]],
		['ok=true', ['ok', true]],
		['none=null', ['none', null]],
		['user={"id":1,"tags":["a"]}', ['user', {id: 1, tags: ['a']}]],
		['list=[1,2]', ['list', [1, 2]]],
		['quoted="42"', ['quoted', '42']],
		['env=staging', ['env', 'staging']],
		['url=https://x.test/a?b=c', ['url', 'https://x.test/a?b=c']],
		['empty=', ['empty', '']],
	])('reads %s', (flag, expected) => {
		expect(parseVarFlag(flag)).toEqual(expected);
	});

	it('reads a tagged date as a Date', () => {
		const [, value] = parseVarFlag('when={"$date":"2024-01-01T00:00:00.000Z"}');
		expect(value).toBeInstanceOf(Date);
	});

	it('reads other keys that start with $ as written, and nested dates as dates', () => {
		expect(parseVarFlag('filter={"age":{"$gt":18},"since":{"$date":"2024-01-01T00:00:00.000Z"}}')).toEqual(['filter', {age: {$gt: 18}, since: new Date('2024-01-01T00:00:00.000Z')}]);
	});

	it.each([
		['novalue', /has no "="/],
		['bad name=1', /"bad name" is invalid/],
		['$x=1', /starts with \$/],
		['when={"$date":"soon"}', /"soon" is not an ISO 8601 date-time/],
		['id=12345678901234567890', /more digits than a number keeps exactly.*--var 'id="12345678901234567890"'/],
		['user={"id":12345678901234567890}', /--var user: 12345678901234567890 has more digits than a number keeps exactly/],
	])('refuses %s with a clear message', (flag, message) => {
		expect(() => parseVarFlag(flag)).toThrow(message);
	});
});
