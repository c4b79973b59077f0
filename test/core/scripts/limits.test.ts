import {describe, expect, test} from 'vitest';
import {checkScriptLimit, maxMemoryBytes, maxTimeoutMs, runScript} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

const megabyte = 1024 * 1024;
const day = 24 * 60 * 60 * 1000;

describe('script limits past what the sandbox honours', () => {
	test.each([
		['2 GB', 2048 * megabyte],
		['4 GB', 4096 * megabyte],
		['24 GB', 24 * 1024 * megabyte],
	])('a memory limit of %s runs scripts with the most the sandbox can give', async (_size, memoryBytes) => {
		const variables = scopeVariables();
		const {error} = await runScript({phase: 'pre-request', requestName: 'Big', source: 'request', variables, code: 'client.setVar("n", "x".repeat(1e6).length)', limits: {memoryBytes}});
		expect(error).toBeUndefined();
		expect(variables.values.get('n')).toBe(1e6);
	});

	test('the memory cap is 2032 MB: the 2 GB QuickJS\'s module can address, less its own 16 MB', () => {
		expect(maxMemoryBytes).toBe(2032 * megabyte);
	});

	test.each([
		['a 24 hour time limit', 'timeoutMs', day, maxTimeoutMs, 'the script time limit of 86400000 ms is more than the sandbox honours (a script may run 60000 ms at most): scripts run with 60000 ms'],
		['a 2 GB memory limit', 'memoryBytes', 2048 * megabyte, maxMemoryBytes, 'the script memory limit of 2147483648 bytes (2048 MB) is more than the sandbox honours (the sandbox can give a script 2032 MB at most): scripts run with 2032 MB'],
		['a 1 MB memory limit', 'memoryBytes', megabyte, 2 * megabyte, 'the script memory limit of 1048576 bytes (1 MB) is less than a script needs (2 MB at least): scripts run with 2 MB'],
		['a time limit of 0 ms', 'timeoutMs', 0, 1, 'the script time limit of 0 ms is less than a script needs (1 ms at least): scripts run with 1 ms'],
		['a time limit of 2.5 ms', 'timeoutMs', 2.5, 3, 'the script time limit of 2.5 ms is not a whole number: scripts run with 3 ms'],
	] as const)('%s is capped, and the check says what it becomes', (_what, name, requested, applied, note) => {
		expect(checkScriptLimit(name, requested)).toEqual({requested, applied, note});
	});

	test.each([
		['the default time limit', 'timeoutMs', 1000],
		['the longest time limit', 'timeoutMs', maxTimeoutMs],
		['the default memory limit', 'memoryBytes', 64 * megabyte],
		['the most memory', 'memoryBytes', maxMemoryBytes],
	] as const)('%s is within the caps: nothing to say', (_what, name, requested) => {
		expect(checkScriptLimit(name, requested)).toEqual({requested, applied: requested});
	});
});
