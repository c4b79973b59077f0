import {describe, expect, test} from 'vitest';
import {foldScripts} from '../../../source/core/formats/fold-scripts.js';
import {runScript, runScripts} from '../../../source/core/scripts/index.js';
import {post, pre, request, texts} from './order-scripts.js';
import {scopeVariables} from './scope-variables.js';

describe('run control: what a script asks of the run comes back as data', () => {
	test.each([
		['pm.execution.setNextRequest(name)', 'pm.execution.setNextRequest("Checkout")', {nextRequest: 'Checkout'}],
		['pm.execution.setNextRequest(null) stops after this one', 'pm.execution.setNextRequest(null)', {nextRequest: null}],
		['postman.setNextRequest, the legacy spelling', 'postman.setNextRequest("Checkout")', {nextRequest: 'Checkout'}],
		['pm.execution.skipRequest', 'pm.execution.skipRequest()', {skipRequest: true}],
		['bru.runner.setNextRequest', 'bru.runner.setNextRequest("Checkout")', {nextRequest: 'Checkout'}],
		['bru.setNextRequest, Bruno\'s older spelling', 'bru.setNextRequest("Checkout")', {nextRequest: 'Checkout'}],
		['bru.runner.skipRequest', 'bru.runner.skipRequest()', {skipRequest: true}],
		['bru.runner.stopExecution', 'bru.runner.stopExecution()', {stopExecution: true}],
	])('%s', async (_name, code, runControl) => {
		const result = await pre(code);
		expect(result.error).toBeUndefined();
		expect(result.runControl).toEqual(runControl);
	});

	test('a script that asks nothing leaves no run control, and the last ask of a phase wins', async () => {
		expect((await pre('pm.environment.set("a", 1)')).runControl).toBeUndefined();
		const both = await runScripts({code: {collection: 'bru.runner.setNextRequest("A"); bru.runner.skipRequest()', request: 'pm.execution.setNextRequest("B")'}, phase: 'pre-request', requestName: 'Create order', variables: scopeVariables(), request});
		expect(both.runControl).toEqual({nextRequest: 'B', skipRequest: true});
	});
});

describe('bru, as Bruno\'s safe mode has it', () => {
	test('isSafeMode, cwd, global environment variables, the environment\'s name and sleep', async () => {
		const variables = scopeVariables();
		const started = Date.now();
		const {error, logs} = await pre(`
			bru.setGlobalEnvVar("region", "eu");
			console.log(bru.isSafeMode(), bru.cwd(), bru.getGlobalEnvVar("region"), bru.getEnvName());
			await bru.sleep(50);
			console.log("slept");
		`, variables, {environmentName: 'staging'});
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['true . eu staging', 'slept']);
		expect(Date.now() - started).toBeGreaterThanOrEqual(50);
		expect(variables.values.get('region')).toBe('eu');
	});

	test('req in a post-response script and its tests: the request as it was sent', async () => {
		const {error, logs} = await post('test("sent the order", () => { expect(req.getMethod()).to.equal("POST"); expect(JSON.parse(req.getBody()).sku).to.equal("a"); });\nconsole.log(req.getUrl(), req.getHeader("x-trace"))');
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['✓ sent the order', '{{baseUrl}}/orders a, b']);
	});

	test('res.getHeader(s), res.getResponseTime and res.setBody', async () => {
		const {error, logs} = await post(`
			console.log(res.getHeader("x-request-id"), res.getHeaders()["content-type"], res.getHeader("set-cookie").join(";"), res.getResponseTime());
			res.setBody({replaced: true});
			console.log(res.getBody().replaced, res.body.replaced, res("replaced"));
		`);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['r-1 application/json a=1;b=2 42', 'true true true']);
	});
});

describe('top-level await, as Postman and Bruno allow it', () => {
	test('a script awaits promises and timers at its top level, and the run waits for it', async () => {
		const variables = scopeVariables();
		const {error, logs} = await pre(`
			const value = await new Promise(resolve => setTimeout(() => resolve(41), 10));
			pm.variables.set("answer", value + 1);
			for (const step of [1, 2]) { await null; console.log("step", step); }
		`, variables);
		expect(error).toBeUndefined();
		expect(variables.values.get('answer')).toBe(42);
		expect(texts(logs)).toEqual(['step 1', 'step 2']);
	});

	test('an error after an await keeps its line, and a return still ends the script', async () => {
		const failing = await pre('const a = await 1;\nconst b = 2;\nthrow new Error("after " + a);');
		expect(failing.error).toMatchObject({kind: 'thrown', line: 3});
		expect(failing.error!.message).toMatch(/Error: after 1$/);
		const returning = await pre('if (await true) { return; }\nconsole.log("not reached")');
		expect(returning.error).toBeUndefined();
		expect(returning.logs).toEqual([]);
	});

	test('scripts folded from Bruno\'s script and tests, or Postman\'s folders, run one after the other when one awaits', async () => {
		const folded = foldScripts(['await bru.sleep(20);\nconst order = {id: 7};\nbru.setVar("orderId", order.id);', 'const order = bru.getVar("orderId");\ntest("the script ran first", () => expect(order).to.equal(7));']);
		const {error, logs} = await post(folded);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['✓ the script ran first']);
	});

	test('a loop after an await is still stopped at the time limit, naming its line', async () => {
		const {error} = await runScript({code: 'await null;\nwhile (true) {}', phase: 'pre-request', requestName: 'Loop', source: 'request', variables: scopeVariables(), limits: {timeoutMs: 100}});
		expect(error).toMatchObject({kind: 'timeout', line: 2});
	});
});

describe('Postman\'s header lists', () => {
	test('pm.response.headers: get, has, one, all, toObject (keyed in lower case, as Postman\'s), each, count and the rest', async () => {
		const {error, logs} = await post(`
			const headers = pm.response.headers;
			console.log(headers.get("X-REQUEST-ID"), headers.has("set-cookie", "b=2"), headers.has("set-cookie", "c=3"), headers.count());
			console.log(JSON.stringify(headers.one("content-type")), headers.all().length, headers.toObject()["x-request-id"], headers.toObject(false, true)["X-Request-Id"]);
			const names = [];
			headers.each(header => names.push(header.key));
			console.log(names.join(","), headers.filter(header => header.key === "Set-Cookie").map(header => header.value).join(";"), headers.find(header => header.value === "r-1").key);
		`);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual([
			'r-1 true false 4',
			'{"key":"Content-Type","value":"application/json"} 4 r-1 r-1',
			'Content-Type,X-Request-Id,Set-Cookie,Set-Cookie a=1;b=2 X-Request-Id',
		]);
	});

	test('pm.request.headers: the same reads, and add, upsert, remove and clear', async () => {
		const result = await pre(`
			const headers = pm.request.headers;
			console.log(headers.get("x-trace"), headers.count(), headers.toObject().accept);
			headers.upsert({key: "X-Trace", value: "c"});
			headers.add({key: "X-New", value: "1"});
			headers.remove("Accept");
			console.log(headers.all().map(header => header.key + "=" + header.value).join(" "));
			headers.clear();
			headers.add({key: "Only", value: "one"});
		`);
		expect(result.error).toBeUndefined();
		expect(texts(result.logs)).toEqual(['a, b 3 application/json', 'X-Trace=c X-New=1']);
		expect(result.request!.headers).toEqual([['Only', 'one']]);
	});
});
