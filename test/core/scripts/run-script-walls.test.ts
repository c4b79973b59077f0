import {describe, expect, test} from 'vitest';
import {runScript} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

async function logsOf(code: string) {
	const result = await runScript({code, phase: 'pre-request', requestName: 'Walls', source: 'request', variables: scopeVariables()});
	expect(result.error).toBeUndefined();
	return result.logs.map(entry => entry.text);
}

describe('a script reaches nothing of the host', () => {
	test('no process, fetch or module loading among the globals; require is the sandbox\'s own', async () => {
		expect(await logsOf('console.log(typeof process, typeof module, typeof exports, typeof fetch, typeof XMLHttpRequest, typeof Buffer, typeof __filename)')).toEqual([
			'undefined undefined undefined undefined undefined undefined undefined',
		]);
		const {error} = await runScript({code: 'require("fs")', phase: 'pre-request', requestName: 'Walls', source: 'request', variables: scopeVariables()});
		expect(error!.message).toMatch(/Error: Cannot find module "fs": scripts in curlew can require /);
	});

	test('the global object holds only the language, the script API and the loop and throw markers', async () => {
		const [names] = await logsOf('console.log(Object.getOwnPropertyNames(globalThis).filter(name => !/^[A-Z]/.test(name)).sort().join(" "))');
		expect(names!.split(' ')).toEqual([
			'__curlewLoop', '__curlewThrow', 'atob', 'btoa', 'clearImmediate', 'clearInterval', 'clearTimeout', 'client', 'console', 'crypto', 'decodeURI', 'decodeURIComponent', 'encodeURI',
			'encodeURIComponent', 'escape', 'eval', 'globalThis', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'require', 'setImmediate', 'setInterval', 'setTimeout', 'undefined', 'unescape',
		]);
	});

	test('the loop marker is a frozen function that cannot be replaced and only notes a number', async () => {
		expect(await logsOf('"use strict"; let replaced = "no"; try { globalThis.__curlewLoop = () => 1; replaced = "yes" } catch {} console.log(replaced, Object.isFrozen(__curlewLoop), __curlewLoop(7), __curlewLoop(0))')).toEqual(['no true 0 7']);
	});

	test('the throw marker is a frozen function that cannot be replaced and hands its value back', async () => {
		expect(await logsOf('"use strict"; let replaced = "no"; try { globalThis.__curlewThrow = () => 1; replaced = "yes" } catch {} console.log(replaced, Object.isFrozen(__curlewThrow), __curlewThrow(7, "value"))')).toEqual(['no true value']);
	});

	test.each([
		['Function("return this")()', 'Function("return this")()'],
		['constructor.constructor("return this")()', '({}).constructor.constructor("return this")()'],
		['a function\'s constructor', '(() => 1).constructor("return this")()'],
		['an API function\'s constructor', 'client.setVar.constructor("return this")()'],
		['indirect eval', '(0, eval)("this")'],
	])('%s sees the sandbox global, without process', async (_name, expression) => {
		expect(await logsOf(`const seen = ${expression}; console.log(seen === globalThis, typeof seen.process, seen.require === require, "process" in seen)`)).toEqual(['true undefined true false']);
	});

	test('dynamic import fails cleanly, as a rejected promise the script can catch', async () => {
		expect(await logsOf('import("fs").then(() => console.log("loaded"), error => console.log("refused:", error.message))')).toEqual(["refused: could not load module 'fs'"]);
	});

	test('a static import is a syntax error, not a module load', async () => {
		const result = await runScript({code: 'import fs from "fs";', phase: 'pre-request', requestName: 'Walls', source: 'request', variables: scopeVariables()});
		expect(result.error).toMatchObject({kind: 'syntax', line: 1});
	});

	test('host functions handed to the script do not leak host objects through their arguments or errors', async () => {
		expect(await logsOf(`
			let leaked = "none";
			try { client.getVar({toString() { return "x" }}) } catch (error) { leaked = error.constructor.constructor("return typeof process")() }
			console.log(leaked);
		`)).toEqual(['undefined']);
	});
});

describe('prototype pollution stays inside one run', () => {
	test('polluting Object.prototype affects neither the host nor the next script', async () => {
		const variables = scopeVariables();
		const first = await runScript({
			code: 'Object.prototype.polluted = "yes"; Array.prototype.polluted = "yes"; JSON.stringify = () => "hijacked"; Object.entries = () => []; client.setVar("v", {a: [1]})',
			phase: 'pre-request',
			requestName: 'Walls',
			source: 'request',
			variables,
		});
		expect(first.error).toBeUndefined();
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
		expect(variables.values.get('v')).toStrictEqual({a: [1]});
		expect(Object.hasOwn(variables.values.get('v') as object, 'polluted')).toBe(false);

		expect(await logsOf('console.log(typeof ({}).polluted, typeof [].polluted, JSON.stringify({a: 1}), Object.entries({b: 2}).length)')).toEqual(['undefined undefined {"a":1} 1']);
	});

	test('globals a script defines are gone in the next run', async () => {
		expect(await logsOf('globalThis.leftover = 1; var declared = 2; console.log(leftover + declared)')).toEqual(['3']);
		expect(await logsOf('console.log(typeof leftover, typeof declared)')).toEqual(['undefined undefined']);
	});

	test('a promise callback left pending cannot run in a later script', async () => {
		const variables = scopeVariables();
		await runScript({code: 'let resolve; new Promise(r => { resolve = r }).then(() => client.setVar("late", true)); globalThis.keep = resolve', phase: 'pre-request', requestName: 'Walls', source: 'request', variables});
		await runScript({code: 'typeof keep === "function" && keep()', phase: 'pre-request', requestName: 'Walls', source: 'request', variables});
		expect(variables.values.has('late')).toBe(false);
	});

	test('replacing the script API only affects the script that did it', async () => {
		expect(await logsOf('client.setVar = () => 0; console.log = null; globalThis.client = undefined')).toEqual([]);
		expect(await logsOf('console.log(typeof client.setVar)')).toEqual(['function']);
	});
});
