import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {bulkThreshold} from '../../../source/core/interpolate/bulk.js';
import {interpolate} from '../../../source/core/interpolate/index.js';

/*
{{process.env.NAME}} reads the real environment of the process, but only the names the user
allowed: each test sets real variables in process.env and reads them through the default.
*/
const secret = 'CURLEW_TEST_SECRET_KEY';
const profile = 'CURLEW_TEST_PROFILE';
const prefixed = 'CURLEW_TEST_APP_REGION';

beforeEach(() => {
	process.env[secret] = 'hunter2-secret';
	process.env[profile] = 'dev-profile';
	process.env[prefixed] = 'eu-west-1';
});

afterEach(() => {
	for (const name of [secret, profile, prefixed]) {
		delete process.env[name];
	}
});

const refusal = (name: string) => `{{process.env.${name}}}: the environment variable ${name} is not one you allowed curlew to read, so no collection can send it: allow it with curlew env allow ${name}`;

describe('{{process.env.NAME}} reads only names the user allowed', () => {
	it('reads nothing when nothing is allowed, reporting each name as a problem that says how to allow it', () => {
		const result = interpolate(`key={{process.env.${secret}}}`, {});

		expect(result.text).toBe(`key={{process.env.${secret}}}`);
		expect(result.problems).toEqual([{kind: 'undefined-variable', placeholder: `{{process.env.${secret}}}`, offset: 4, via: [], message: refusal(secret)}]);
	});

	it('reads an allowed name and a name under an allowed prefix, and refuses the others', () => {
		const template = `{{process.env.${profile}}} {{ process.env['${prefixed}'] }} {{process.env.${secret}}}`;
		const result = interpolate(template, {}, {allowedEnv: [profile, 'CURLEW_TEST_APP_*']});

		expect(result.text).toBe(`dev-profile eu-west-1 {{process.env.${secret}}}`);
		expect(result.problems.map(problem => problem.message)).toEqual([refusal(secret)]);
	});

	it('refuses a name read through a variable\'s value, naming the variable it came through', () => {
		const result = interpolate('Bearer {{token}}', {token: `{{process.env.${secret}}}`}, {allowedEnv: [profile]});

		expect(result.text).toBe(`Bearer {{process.env.${secret}}}`);
		expect(result.problems).toMatchObject([{via: ['token'], message: refusal(secret)}]);
	});

	it('refuses in a JSON body filled by the WebAssembly kernel as in a short one', () => {
		const item = `{"region":"{{process.env.${prefixed}}}","key":"{{process.env.${secret}}}"}`;
		const template = `[${Array.from({length: Math.ceil(bulkThreshold / item.length) + 1}, () => item).join(',')}]`;
		expect(template.length).toBeGreaterThanOrEqual(bulkThreshold);

		const result = interpolate(template, {}, {context: 'json', allowedEnv: ['CURLEW_TEST_APP_*']});

		const items = JSON.parse(result.text) as Array<{region: string; key: string}>;
		expect(new Set(items.map(each => each.region))).toEqual(new Set(['eu-west-1']));
		expect(new Set(items.map(each => each.key))).toEqual(new Set([`{{process.env.${secret}}}`]));
		expect(result.text).not.toContain('hunter2');
		expect(result.problems).toHaveLength(items.length);
		expect(new Set(result.problems.map(problem => problem.message))).toEqual(new Set([refusal(secret)]));
	});

	it('says an allowed name that is not set is not set', () => {
		const result = interpolate('{{process.env.CURLEW_TEST_NEVER_SET}}', {}, {allowedEnv: ['CURLEW_TEST_*']});

		expect(result.problems[0]!.message).toBe('{{process.env.CURLEW_TEST_NEVER_SET}}: the environment variable CURLEW_TEST_NEVER_SET is not set');
	});

	it('matches a prefix from the start of the name only, and a name exactly', () => {
		const result = interpolate(`{{process.env.${prefixed}}}|{{process.env.${profile}}}`, {}, {allowedEnv: ['APP_*', 'CURLEW_TEST_PROF']});

		expect(result.problems.map(problem => problem.message)).toEqual([refusal(prefixed), refusal(profile)]);
	});
});
