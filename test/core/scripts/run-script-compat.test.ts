import {describe, expect, test} from 'vitest';
import {runScript, type ScriptRequest, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {readPostmanCollection} from '../../../source/core/formats/postman-import.js';
import {usesCompatApi} from '../../../source/core/scripts/run-script.js';
import {compiledParts} from './compiled-parts.js';
import {scopeVariables} from './scope-variables.js';

const request: ScriptRequest = {
	method: 'POST',
	url: '{{baseUrl}}/orders',
	headers: [['Accept', 'application/json'], ['X-Trace', 'a']],
	body: '{"item":"{{item}}"}',
	bodyType: 'json',
};

function response(body: string, headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['X-Request-Id', 'r-1']]): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status: 201, statusText: 'Created', headers, body: bytes, responseTime: 42, size: bytes.length};
}

function pre(code: string, variables = scopeVariables()) {
	return runScript({code, phase: 'pre-request', requestName: 'Create order', source: 'request', variables, request});
}

const orderBody = '{"id":7,"items":[{"sku":"a"}]}';

function post(code: string, res = response(orderBody), variables = scopeVariables()) {
	return runScript({code, phase: 'post-response', requestName: 'Create order', source: 'request', variables, response: res});
}

const texts = (logs: Array<{text: string}>) => logs.map(entry => entry.text);

describe('pm variable scopes map to curlew\'s runtime variables', () => {
	test.each(['environment', 'collectionVariables', 'variables', 'globals'])('pm.%s: get, set, has, unset and replaceIn', async scope => {
		const variables = scopeVariables({host: 'api.test', stale: 'x'});
		const {logs, error} = await pre(`
			pm.${scope}.set("count", 3);
			console.log(pm.${scope}.get("count") + 1, pm.${scope}.get("host"), pm.${scope}.get("missing"));
			console.log(pm.${scope}.has("count"), pm.${scope}.has("missing"));
			pm.${scope}.unset("stale");
			console.log(pm.${scope}.has("stale"), pm.${scope}.replaceIn("https://{{host}}/n/{{count}}"));
		`, variables);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['4 api.test undefined', 'true false', 'false https://api.test/n/3']);
		expect(Object.fromEntries(variables.values)).toEqual({host: 'api.test', count: 3});
	});

	test('values keep their type both ways: a number set is a number, a Date a Date', async () => {
		const variables = scopeVariables({since: new Date(0)});
		const {logs, error} = await pre(`
			pm.environment.set("n", 5);
			pm.collectionVariables.set("user", {id: 7, roles: ["admin"], at: new Date(1000)});
			pm.globals.set("ok", false);
			const since = pm.variables.get("since");
			console.log(since instanceof Date, since.getTime(), typeof pm.environment.get("n"), pm.environment.get("user").at instanceof Date);
		`, variables);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['true 0 number true']);
		expect(variables.values.get('n')).toBe(5);
		expect(variables.values.get('ok')).toBe(false);
		expect(variables.values.get('user')).toEqual({id: 7, roles: ['admin'], at: new Date(1000)});
	});

	test('a bad name or value is curlew\'s error, with its line', async () => {
		const {error} = await pre('pm.environment.set("ok", 1);\npm.environment.set("bad name", 1);');
		expect(error).toMatchObject({kind: 'invalid-value', line: 2});
		expect(error!.message).toMatch(/^Pre-request script of "Create order" failed at line 2: Variable name "bad name" is invalid/);
	});
});

describe('pm.test', () => {
	test('logs a pass with console.log and a failure with console.error, and the script goes on', async () => {
		const variables = scopeVariables();
		const {logs, error} = await post(`
			pm.test("status is 201", () => { pm.response.to.have.status(201); });
			pm.test("has no error", function () { pm.expect(pm.response.json()).to.have.property("error"); });
			pm.test("throws a TypeError", () => { throw new TypeError("boom"); });
			pm.test("throws a string", () => { throw "nope"; });
			pm.test("async", async () => { pm.expect(1).to.equal(2); });
			pm.test["skip"]("later", () => {}); // Postman's skipped test: named, never run
			pm.environment.set("after", true);
		`, undefined, variables);
		expect(error).toBeUndefined();
		expect(logs.map(({level, text}) => [level, text])).toEqual([
			['log', '✓ status is 201'],
			['error', '✗ has no error: expected { id: 7, items: [ { sku: \'a\' } ] } to have property \'error\''],
			['error', '✗ throws a TypeError: TypeError: boom'],
			['error', '✗ throws a string: nope'],
			['log', '- later (skipped)'],
			['error', '✗ async: expected 1 to equal 2'],
		]);
		expect(variables.values.get('after')).toBe(true);
	});

	test('marks each result as a test\'s, passed or failed', async () => {
		const {logs} = await post('pm.test("a", () => {}); console.error("✗ mine"); pm.test("b", () => { throw new Error("no"); });');
		expect(logs.map(({text, test}) => [text, test])).toEqual([['✓ a', 'passed'], ['✗ mine', undefined], ['✗ b: Error: no', 'failed']]);
	});

	test('gives a function that takes an argument Postman\'s done callback: the test ends when it is called', async () => {
		const {logs, error} = await post(`
			pm.test("done", function (done) { pm.expect(1).to.equal(1); done(); });
			pm.test("done later", done => { Promise.resolve().then(() => done()); });
			pm.test("done with an error", done => { done(new Error("late")); done(); });
			pm.test("throws before done", done => { throw new Error("early"); });
		`);
		expect(error).toBeUndefined();
		expect(logs.map(({text}) => text)).toEqual(['✓ done', '✗ done with an error: Error: late', '✗ throws before done: Error: early', '✓ done later']);
	});

	test('unsets a variable set to undefined (a field missing from a response), as Postman and Bruno keep none there, and goes on', async () => {
		const variables = scopeVariables();
		variables.values.set('refresh', 'old');
		variables.values.set('env', 'old');
		const {error} = await post('pm.environment.set("refresh", pm.response.json().missing); bru.setEnvVar("env", undefined); pm.variables.set("next", 1);', undefined, variables);
		expect(error).toBeUndefined();
		expect(variables.values.has('refresh')).toBe(false);
		expect(variables.values.has('env')).toBe(false);
		expect(variables.values.get('next')).toBe(1);
	});

	test('an assertion outside pm.test fails the script, with its line', async () => {
		const {error} = await post('const body = pm.response.json();\npm.expect(body.id).to.equal(8);');
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toBe('Post-response script of "Create order" failed at line 2: AssertionError: expected 7 to equal 8');
	});

	test('without a function it says how to call it', async () => {
		const {error} = await post('pm.test("status");');
		expect(error!.message).toBe('Post-response script of "Create order" failed at line 1: TypeError: pm.test needs a name and a function, such as pm.test("status is 200", () => { … })');
	});
});

describe('pm.response', () => {
	test('reads the response', async () => {
		const {logs, error} = await post(`
			console.log(pm.response.code, pm.response.status, pm.response.reason(), pm.response.responseTime, pm.response.responseSize);
			console.log(pm.response.size().body === pm.response.responseSize, pm.response.size().header, pm.response.size().total);
			console.log(pm.response.headers.get("x-request-id"), pm.response.headers.has("X-Request-Id"), pm.response.headers.has("X-Missing"), pm.response.headers.get("X-Missing"));
			console.log(pm.response.json().items[0].sku, pm.response.text());
		`);
		expect(error).toBeUndefined();
		const headerBytes = 'Content-Type: application/json\r\n'.length + 'X-Request-Id: r-1\r\n'.length;
		expect(texts(logs)).toEqual([
			`201 Created Created 42 ${orderBody.length}`,
			`true ${headerBytes} ${orderBody.length + headerBytes}`,
			'r-1 true false undefined',
			'a {"id":7,"items":[{"sku":"a"}]}',
		]);
	});

	test('json() of a body that is not JSON is a clear error with its line', async () => {
		const {error} = await post('const text = pm.response.text();\nconst data = pm.response.json();', response('<html><body>Service unavailable, try again later</body></html>', [['Content-Type', 'text/html']]));
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toBe('Post-response script of "Create order" failed at line 2: JSONError: pm.response.json() found no JSON in the response body: it begins "<html><body>Service unavailable, try aga"…; read it with pm.response.text()');
		const empty = await post('pm.response.json()', response(''));
		expect(empty.error!.message).toBe('Post-response script of "Create order" failed at line 1: JSONError: pm.response.json() found no JSON in the response body: the body is empty; read it with pm.response.text()');
		const quoted = await post('console.log(typeof pm.response.json(), pm.response.json())', response('"just text"'));
		expect(texts(quoted.logs)).toEqual(['string just text']);
	});

	test('is not there before the request is sent', async () => {
		const {error} = await pre('const ok = 1;\nif (pm.response.code === 200) {}');
		expect(error).toMatchObject({line: 2});
		expect(error!.message).toBe('Pre-request script of "Create order" failed at line 2: TypeError: pm.response is only in post-response scripts: there is no response before the request is sent');
	});
});

describe('pm.request', () => {
	test('reads and changes req: url, method, headers and body', async () => {
		const result = await pre(`
			console.log(pm.request.url.toString(), String(pm.request.url), pm.request.method, pm.request.body.mode, pm.request.body.raw);
			console.log(pm.request.headers.get("accept"), pm.request.headers.has("X-Trace"), pm.request.headers.has("X-Missing"));
			pm.request.headers.add({key: "X-Trace", value: "b"});
			pm.request.headers.add({key: "X-Off", value: "1", disabled: true});
			pm.request.headers.upsert({key: "Authorization", value: "Bearer " + 42});
			pm.request.headers.remove("Accept");
			pm.request.url = pm.request.url + "?draft=1";
			pm.request.method = "put";
			pm.request.body.raw = JSON.stringify({item: "b"});
			console.log(pm.request.headers.get("x-trace"));
		`);
		expect(result.error).toBeUndefined();
		expect(texts(result.logs)).toEqual([
			'{{baseUrl}}/orders {{baseUrl}}/orders POST raw {"item":"{{item}}"}',
			'application/json true false',
			'a, b',
		]);
		expect(result.request).toEqual({
			method: 'PUT',
			url: '{{baseUrl}}/orders?draft=1',
			headers: [['X-Trace', 'a'], ['X-Trace', 'b'], ['Authorization', 'Bearer 42']],
			body: '{"item":"b"}',
			bodyType: 'json',
		});
	});

	test('a form\'s body is its encoded text, and body.update sets the body as req.body does', async () => {
		const form: ScriptRequest = {method: 'POST', url: '{{baseUrl}}/login', headers: [], body: 'user={{name}}&note=a+b', bodyType: 'form'};
		const result = await runScript({
			code: 'console.log(pm.request.body.mode, pm.request.body.toString());\npm.request.body.update({mode: "urlencoded", raw: "user=ada"});\nconsole.log(pm.request.body.raw);\ntry { pm.request.body.urlencoded.add({key: "a", value: "1"}) } catch (error) { console.log(error.message) }',
			phase: 'pre-request',
			requestName: 'Login',
			source: 'request',
			variables: scopeVariables(),
			request: form,
		});
		expect(result.error).toBeUndefined();
		expect(texts(result.logs)).toEqual([
			'urlencoded user={{name}}&note=a+b',
			'user=ada',
			'pm.request.body.urlencoded is not supported by curlew: curlew keeps a form as its encoded text: read it with pm.request.body.toString(), or set req.body to an object of fields',
		]);
		expect(result.request!.body).toBe('user=ada');
	});

	test('a header without a key, or with a line break, is refused', async () => {
		const {logs} = await pre(`
			try { pm.request.headers.add("X-A: 1") } catch (error) { console.log(error.message) }
			try { pm.request.headers.upsert({key: "X-A", value: "1\\n2"}) } catch (error) { console.log(error.message) }
		`);
		expect(texts(logs)).toEqual([
			'pm.request.headers.add needs a header as {key, value}, such as {key: \'X-Id\', value: \'1\'}',
			'The value of header "X-A" contains a line break or NUL: a header value must be one line',
		]);
	});

	test('is the request as sent after the response, as req is', async () => {
		const sent: ScriptRequest = {method: 'POST', url: 'http://127.0.0.1:8080/orders', headers: [['Accept', 'application/json']], body: '{"item":"pen"}', bodyType: 'json'};
		const {error, logs} = await runScript({code: 'console.log(pm.request.url.toString(), pm.request.method, pm.request.headers.get("accept"), pm.request.body.raw, req.getUrl(), req.getBody())', phase: 'post-response', requestName: 'Create order', source: 'request', variables: scopeVariables(), request: sent, response: response(orderBody)});
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['http://127.0.0.1:8080/orders POST application/json {"item":"pen"} http://127.0.0.1:8080/orders {"item":"pen"}']);
	});
});

describe('what curlew does not provide', () => {
	test.each([
		['pm.environment.toObject', 'pm.environment.toObject()', 'TypeError: pm.environment.toObject is not supported by curlew: curlew scripts cannot list variables: read each one with get(name)'],
		['the cookie jar where no jar is given', 'await pm.cookies.jar().get("http://127.0.0.1/", "sid")', 'Error: pm.cookies.jar().get has no cookie jar here: scripts reach the collection\'s cookies when curlew runs them for a request (the TUI, curlew run)'],
		['pm.require', 'pm.require("npm:lodash@4")', 'TypeError: pm.require is not supported by curlew: it loads packages from Postman\'s package library, which curlew has not: require(\'lodash\') and the other libraries curlew bundles work as in Postman'],
		['an unknown pm member', 'pm.foo()', 'TypeError: pm.foo is not provided by curlew: pm has environment, collectionVariables, variables, globals, info, test, cookies, expect, response, sendRequest, execution, iterationData, visualizer'],
		['bru.runRequest', 'bru.runRequest("Login")', 'TypeError: bru.runRequest is not supported by curlew: curlew does not run another of the collection\'s requests from a script: send it with sendRequest, or set the next request to run'],
		['a request sent where no HTTP engine is given', 'bru.sendRequest({url: "http://127.0.0.1/"})', 'Error: sendRequest has no HTTP engine here: scripts send requests when curlew runs them for a request (the TUI, curlew run)'],
	])('%s is an error that names it and says what to do, with its line', async (_name, statement, message) => {
		const {error} = await post(`const before = 1;\n\n${statement};`);
		expect(error).toMatchObject({kind: 'thrown', line: 3});
		expect(error!.message).toBe(`Post-response script of "Create order" failed at line 3: ${message}`);
	});

	test('pm.info has the request\'s name and the phase, as Postman names it', async () => {
		const before = await pre('console.log(pm.info.requestName, pm.info.eventName)');
		const after = await post('console.log(pm.info.requestName, pm.info.eventName)');
		expect([...texts(before.logs), ...texts(after.logs)]).toEqual(['Create order prerequest', 'Create order test']);
	});
});

describe('bru, test and expect', () => {
	test('bru\'s variables map to curlew\'s runtime variables, typed', async () => {
		const variables = scopeVariables({baseUrl: 'http://localhost', old: 1});
		const {logs, error} = await post(`
			bru.setVar("orderId", res.body.id);
			bru.setEnvVar("when", new Date(0));
			console.log(bru.getVar("orderId") + 1, bru.getEnvVar("baseUrl"), bru.getCollectionVar("baseUrl"), bru.hasVar("orderId"), bru.hasVar("nope"));
			bru.deleteVar("old");
			console.log(bru.interpolate("{{baseUrl}}/orders/{{orderId}}"), bru.getEnvVar("when") instanceof Date, bru.getProcessEnv("CURLEW_SURELY_UNSET"));
			console.log(bru.getRequestName());
		`, undefined, variables);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['8 http://localhost http://localhost true false', 'http://localhost/orders/7 true undefined', 'Create order']);
		expect(Object.fromEntries(variables.values)).toEqual({baseUrl: 'http://localhost', orderId: 7, when: new Date(0)});
	});

	test('test and expect are Bruno\'s, logged as pm.test is', async () => {
		const {logs, error} = await post(`
			test("status is 201", function () { expect(res.getStatus()).to.equal(201); });
			test("has items", () => { expect(res.getBody().items).to.be.an("array").that.is.empty; });
		`);
		expect(error).toBeUndefined();
		expect(logs.map(({level, text}) => [level, text])).toEqual([['log', '✓ status is 201'], ['error', '✗ has items: expected [ { sku: \'a\' } ] to be empty']]);
	});

	test('a script\'s own test and expect win over Bruno\'s', async () => {
		const {logs, error} = await post('function test(name) { console.log("mine", name) }\nconst expect = value => value * 2;\ntest("a");\nconsole.log(expect(2), typeof bru.getVar);');
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['mine a', '4 function']);
	});
});

describe('the Postman and Bruno layer is compiled only by the runs that use it', () => {
	test.each([
		['pm.environment.get("a")', true],
		['bru.setVar("a", 1)', true],
		['test("a", () => {})', true],
		['expect (1).to.equal(1)', true],
		['const ok = /^a/.test(name) && list.expect(1);', false],
		['client.setVar("pm", 1); const bru = 2; console.log(typeof pm)', false],
		['mytest(1); npm.x; xbru.y', false],
	])('%s: %s', (code, uses) => {
		expect(usesCompatApi(code)).toBe(uses);
	});

	test('a run that mentions none of it compiles only what it uses', async () => {
		expect(await compiledParts('client.setVar("a", /^x/.test("xy")); console.log(typeof pm, typeof bru, typeof test, typeof expect)', 'pre-request')).toEqual(['request', 'format']);
		expect(await compiledParts('client.setVar("id", res.body.id)', 'post-response')).toEqual(['response']);
		const {logs} = await pre('console.log(typeof pm, typeof bru, typeof test, typeof expect)');
		expect(texts(logs)).toEqual(['undefined undefined undefined undefined']);
	});

	test('one that uses pm or bru compiles it, and the assertions only when it asserts', async () => {
		expect(await compiledParts('pm.environment.set("a", 1)', 'pre-request')).toEqual(['request', 'compat']);
		expect(await compiledParts('bru.setVar("id", res.body.id)', 'post-response')).toEqual(['response', 'compat']);
		expect(await compiledParts('pm.test("ok", () => pm.response.to.be.ok)', 'post-response')).toEqual(['response', 'compat', 'expect', 'format']);
	});

	test('the cookie jar\'s part is compiled only by a run that reads pm.cookies or bru.cookies', async () => {
		expect(await compiledParts('pm.environment.set("a", 1); bru.setVar("b", 2)', 'pre-request')).toEqual(['request', 'compat']);
		expect(await compiledParts('client.setVar("a", typeof pm.cookies.jar + typeof bru.cookies.jar)', 'pre-request')).toEqual(['request', 'compat', 'cookies']);
	});
});

describe('scripts imported from Postman folders', () => {
	test('a folder test and its request\'s test that both declare const data each run, and a return ends only its own, as in Postman', async () => {
		const {collection} = readPostmanCollection({
			info: {name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			item: [{
				name: 'Orders',
				event: [{listen: 'test', script: {exec: ['const data = pm.response.json();', 'pm.test(\'folder: has an id\', () => pm.expect(data.id).to.equal(7));', 'if (data.id === 7) { return; }', 'pm.test(\'folder: after its return\', () => {});']}}],
				item: [{
					name: 'Create order',
					request: {method: 'POST', url: 'http://127.0.0.1/orders'},
					event: [{listen: 'test', script: {exec: ['const data = pm.response.json();', 'pm.test(\'request: has items\', () => pm.expect(data.items).to.have.length(1));']}}],
				}],
			}],
		});
		const {error, logs} = await post(collection.requests[0]!.scripts.postResponse);
		expect(error).toBeUndefined();
		expect(logs.filter(entry => entry.test !== undefined).map(entry => [entry.text, entry.test])).toEqual([
			['✓ folder: has an id', 'passed'],
			['✓ request: has items', 'passed'],
		]);
	});
});

describe('a return at a script\'s top level, as Postman and Bruno allow', () => {
	test('ends the script, and the lines after it do not run', async () => {
		const variables = scopeVariables({skip: true});
		const {error, logs} = await pre(`
			if (pm.variables.get("skip")) { console.log("skipped"); return; }
			pm.variables.set("ran", 1);
		`, variables);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['skipped']);
		expect(variables.values.has('ran')).toBe(false);
	});

	test('keeps the line of an error after it', async () => {
		const {error} = await post('if (pm.response.code !== 201) {\n  return;\n}\nconst data = pm.response.json();\nthrow new Error("boom " + data.id);');
		expect(error?.message).toMatch(/at line 5: Error: boom 7/);
	});
});
