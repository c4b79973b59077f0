import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

/*
Collections as Postman and Bruno users have them, imported with `curlew import` and run with
`curlew run` against a real server on 127.0.0.1: every request is sent, and every test counts.
*/
const {server, config} = serverAndStorePerTest((request, response) => {
	const url = new URL(request.url, 'http://127.0.0.1');
	if (url.pathname === '/login' && request.method === 'POST') {
		response.writeHead(200, {'Content-Type': 'application/json', 'X-Request-Id': 'login-1'});
		response.end(JSON.stringify({token: 'tok-123', user: {id: 42, roles: ['admin']}}));
	} else if (url.pathname === '/orders' && request.method === 'POST') {
		response.writeHead(201, {'Content-Type': 'application/json'});
		response.end(JSON.stringify({id: 'ord-9', total: 12.5, items: [{sku: 'a'}]}));
	} else if (url.pathname === '/orders/ord-9') {
		response.writeHead(200, {'Content-Type': 'application/xml'});
		response.end('<order id="ord-9"><status>paid</status></order>');
	} else {
		response.writeHead(404, {'Content-Type': 'text/plain'});
		response.end('Not Found');
	}
});

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory, killAfterMs: 60_000});
}

/** The `tests: N passed, M failed` lines of a run, by request. */
function testCounts(stderr: string): string[] {
	return stderr.split('\n').filter(line => /: tests: \d+ passed, \d+ failed$/.test(line));
}

describe('a Postman collection in the legacy style', () => {
	it('runs every request, its tests[] and postman.* as newman would', async () => {
		const collection = {
			info: {name: 'Legacy shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			variable: [{key: 'baseUrl', value: server.origin}],
			item: [
				{
					name: 'Login',
					request: {method: 'POST', url: '{{baseUrl}}/login', header: [{key: 'Content-Type', value: 'application/json'}], body: {mode: 'raw', raw: '{"user": "ada"}'}},
					event: [{listen: 'test', script: {exec: [
						'tests["Status code is 200"] = responseCode.code === 200;',
						'var data = JSON.parse(responseBody);',
						'tests["Has a token"] = data.token !== undefined;',
						'tests["Request id header"] = postman.getResponseHeader("x-request-id") === "login-1";',
						'tests["Response time is under a minute"] = responseTime < 60000;',
						'postman.setEnvironmentVariable("token", data.token);',
						'postman.setGlobalVariable("userId", data.user.id);',
					]}}],
				},
				{
					name: 'Create order',
					request: {method: 'POST', url: '{{baseUrl}}/orders', header: [{key: 'Authorization', value: 'Bearer {{token}}'}], body: {mode: 'raw', raw: '{"user": {{userId}}}'}},
					event: [
						{listen: 'prerequest', script: {exec: ['postman.setEnvironmentVariable("sentAt", new Date(0).toISOString());']}},
						{listen: 'test', script: {exec: [
							'tests["Created"] = responseCode.code === 201 && responseCode.name === "Created";',
							'var order = JSON.parse(responseBody);',
							'tests["Total is a number"] = typeof order.total === "number";',
							'tests["Token was sent"] = request.headers["Authorization"] === "Bearer " + environment.token;',
							'postman.setEnvironmentVariable("orderId", order.id);',
						]}},
					],
				},
				{
					name: 'Order as XML',
					request: {method: 'GET', url: '{{baseUrl}}/orders/{{orderId}}'},
					event: [{listen: 'test', script: {exec: [
						'var order = xml2Json(responseBody).order;',
						'tests["Paid"] = order.status === "paid";',
						'tests["Same order"] = order.$.id === globals.orderId;',
						'const CryptoJS = require("crypto-js");',
						'tests["Signs with crypto-js"] = CryptoJS.HmacSHA256(order.$.id, "k").toString().length === 64;',
					]}}],
				},
			],
		};
		const file = path.join(config.directory, 'legacy.postman_collection.json');
		writeFileSync(file, JSON.stringify(collection));
		const imported = await curlew('import', file);
		expect(imported.stderr).not.toMatch(/port that part/);
		expect(imported.code).toBe(0);

		const run = await curlew('run', 'Legacy shop');
		expect(run.stderr).not.toMatch(/failed at line|✗/);
		expect(testCounts(run.stderr)).toEqual([
			'Login: tests: 4 passed, 0 failed',
			'Create order: tests: 3 passed, 0 failed',
			'Order as XML: tests: 3 passed, 0 failed',
		]);
		expect(run.code).toBe(0);
		expect(server.requests.map(request => `${request.method} ${request.url}`)).toEqual(['POST /login', 'POST /orders', 'GET /orders/ord-9']);
		expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-123');
		expect(server.requests[1]!.body.toString()).toBe('{"user": 42}');
	});
});

describe('a Bruno collection', () => {
	it('runs every request with its own .js files, sendRequest, sleep, req and res, and counts its tests', async () => {
		const folder = path.join(config.directory, 'bruno-shop');
		mkdirSync(path.join(folder, 'lib'), {recursive: true});
		mkdirSync(path.join(folder, 'Orders'));
		writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Bruno shop', type: 'collection'}));
		writeFileSync(path.join(folder, 'collection.bru'), `vars:pre-request {\n  baseUrl: ${server.origin}\n}\n`);
		writeFileSync(path.join(folder, 'lib', 'auth.js'), 'const {bearer} = require("./format");\nmodule.exports = {header: token => bearer(token)};\n');
		writeFileSync(path.join(folder, 'lib', 'format.js'), 'exports.bearer = token => "Bearer " + token;\n');
		writeFileSync(path.join(folder, 'Login.bru'), `meta {
  name: Login
  type: http
  seq: 1
}

post {
  url: {{baseUrl}}/login
  body: json
}

body:json {
  {"user": "ada"}
}

script:post-response {
  bru.setVar("token", res.getBody().token);
}

tests {
  test("logs in", function () {
    expect(res.getStatus()).to.equal(200);
    expect(res.getHeader("x-request-id")).to.equal("login-1");
  });
  test("sent JSON", function () {
    expect(req.getMethod()).to.equal("POST");
    expect(JSON.parse(req.getBody()).user).to.equal("ada");
  });
}
`);
		writeFileSync(path.join(folder, 'Orders', 'Create order.bru'), `meta {
  name: Create order
  type: http
  seq: 2
}

post {
  url: {{baseUrl}}/orders
  body: json
}

body:json {
  {"sku": "a"}
}

script:pre-request {
  const {header} = require("./lib/auth.js");
  req.setHeader("Authorization", header(bru.getVar("token")));
  await bru.sleep(20);
}

script:post-response {
  const order = res.getBody();
  bru.setVar("orderId", order.id);
  const audit = await bru.sendRequest({method: "GET", url: bru.interpolate("{{baseUrl}}/orders/") + order.id});
  bru.setVar("auditStatus", audit.status);
}

tests {
  test("is created", function () {
    expect(res.getStatus()).to.equal(201);
    expect(res.getBody().items).to.have.lengthOf(1);
  });
  test("the audit read it back", function () {
    expect(bru.getVar("auditStatus")).to.equal(200);
  });
  test("a uuid and lodash are at hand", function () {
    const {v4} = require("uuid");
    const _ = require("lodash");
    expect(v4()).to.match(/^[0-9a-f-]{36}$/);
    expect(_.sum([1, 2])).to.equal(3);
  });
}
`);
		const imported = await curlew('import', folder);
		expect(imported.stderr).not.toMatch(/port that part/);
		expect(imported.code).toBe(0);

		const run = await curlew('run', 'Bruno shop');
		expect(run.stderr).not.toMatch(/failed at line|✗/);
		expect(testCounts(run.stderr)).toEqual([
			'Login: tests: 2 passed, 0 failed',
			'Orders / Create order: tests: 3 passed, 0 failed',
		]);
		expect(run.code).toBe(0);
		expect(server.requests.map(request => `${request.method} ${request.url}`)).toEqual(['POST /login', 'POST /orders', 'GET /orders/ord-9']);
		expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-123');
	});
});
