// A collection's cookie jar: Set-Cookie honoured by its later requests (redirects included), its own per collection, listed and cleared, and kept in a 0600 file only when the collection says so.
import fs from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {createRequest, type Request} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

let server: RecordingServer;
let session: Session;
let store: Store;

beforeEach(async () => {
	server = await startRecordingServer((request, response) => {
		if (request.url === '/login') {
			response.writeHead(200, [['Set-Cookie', 'session=abc123; Path=/; HttpOnly'], ['Set-Cookie', 'theme=dark; Path=/prefs; Max-Age=3600']]);
			response.end('in');
		} else if (request.url === '/hop') {
			response.writeHead(302, [['Location', '/landed'], ['Set-Cookie', 'hopped=yes; Path=/']]);
			response.end();
		} else if (request.url === '/logout') {
			response.writeHead(200, [['Set-Cookie', 'session=; Path=/; Max-Age=0']]);
			response.end('out');
		} else {
			response.writeHead(200, {'Content-Type': 'text/plain'});
			response.end('ok');
		}
	});
	store = openStore({configDir: makeConfigDir(), seed: false});
	session = new Session(store);
});

afterEach(async () => {
	await session.close();
	await server.close();
});

function collectionWith(requests: Array<Partial<Request>>, persistCookies?: boolean) {
	const created = store.createCollection({name: `C${Math.random()}`, requests: requests.map(fields => createRequest({...fields, url: `${server.origin}${fields.url!}`}))});
	return persistCookies === undefined ? created : store.updateCollection(created.id, collection => ({...collection, settings: {...collection.settings, persistCookies}}));
}

const cookieOf = (index: number) => server.requests[index]!.headers.cookie;

describe('a collection\'s cookie jar', () => {
	it('sends the cookies a response set with the collection\'s later requests, by path, and forgets one the server expires', async () => {
		const collection = collectionWith([{url: '/login'}, {url: '/prefs/page'}, {url: '/other'}, {url: '/logout'}, {url: '/after'}]);
		for (const request of collection.requests) {
			await session.send(collection, request);
		}

		expect(cookieOf(0)).toBeUndefined();
		expect(cookieOf(1)).toBe('theme=dark; session=abc123');
		expect(cookieOf(2)).toBe('session=abc123');
		expect(cookieOf(4)).toBeUndefined();
	});

	it('keeps each collection\'s cookies to itself', async () => {
		const first = collectionWith([{url: '/login'}]);
		const second = collectionWith([{url: '/other'}]);
		await session.send(first, first.requests[0]!);
		await session.send(second, second.requests[0]!);
		expect(cookieOf(1)).toBeUndefined();
	});

	it('takes a cookie a redirect sets, and sends it on the next hop', async () => {
		const collection = collectionWith([{url: '/hop'}]);
		await session.send(collection, collection.requests[0]!);
		expect(server.requests.map(request => [request.url, request.headers.cookie])).toEqual([['/hop', undefined], ['/landed', 'hopped=yes']]);
	});

	it('sends the request\'s own Cookie header first, then the jar\'s cookies of other names, in one header', async () => {
		const collection = collectionWith([{url: '/login'}, {url: '/other', headers: [{name: 'Cookie', value: 'session=mine; extra=1', enabled: true}]}]);
		await session.send(collection, collection.requests[0]!);
		await session.send(collection, collection.requests[1]!);
		expect(server.requests[1]!.rawHeaders.filter(name => name.toLowerCase() === 'cookie')).toHaveLength(1);
		expect(cookieOf(1)).toBe('session=mine; extra=1');
	});

	it('lists, sets, deletes and clears cookies through the session', async () => {
		const collection = collectionWith([{url: '/login'}, {url: '/other'}]);
		await session.send(collection, collection.requests[0]!);
		const cookies = await session.cookies(collection);
		expect((await cookies.list()).map(({name, value, path: cookiePath, httpOnly, hostOnly}) => ({name, value, path: cookiePath, httpOnly, hostOnly}))).toEqual([
			{name: 'session', value: 'abc123', path: '/', httpOnly: true, hostOnly: true},
			{name: 'theme', value: 'dark', path: '/prefs', httpOnly: false, hostOnly: true},
		]);
		expect((await cookies.list())[1]!.expires).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect((await cookies.forUrl(`${server.origin}/`)).map(cookie => cookie.name)).toEqual(['session']);

		expect(await cookies.set(server.origin, {name: 'lang', value: 'en'})).toBeUndefined();
		expect(await cookies.set(server.origin, 'a=1; Domain=example.com')).toMatch(/^The cookie was not set: /);
		await cookies.delete(`${server.origin}/`, 'session');
		await session.send(collection, collection.requests[1]!);
		expect(cookieOf(1)).toBe('lang=en');

		await cookies.clear();
		expect(await cookies.list()).toEqual([]);
	});
});

describe('persistCookies', () => {
	it('keeps the jar in a 0600 file beside the store, which a later session reads, only while the setting is on', async () => {
		const collection = collectionWith([{url: '/login'}, {url: '/other'}], true);
		await session.send(collection, collection.requests[0]!);
		const file = path.join(path.dirname(store.path), 'cookies', `${collection.id}.json`);
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		expect(fs.readFileSync(file, 'utf8')).toContain('abc123');

		const later = new Session(store);
		await later.send(collection, collection.requests[1]!);
		await later.close();
		expect(cookieOf(1)).toBe('session=abc123');

		const off = store.updateCollection(collection.id, changed => ({...changed, settings: {...changed.settings, persistCookies: false}}));
		await (await session.cookies(off)).clear();
		expect(fs.existsSync(file)).toBe(false);
	});

	it('writes no file when the setting is off, and a later session starts with an empty jar', async () => {
		const collection = collectionWith([{url: '/login'}, {url: '/other'}]);
		await session.send(collection, collection.requests[0]!);
		expect(fs.existsSync(path.join(path.dirname(store.path), 'cookies'))).toBe(false);
		const later = new Session(store);
		await later.send(collection, collection.requests[1]!);
		await later.close();
		expect(cookieOf(1)).toBeUndefined();
	});

	it('keeps a jar file that is not a jar aside and starts empty', async () => {
		const collection = collectionWith([{url: '/other'}], true);
		const file = path.join(path.dirname(store.path), 'cookies', `${collection.id}.json`);
		fs.mkdirSync(path.dirname(file), {recursive: true});
		fs.writeFileSync(file, '{not json');
		await session.send(collection, collection.requests[0]!);
		expect(cookieOf(0)).toBeUndefined();
		expect(fs.readdirSync(path.dirname(file)).some(name => name.startsWith(`${collection.id}.json.corrupt-`))).toBe(true);
	});
});
