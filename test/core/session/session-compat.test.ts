import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore} from '../../../source/core/store/store.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

/*
Scripts as Postman and Bruno users write them, imported verbatim, run through a session
against a real server: login, then a request that uses what the login's script kept.
*/
let server: RecordingServer;
let session: Session;

beforeAll(async () => {
	server = await startRecordingServer((request, response) => {
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
});

afterAll(async () => server.close());

afterEach(async () => {
	server.requests.length = 0;
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

	it('a call curlew does not provide stops the script with its line, and the response is still shown', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'Shop', variables: [{name: 'baseUrl', value: server.origin}]});
		const login = store.addRequest(id, {
			name: 'Login',
			method: 'POST',
			url: '{{baseUrl}}/login',
			scripts: {preRequest: '', postResponse: 'pm.environment.set("token", pm.response.json().token);\npm.sendRequest("https://example.com/audit", function (err, res) {});'},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, login);
		expect(outcome.result).toMatchObject({kind: 'response', status: 200});
		expect(outcome.scriptErrors).toMatchObject([{kind: 'thrown', line: 2, phase: 'post-response'}]);
		expect(outcome.scriptErrors[0]!.message).toBe('Post-response script of "Login" failed at line 2: TypeError: pm.sendRequest is not supported by curlew: scripts cannot reach the network: send it as a curlew request of its own, and pass values on with variables');
		expect(session.runtimeOf(store.getCollection(id)!).get('token')).toBe('tok-123');
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

bru.setVar("orderId", res.getBody().id);`,
			},
		});
		session = new Session(store);
		const outcome = await session.send(store.getCollection(id)!, create, {environment: 'local'});
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(({level, text}) => [level, text])).toEqual([
			['log', '✓ should be created'],
			['error', '✗ returns the order: expected ["a", "b"] to deeply equal ["a", "c"]'],
		]);
		const sent = server.requests[0]!;
		expect(sent.headers.authorization).toBe('Bearer env-token');
		expect(JSON.parse(sent.body.toString())).toEqual({sku: 'a', quantity: 2, note: 'from bruno'});
		expect(Object.fromEntries(session.runtimeOf(store.getCollection(id)!))).toEqual({requestedAt: new Date(0), orderId: 'ord-9'});
	});
});
