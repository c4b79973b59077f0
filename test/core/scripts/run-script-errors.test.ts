import {describe, expect, test} from 'vitest';
import {runScript, type RunScriptOptions} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

function options(code: string, overrides: Partial<RunScriptOptions> = {}): RunScriptOptions {
	return {code, phase: 'post-response', requestName: 'Login', source: 'request', variables: scopeVariables(), ...overrides};
}

/** After a limit, the sandbox must still run scripts and carry values. */
async function expectNextScriptRuns() {
	const variables = scopeVariables();
	const next = await runScript(options('client.setVar("after", [new Date(0), {ok: true}])', {variables}));
	expect(next.error).toBeUndefined();
	expect(variables.values.get('after')).toStrictEqual([new Date(0), {ok: true}]);
}

describe('errors name the phase, the request, the source and the line', () => {
	test('a syntax error', async () => {
		const {error} = await runScript(options('const a = 1;\nconst b = ;\n'));
		expect(error).toEqual({
			phase: 'post-response',
			requestName: 'Login',
			source: 'request',
			line: 2,
			kind: 'syntax',
			message: 'Post-response script of "Login" has a syntax error at line 2: unexpected token in expression: \';\'',
		});
	});

	test('a TypeError thrown at run time', async () => {
		const {error} = await runScript(options('const body = {};\n\nconst token = body.data.token;'));
		expect(error).toMatchObject({kind: 'thrown', line: 3});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 3: TypeError: cannot read property \'token\' of undefined');
	});

	test('an error thrown by the script, from inside a function', async () => {
		const {error} = await runScript(options('function check(status) {\n\tif (status !== 200) {\n\t\tthrow new Error("unexpected status " + status);\n\t}\n}\ncheck(500);', {phase: 'pre-request', source: 'collection'}));
		expect(error).toMatchObject({kind: 'thrown', line: 3, source: 'collection', phase: 'pre-request'});
		expect(error!.message).toBe('Collection pre-request script, run for "Login", failed at line 3: Error: unexpected status 500');
	});

	test('a thrown value that is not an Error', async () => {
		const {error} = await runScript(options('throw {code: 42}'));
		expect(error).toMatchObject({kind: 'thrown'});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 1: it threw a value that is not an Error: {code: 42}');
	});

	test('a thrown value that is not an Error names the line of its throw, also from a function, a rethrow or an async function', async () => {
		const cases: Array<[string, number]> = [
			['const a = 1;\n\nthrow "x";', 3],
			['function check() {\n\tthrow 42;\n}\ncheck();', 2],
			['try {\n\tthrow "first";\n} catch (caught) {\n\tthrow caught;\n}', 4],
			['(async () => {\n\tawait null;\n\tthrow "late";\n})();', 3],
		];
		for (const [code, line] of cases) {
			const {error} = await runScript(options(code));
			expect(error, code).toMatchObject({kind: 'thrown', line});
			expect(error!.message, code).toMatch(new RegExp(`^Post-response script of "Login" failed at line ${line}: it threw a value that is not an Error: `));
		}
	});

	test('a value the sandbox cannot place has no line rather than a wrong one', async () => {
		const {error} = await runScript(options('try {\n\tthrow "caught";\n} catch {}\nPromise.reject("elsewhere");'));
		expect(error).toMatchObject({kind: 'thrown'});
		expect(error!.line).toBeUndefined();
		expect(error!.message).toBe('Post-response script of "Login" failed: it threw a value that is not an Error: elsewhere');
	});

	test('an Error without a message says so, with nothing dangling', async () => {
		const {error} = await runScript(options('\nthrow new Error();'));
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 2: Error (no message)');
		const typed = await runScript(options('throw new TypeError("")'));
		expect(typed.error!.message).toBe('Post-response script of "Login" failed at line 1: TypeError (no message)');
	});

	test('a SyntaxError from JSON.parse at run time is thrown, not a syntax error of the script', async () => {
		const {error} = await runScript(options('\nJSON.parse("{nope")'));
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toMatch(/^Post-response script of "Login" failed at line 2: SyntaxError: /);
	});

	test('a script that ends in an async function call fails when that function throws after an await, at the throw\'s line', async () => {
		const {error} = await runScript(options('(async () => {\n\tawait null;\n\tif (res.status !== 201) throw new Error("expected 201, got " + res.status);\n})();', {response: {status: 200, statusText: 'OK', headers: [], body: new Uint8Array(), responseTime: 1, size: 0}}));
		expect(error).toMatchObject({kind: 'thrown', line: 3});
		expect(error!.message).toMatch(/failed at line 3: Error: expected 201, got 200$/);
	});

	test('a script that ends in a rejected promise fails, also for a value setVar refuses inside an async function', async () => {
		expect((await runScript(options('Promise.reject(new Error("rejected"));'))).error?.message).toMatch(/Error: rejected$/);
		const variables = scopeVariables();
		const {error} = await runScript(options('(async () => { await null; client.setVar("x", NaN); })();', {variables}));
		expect(error?.message).toMatch(/NaN/);
		expect(variables.values.has('x')).toBe(false);
	});

	test('an unhandled rejection does not fail the script; a caught one can be logged', async () => {
		const result = await runScript(options('Promise.reject(new Error("ignored")); (async () => { throw new Error("x") })().catch(error => console.log(error.message))'));
		expect(result.error).toBeUndefined();
		expect(result.logs.map(entry => entry.text)).toEqual(['x']);
	});
});

describe('limits stop a script cleanly and the next script runs', () => {
	test('an endless loop is stopped by the time limit, at the loop\'s line', async () => {
		const {error} = await runScript(options('let i = 0;\nwhile (true) { i++ }', {limits: {timeoutMs: 200}}));
		expect(error).toMatchObject({kind: 'timeout', line: 2});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 2: it ran longer than its 200 ms limit: look for an endless loop, or raise the collection\'s script time limit');
		await expectNextScriptRuns();
	});

	test('the time limit names the line of whichever loop runs on, nested, in a function, without braces', async () => {
		// Each turn of the labelled loop enters the inner one once: both run on, and the limit may stop either.
		const cases: Array<[string, number | number[]]> = [
			['function spin() {\n\tlet x = 0;\n\tfor (;;) x++;\n}\n\nspin();', 3],
			['for (let i = 0; i < 3; i++) {\n\tlet j = 0;\n\tdo {\n\t\tj++;\n\t} while (j > 0);\n}', 3],
			['const list = [1, 2];\nfor (const item of list) {}\nlet n = 0;\nouter: while (true)\n\twhile (true) { n++; continue outer; }', [4, 5]],
			['const text = "while (true) {}"; // for the reader\nlet k = 0;\nfor (;;) { k++ }', 3],
			
			['let a = 0;\nif (a === 0) while (true) a++; else a--;', 2],
		];
		for (const [code, line] of cases) {
			const {error} = await runScript(options(code, {limits: {timeoutMs: 100}}));
			expect(error?.kind, code).toBe('timeout');
			expect([line].flat(), code).toContain(error?.line);
		}
	});

	test('marking loops keeps every other error on its line and leaves loops working', async () => {
		const thrown = await runScript(options('let total = 0;\nfor (const n of [1, 2, 3]) total += n;\nwhile (total > 0) { total--; }\nif (total === 0) {\n\tthrow new Error("done: " + total);\n}'));
		expect(thrown.error).toMatchObject({kind: 'thrown', line: 5});
		expect(thrown.error!.message).toContain('done: 0');
		const syntax = await runScript(options('for (;;) {\n\tlet = = 1;\n}'));
		expect(syntax.error).toMatchObject({kind: 'syntax', line: 2});
	});

	test('a script stopped in a slow call, outside any loop, names that call\'s line and blames no endless loop', async () => {
		const calls = 'client.setVar("items", items); '.repeat(500);
		// A limit far past building the items, even in a cold sandbox on a loaded machine: the 500 calls take far longer still.
		const {error} = await runScript(options(`const items = Array.from({length: 20000}, (_, i) => ({i, s: "x" + i}));\n\n${calls}`, {limits: {timeoutMs: 1500}}));
		expect(error).toMatchObject({kind: 'timeout', line: 3});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 3: it ran past its 1500 ms limit, busy at that line: do less work there, or raise the collection\'s script time limit');
		await expectNextScriptRuns();
	});

	test('a loop left early by return is not blamed for a later slow call', async () => {
		const calls = 'client.setVar("items", items); '.repeat(500);
		const code = `function first(list) {\n\tfor (const item of list) if (item.i > 0) return item;\n}\nconst items = Array.from({length: 20000}, (_, i) => ({i, s: "x" + i}));\nfirst(items);\n${calls}`;
		const {error} = await runScript(options(code, {limits: {timeoutMs: 1500}}));
		expect(error).toMatchObject({kind: 'timeout', line: 6});
		expect(error!.message).not.toMatch(/endless loop/);
	});

	test('a built-in call too long to stop at a line is not blamed on an endless loop', async () => {
		const {error} = await runScript(options('const text = "a".repeat(40) + "b";\n/^(a+)+$/.test(text);', {limits: {timeoutMs: 200}}));
		expect(error).toMatchObject({kind: 'timeout'});
		expect(error!.message).toMatch(/^Post-response script of "Login" failed( at line 2)?: it ran past its 200 ms limit/);
		expect(error!.message).not.toMatch(/endless loop/);
		await expectNextScriptRuns();
	});

	test('a loop of slow built-in calls, which QuickJS rarely interrupts, is stopped too', async () => {
		const {error} = await runScript(options('while (true) { "x".repeat(5e6).length }', {limits: {timeoutMs: 200}}));
		expect(error).toMatchObject({kind: 'timeout'});
		await expectNextScriptRuns();
	});

	test('an endless loop in a promise callback is stopped', async () => {
		const {error} = await runScript(options('Promise.resolve().then(() => {\n\twhile (true) {}\n})', {limits: {timeoutMs: 200}}));
		expect(error).toMatchObject({kind: 'timeout', line: 2});
		await expectNextScriptRuns();
	});

	test('a memory bomb is stopped by the memory limit', async () => {
		const {error} = await runScript(options('const hoard = [];\nwhile (true) { hoard.push(new Uint8Array(1024 * 1024)) }', {limits: {memoryBytes: 16 * 1024 * 1024, timeoutMs: 10_000}}));
		expect(error).toMatchObject({kind: 'memory', line: 2});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 2: it used more than its 16 MB memory limit: keep less data in variables and arrays, or raise the collection\'s script memory limit');
		await expectNextScriptRuns();
	});

	test('many small allocations are stopped by the memory limit too', async () => {
		const {error} = await runScript(options('const hoard = [];\nwhile (true) { hoard.push({n: hoard.length, s: "item " + hoard.length}) }', {limits: {memoryBytes: 8 * 1024 * 1024, timeoutMs: 20_000}}));
		expect(error).toMatchObject({kind: 'memory'});
		await expectNextScriptRuns();
	});

	test('a JSON body too large to parse within the limit is a memory failure, never a string body', async () => {
		const json = JSON.stringify(Array.from({length: 60_000}, (_, id) => ({id, name: `item ${id}`, tags: ['a', 'b']})));
		const bytes = new TextEncoder().encode(json);
		const response = {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']] as Array<[string, string]>, body: bytes, responseTime: 1, size: bytes.length};
		const {error, logs} = await runScript(options('console.log(typeof res.body)', {response, limits: {memoryBytes: 8 * 1024 * 1024, timeoutMs: 10_000}}));
		expect(logs.map(entry => entry.text)).not.toContain('string');
		expect(error).toMatchObject({kind: 'memory'});
		await expectNextScriptRuns();
	});

	test('an abort stops a script in an endless loop, as cancelled, before its time limit, and the next script runs', async () => {
		// A warm sandbox, so the abort comes while the loop runs, not while a worker starts.
		await expectNextScriptRuns();
		const controller = new AbortController();
		// A limit well within the test's own: an abort that did not stop the loop ends as a timeout, which fails below.
		const running = runScript(options('while (true) {}', {signal: controller.signal, limits: {timeoutMs: 10_000}}));
		setTimeout(() => {
			controller.abort();
		}, 300);
		const {error} = await running;
		expect(error).toMatchObject({kind: 'cancelled'});
		expect(error!.message).toBe('Post-response script of "Login" failed: it was cancelled before it finished');
		await expectNextScriptRuns();
	});

	test('one allocation over the limit is refused', async () => {
		const {error} = await runScript(options('new ArrayBuffer(100 * 1024 * 1024)'));
		expect(error).toMatchObject({kind: 'memory', line: 1});
		await expectNextScriptRuns();
	});

	test('memory is given back after each run', async () => {
		for (let run = 0; run < 4; run++) {
			const {error} = await runScript(options('globalThis.hoard = []; for (let i = 0; i < 10; i++) hoard.push(new Uint8Array(1024 * 1024)); hoard.self = hoard', {limits: {memoryBytes: 16 * 1024 * 1024}}));
			expect(error).toBeUndefined();
		}
	});

	test('deep recursion is stopped by the stack limit', async () => {
		const {error} = await runScript(options('function down(n) {\n\treturn down(n + 1) + 1;\n}\ndown(0);'));
		expect(error).toMatchObject({kind: 'stack', line: 2});
		expect(error!.message).toBe('Post-response script of "Login" failed at line 2: the call stack overflowed: look for endless recursion, or nesting too deep for the sandbox');
		await expectNextScriptRuns();
	});

	test('recursion a script catches is its own business', async () => {
		const result = await runScript(options('function down() { return down() }\ntry { down() } catch (error) { console.log(error.message) }'));
		expect(result.error).toBeUndefined();
		expect(result.logs.map(entry => entry.text)).toEqual(['stack overflow']);
	});

	test.each([
		['text of a deeply nested array', 'let o = []; for (let i = 0; i < 100000; i++) o = [o]; String(o)'],
		['source nested too deeply to parse', 'eval("(".repeat(100000))'],
	])('%s', async (_what, code) => {
		const {error} = await runScript(options(code));
		expect(error?.kind).toBe('stack');
		await expectNextScriptRuns();
	});

	test('a value nested far too deep for the stack, handed to setVar, is refused as too deep', async () => {
		const {error} = await runScript(options('let o = [];\nfor (let i = 0; i < 100000; i++) o = [o];\nclient.setVar("deep", o)'));
		expect(error).toMatchObject({kind: 'invalid-value', line: 3});
		expect(error!.message).toMatch(/The value is nested too deep/);
		await expectNextScriptRuns();
	});
});

test('limits out of range are kept within what the sandbox enforces', async () => {
	const fast = await runScript(options('1 + 1', {limits: {timeoutMs: Number.POSITIVE_INFINITY, memoryBytes: 0}}));
	expect(fast.error).toBeUndefined();
	const stopped = await runScript(options('while (true) {}', {limits: {timeoutMs: -5}}));
	expect(stopped.error).toMatchObject({kind: 'timeout'});
	expect(stopped.error!.message).toContain('its 1 ms limit');
});
