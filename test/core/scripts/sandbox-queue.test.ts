import {expect, test} from 'vitest';
import {closeSandbox, runScript, warmUpSandbox} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

test('runs started together run one at a time, in order, and one killed does not lose the others', async () => {
	const variables = scopeVariables();
	const start = (code: string, timeoutMs = 1000) => runScript({code, phase: 'pre-request', requestName: 'Queued', source: 'request', variables, limits: {timeoutMs}});
	const results = await Promise.all([
		start('client.setVar("order", ["first"])'),
		start('while (true) { "x".repeat(5e6).length }', 100),
		start('client.setVar("order", [...client.getVar("order"), "third"])'),
		start('client.setVar("order", [...client.getVar("order"), "fourth"])'),
	]);
	expect(results.map(result => result.error?.kind)).toEqual([undefined, 'timeout', undefined, undefined]);
	expect(variables.values.get('order')).toEqual(['first', 'third', 'fourth']);
});

test('after closeSandbox the next run starts a new sandbox', async () => {
	await closeSandbox();
	const variables = scopeVariables();
	const result = await runScript({code: 'client.setVar("fresh", true)', phase: 'pre-request', requestName: 'Again', source: 'request', variables});
	expect(result.error).toBeUndefined();
	expect(variables.values.get('fresh')).toBe(true);
});

test('an error thrown by the host\'s variables reaches the script as a catchable Error', async () => {
	const variables = {
		...scopeVariables(),
		set() {
			throw new Error('The runtime scope is read-only here');
		},
	};
	const result = await runScript({code: 'try { client.setVar("a", 1) } catch (error) { console.log(error.message) }\nclient.getVar(5)', phase: 'pre-request', requestName: 'Host', source: 'request', variables});
	expect(result.logs.map(entry => entry.text)).toEqual(['The runtime scope is read-only here']);
	expect(result.error).toMatchObject({kind: 'invalid-value', line: 2});
	expect(result.error!.message).toBe('Pre-request script of "Host" failed at line 2: Variable name must be a string, not a number');
});

test('client.interpolate refuses what is not text', async () => {
	const result = await runScript({code: 'client.interpolate({})', phase: 'pre-request', requestName: 'Host', source: 'request', variables: scopeVariables()});
	expect(result.error!.message).toBe('Pre-request script of "Host" failed at line 1: TypeError: client.interpolate needs a string, not object');
});

test('a sandbox warmed up ahead runs the first script', async () => {
	await closeSandbox();
	warmUpSandbox({memoryBytes: 32 * 1024 * 1024});
	const variables = scopeVariables();
	const result = await runScript({code: 'client.setVar("warm", 1)', phase: 'post-response', requestName: 'Warm', source: 'request', variables, limits: {memoryBytes: 32 * 1024 * 1024}});
	expect(result.error).toBeUndefined();
	expect(variables.values.get('warm')).toBe(1);
});

test('the host keeps running its own work while a script runs', async () => {
	let ticks = 0;
	const ticker = setInterval(() => {
		ticks++;
	}, 10);
	const result = await runScript({code: 'while (true) {}', phase: 'pre-request', requestName: 'Busy', source: 'request', variables: scopeVariables(), limits: {timeoutMs: 300}});
	clearInterval(ticker);
	expect(result.error?.kind).toBe('timeout');
	expect(ticks).toBeGreaterThan(0);
});
