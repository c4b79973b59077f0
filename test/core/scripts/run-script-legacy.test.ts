import {describe, expect, test} from 'vitest';
import {runScript} from '../../../source/core/scripts/index.js';
import {post, pre, response, texts} from './order-scripts.js';
import {scopeVariables} from './scope-variables.js';

describe('Postman\'s legacy API', () => {
	test('tests[], responseBody, responseCode, responseHeaders, responseTime, and the tests count as pm.test\'s do', async () => {
		const {error, logs} = await post(`
			tests["Status code is 201"] = responseCode.code === 201;
			tests["Reason is Created"] = responseCode.name === "Created";
			var data = JSON.parse(responseBody);
			tests["Body has the id"] = data.id === 7;
			tests["Fast enough"] = responseTime < 10;
			tests["Has a request id"] = responseHeaders["X-Request-Id"] === "r-1";
			tests["Body has the id"] = data.id === 7 && data.items.length === 1;
		`);
		expect(error).toBeUndefined();
		expect(logs.map(({text, test}) => [text, test])).toEqual([
			['✓ Status code is 201', 'passed'],
			['✓ Reason is Created', 'passed'],
			['✓ Body has the id', 'passed'],
			['✗ Fast enough: its value was false', 'failed'],
			['✓ Has a request id', 'passed'],
		]);
	});

	test('postman.* and environment, globals, data, iteration and request', async () => {
		const variables = scopeVariables({host: 'api.test', stale: 'x'});
		const {error, logs} = await pre(`
			postman.setEnvironmentVariable("token", "abc");
			postman.setGlobalVariable("count", 3);
			postman.clearEnvironmentVariable("stale");
			console.log(postman.getEnvironmentVariable("token"), postman.getGlobalVariable("count"), environment.host, environment["token"], globals.count, "stale" in environment);
			console.log(JSON.stringify(data), iteration, request.method, request.url, request.headers["X-Trace"], request.data, request.name);
		`, variables);
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['abc 3 api.test abc 3 false', '{} 0 POST {{baseUrl}}/orders a, b {"sku":"a"} Create order']);
		expect(Object.fromEntries(variables.values)).toEqual({host: 'api.test', token: 'abc', count: 3});
	});

	test('xml2Json reads an XML body as Postman does', async () => {
		const {error, logs} = await runScript({code: 'const order = xml2Json(responseBody).order;\ntests["has the id"] = order.$.id === "7";\nconsole.log(order.item, order.note)', phase: 'post-response', requestName: 'XML', source: 'request', variables: scopeVariables(), response: response('<order id="7"><item>pen</item><note>  fast  </note></order>', [['Content-Type', 'application/xml']])});
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['pen fast', '✓ has the id']);
	});

	test('a script\'s own data and request win over the legacy globals of those names', async () => {
		const {error, logs} = await pre('const data = {a: 1};\nlet request = "mine";\nconsole.log(data.a, request, typeof tests)');
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['1 mine object']);
	});

	test('a script that mentions none of it compiles none of it', async () => {
		const {error, logs} = await pre('console.log(["tests", "response" + "Body", "postman"].map(name => typeof globalThis[name]).join(" "))');
		expect(error).toBeUndefined();
		expect(texts(logs)).toEqual(['undefined undefined undefined']);
	});
});
