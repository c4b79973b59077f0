import {describe, expect, test} from 'vitest';
import {runScript, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {roundedNumberHint} from '../../../source/core/scripts/rounded-number-hint.js';
import {scopeVariables} from './scope-variables.js';

const rounded = Number('12345678901234567890');
const beyond = 'Variable "id": 12345678901234567000 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string';
const hint = '. The response\'s body has 12345678901234567890, which reading it as JSON (res.body, pm.response.json()) rounded: take its digits from the body\'s text as a string (res.text, pm.response.text())';
const example = String.raw`, e.g. res.text.match(/"id"\s*:\s*(-?\d+)/)[1]`;

function response(body: string): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: bytes, responseTime: 1, size: bytes.length};
}

async function post(code: string, body: string) {
	const variables = scopeVariables();
	const result = await runScript({code, phase: 'post-response', requestName: 'Get user', source: 'request', variables, response: response(body)});
	return {...result, values: variables.values};
}

/** Each API's way of setting a variable to a number read from the body. */
const setsFromBody = {
	'client.setVar': 'client.setVar("id", res.body.id);',
	'pm.environment.set': 'pm.environment.set("id", pm.response.json().id);',
	'bru.setVar': 'bru.setVar("id", res.getBody().id);',
};

describe('setVar of a number the response\'s JSON parsing rounded', () => {
	test.each(Object.entries(setsFromBody))('%s is refused with the digits the body has, and a line that reads them as text', async (_call, code) => {
		const {error, values} = await post(code, '{"id":12345678901234567890,"name":"Ada"}');
		expect(error?.message).toBe(`Post-response script of "Get user" failed at line 1: ${beyond}${hint}${example}`);
		expect(values.has('id')).toBe(false);
	});

	test('the line the message gives sets the digits exactly, as a string', async () => {
		const {error, values} = await post(String.raw`client.setVar("id", res.text.match(/"id"\s*:\s*(-?\d+)/)[1]);`, '{"id": 12345678901234567890}');
		expect(error).toBeUndefined();
		expect(values.get('id')).toBe('12345678901234567890');
	});

	test('a number the script made itself, or a pre-request script\'s, gets no word about the response', async () => {
		const made = await post('client.setVar("id", 2**53);', '{"id": 12345678901234567890}');
		expect(made.error?.message).toBe('Post-response script of "Get user" failed at line 1: Variable "id": 9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string');
		const before = await runScript({code: 'client.setVar("id", 12345678901234567890);', phase: 'pre-request', requestName: 'Get user', source: 'request', variables: scopeVariables()});
		expect(before.error?.message).toBe(`Pre-request script of "Get user" failed at line 1: ${beyond}`);
	});
});

describe('roundedNumberHint', () => {
	test('names the number as the body wrote it, negative and nested too', () => {
		expect(roundedNumberHint('{"user": {"id": -12345678901234567890}}', [-rounded])).toBe(`. The response's body has -12345678901234567890, which reading it as JSON (res.body, pm.response.json()) rounded: take its digits from the body's text as a string (res.text, pm.response.text()), e.g. res.text.match(/"id"\\s*:\\s*(-?\\d+)/)[1]`);
	});

	test('gives no line to copy where the first match of the key would read another number', () => {
		expect(roundedNumberHint('[{"id": 1}, {"id": 12345678901234567890}]', [rounded])).toBe(hint);
	});

	test('gives no line to copy for a number with a fraction or an exponent, or one under no key', () => {
		expect(roundedNumberHint('{"n": 1.2345678901234567890e19}', [rounded])).toBe(hint.replace('12345678901234567890', '1.2345678901234567890e19'));
		expect(roundedNumberHint('[12345678901234567890]', [rounded])).toBe(hint);
	});

	test('says nothing when the body has no such number, or its digits sit inside a string', () => {
		expect(roundedNumberHint('{"id": 12345678901234567890}', [])).toBe('');
		expect(roundedNumberHint('{"id": 12345678901234567890}', [2 ** 53])).toBe('');
		expect(roundedNumberHint('{"id": "12345678901234567890"}', [rounded])).toBe('');
	});
});
