import {afterEach, describe, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore} from '../../../source/core/store/store.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

/*
Scripts as Postman and Bruno users write them, imported verbatim, run through a session
against a real server: login, then a request that uses what the login's script kept.
*/
let session: Session;

const server = recordingServerForFile((request, response) => {
	if (request.url === '/login') {
		response.writeHead(200, {'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'login-1'});
		response.end(JSON.stringify({token: 'tok-123', user: {id: 42, name: 'Ada', roles: ['admin', 'billing']}}));
	} else if (request.url === '/orders' && request.method === 'POST') {
		response.writeHead(201, {'Content-Type': 'application/json'});
		response.end(JSON.stringify({id: 'ord-9', items: [{sku: 'a'}, {sku: 'b'}], total: 12.5}));
	} else {
		response.writeHead(404, {'Content-Type': 'text/html'});
		response.end('<h1>Not Found</h1>');
	}
});

afterEach(async () => {
	await session.close();
});

const postmanLoginTests = `
pm.test("Status code is 200", function () {
    pm.response.to.have.status(200);
});

pm.test("Content-Type is JSON", function () {
    pm.response.to.have.header("Content-Type");
    pm.expect(pm.response.headers.get("Content-Type")).to.include("application/json");
});

var jsonData = pm.response.json();

pm.test("Response has a token", function () {
    pm.expect(jsonData).to.have.property("token");
    pm.expect(jsonData.token).to.be.a("string").and.not.empty;
});

pm.test("User is an admin", () => {
    pm.expect(jsonData.user.roles).to.include("admin");
    pm.expect(jsonData.user).to.have.property("id").that.is.a("number");
});

pm.test("Response time is below 5000ms", function () {
    pm.expect(pm.response.responseTime).to.be.below(5000);
});

pm.environment.set("token", jsonData.token);
pm.collectionVariables.set("userId", jsonData.user.id);
`;

describe('a Postman collection\'s scripts', () => {
	it('test the login, keep its token and use it in the next request, whose failing test is logged', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({
			name: 'Shop (from Postman)',
			variables: [{name: 'baseUrl', value: server.origin}],
			scripts: {preRequest: 'pm.request.headers.upsert({key: "X-Client", value: "curlew"});', postResponse: ''},
		});
		const login = store.addRequest(id, {name: 'Login', method: 'POST', url: '{{baseUrl}}/login', scripts: {preRequest: '', postResponse: postmanLoginTests}});
		const profile = store.addRequest(id, {
			name: 'Profile',
			method: 'GET',
			url: '{{baseUrl}}/users/{{userId}}',
			scripts: {
				preRequest: 'pm.request.headers.add({key: "Authorization", value: "Bearer " + pm.environment.get("token")});\nconsole.log(pm.info.requestName, pm.variables.replaceIn("{{baseUrl}}/users/{{userId}}") === pm.collectionVariables.replaceIn(pm.request.url.toString()));',
				postResponse: 'pm.test("Profile is found", function () {\n    pm.response.to.have.status(200);\n});\npm.test("Body is HTML", () => pm.expect(pm.response.text()).to.match(/<h1>/));',
			},
		});
		session = new Session(store);
		const collection = () => store.getCollection(id)!;
		const requestOf = (requestId: string) => collection().requests.find(found => found.id === requestId)!;

		const first = await session.send(collection(), requestOf(login.id));
		expect(first.scriptErrors).toEqual([]);
		expect(first.logs.map(({level, text}) => [level, text])).toEqual([
			['log', '✓ Status code is 200'],
			['log', '✓ Content-Type is JSON'],
			['log', '✓ Response has a token'],
			['log', '✓ User is an admin'],
			['log', '✓ Response time is below 5000ms'],
		]);
		expect(Object.fromEntries(session.runtimeOf(collection()))).toEqual({token: 'tok-123', userId: 42});

		const second = await session.send(collection(), requestOf(profile.id));
		expect(second.scriptErrors).toEqual([]);
		expect(second.result).toMatchObject({kind: 'response', status: 404});
		expect(second.logs.map(({level, text}) => [level, text])).toEqual([
			['log', 'Profile true'],
			['error', '✗ Profile is found: expected response to have status code 200 but got 404'],
			['log', '✓ Body is HTML'],
		]);
		const sent = server.requests[1]!;
		expect(sent.url).toBe('/users/42');
		expect(sent.headers.authorization).toBe('Bearer tok-123');
		expect(sent.headers['x-client']).toBe('curlew');
	});

	it('pm.sendRequest sends through curlew\'s HTTP engine, with a callback or awaited, and its tests count', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop', variables: [{name: 'baseUrl', value: server.origin}]});
		const login = store.addRequest(id, {
			name: 'Login',
			method: 'POST',
			url: '{{baseUrl}}/login',
			scripts: {preRequest: '', postResponse: `pm.environment.set("token", pm.response.json().token);
pm.sendRequest({
    url: pm.variables.replaceIn("{{baseUrl}}/orders"),
    method: "POST",
    header: {"Content-Type": "application/json", "X-Token": pm.environment.get("token")},
    body: {mode: "raw", raw: JSON.stringify({sku: "z"})}
}, function (err, res) {
    pm.test("the audit order is created", () => pm.expect(res.code).to.equal(201));
    pm.environment.set("auditId", res.json().id);
});
const missing = await pm.sendRequest(pm.variables.replaceIn("{{baseUrl}}/nowhere"));
pm.test("a missing page is a 404 with its text", () => {
    pm.expect(missing.code).to.equal(404);
    pm.expect(missing.text()).to.include("Not Found");
    pm.expect(missing.headers.get("content-type")).to.equal("text/html");
});`},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, login);
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.filter(entry => entry.test !== undefined).map(entry => [entry.text, entry.test])).toEqual([
			['✓ the audit order is created', 'passed'],
			['✓ a missing page is a 404 with its text', 'passed'],
		]);
		expect(server.requests.map(request => [request.method, request.url])).toEqual([['POST', '/login'], ['POST', '/orders'], ['GET', '/nowhere']]);
		expect(server.requests[1]!.headers['x-token']).toBe('tok-123');
		expect(JSON.parse(server.requests[1]!.body.toString())).toEqual({sku: 'z'});
		expect(session.runtimeOf(store.getCollection(id)!).get('auditId')).toBe('ord-9');
	});

	it('a request a script sends to no server fails as the HTTP engine says, catchable', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop', variables: [{name: 'baseUrl', value: server.origin}]});
		const login = store.addRequest(id, {
			name: 'Login',
			method: 'POST',
			url: '{{baseUrl}}/login',
			scripts: {preRequest: '', postResponse: 'pm.sendRequest("http://127.0.0.1:1/x", (err, res) => { console.log(err.name, res); });\ntry { await pm.sendRequest("not a url") } catch (error) { console.log(error.message) }'},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, login);
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(entry => entry.text)).toEqual([
			expect.stringMatching(/^RequestError null$/) as unknown as string,
			'"not a url" is not a URL curlew can send to: give a whole URL, such as https://api.example.com/items',
		]);
	});
});

describe('a Bruno collection\'s scripts', () => {
	it('read the environment, set the request up, test the response and keep a value', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop (from Bruno)', variables: [{name: 'baseUrl', value: server.origin}]});
		store.addEnvironment(id, {name: 'local', variables: [{name: 'token', value: 'env-token'}, {name: 'quantity', value: 2}]});
		const create = store.addRequest(id, {
			name: 'Create order',
			method: 'POST',
			url: '{{baseUrl}}/orders',
			body: {type: 'json', text: '{"sku": "a", "quantity": {{quantity}}}'},
			scripts: {
				preRequest: `const token = bru.getEnvVar("token");
req.setHeader("Authorization", "Bearer " + token);
bru.setVar("requestedAt", new Date(0));
req.setBody({...JSON.parse(bru.interpolate(req.getBody())), note: "from bruno"});`,
				postResponse: `test("should be created", function () {
  expect(res.getStatus()).to.equal(201);
});

test("returns the order", function () {
  const data = res.getBody();
  expect(data).to.have.property("id");
  expect(data.items).to.have.lengthOf(2);
  expect(data.total).to.be.within(10, 20);
  expect(data.items.map(item => item.sku)).to.eql(["a", "c"]);
});

bru.setVar("orderId", res.getBody().id);
bru.setVar("sentTo", req.getMethod() + " " + req.getUrl() + " " + req.getHeader("authorization"));`,
			},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, create, {environment: 'local'});
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(({level, text}) => [level, text])).toEqual([
			['log', '✓ should be created'],
			['error', '✗ returns the order: expected [ \'a\', \'b\' ] to deeply equal [ \'a\', \'c\' ]'],
		]);
		const sent = server.requests[0]!;
		expect(sent.headers.authorization).toBe('Bearer env-token');
		expect(JSON.parse(sent.body.toString())).toEqual({sku: 'a', quantity: 2, note: 'from bruno'});
		// req after the response is the request as it was sent: placeholders filled, the pre-request script's header on it.
		expect(Object.fromEntries(session.runtimeOf(store.getCollection(id)!))).toEqual({requestedAt: new Date(0), orderId: 'ord-9', sentTo: `POST ${server.origin}/orders Bearer env-token`});
	});

	it('bru.sendRequest sends through curlew\'s HTTP engine, as axios answers: data parsed, a 4xx rejected with its response', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop (from Bruno)', variables: [{name: 'baseUrl', value: server.origin}]});
		const login = store.addRequest(id, {
			name: 'Login',
			method: 'POST',
			url: '{{baseUrl}}/login',
			scripts: {preRequest: '', postResponse: `const created = await bru.sendRequest({
  method: "POST",
  url: bru.interpolate("{{baseUrl}}/orders"),
  headers: {"Authorization": "Bearer " + res.getBody().token},
  data: {sku: "y", quantity: 1}
});
bru.setVar("orderId", created.data.id);
await bru.sendRequest({url: bru.interpolate("{{baseUrl}}/missing"), method: "GET"}, function (err, res) {
  test("a missing page rejects with its response", () => {
    expect(err.message).to.equal("Request failed with status code 404");
    expect(res.status).to.equal(404);
  });
}).catch(() => {});`},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, login);
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(entry => [entry.text, entry.test])).toEqual([['✓ a missing page rejects with its response', 'passed']]);
		expect(server.requests[1]).toMatchObject({method: 'POST', url: '/orders'});
		expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-123');
		expect(server.requests[1]!.headers['content-type']).toBe('application/json');
		expect(JSON.parse(server.requests[1]!.body.toString())).toEqual({sku: 'y', quantity: 1});
		expect(session.runtimeOf(store.getCollection(id)!).get('orderId')).toBe('ord-9');
	});
});

describe('run control asked by scripts', () => {
	it('a pre-request script\'s skipRequest keeps its request from being sent; what scripts ask comes back with the outcome', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop', variables: [{name: 'baseUrl', value: server.origin}]});
		const skipped = store.addRequest(id, {name: 'Skipped', method: 'GET', url: '{{baseUrl}}/login', scripts: {preRequest: 'if (!pm.environment.has("token")) { pm.execution.skipRequest(); }', postResponse: 'console.log("never")'}});
		const next = store.addRequest(id, {name: 'Login', method: 'POST', url: '{{baseUrl}}/login', scripts: {preRequest: '', postResponse: 'bru.runner.setNextRequest("Checkout");\nbru.runner.stopExecution();'}});
		session = new Session(store);
		const first = await session.send(store.getCollection(id)!, skipped);
		expect(first.result).toBeUndefined();
		expect(first.prepared).toBeUndefined();
		expect(first.logs).toEqual([]);
		expect(first.runControl).toEqual({skipRequest: true});
		expect(server.requests).toEqual([]);
		const second = await session.send(store.getCollection(id)!, next);
		expect(second.result).toMatchObject({kind: 'response', status: 200});
		expect(second.runControl).toEqual({nextRequest: 'Checkout', stopExecution: true});
	});
});
