import {describe, expect, test} from 'vitest';
import {runScript, type ScriptRequest, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

const request: ScriptRequest = {
	method: 'GET',
	url: 'https://{{host}}/users',
	headers: [['Accept', 'application/json'], ['X-Trace', 'a'], ['x-trace', 'b']],
	body: '',
};

function pre(code: string, variables = scopeVariables()) {
	return runScript({code, phase: 'pre-request', requestName: 'List users', source: 'request', variables, request});
}

function response(body: string, headers: Array<[string, string]> = [['Content-Type', 'application/json']]): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status: 201, statusText: 'Created', headers, body: bytes, responseTime: 42, size: bytes.length};
}

function post(code: string, res: ScriptResponse, variables = scopeVariables()) {
	return runScript({code, phase: 'post-response', requestName: 'Login', source: 'request', variables, response: res});
}

describe('req in a pre-request script', () => {
	test('reads the request as given', async () => {
		const {logs, error} = await pre(`
			console.log(req.method, req.url, req.body === "");
			console.log(req.headers.get("accept"), req.headers.get("X-TRACE"), req.headers.get("missing"));
			console.log(JSON.stringify(req.headers.all()));
			console.log(req.getMethod(), req.getUrl(), req.getHeader("Accept"));
		`);
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual([
			'GET https://{{host}}/users true',
			'application/json a, b undefined',
			'[["Accept","application/json"],["X-Trace","a"],["x-trace","b"]]',
			'GET https://{{host}}/users application/json',
		]);
	});

	test('changes come back in the result', async () => {
		const result = await pre(`
			req.url = req.url + "?page=2";
			req.method = "post";
			req.headers.set("x-trace", "c");
			req.headers.set("Authorization", "Bearer " + 42);
			req.headers.delete("accept");
			req.body = {name: "Ada", when: new Date(0)};
		`);
		expect(result.error).toBeUndefined();
		expect(result.request).toEqual({
			method: 'POST',
			url: 'https://{{host}}/users?page=2',
			headers: [['x-trace', 'c'], ['Authorization', 'Bearer 42']],
			body: '{"name":"Ada","when":"1970-01-01T00:00:00.000Z"}',
		});
	});

	test('the Bruno-style setters do the same', async () => {
		const result = await pre('req.setUrl("http://localhost/x"); req.setMethod("PUT"); req.setHeader("X-A", true); req.deleteHeader("X-Trace"); req.setBody("raw text")');
		expect(result.error).toBeUndefined();
		expect(result.request).toEqual({method: 'PUT', url: 'http://localhost/x', headers: [['Accept', 'application/json'], ['X-A', 'true']], body: 'raw text'});
	});

	test('append adds a header beside those of the same name, checked as set checks it', async () => {
		const result = await pre('req.headers.append("x-trace", "c");\nreq.headers.append("X-Count", 3);\nconsole.log(req.headers.get("X-Trace"));\ntry { req.headers.append("X-A", "1\\n2") } catch (error) { console.log(error.message) }');
		expect(result.error).toBeUndefined();
		expect(result.logs.map(entry => entry.text)).toEqual(['a, b, c', 'The value of header "X-A" contains a line break or NUL: a header value must be one line']);
		expect(result.request!.headers).toEqual([...request.headers, ['x-trace', 'c'], ['X-Count', '3']]);
	});

	test('getHeaders gives the headers as an object, name to value, as in Bruno', async () => {
		const {logs, error} = await pre('const headers = req.getHeaders();\nconsole.log(JSON.stringify(headers), headers.Accept, headers["x-trace"], Object.keys(headers).join(","));');
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual(['{"Accept":"application/json","X-Trace":"a, b"} application/json a, b Accept,X-Trace']);
	});

	test('setHeaders replaces every header with the object\'s entries, as in Bruno', async () => {
		const result = await pre('req.setHeaders({"X-One": "1", "X-Two": 2, "X-Ok": true})');
		expect(result.error).toBeUndefined();
		expect(result.request!.headers).toEqual([['X-One', '1'], ['X-Two', '2'], ['X-Ok', 'true']]);
	});

	test('setHeaders checks every entry before it changes anything', async () => {
		const result = await pre('try { req.setHeaders({"X-One": "1", "bad name": "2"}) } catch (error) { console.log(error.name, error.message) }\ntry { req.setHeaders(["X-A", "1"]) } catch (error) { console.log(error.name, error.message) }');
		expect(result.error).toBeUndefined();
		expect(result.logs.map(entry => entry.text)).toEqual([
			'InvalidValueError Header name "bad name" is invalid: use letters, digits and ! # $ % & \' * + - . ^ _ | ~',
			'TypeError req.setHeaders needs an object of header names and values, not an array',
		]);
		expect(result.request!.headers).toEqual(request.headers);
	});

	test('assigning and deleting a property of req.headers sets and deletes that header, as in Bruno', async () => {
		const result = await pre(`
			req.headers["X-Direct"] = "1";
			req.headers["x-trace"] = "c";
			delete req.headers.accept;
			req.getHeaders()["X-Count"] = 3;
			console.log(req.headers["x-direct"], req.headers.Accept, "X-Trace" in req.headers, "accept" in req.headers);
			console.log(JSON.stringify(req.headers), typeof req.headers.get);
		`);
		expect(result.error).toBeUndefined();
		expect(result.logs.map(entry => entry.text)).toEqual([
			'1 undefined true false',
			'{"x-trace":"c","X-Direct":"1","X-Count":"3"} function',
		]);
		expect(result.request!.headers).toEqual([['x-trace', 'c'], ['X-Direct', '1'], ['X-Count', '3']]);
	});

	test('a header assigned as a property is checked as req.headers.set checks it', async () => {
		const {error} = await pre('req.headers["X-A"] = "a\\r\\nInjected: 1"');
		expect(error).toMatchObject({kind: 'invalid-value', line: 1});
		expect(error!.message).toBe('Pre-request script of "List users" failed at line 1: The value of header "X-A" contains a line break or NUL: a header value must be one line');
		const method = await pre('req.headers.set = "1"');
		expect(method.error!.message).toBe('Pre-request script of "List users" failed at line 1: TypeError: req.headers.set is a method; to send a header of that name, call req.headers.set("set", value)');
	});

	test('the caller\'s request object is not changed', async () => {
		await pre('req.headers.set("Accept", "text/plain"); req.url = "x"');
		expect(request.url).toBe('https://{{host}}/users');
		expect(request.headers[0]).toEqual(['Accept', 'application/json']);
	});

	test('an unknown method is an error that says which methods work', async () => {
		const {error, request: after} = await pre('req.method = "FETCH"');
		expect(error).toMatchObject({kind: 'invalid-value', line: 1});
		expect(error!.message).toBe('Pre-request script of "List users" failed at line 1: Method "FETCH" is not supported: use GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
		expect(after).toEqual(request);
	});

	test('a header with a line break or a bad name is refused', async () => {
		const {logs} = await pre(`
			try { req.headers.set("X-A", "a\\r\\nInjected: 1") } catch (error) { console.log(error.message) }
			try { req.headers.set("bad name", "1") } catch (error) { console.log(error.message) }
			try { req.url = 5 } catch (error) { console.log(error.message) }
		`);
		expect(logs.map(entry => entry.text)).toEqual([
			'The value of header "X-A" contains a line break or NUL: a header value must be one line',
			'Header name "bad name" is invalid: use letters, digits and ! # $ % & \' * + - . ^ _ | ~',
			'req.url must be a string, not number',
		]);
	});
});

describe('res in a post-response script', () => {
	test('res.text is decoded in the charset the response declares', async () => {
		const res: ScriptResponse = {status: 200, statusText: 'OK', headers: [['Content-Type', 'text/plain; charset=iso-8859-1']], body: new Uint8Array([0x63, 0x61, 0x66, 0xE9]), responseTime: 1, size: 4};
		const {logs} = await post('console.log(res.text, res.body)', res);
		expect(logs.map(entry => entry.text)).toEqual(['café café']);
	});

	test('res.text and console output keep a NUL character and what follows it', async () => {
		const {logs, error} = await post('console.log(JSON.stringify(res.text), res.text.length, res.size); console.log("log with\\u0000nul", "end")', response('abc\u0000def ghi', [['Content-Type', 'text/plain']]));
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual(['"abc\\u0000def ghi" 11 11', 'log with\u0000nul end']);
	});

	test('status, headers, timing and a JSON body', async () => {
		const res = response('{"token": "abc", "user": {"id": 7}}', [['Content-Type', 'application/json'], ['Set-Cookie', 'a=1'], ['set-cookie', 'b=2']]);
		const {logs, error, request: after} = await post(`
			console.log(res.status, res.statusText, res.responseTime, res.size);
			console.log(res.headers["content-type"], res.headers["set-cookie"], res.getHeader("CONTENT-TYPE"));
			console.log(res.body.token, res.body.user.id, res.getBody().token, res.getStatus());
			console.log(res.text);
		`, res);
		expect(error).toBeUndefined();
		expect(after).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual([
			`201 Created 42 ${res.size}`,
			'application/json ["a=1", "b=2"] application/json',
			'abc 7 abc 201',
			'{"token": "abc", "user": {"id": 7}}',
		]);
	});

	test('set-cookie is a list of its values, whose commas are their own; other repeated headers are joined with ", "', async () => {
		const cookies = ['session=abc; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/', 'theme=dark'];
		const res = response('{}', [['Set-Cookie', cookies[0]!], ['Vary', 'Accept'], ['set-cookie', cookies[1]!], ['vary', 'Origin']]);
		const {logs, error} = await post('console.log(JSON.stringify([res.headers["set-cookie"], res.getHeader("Set-Cookie"), res.headers.vary, Object.isFrozen(res.headers["set-cookie"])]))', res);
		expect(error).toBeUndefined();
		expect(JSON.parse(logs[0]!.text)).toEqual([cookies, cookies, 'Accept, Origin', true]);
	});

	test('a body that parses as JSON is parsed whatever the content type says; other text stays text', async () => {
		const {logs} = await post('console.log(typeof res.body, Array.isArray(res.body))', response('[1, 2]', [['Content-Type', 'text/plain']]));
		expect(logs.map(entry => entry.text)).toEqual(['object true']);
		const text = await post('console.log(typeof res.body, res.body)', response('<h1>Hi</h1>', [['Content-Type', 'text/html']]));
		expect(text.logs.map(entry => entry.text)).toEqual(['string <h1>Hi</h1>']);
		const broken = await post('console.log(typeof res.body, res.body)', response('{"cut', [['Content-Type', 'application/json']]));
		expect(broken.logs.map(entry => entry.text)).toEqual(['string {"cut']);
	});

	test('a UTF-8 body reads as text correctly', async () => {
		const {logs} = await post('console.log(res.body.name, res.text.length)', response('{"name": "Zoë ✓ 🚀"}'));
		expect(logs.map(entry => entry.text)).toEqual(['Zoë ✓ 🚀 20']);
	});

	test('a token from the body becomes a variable', async () => {
		const variables = scopeVariables();
		const {error} = await post('client.setVar("token", res.body.token)', response('{"token": "t-1"}'), variables);
		expect(error).toBeUndefined();
		expect(variables.values.get('token')).toBe('t-1');
	});

	test('req and res exist only in their phase', async () => {
		// res is a function too, as Bruno's: res('a.b') queries the body.
		const {logs} = await post('console.log(typeof req, typeof res)', response('{}'));
		expect(logs.map(entry => entry.text)).toEqual(['undefined function']);
		const before = await pre('console.log(typeof req, typeof res)');
		expect(before.logs.map(entry => entry.text)).toEqual(['object undefined']);
	});
});

test('res(path) reads the body at a path, as Bruno\'s does, and undefined where there is none', async () => {
	const {logs, error} = await post('console.log(res("data.items[1].sku"), res("data.items[0]").sku, res("data.missing.x"), res("").data.n, res.status, res.getBody().data.n); console.log(res);', response('{"data": {"items": [{"sku": "a"}, {"sku": "b"}], "n": 2}}'));
	expect(error).toBeUndefined();
	expect(logs[0]!.text).toBe('b a undefined 2 201 2');
	expect(logs[1]!.text).toContain('status: 201');
});

describe('console', () => {
	test('every level is captured with its source, objects readably, dates as ISO', async () => {
		const {logs} = await runScript({
			code: `
				console.log("plain", 1, true, null, undefined);
				console.info({id: 7, name: "Ada", tags: ["a"], when: new Date(0), "odd key": -0});
				console.warn([1, [2, [3]]], new Map([["k", 1]]), new Set([1]));
				console.error(new TypeError("bad"), function named() {});
				const cyclic = {}; cyclic.self = cyclic; console.log(cyclic);
			`,
			phase: 'pre-request',
			requestName: 'R',
			source: 'collection',
			variables: scopeVariables(),
		});
		expect(logs).toEqual([
			{level: 'log', text: 'plain 1 true null undefined', source: 'collection pre-request'},
			{level: 'info', text: '{id: 7, name: "Ada", tags: ["a"], when: 1970-01-01T00:00:00.000Z, "odd key": -0}', source: 'collection pre-request'},
			{level: 'warn', text: '[1, [2, [3]]] Map(1) {"k" => 1} Set(1) {1}', source: 'collection pre-request'},
			{level: 'error', text: 'TypeError: bad [Function named]', source: 'collection pre-request'},
			{level: 'log', text: '{self: [Circular]}', source: 'collection pre-request'},
		]);
	});

	test('a line that would pass the limit keeps the part that fits, then the note', async () => {
		const {logs, error} = await pre('console.log("a".repeat(999990)); console.log("0123456789" + "b".repeat(100)); console.log("never")');
		expect(error).toBeUndefined();
		expect(logs.map(entry => [entry.level, entry.text.length, entry.text.slice(0, 12)])).toEqual([
			['log', 999990, 'aaaaaaaaaaaa'],
			['log', 10, '0123456789'],
			['warn', 91, 'Console outp'],
		]);
		expect(logs.at(-1)!.text).toBe('Console output past 10,000 lines or 1,000,000 characters was left out: 105 B in 1 more line');
	});

	test('logs written before an error are kept', async () => {
		const {logs, error} = await pre('console.log("before");\nthrow new Error("boom")');
		expect(logs.map(entry => entry.text)).toEqual(['before']);
		expect(error).toMatchObject({kind: 'thrown', line: 2});
	});

	test('a flood of output is cut with a note instead of filling the host', async () => {
		const {logs, error} = await pre('const line = "x".repeat(10000); for (let i = 0; i < 1000; i++) console.log(line)');
		expect(error).toBeUndefined();
		expect(logs).toHaveLength(101);
		expect(logs.at(-1)).toMatchObject({level: 'warn', text: 'Console output past 10,000 lines or 1,000,000 characters was left out: 8.6 MB in 900 more lines'});
	});
});

test('empty and whitespace-only code is skipped and hands the request back', async () => {
	const result = await runScript({code: ' \n\t ', phase: 'pre-request', requestName: 'R', source: 'request', variables: scopeVariables(), request});
	expect(result).toEqual({request, logs: []});
	expect(result.request).not.toBe(request);
});

test('promise callbacks and timers run before the script ends', async () => {
	const variables = scopeVariables();
	const {error} = await pre('Promise.resolve(1).then(value => client.setVar("later", value + 1)); setTimeout(() => client.setVar("timer", true), 5)', variables);
	expect(error).toBeUndefined();
	expect(variables.values.get('later')).toBe(2);
	expect(variables.values.get('timer')).toBe(true);
});
