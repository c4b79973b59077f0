import {describe, expect, it} from 'vitest';
import {parseVarFlag, UsageError} from '../../source/commands/parse-var.js';

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
		['id=12345678901234567890', /is beyond the integers a number keeps exactly.*--var 'id="12345678901234567890"'/],
		['user={"id":12345678901234567890}', /--var user: 12345678901234567890 is beyond the integers a number keeps exactly/],
		['process.env.HOME=/tmp', '--var process.env.HOME=/tmp: Variable name "process.env.HOME" starts with "process.": a placeholder that starts so reads the environment ({{process.env.NAME}}), never a variable, so this one could not be used; choose another name'],
	])('refuses %s with a clear message', (flag, message) => {
		expect(() => parseVarFlag(flag)).toThrow(message);
	});

	it('refuses a value nested 5000 deep with the limit, not a stack overflow', () => {
		expect(() => parseVarFlag(`deep=${'['.repeat(5000)}${']'.repeat(5000)}`)).toThrow(new UsageError('--var deep: The value is nested too deep: at most 256 arrays and objects inside one another'));
	});

	it.each([
		['v=9007199254740993.0', '--var v: 9007199254740993.0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written: --var \'v="9007199254740993.0"\''],
		['v=9007199254740993e0', '--var v: 9007199254740993e0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written: --var \'v="9007199254740993e0"\''],
		['v=12345678901234567890.5', '--var v: 12345678901234567890.5 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written: --var \'v="12345678901234567890.5"\''],
		['v=1e20', '--var v: 1e20 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 100000000000000000000; keep it as a string to send it as written: --var \'v="1e20"\''],
		['v=[9007199254740993.0]', '--var v: 9007199254740993.0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
	])('refuses %s, which would be rounded, and says how to send it as written', (flag, message) => {
		expect(() => parseVarFlag(flag)).toThrow(message);
	});

	it.each([
		['v=0.1', ['v', 0.1]],
		['v=1.5e3', ['v', 1500]],
		['v=-9007199254740991', ['v', -9007199254740991]],
		['v="9007199254740993.0"', ['v', '9007199254740993.0']],
	])('keeps decimals and safe integers as numbers: %s', (flag, expected) => {
		expect(parseVarFlag(flag)).toEqual(expected);
	});

	it.each([
		['d={"$date":"2024-01-31"}', new Date('2024-01-31T00:00:00.000Z')],
		['d={"$date":"2024-01-31T12:00Z"}', new Date('2024-01-31T12:00:00.000Z')],
		['d={"$date":"2024-01-31T14:00+02:00"}', new Date('2024-01-31T12:00:00.000Z')],
	])('reads %s, a date without seconds or without a time (midnight UTC)', (flag, date) => {
		expect(parseVarFlag(flag)).toEqual(['d', date]);
	});

	it('still refuses a date that does not exist', () => {
		expect(() => parseVarFlag('d={"$date":"2024-02-30"}')).toThrow('--var d: {"$date": …} holds a date as an ISO 8601 string: "2024-02-30" has day 30: days of February 2024 go from 01 to 29');
	});
});
