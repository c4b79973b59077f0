import {spawnSync} from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {startEchoServer, type EchoReply, type EchoServer} from '../../source/core/echo-server.js';

let server: EchoServer | undefined;

afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('startEchoServer', () => {
	it('answers with the method, path, query, headers and body it received', async () => {
		server = await startEchoServer();
		expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const response = await fetch(`${server.url}/users/42?limit=10&tag=a&tag=b`, {
			method: 'PATCH',
			headers: {'X-API-Key': 'demo-key', 'content-type': 'application/json'},
			body: '{"name": "Ada", "tags": [1, 2]}',
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
		const reply = await response.json() as EchoReply;
		expect(reply).toMatchObject({
			method: 'PATCH',
			path: '/users/42',
			query: {limit: '10', tag: ['a', 'b']},
			body: '{"name": "Ada", "tags": [1, 2]}',
			json: {name: 'Ada', tags: [1, 2]},
		});
		expect(reply.headers['x-api-key']).toBe('demo-key');
		expect(reply.token).toBeUndefined();
	});

	it('gives a body that is not JSON as text only', async () => {
		server = await startEchoServer();
		const reply = await (await fetch(`${server.url}/notes`, {method: 'POST', body: 'plain {text'})).json() as EchoReply;
		expect(reply.body).toBe('plain {text');
		expect('json' in reply).toBe(false);
	});

	it('hands out a token on /login so a script can chain it', async () => {
		server = await startEchoServer();
		const reply = await (await fetch(`${server.url}/login`, {method: 'POST', body: '{"user": "ada"}'})).json() as EchoReply;
		expect(reply.token).toMatch(/^echo-[\da-f]{24}$/);
		expect(reply.json).toEqual({user: 'ada'});
	});

	it('answers HEAD with headers only, and every other method', async () => {
		server = await startEchoServer();
		const head = await fetch(`${server.url}/x`, {method: 'HEAD'});
		expect(head.status).toBe(200);
		expect(await head.text()).toBe('');
		for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
			const reply = await (await fetch(`${server.url}/x`, {method})).json() as EchoReply;
			expect(reply.method).toBe(method);
		}
	});

	it('closes cleanly, even with a kept-alive connection', async () => {
		const closing = await startEchoServer();
		await (await fetch(`${closing.url}/x`, {headers: {connection: 'keep-alive'}})).text();
		await closing.close();
		await expect(fetch(`${closing.url}/x`)).rejects.toThrow();
	});

	it('does not keep the process alive', () => {
		const here = path.dirname(fileURLToPath(import.meta.url));
		const script = `const {startEchoServer} = await import(${JSON.stringify(pathToFileURL(path.join(here, '../../source/core/echo-server.js')).href)});
const server = await startEchoServer();
const reply = await (await fetch(server.url + '/ping')).json();
console.log(reply.path);`;
		const child = spawnSync(process.execPath, ['--import', path.join(here, 'store/fixtures/ts-register.mjs'), '--input-type=module', '-e', script], {encoding: 'utf8', timeout: 60_000});
		expect(child.stderr).toBe('');
		expect(child.stdout).toBe('/ping\n');
		expect(child.signal).toBeNull();
		expect(child.status).toBe(0);
	});
});
