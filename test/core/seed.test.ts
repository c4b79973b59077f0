import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {startEchoServer, type EchoReply, type EchoServer} from '../../source/core/echo-server.js';
import {interpolate} from '../../source/core/interpolate/index.js';
import type {Body} from '../../source/core/model.js';
import {mergeScopes} from '../../source/core/scopes.js';
import {gettingStarted} from '../../source/core/seed.js';
import {openStore} from '../../source/core/store/store.js';
import {kindOf, type Value, type ValueObject} from '../../source/core/values.js';

function jsonText(body: Body): string {
	expect(body.type).toBe('json');
	return body.text ?? '';
}

let server: EchoServer | undefined;
const directories: string[] = [];

afterEach(async () => {
	await server?.close();
	server = undefined;
	for (const directory of directories.splice(0)) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function configDir(): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'curlew-seed-'));
	directories.push(directory);
	return directory;
}

describe('the Getting started collection', () => {
	const seed = gettingStarted();
	const variables = Object.fromEntries(seed.variables.map(variable => [variable.name, variable.value]));

	it('has a variable of every kind, an object with a nested date and an array of objects, and a secret', () => {
		expect(new Set(seed.variables.map(variable => kindOf(variable.value)))).toEqual(new Set(['string', 'number', 'boolean', 'null', 'object', 'array', 'date']));
		expect(variables).toMatchObject({
			baseUrl: 'http://127.0.0.1',
			userId: 42,
			verbose: true,
			query: {limit: 10, offset: 0, filter: 'active'},
			authConfig: {apiKey: 'demo-key', secret: 'demo-secret'},
		});
		expect(variables.createdAt).toBeInstanceOf(Date);
		expect(seed.variables.find(variable => variable.name === 'authConfig')!.secret).toBe(true);
		const profile = variables.profile as ValueObject;
		expect(((profile.address as ValueObject).since)).toBeInstanceOf(Date);
		expect((profile.contacts as Value[]).every(contact => kindOf(contact) === 'object')).toBe(true);
		expect(seed.settings.localEcho).toBe(true);
	});

	it('has the requests that show each kind in use', () => {
		const byName = Object.fromEntries(seed.requests.map(request => [request.name, request]));
		expect(byName['List resource']!.url).toBe('{{baseUrl}}/{{resource}}');
		expect(byName['Get user']!.url).toBe('{{baseUrl}}/users/{{userId}}');
		expect(byName['Search users']!.url).toBe('{{baseUrl}}/users?limit={{query.limit}}&offset={{query.offset}}&filter={{query.filter}}');
		expect(byName['Create user']!.headers).toEqual(expect.arrayContaining([
			{name: 'X-API-Key', value: '{{authConfig.apiKey}}', enabled: true},
			{name: 'X-Secret', value: '{{authConfig.secret}}', enabled: true},
		]));
		expect(byName['Log in']!.scripts.postResponse).toMatch(/client\.setVar\('session', \{\s*token: res\.body\.token/);
		expect(byName['Who am I']!.headers[0]!.value).toBe('Bearer {{session.token}}');
	});

	it('resolves every placeholder but the session one, and its JSON body renders to JSON with every kind', () => {
		for (const request of seed.requests) {
			const texts = [request.url, ...request.headers.map(header => header.value)];
			const problems = texts.flatMap(text => interpolate(text, variables).problems);
			expect(problems.map(problem => problem.placeholder)).toEqual(request.name === 'Who am I' ? ['{{session.token}}'] : []);
		}

		const create = seed.requests.find(request => request.name === 'Create user')!;
		const rendered = interpolate(jsonText(create.body), variables, {context: 'json'});
		expect(rendered.problems).toEqual([]);
		expect(JSON.parse(rendered.text)).toEqual({
			id: 42,
			idAsText: '42',
			verbose: true,
			filter: 'active',
			query: {limit: 10, offset: 0, filter: 'active'},
			firstTags: ['api', 'demo'],
			tags: ['api', 'demo', 'curlew'],
			createdAt: '2024-01-31T12:00:00.000Z',
			profile: {name: 'Ada Lovelace', memberSince: '2020-05-01T09:30:00.000Z', firstContact: 'ada@example.com'},
			contacts: [{type: 'email', value: 'ada@example.com'}, {type: 'phone', value: '+44 20 7946 0000'}],
			manager: null,
		});
	});

	it('reaches the echo server with no network once baseUrl points at it', async () => {
		server = await startEchoServer();
		const scope = mergeScopes({collection: seed.variables, runtime: {baseUrl: server.url}});
		const create = seed.requests.find(request => request.name === 'Create user')!;
		const reply = await (await fetch(interpolate(create.url, scope).text, {
			method: create.method,
			headers: Object.fromEntries(create.headers.map(header => [header.name, interpolate(header.value, scope).text])),
			body: interpolate(jsonText(create.body), scope, {context: 'json'}).text,
		})).json() as EchoReply;
		expect(reply).toMatchObject({method: 'POST', path: '/users', json: {id: 42, createdAt: '2024-01-31T12:00:00.000Z'}});
		expect(reply.headers['x-api-key']).toBe('demo-key');
		expect(reply.headers['x-secret']).toBe('demo-secret');
	});
});

describe('seeding the store', () => {
	it('seeds a new store once, and does not bring the collection back after it is deleted', () => {
		const directory = configDir();
		const store = openStore({configDir: directory});
		const [seeded] = store.collections();
		expect(seeded!.name).toBe('Getting started');
		expect(store.settings().seeded).toBe(true);
		store.deleteCollection(seeded!.id);
		expect(openStore({configDir: directory}).collections()).toEqual([]);
	});

	it('does not seed a store that already has collections', () => {
		const directory = configDir();
		const store = openStore({configDir: directory, seed: false});
		store.createCollection({name: 'Mine'});
		expect(openStore({configDir: directory}).collections().map(collection => collection.name)).toEqual(['Mine']);
	});
});
