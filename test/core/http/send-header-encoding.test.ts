import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import {Session} from '../../../source/core/session/session.js';
import {openStore} from '../../../source/core/store/store.js';
import {startRawHttpServer, type RawHttpServer} from '../../helpers/raw-http-server.js';
import {makeConfigDir} from '../store/config-dir.js';
import {expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RawHttpServer | undefined;

afterEach(async () => {
	await server?.close();
	server = undefined;
});

/** The bytes of the header line `name` in the head the server received. */
function headerBytes(head: Buffer, name: string): Buffer {
	const start = head.indexOf(`\r\n${name}: `);
	expect(start).toBeGreaterThan(-1);
	const valueStart = start + name.length + 4;
	return head.subarray(valueStart, head.indexOf('\r\n', valueStart));
}

describe('send: header values beyond ASCII', () => {
	it.each([
		['Latin-1 letters', 'Zoë, café, £5, ÿ'],
		['letters past Latin-1', 'Łódź, Ελλάδα, 東京'],
		['an emoji', 'hi 🐦'],
	])('sends %s as their UTF-8 bytes', async (_kind, value) => {
		server = await startRawHttpServer();
		expectResponse(await send({method: 'GET', url: new URL(`${server.origin}/`), headers: [['X-Name', value]]}, sendOptions()));

		expect(headerBytes(server.heads[0]!, 'X-Name').equals(Buffer.from(value, 'utf8'))).toBe(true);
	});

	it('sends the value the Preview shows, byte for byte as UTF-8', async () => {
		server = await startRawHttpServer();
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API', variables: [{name: 'city', value: 'Zürich'}]});
		store.addRequest(id, {name: 'Hello', method: 'GET', url: `${server.origin}/`, headers: [{name: 'X-City', value: 'Grüße aus {{city}}', enabled: true}]});
		const session = new Session(store);
		const collection = store.getCollection(id)!;
		try {
			const preview = await session.preview(collection, collection.requests[0]!);
			await session.send(collection, collection.requests[0]!);

			const shown = preview.prepared!.headers.find(([name]) => name === 'X-City')![1];
			expect(shown).toBe('Grüße aus Zürich');
			expect(headerBytes(server.heads[0]!, 'X-City').toString('utf8')).toBe(shown);
		} finally {
			await session.close();
		}
	});

	it.each([
		['a C1 control', 'a\u0085b', 'Header X-Name has the character U+0085 in its value, which HTTP headers cannot carry: remove it or percent-encode the value'],
		['a lone surrogate', 'a\uD800b', 'Header X-Name has the character U+D800 in its value, which HTTP headers cannot carry: remove it or percent-encode the value'],
	])('refuses %s in a value, saying which, and sends nothing', async (_kind, value, message) => {
		server = await startRawHttpServer();
		const result = await send({method: 'GET', url: new URL(`${server.origin}/`), headers: [['X-Name', value]]}, sendOptions());

		expect(result).toMatchObject({kind: 'failure', code: 'invalid-request', message});
		expect(server.heads).toEqual([]);
	});

	it('is refused in the Preview too, before anything is sent, when a variable fills it in', async () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API', variables: [{name: 'name', value: 'a\u0085b'}]});
		store.addRequest(id, {name: 'Hello', method: 'GET', url: 'http://127.0.0.1:9/', headers: [{name: 'X-Name', value: '{{name}}', enabled: true}]});
		const collection = store.getCollection(id)!;

		const preview = await new Session(store).preview(collection, collection.requests[0]!);

		expect(preview.error).toBe('Header X-Name has the character U+0085 in its value, which HTTP headers cannot carry: remove it or percent-encode the value');
	});
});
