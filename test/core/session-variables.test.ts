import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../source/core/model.js';
import {maskSecrets} from '../../source/core/secrets.js';
import {Session} from '../../source/core/session/session.js';

let server: Server;
let origin: string;

beforeAll(async () => {
	server = createServer((request, response) => {
		response.writeHead(200, {'content-type': 'application/json'});
		response.end(request.url === '/login' ? '{"token":"tok-123456"}' : '{}');
	});
	await new Promise<void>(resolve => {
		server.listen(0, '127.0.0.1', resolve);
	});
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise(resolve => {
		server.close(resolve);
	});
});

describe('a session\'s secrets', () => {
	it('mask the value a script gives a secret variable, in that send\'s console and in the next send\'s URL', async () => {
		const session = new Session();
		const collection = createCollection({name: 'API', variables: [{name: 'token', value: '', secret: true}]});
		const login = createRequest({name: 'Log in', url: `${origin}/login`, scripts: {preRequest: '', postResponse: 'client.setVar("token", res.body.token); console.log("got", client.getVar("token"));'}});
		const use = createRequest({name: 'Use', url: `${origin}/echo?access_token={{token}}`});
		try {
			const first = await session.send(collection, login);
			expect(first.logs.map(entry => maskSecrets(entry.text, first.secrets))).toEqual(['got ••••••']);
			const second = await session.send(collection, use);
			expect(second.prepared?.url.href).toContain('tok-123456');
			expect(maskSecrets(second.prepared!.url.href, second.secrets)).toBe(`${origin}/echo?access_token=••••••`);
		} finally {
			await session.close();
		}
	});
});

describe('a session\'s runtime variables', () => {
	it('belong to the collection whose script set them: another collection never sends them', async () => {
		const session = new Session();
		const first = createCollection({name: 'First API'});
		const second = createCollection({name: 'Second API'});
		const login = createRequest({name: 'Log in', url: `${origin}/login`, scripts: {preRequest: '', postResponse: 'client.setVar("token", res.body.token);'}});
		const use = createRequest({name: 'Use', url: `${origin}/echo?access_token={{token}}`});
		try {
			await session.send(first, login);
			const elsewhere = await session.send(second, use);
			expect(elsewhere.prepared?.url.search).toBe('?access_token={{token}}');
			expect(elsewhere.problems.map(problem => problem.placeholder)).toEqual(['{{token}}']);
			const same = await session.send(first, use);
			expect(same.prepared?.url.search).toBe('?access_token=tok-123456');
		} finally {
			await session.close();
		}
	});
});
