/*
A script's time limit counts its own run: not the sandbox starting, not the prelude setting
up the run, not the host answering its calls. Each test makes one of those take far longer
than the limit, through a real cause, and the script passes.
*/
import {describe, expect, test} from 'vitest';
import {runScript, type ScriptVariables} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

/** A host whose client.interpolate keeps the main thread busy for `ms`, as a large template or a busy UI does. */
function slowHost(ms: number): ScriptVariables & {values: Map<string, unknown>} {
	const variables = scopeVariables();
	return {
		...variables,
		interpolate(text) {
			const end = Date.now() + ms;
			while (Date.now() < end) {
				// The host is busy: the script waits for its answer.
			}

			return text;
		},
	};
}

describe('the time limit counts the script\'s own run', () => {
	test('a host call that takes 1.5 s does not count against a 1000 ms limit', async () => {
		const variables = slowHost(1500);
		const {error} = await runScript({phase: 'post-response', requestName: 'Slow host', source: 'request', variables, code: 'client.interpolate("{{a}}");\nclient.setVar("done", true)'});
		expect(error).toBeUndefined();
		expect(variables.values.get('done')).toBe(true);
	});

	test('setting up the run for a 30 MB request body does not count against a 50 ms limit', async () => {
		const variables = scopeVariables();
		const request = {method: 'POST' as const, url: 'https://api.test/upload', headers: [], body: 'x'.repeat(30 * 1024 * 1024)};
		const {error} = await runScript({phase: 'pre-request', requestName: 'Upload', source: 'request', variables, request, code: 'client.setVar("done", true)', limits: {timeoutMs: 50, memoryBytes: 512 * 1024 * 1024}});
		expect(error).toBeUndefined();
		expect(variables.values.get('done')).toBe(true);
	});

	test('a loop of host calls is still stopped at the limit, the calls\' own time aside', async () => {
		const {error, runMs} = await runScript({phase: 'post-response', requestName: 'Loop', source: 'request', variables: scopeVariables({x: 1}), code: 'while (true) { client.getVar("x") }', limits: {timeoutMs: 200}});
		expect(error).toMatchObject({kind: 'timeout', line: 1});
		expect(runMs).toBeGreaterThan(200);
	});
});

describe('the run time a script reports', () => {
	test('is its own: a host call of 1.5 s is not in it', async () => {
		const {runMs, error} = await runScript({phase: 'post-response', requestName: 'Slow host', source: 'request', variables: slowHost(1500), code: 'client.interpolate("{{a}}")'});
		expect(error).toBeUndefined();
		expect(runMs).toBeGreaterThan(0);
		expect(runMs).toBeLessThan(1500);
	});

	test('is given for a script that failed, and not for one that did not run', async () => {
		expect((await runScript({phase: 'pre-request', requestName: 'Throws', source: 'request', variables: scopeVariables(), code: 'throw new Error("no")'})).runMs).toBeGreaterThan(0);
		expect((await runScript({phase: 'pre-request', requestName: 'Empty', source: 'request', variables: scopeVariables(), code: '  '})).runMs).toBeUndefined();
	});
});
