/**
Collections written as Bruno and Postman users write them, imported through the real CLI
into a real store and run with `curlew run` against a server on 127.0.0.1: the bytes it
received, and the tests and assertions counted.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const user = {id: 7, name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', score: 4.5, active: true, banned: false, deleted: null, tags: ['math', 'engines'], address: {city: 'London'}, none: []};

const {server, config} = serverAndStorePerTest((request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json', 'X-Request-Id': 'abc-123'});
	response.end(request.url.startsWith('/login') ? JSON.stringify({token: 'tok-42'}) : JSON.stringify(user));
});

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory});
}

/** Writes `files` (path → text) into a new folder of the config folder, and returns the folder. */
function writeFolder(name: string, files: Record<string, string>): string {
	const folder = path.join(config.directory, name);
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(folder, file)), {recursive: true});
		writeFileSync(path.join(folder, file), text);
	}

	return folder;
}

/** Every Bruno assert operator, each once passing on the server's user. */
const everyOperator = `assert {
  res.status: eq 200
  res.body.name: eq "Ada Lovelace"
  res.status: neq 404
  res.body.score: gt 4
  res.body.score: gte 4.5
  res.body.id: lt 8
  res.body.id: lte 7
  res.body.role: in admin, editor
  res.body.role: notIn guest
  res.body.email: contains @example
  res.body.tags: notContains poetry
  res.body.tags: length 2
  res.body.email: matches /^[a-z]+@example\\.com$/
  res.body.email: notMatches ^bob
  res.body.name: startsWith Ada
  res.body.name: endsWith Lovelace
  res.body.score: between 1, 5
  res.body.none: isEmpty
  res.body.tags: isNotEmpty
  res.body.deleted: isNull
  res.body.nickname: isUndefined
  res.body.id: isDefined
  res.body.active: isTruthy
  res.body.banned: isFalsy
  res.body.address: isJson
  res.body.id: isNumber
  res.body.email: isString
  res.body.active: isBoolean
  res.body.tags: isArray
  res("address.city"): eq {{city}}
  res.headers["x-request-id"]: eq abc-123
  res.body.id: eq 8
  res.body.role: eq {{expectedRole}}
  ~res.body.id: eq 1000
}`;

function brunoShop(baseUrl: string): Record<string, string> {
	return {
		'bruno.json': JSON.stringify({version: '1', name: 'Bruno Shop', type: 'collection'}),
		'collection.bru': 'vars:pre-request {\n  city: Paris\n  team: collection\n}\n',
		'environments/Local.bru': `vars {\n  baseUrl: ${baseUrl}\n}\n`,
		'users/folder.bru': 'meta {\n  name: Users\n  seq: 1\n}\n\nvars:pre-request {\n  team: users\n  city: London\n}\n',
		'users/Login.bru': 'meta {\n  name: Login\n  type: http\n  seq: 1\n}\n\npost {\n  url: {{baseUrl}}/login?team={{team}}\n  body: none\n  auth: none\n}\n\nvars:post-response {\n  token: res.body.token\n}\n\nassert {\n  res.body.token: isString\n}\n',
		'users/Get user.bru': `meta {\n  name: Get user\n  type: http\n  seq: 2\n}\n\nget {\n  url: {{baseUrl}}/users/{{userId}}?team={{team}}\n  body: none\n  auth: bearer\n}\n\nauth:bearer {\n  token: {{token}}\n}\n\nvars:pre-request {\n  userId: 7\n  expectedRole: admin\n}\n\n${everyOperator}\n\ntests {\n  test("is Ada", function () {\n    expect(res.body.name).to.equal("Ada Lovelace");\n  });\n}\n\nsettings {\n  encodeUrl: true\n  timeout: 5000\n}\n`,
	};
}

describe('curlew run of an imported Bruno collection', () => {
	it('runs its assert blocks with every operator, counted with its tests, and sends its folder, request and post-response variables', async () => {
		const folder = writeFolder('bruno-shop', brunoShop(server.origin));
		const imported = await curlew('import', folder);
		expect(imported.stderr).toBe('Imported "Bruno Shop" with 2 requests\nnote: request "Users / Get user": its tests were appended to its post-response script, where test() and expect() run as in Bruno\n');
		expect(imported.code).toBe(0);

		const run = await curlew('run', 'Bruno Shop', '--env', 'Local');
		expect(server.requests.map(request => request.url)).toEqual(['/login?team=users', '/users/7?team=users']);
		expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-42');
		const lines = run.stderr.split('\n');
		expect(lines).toContain('Users / Login: tests: 1 passed, 0 failed');
		// 34 assertions, one disabled, one failing; and the tests block.
		expect(lines).toContain('Users / Get user: tests: 33 passed, 1 failed');
		expect(lines).toContain('[assertions error] ✗ assert: res.body.id: eq 8: expected 7 to equal 8');
		expect(lines).toContain('[assertions log] ✓ assert: res("address.city"): eq {{city}}');
		expect(run.code).toBe(1);
	});

	it('exports what it runs, assertions and variables included, in curlew\'s file, which imports and runs the same', async () => {
		await curlew('import', writeFolder('bruno-shop', brunoShop(server.origin)));
		const exported = await curlew('export', 'Bruno Shop');
		expect(exported.code).toBe(0);
		const file = JSON.parse(exported.stdout.toString('utf8')) as {curlew: number; folders: unknown; requests: Array<{asserts?: unknown[]; variables?: unknown; postResponseVariables?: unknown; settings?: unknown}>};
		expect(file.curlew).toBe(2);
		expect(file.folders).toEqual([{path: 'Users', variables: [{name: 'team', value: 'users'}, {name: 'city', value: 'London'}]}]);
		expect(file.requests[0]!.postResponseVariables).toEqual([{name: 'token', expression: 'res.body.token'}]);
		expect(file.requests[1]!.asserts).toHaveLength(34);
		expect(file.requests[1]).toMatchObject({variables: [{name: 'userId', value: '7'}, {name: 'expectedRole', value: 'admin'}], settings: {totalTimeoutMs: 5000}});

		const again = path.join(config.directory, 'again.json');
		writeFileSync(again, exported.stdout.toString('utf8').replace('"name": "Bruno Shop"', '"name": "Again"'));
		expect((await curlew('import', again)).code).toBe(0);
		server.requests.length = 0;
		const run = await curlew('run', 'Again', '--env', 'Local');
		expect(server.requests.map(request => request.url)).toEqual(['/login?team=users', '/users/7?team=users']);
		expect(run.stderr.split('\n')).toContain('Users / Get user: tests: 33 passed, 1 failed');
	});
});

describe('curlew export --format postman of an imported Bruno collection', () => {
	it('writes its assertions and post-response variables as test scripts that run the same: imported back, they pass and fail as before', async () => {
		await curlew('import', writeFolder('bruno-shop', brunoShop(server.origin)));
		const exported = await curlew('export', 'Bruno Shop', '--format', 'postman');
		expect(exported.code).toBe(0);
		const file = path.join(config.directory, 'shop.postman_collection.json');
		writeFileSync(file, exported.stdout.toString('utf8').replace('"name": "Bruno Shop"', '"name": "From Postman"'));
		const imported = await curlew('import', file);
		expect(imported.stderr.split('\n')[0]).toBe('Imported "From Postman" with 2 requests');
		server.requests.length = 0;
		const run = await curlew('run', 'From Postman', '--var', `baseUrl=${JSON.stringify(server.origin)}`);
		expect(server.requests.map(request => request.url)).toEqual(['/login?team=users', '/users/7?team=users']);
		expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-42');
		expect(run.stderr.split('\n')).toContain('Users / Get user: tests: 33 passed, 1 failed');
		expect(run.stderr).toContain('✗ assert: res.body.id: eq 8: expected 7 to equal 8');
	});
});

describe('curlew run of an imported Bruno collection saved in YAML', () => {
	it('runs its assertions and post-response variables, and sends its folder and request variables', async () => {
		const folder = writeFolder('yaml-shop', {
			'opencollection.yml': 'opencollection: 1.0.0\ninfo:\n  name: YAML Shop\nrequest:\n  variables:\n    - name: baseUrl\n      value: ' + server.origin + '\n',
			'users/folder.yml': 'info:\n  name: Users\n  type: folder\nrequest:\n  variables:\n    - name: team\n      value: users\n',
			'users/Login.yml': 'info:\n  name: Login\n  type: http\n  seq: 1\nhttp:\n  method: POST\n  url: "{{baseUrl}}/login"\nruntime:\n  actions:\n    - type: set-variable\n      phase: after-response\n      selector:\n        expression: res.body.token\n        method: jsonq\n      variable:\n        name: token\n        scope: runtime\n',
			'users/Get user.yml': 'info:\n  name: Get user\n  type: http\n  seq: 2\nhttp:\n  method: GET\n  url: "{{baseUrl}}/users/{{userId}}?team={{team}}&token={{token}}"\nruntime:\n  variables:\n    - name: userId\n      value: 7\n  assertions:\n    - expression: res.status\n      operator: eq\n      value: 200\n    - expression: res.body.tags\n      operator: length\n      value: 2\n    - expression: res.body.name\n      operator: startsWith\n      value: Bob\n',
		});
		expect((await curlew('import', folder)).stderr).toBe('Imported "YAML Shop" with 2 requests\n');
		const run = await curlew('run', 'YAML Shop');
		expect(server.requests.map(request => request.url)).toEqual(['/login', '/users/7?team=users&token=tok-42']);
		expect(run.stderr.split('\n')).toContain('Users / Get user: tests: 2 passed, 1 failed');
		expect(run.stderr.split('\n')).toContain('[assertions error] ✗ assert: res.body.name: startsWith Bob: expected \'Ada Lovelace\' to start with \'Bob\'');
		expect(run.code).toBe(1);
	});
});

describe('curlew run of an imported Postman collection', () => {
	it('sends a folder\'s variables to its requests only, and reads a collection with no info block, named after its file', async () => {
		const file = path.join(config.directory, 'team.postman_collection.json');
		writeFileSync(file, JSON.stringify({
			variable: [{key: 'baseUrl', value: server.origin}, {key: 'team', value: 'collection'}],
			item: [
				{name: 'Users', variable: [{key: 'team', value: 'users'}], item: [{name: 'List', request: '{{baseUrl}}/users?team={{team}}', protocolProfileBehavior: {followRedirects: false}}]},
				{name: 'Health', request: '{{baseUrl}}/health?team={{team}}', event: [{listen: 'test', script: {exec: ['pm.test("ok", () => pm.response.to.have.status(200));']}}]},
			],
		}));
		const imported = await curlew('import', file);
		expect(imported.stderr).toBe('Imported "team" with 2 requests\nnote: it has no "info": it was read as a Postman Collection v2.1, and named "team" after the file\n');
		const run = await curlew('run', 'team');
		expect(server.requests.map(request => request.url)).toEqual(['/users?team=users', '/health?team=collection']);
		expect(run.stderr.split('\n')).toContain('Health: tests: 1 passed, 0 failed');
		expect(run.code).toBe(0);
	});
});
