import {describe, expect, it, vi} from 'vitest';
import {dynamicVariableNames, interpolate} from '../../../source/core/interpolate/index.js';

const uuid = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

describe('dynamic variables', () => {
	it.each([
		['$guid', uuid],
		['$randomUUID', uuid],
		['$timestamp', /^\d{10}$/],
		['$isoTimestamp', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/],
		['$randomInt', /^\d{1,4}$/],
		['$randomEmail', /^\S+@\S+\.\S+$/],
		['$randomFirstName', /^\S/],
		['$randomLastName', /^\S/],
		['$randomBoolean', /^(true|false)$/],
		['$randomIP', /^\d+\.\d+\.\d+\.\d+$|:/],
		['$randomUrl', /^https?:\/\//],
		['$randomWord', /^\S+/],
	])('{{%s}} gives a fresh value of its kind', (name, pattern) => {
		const result = interpolate(`{{${name}}}`, {});
		expect(result.problems).toEqual([]);
		expect(result.text).toMatch(pattern);
	});

	it('computes a new value for each placeholder', () => {
		const [first, second] = interpolate('{{$guid}} {{$guid}}', {}).text.split(' ');
		expect(first).not.toBe(second);
	});

	it('gives $isoTimestamp as a date: the ISO text in a string, a JSON string outside quotes', () => {
		const {text, problems} = interpolate('{"at": {{$isoTimestamp}}, "text": "at {{$isoTimestamp}}"}', {}, {context: 'json'});
		expect(problems).toEqual([]);
		const parsed = JSON.parse(text) as {at: string; text: string};
		expect(parsed.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		expect(parsed.text).toMatch(/^at \d{4}-/);
	});

	it('gives the Unix time in seconds for $timestamp', () => {
		const seconds = Number(interpolate('{{$timestamp}}', {}).text);
		expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(60);
	});

	it('serves every name of the Postman/Bruno list without a problem, and without a library warning on the console', () => {
		expect(dynamicVariableNames.length).toBeGreaterThan(100);
		const warn = vi.spyOn(console, 'warn');
		try {
			for (const name of dynamicVariableNames) {
				const result = interpolate(`{"v": "{{$${name}}}"}`, {}, {context: 'json'});
				expect(result.problems, name).toEqual([]);
				expect(() => JSON.parse(result.text) as unknown, name).not.toThrow();
			}

			expect(warn).not.toHaveBeenCalled();
		} finally {
			warn.mockRestore();
		}
	});

	it('gives four digits for $randomCreditCardMask, as Postman does', () => {
		expect(interpolate('{{$randomCreditCardMask}}', {}).text).toMatch(/^\d{4}$/);
	});

	it('puts typed dynamic values in JSON outside quotes', () => {
		const parsed = JSON.parse(interpolate('{"n": {{$randomInt}}, "b": {{$randomBoolean}}, "t": {{$timestamp}}}', {}, {context: 'json'}).text) as Record<string, unknown>;
		expect(typeof parsed.n).toBe('number');
		expect(typeof parsed.b).toBe('boolean');
		expect(typeof parsed.t).toBe('number');
	});
});

describe('{{process.env.NAME}}', () => {
	it('reads the environment', () => {
		expect(interpolate('{{process.env.API_HOST}}:{{ process.env.PORT }}', {}, {env: {API_HOST: 'h', PORT: '80'}, allowedEnv: ['API_HOST', 'PORT']}).text).toBe('h:80');
	});

	it('reads process.env by default', () => {
		process.env.CURLEW_TEST_VALUE = 'from the shell';
		expect(interpolate('{{process.env.CURLEW_TEST_VALUE}}', {}, {allowedEnv: ['CURLEW_TEST_VALUE']}).text).toBe('from the shell');
		delete process.env.CURLEW_TEST_VALUE;
	});

	it('reports an unset environment variable and keeps the placeholder', () => {
		const result = interpolate('{{process.env.NOPE}}', {}, {env: {}, allowedEnv: ['NOPE']});
		expect(result.text).toBe('{{process.env.NOPE}}');
		expect(result.problems[0]).toMatchObject({kind: 'undefined-variable', message: expect.stringContaining('NOPE is not set') as string});
	});
});
