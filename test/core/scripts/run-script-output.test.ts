import {describe, expect, test} from 'vitest';
import {runScript, type ScriptLimits} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

const megabyte = 1024 * 1024;

function run(code: string, limits?: ScriptLimits) {
	return runScript({code, phase: 'post-response', requestName: 'Flood', source: 'request', variables: scopeVariables(), limits});
}

const leftOut = 'Console output past 10,000 lines or 1,000,000 characters was left out';

describe('console output is kept up to its cap, and one line says how much was left out', () => {
	test('100,000 short lines keep the first 10,000; the rest is counted in lines and bytes', async () => {
		const {logs, error} = await run('for (let i = 0; i < 100000; i++) console.log("line " + i)');
		expect(error).toBeUndefined();
		expect(logs).toHaveLength(10_001);
		expect(logs[9999]!.text).toBe('line 9999');
		let bytes = 0;
		for (let index = 10_000; index < 100_000; index++) {
			bytes += `line ${index}`.length;
		}

		expect(bytes).toBe(900_000);
		expect(logs.at(-1)).toEqual({level: 'warn', text: `${leftOut}: 879 KB in 90,000 more lines`, source: 'request post-response'});
	});

	test('ten million lines end at the time limit with the output bounded, and say what was left out', async () => {
		const {logs, error} = await run('for (let i = 0; i < 1e7; i++) console.log(i)');
		expect(error).toMatchObject({kind: 'timeout'});
		expect(logs).toHaveLength(10_001);
		expect(logs.at(-1)!.text).toMatch(new RegExp(`^${leftOut}: [\\d.]+ [KM]?B in [\\d,]+ more lines$`));
	});

	test('what is left out is counted in UTF-8 bytes', async () => {
		const {logs} = await run('console.log("a".repeat(1e6)); console.log("é€😀")');
		expect(logs.map(entry => entry.text.length)).toEqual([1e6, `${leftOut}: 9 B in 1 more line`.length]);
		expect(logs.at(-1)!.text).toBe(`${leftOut}: 9 B in 1 more line`);
	});

	test('a failed test after a flood of logging is still reported', async () => {
		const {logs} = await run('for (let i = 0; i < 20000; i++) console.log(i);\npm.test("status", () => { throw new Error("not 200") })');
		expect(logs.filter(entry => entry.test !== undefined)).toEqual([{level: 'error', text: '✗ status: Error: not 200', source: 'request post-response', test: 'failed'}]);
		expect(logs.at(-1)!.text).toBe(`${leftOut}: 48.8 KB in 10,000 more lines`);
	});
});

describe('a huge error text is cut to its start, saying how long it was', () => {
	test('a thrown 50 MB string', async () => {
		const {error} = await run('throw "x".repeat(5e7)', {memoryBytes: 256 * megabyte});
		expect(error).toMatchObject({kind: 'thrown', line: 1});
		expect(error!.message).toBe(`Post-response script of "Flood" failed at line 1: it threw a value that is not an Error: ${'x'.repeat(1000)}… (50,000,000 characters in all)`);
	});

	test('an Error with a 50 MB message', async () => {
		const {error} = await run('const message = "y".repeat(5e7);\nthrow new Error(message)', {memoryBytes: 256 * megabyte});
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toBe(`Post-response script of "Flood" failed at line 2: Error: ${'y'.repeat(1000)}… (50,000,000 characters in all)`);
	});

	test('a cut never splits a surrogate pair', async () => {
		const {error} = await run(`throw new Error("a".repeat(999) + "😀".repeat(1000))`);
		expect(error!.message).toBe(`Post-response script of "Flood" failed at line 1: Error: ${'a'.repeat(999)}… (2,999 characters in all)`);
	});
});
