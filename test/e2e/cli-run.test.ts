import {spawn} from 'node:child_process';
import {closeSync, existsSync, openSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openStore} from '../../source/core/store/store.js';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {startRecordingServer, type RecordedRequest} from '../helpers/recording-server.js';
import {cliPath, runCli} from '../helpers/run-cli.js';

// Far more than a pipe holds (64 KiB), so writing it fails once the reader has gone.
const bigBody = Buffer.alloc(8 * 1024 * 1024, 'x');
const {server, config} = serverAndStorePerTest((request, response) => {
	if (request.url === '/login') {
		response.writeHead(200, {'Content-Type': 'application/json'});
		response.end(JSON.stringify({token: 'tok-123', expires: '2030-01-01T00:00:00.000Z', scopes: ['read', 'write']}));
		return;
	}

	if (request.url.startsWith('/big')) {
		response.writeHead(request.url === '/big-missing' ? 404 : 200, {'Content-Type': 'text/plain'});
		response.end(bigBody);
		return;
	}

	if (request.url.startsWith('/500')) {
		response.writeHead(500, {'Content-Type': 'text/plain'});
		response.end('boom');
		return;
	}

	if (request.url.startsWith('/missing')) {
		response.writeHead(404, {'Content-Type': 'text/plain'});
		response.end('no such thing');
		return;
	}

	response.writeHead(200, {'Content-Type': 'application/octet-stream'});
	response.end(Buffer.from([0, 1, 2, 255, 254, 10, 13]));
});

const date = '2024-03-01T12:30:00.250Z';

function collectionFile(fields: Record<string, unknown> = {}) {
	return {
		curlew: 1,
		name: 'API',
		variables: [
			{name: 'baseUrl', value: server.origin},
			{name: 'resource', value: 'products'},
			{name: 'userId', value: 42},
			{name: 'verbose', value: true},
			{name: 'nothing', value: null},
			{name: 'obj', value: {limit: 10, offset: 20, filter: 'active'}},
			{name: 'tags', value: ['red', 'green']},
			{name: 'createdAt', value: date, type: 'date'},
			{name: 'profile', value: {name: 'Ada', joined: {at: {$date: date}}, roles: [{name: 'admin'}]}},
			{name: 'authConfig', value: {apiKey: 'key-abc', secret: 'secret-xyz'}, secret: true},
		],
		environments: [{name: 'staging', variables: [{name: 'resource', value: 'staging-products'}]}],
		requests: [
			{name: 'Get resource', method: 'GET', url: '{{baseUrl}}/{{resource}}', headers: [], body: {type: 'none'}},
			{name: 'Get user', method: 'GET', url: '{{baseUrl}}/users/{{userId}}', headers: [], body: {type: 'none'}},
			{name: 'List users', method: 'GET', url: '{{baseUrl}}/users?limit={{obj.limit}}&offset={{obj.offset}}&filter={{obj.filter}}', headers: [], body: {type: 'none'}},
			{
				name: 'Create user',
				method: 'POST',
				url: '{{baseUrl}}/users',
				headers: [
					{name: 'X-API-Key', value: '{{authConfig.apiKey}}'},
					{name: 'X-Secret', value: '{{authConfig.secret}}'},
					{name: 'X-Disabled', value: 'never', enabled: false},
					{name: 'X-Kinds', value: '{{userId}}/{{verbose}}/{{nothing}}/{{createdAt}}/{{tags}}'},
				],
				body: {
					type: 'json',
					text: '{"name": "{{profile.name}}", "id": {{userId}}, "verbose": {{verbose}}, "nothing": {{nothing}}, "tags": {{tags}}, "first": "{{tags[0]}}", "each": ["{{tags[0]}}", "{{tags[1]}}"], "created": "{{createdAt}}", "createdRaw": {{createdAt}}, "joined": {"at": "{{profile.joined.at}}"}, "roles": {{profile.roles}}, "query": {{obj}}}',
				},
			},
			{name: 'Missing', method: 'GET', url: '{{baseUrl}}/missing', headers: [], body: {type: 'none'}},
			{name: 'Unresolved', method: 'GET', url: '{{baseUrl}}/x/{{nope}}', headers: [], body: {type: 'none'}},
			{name: 'Big', method: 'GET', url: '{{baseUrl}}/big', headers: [], body: {type: 'none'}},
			{name: 'Big missing', method: 'GET', url: '{{baseUrl}}/big-missing', headers: [], body: {type: 'none'}},
		],
		...fields,
	};
}

async function importCollection(file: Record<string, unknown> = collectionFile()) {
	const filePath = path.join(config.directory, 'collection.json');
	writeFileSync(filePath, JSON.stringify(file));
	const result = await runCli(['import', filePath], {configDir: config.directory});
	expect(result.stderr).toContain('Imported "API"');
	expect(result.code).toBe(0);
}

type CutShortResult = {code: number | null; stdoutBytes: number; stderr: string};

/**
Runs the built `curlew` with stdout going where a user's shell might send it: a pipe whose
reader stops after the first bytes (`| head -c 1`), or a file descriptor such as /dev/full.
*/
function runCliWithStdout(args: string[], stdout: 'pipe closed after the first bytes' | number): Promise<CutShortResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cliPath, ...args], {
			env: {...process.env, CURLEW_CONFIG_DIR: config.directory, NO_COLOR: '1'},
			stdio: ['ignore', typeof stdout === 'number' ? stdout : 'pipe', 'pipe'],
		});
		let stdoutBytes = 0;
		child.stdout?.once('data', (chunk: Buffer) => {
			stdoutBytes = chunk.length;
			child.stdout!.destroy();
		});
		const stderr: Buffer[] = [];
		child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
		child.on('error', reject);
		child.on('close', code => resolve({code, stdoutBytes, stderr: Buffer.concat(stderr).toString('utf8')}));
	});
}

function headerOf(request: RecordedRequest, name: string): string | undefined {
	const index = request.rawHeaders.findIndex((entry, position) => position % 2 === 0 && entry.toLowerCase() === name.toLowerCase());
	return index === -1 ? undefined : request.rawHeaders[index + 1];
}

describe('curlew run', () => {
	it('writes the body to stdout byte for byte and the status line to stderr', async () => {
		await importCollection();
		const result = await runCli(['run', 'API', 'Get resource'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect([...result.stdout]).toEqual([0, 1, 2, 255, 254, 10, 13]);
		expect(result.stderr).toMatch(new RegExp(`GET ${server.origin}/products → 200 OK {2}Successful {2}\\d+ ms {2}7 B`));
	});

	it('gives the response and exit 0 when the history cannot be written, warning of it', async () => {
		await importCollection();
		writeFileSync(path.join(config.directory, 'history'), 'a file where the history folder goes');
		const result = await runCli(['run', 'API', 'Get resource'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect([...result.stdout]).toEqual([0, 1, 2, 255, 254, 10, 13]);
		expect(result.stderr).toMatch(/→ 200 OK/);
		expect(result.stderr).toMatch(/warning: Get resource: the response was not kept in the history: a part of \S+ is a file where curlew needs a folder/);
		expect(server.requests).toHaveLength(1);
	});

	it('counts the tests of a script after its request, and exits 1 when one failed, as newman does', async () => {
		const tested = (name: string, postResponse: string) => ({name, method: 'GET', url: '{{baseUrl}}/{{resource}}', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse}});
		await importCollection(collectionFile({requests: [
			tested('Passing', 'pm.test("is 200", () => pm.response.to.have.status(200)); test("has a body", () => expect(res.size).to.be.above(0));'),
			tested('Failing', 'pm.test("is 200", () => pm.response.to.have.status(200)); pm.test("is 404", () => pm.response.to.have.status(404));'),
		]}));
		const passing = await runCli(['run', 'API', 'Passing'], {configDir: config.directory});
		expect(passing.code).toBe(0);
		expect(passing.stderr).toContain('Passing: tests: 2 passed, 0 failed');
		const failing = await runCli(['run', 'API', 'Failing', 'Passing'], {configDir: config.directory});
		expect(failing.code).toBe(1);
		expect(failing.stderr).toContain('✗ is 404: expected response to have status code 404 but got 200');
		expect(failing.stderr).toContain('Failing: tests: 1 passed, 1 failed');
		// The run goes on after a failed test, as after a 4xx.
		expect(failing.stderr).toContain('Passing: tests: 2 passed, 0 failed');
	});

	it('sends the seed shapes: a string path segment, a number segment, query from an object', async () => {
		await importCollection();
		const result = await runCli(['run', 'api', 'get-resource', 'get-user', 'list-users'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(server.requests.map(request => request.url)).toEqual(['/products', '/users/42', '/users?limit=10&offset=20&filter=active']);
	});

	it('sends every kind in headers and the JSON body, without the disabled header', async () => {
		await importCollection();
		const result = await runCli(['run', 'API', 'Create user'], {configDir: config.directory});
		expect(result.code).toBe(0);
		const [request] = server.requests;
		expect(request!.method).toBe('POST');
		expect(headerOf(request!, 'X-API-Key')).toBe('key-abc');
		expect(headerOf(request!, 'X-Secret')).toBe('secret-xyz');
		expect(headerOf(request!, 'X-Disabled')).toBeUndefined();
		expect(headerOf(request!, 'X-Kinds')).toBe(`42/true/null/${date}/["red","green"]`);
		expect(headerOf(request!, 'Content-Type')).toBe('application/json');
		expect(JSON.parse(request!.body.toString('utf8'))).toEqual({
			name: 'Ada',
			id: 42,
			verbose: true,
			nothing: null,
			tags: ['red', 'green'],
			first: 'red',
			each: ['red', 'green'],
			created: date,
			createdRaw: date,
			joined: {at: date},
			roles: [{name: 'admin'}],
			query: {limit: 10, offset: 20, filter: 'active'},
		});
	});

	it('masks secret values in what it prints', async () => {
		const file = collectionFile();
		(file.requests as Array<Record<string, unknown>>).push({name: 'Leaky', method: 'GET', url: '{{baseUrl}}/k/{{authConfig.apiKey}}', headers: [], body: {type: 'none'}});
		await importCollection(file);
		const result = await runCli(['run', 'API', 'Leaky'], {configDir: config.directory});
		expect(server.requests[0]!.url).toBe('/k/key-abc');
		expect(result.stderr).not.toContain('key-abc');
		expect(result.stderr).toContain('/k/••••••');
	});

	it('masks a secret holding a #, whose first part the URL sends, and one where a very long URL is cut', async () => {
		const file = collectionFile();
		(file.variables as Array<Record<string, unknown>>).push({name: 'hashed', value: 'first-part#second-part', secret: true}, {name: 'far', value: 'far-away-secret', secret: true});
		(file.requests as Array<Record<string, unknown>>).push(
			{name: 'Hashed', method: 'GET', url: '{{baseUrl}}/h?t={{hashed}}', headers: [], body: {type: 'none'}},
			// The status line cuts a URL at 2,000 characters: here in the middle of the secret.
			{name: 'Long', method: 'GET', url: `{{baseUrl}}/l?pad=${'p'.repeat(1961)}&s={{far}}`, headers: [], body: {type: 'none'}},
		);
		await importCollection(file);
		const result = await runCli(['run', 'API', 'Hashed', 'Long'], {configDir: config.directory});
		expect(server.requests[0]!.url).toBe('/h?t=first-part');
		expect(server.requests[1]!.url.endsWith('&s=far-away-secret')).toBe(true);
		expect(result.stderr).not.toContain('first-part');
		expect(result.stderr).toContain('/h?t=••••••');
		expect(result.stderr).not.toMatch(/far-a|&s=f/);
		expect(result.stderr).toContain('&s=••••••');
	});

	it('does not mask a secret inside the words of a warning about the request\'s own placeholders', async () => {
		const file = collectionFile();
		(file.variables as Array<Record<string, unknown>>).push({name: 'short', value: 'coll', secret: true});
		(file.requests as Array<Record<string, unknown>>).push({name: 'Missing var', method: 'GET', url: '{{baseUrl}}/m?q={{nope}}', headers: [], body: {type: 'none'}});
		await importCollection(file);
		const result = await runCli(['run', 'API', 'Missing var'], {configDir: config.directory});
		expect(result.stderr).toContain('warning: URL, column 17: {{nope}}: no variable named "nope" is defined in the collection, the environment or the runtime');
	});

	it('uses the environment given with --env, and --var over both', async () => {
		await importCollection();
		await runCli(['run', 'API', 'Get resource', '--env', 'staging'], {configDir: config.directory});
		await runCli(['run', 'API', 'Get resource', 'Get user', '--env', 'staging', '--var', 'resource=from-var', '--var', 'userId={"id":7}'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/staging-products', '/from-var', new URL('/users/{"id":7}', server.origin).pathname]);
	});

	/** What pressing e in the terminal UI saves: staging as the collection's environment. */
	function chooseStagingInTui(): void {
		const store = openStore({configDir: config.directory});
		const api = store.findCollection('API')!;
		store.updateSettings(settings => ({...settings, selectedEnvironments: {[api.id]: api.environments[0]!.id}}));
		store.close();
	}

	it('without --env, uses the environment last chosen in the terminal UI and says so on stderr', async () => {
		await importCollection();
		chooseStagingInTui();
		const result = await runCli(['run', 'API', 'Get resource'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/staging-products']);
		expect(result.stderr).toContain('Environment "staging", as chosen in the terminal UI (--env chooses another, --no-env none)');
	});

	it('with --no-env, uses no environment even when the terminal UI chose one, and refuses --env beside it', async () => {
		await importCollection();
		chooseStagingInTui();
		const result = await runCli(['run', 'API', 'Get resource', '--no-env'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(server.requests.map(request => request.url)).toEqual(['/products']);
		expect(result.stderr).not.toContain('Environment');
		const both = await runCli(['run', 'API', 'Get resource', '--no-env', '--env', 'staging'], {configDir: config.directory});
		expect(both.code).toBe(2);
		expect(both.stderr).toContain('--env and --no-env say opposite things');
		expect(server.requests).toHaveLength(1);
	});

	it('exits 1 on a 4xx response and still prints its body', async () => {
		await importCollection();
		const result = await runCli(['run', 'API', 'Missing'], {configDir: config.directory});
		expect(result.code).toBe(1);
		expect(result.stdout.toString()).toBe('no such thing');
		expect(result.stderr).toMatch(/404 Not Found {2}Client error/);
	});

	it('warns about an unresolved placeholder, and refuses to send it with --strict', async () => {
		await importCollection();
		const loose = await runCli(['run', 'API', 'Unresolved'], {configDir: config.directory});
		expect(loose.stderr).toMatch(/warning: URL, column 15: \{\{nope\}\}: no variable named "nope"/);
		expect(server.requests).toHaveLength(1);

		const strict = await runCli(['run', 'API', 'Unresolved', '--strict'], {configDir: config.directory});
		expect(strict.code).toBe(2);
		expect(strict.stderr).toMatch(/Not sent: 1 placeholder unresolved in strict mode \(\{\{nope\}\}\)/);
		expect(server.requests).toHaveLength(1);
	});

	it('exits 2 with one clear line when the server cannot be reached', async () => {
		const closed = await startRecordingServer();
		await closed.close();
		const file = collectionFile();
		file.variables[0] = {name: 'baseUrl', value: closed.origin};
		await importCollection(file);
		const result = await runCli(['run', 'API', 'Get user'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^curlew: GET .*: Connection refused/)]);
	});

	it.each([
		[['run', 'Nope'], /No collection named "Nope": choose one of .*"API"/],
		[['run', 'API', 'Nope'], /Collection "API" has no request "Nope": choose one of "Get resource"/],
		[['run', 'API', '--env', 'prod'], /Collection "API" has no environment "prod": choose one of "staging"/],
		[['run', 'API', '--var', 'bad name=1'], /--var bad name=1: Variable name "bad name" is invalid/],
		[['run'], /curlew run needs a collection/],
		[['run', 'API', '--bogus'], /Unknown option '--bogus': see curlew --help/],
	])('refuses %j with a clear error and exit 2', async (args, message) => {
		await importCollection();
		const result = await runCli(args, {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
		expect(server.requests).toHaveLength(0);
	});

	it('shows the control characters of a reason phrase and of console output as pictures on stderr, the body byte for byte on stdout', async () => {
		const body = Buffer.from('raw \u001B]0;body\u0007 bytes');
		const hostile = await startRecordingServer((_request, _response, incoming) => {
			// Node's writeHead refuses such a reason phrase: the server writes its bytes itself.
			incoming.socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\u001B]0;PWNED\u0007\u001B[2J\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, 'latin1'), body]));
		});
		try {
			const file = collectionFile();
			(file.requests as Array<Record<string, unknown>>).push({
				name: 'Hostile',
				method: 'GET',
				url: `${hostile.origin}/`,
				headers: [],
				body: {type: 'none'},
				scripts: {preRequest: '', postResponse: 'console.log("\\u001b]52;c;aGk=\\u0007")'},
			});
			await importCollection(file);
			const result = await runCli(['run', 'API', 'Hostile'], {configDir: config.directory});
			expect(result.code).toBe(0);
			expect(result.stdout.equals(body)).toBe(true);
			// eslint-disable-next-line no-control-regex
			expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
			expect(result.stderr).toContain('[request post-response log] ␛]52;c;aGk=␇\n');
			expect(result.stderr).toContain('→ 200 OK␛]0;PWNED␇␛[2J  Successful');
		} finally {
			await hostile.close();
		}
	});

	it('with --bail, says which requests a failure left unsent', async () => {
		const file = collectionFile();
		(file.requests as Array<Record<string, unknown>>).unshift({name: 'Fails', method: 'GET', url: '{{baseUrl}}/products', headers: [], body: {type: 'none'}, scripts: {preRequest: 'throw new Error("first\\nsecond")', postResponse: ''}});
		await importCollection(file);
		const result = await runCli(['run', 'API', 'Fails', 'Get user', 'Missing', '--bail'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(server.requests).toHaveLength(0);
		expect(result.stderr.split('\n\n')[0]!.split('\n')).toEqual([
			'curlew: Pre-request script of "Fails" failed at line 1: Error: first ⏎ second',
			'curlew: stopped there (--bail); not run: "Get user", "Missing"',
		]);
	});
});

describe('curlew run when stdout goes away or fails', () => {
	it.each([
		['Big', '/big', 0],
		['Big missing', '/big-missing', 1],
	])('stops quietly when the reader of stdout stops reading during %s (%s), sends nothing more, and exits %i, the code so far', async (name, url, code) => {
		await importCollection();
		const result = await runCliWithStdout(['run', 'API', name, 'Get user', 'Get resource'], 'pipe closed after the first bytes');
		expect(result.stdoutBytes).toBeGreaterThan(0);
		expect(result.code).toBe(code);
		expect(server.requests.map(request => request.url)).toEqual([url]);
		expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^GET ${server.origin}${url} → `))]);
	});

	it.skipIf(!existsSync('/dev/full'))('says in one line that stdout cannot be written (ENOSPC), sends nothing more, and exits 2', async () => {
		await importCollection();
		const full = openSync('/dev/full', 'w');
		try {
			const result = await runCliWithStdout(['run', 'API', 'Get resource', 'Get user'], full);
			expect(result.code).toBe(2);
			expect(server.requests.map(request => request.url)).toEqual(['/products']);
			expect(result.stderr.split('\n\n')[0]!.split('\n')).toEqual([
				expect.stringMatching(new RegExp(`^GET ${server.origin}/products → 200 OK`)),
				'curlew: cannot write the response body to stdout: no space left on device (ENOSPC)',
				'curlew: stopped there; not run: "Get user"',
			]);
		} finally {
			closeSync(full);
		}
	});
});

describe('curlew run choosing among names that differ only in case', () => {
	const namesakes = {
		curlew: 1,
		name: 'D',
		variables: [],
		environments: [
			{name: 'Prod', variables: [{name: 'stage', value: 'upper'}]},
			{name: 'prod', variables: [{name: 'stage', value: 'lower'}]},
		],
		requests: [
			['Get user', '/status/200'],
			['get-user', '/500/dash'],
			['get user', '/500/space'],
			['With stage', '/status/200/{{stage}}'],
		].map(([name, path]) => ({name, method: 'GET', url: `{{baseUrl}}${path}`, headers: [], body: {type: 'none'}})),
	};

	async function importNamesakes(name = 'D') {
		const file = {...namesakes, name, variables: [{name: 'baseUrl', value: server.origin}]};
		const filePath = path.join(config.directory, `${name}.json`);
		writeFileSync(filePath, JSON.stringify(file));
		const result = await runCli(['import', filePath], {configDir: config.directory});
		expect(result.code).toBe(0);
	}

	it.each([
		['get user', '/500/space', 1],
		['Get user', '/status/200', 0],
		['get-user', '/500/dash', 1],
		['GET-USER', '/500/dash', 1],
	])('runs %j as the request with that exact name, else the only one matching ignoring case (%s)', async (name, url, code) => {
		await importNamesakes();
		const result = await runCli(['run', 'D', name], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual([url]);
		expect(result.code).toBe(code);
	});

	it.each([
		['GET USER', 'Collection "D" has 2 requests matching "GET USER": "Get user", "get user"; type one of these names exactly'],
		['get_user', 'Collection "D" has 3 requests matching "get_user": "Get user", "get-user", "get user"; type one of these names exactly'],
	])('refuses %j, which matches several requests and none exactly, listing them, and sends nothing', async (name, message) => {
		await importNamesakes();
		const result = await runCli(['run', 'D', name], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toBe(`curlew: ${message}\n`);
		expect(server.requests).toHaveLength(0);
	});

	it('applies the same rule to --env', async () => {
		await importNamesakes();
		await runCli(['run', 'D', 'With stage', '--env', 'prod'], {configDir: config.directory});
		await runCli(['run', 'D', 'With stage', '--env', 'Prod'], {configDir: config.directory});
		const ambiguous = await runCli(['run', 'D', 'With stage', '--env', 'PROD'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/status/200/lower', '/status/200/upper']);
		expect(ambiguous.code).toBe(2);
		expect(ambiguous.stderr).toBe('curlew: Collection "D" has 2 environments matching "PROD": "Prod", "prod"; type one of these names exactly\n');
	});

	it('applies the same rule to the collection name', async () => {
		await importNamesakes('My API');
		await importNamesakes('my-api');
		await runCli(['run', 'my-api', 'Get user'], {configDir: config.directory});
		await runCli(['run', 'MY API', 'get user'], {configDir: config.directory});
		const ambiguous = await runCli(['run', 'my_api', 'Get user'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/status/200', '/500/space']);
		expect(ambiguous.code).toBe(2);
		expect(ambiguous.stderr).toMatch(/^curlew: The store has 2 collections matching "my_api": "My API", "my-api"; type one of these names exactly\n$/);
	});
});

describe('curlew import and export', () => {
	it('round-trips a collection, leaving secret values out of the export', async () => {
		await importCollection();
		const exported = await runCli(['export', 'API'], {configDir: config.directory});
		expect(exported.code).toBe(0);
		const file = JSON.parse(exported.stdout.toString()) as ReturnType<typeof collectionFile>;
		expect(exported.stdout.toString()).not.toContain('key-abc');
		expect(file.variables.find(variable => variable.name === 'authConfig')).toMatchObject({secret: true, value: ''});
		expect(file.variables.find(variable => variable.name === 'createdAt')).toEqual({name: 'createdAt', value: date, type: 'date'});
		expect(file.requests.find(request => request.name === 'Create user')!.headers).toContainEqual({name: 'X-Disabled', value: 'never', enabled: false});
	});

	it('refuses a malformed file naming the field, and imports nothing', async () => {
		const filePath = path.join(config.directory, 'bad.json');
		const file = collectionFile();
		(file.requests[1] as Record<string, unknown>).method = 'FETCH';
		writeFileSync(filePath, JSON.stringify(file));
		const result = await runCli(['import', filePath], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/requests\[1\]\.method/);
		expect(result.stderr).toMatch(/nothing was imported/);
		const exported = await runCli(['export', 'API'], {configDir: config.directory});
		expect(exported.stderr).toMatch(/no collection named "API"/i);
	});

	it('says so when the file does not exist', async () => {
		const result = await runCli(['import', path.join(config.directory, 'nope.json')], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/Cannot read .*nope\.json: no such file/);
		expect(readdirSync(config.directory)).not.toContain('nope.json');
	});
});

describe('curlew --help and --version', () => {
	it('prints the version', async () => {
		const result = await runCli(['--version'], {configDir: config.directory});
		expect(result.stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it('prints usage with every command', async () => {
		const result = await runCli(['--help'], {configDir: config.directory});
		expect(result.stdout.toString()).toMatch(/curlew run <collection> \[request\.\.\.\]/);
		expect(result.stdout.toString()).toMatch(/curlew import <file\|folder>/);
		expect(result.stdout.toString()).toMatch(/curlew export <collection>/);
	});
});
