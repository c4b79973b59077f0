import fs from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createCollection, createRequest, type Collection} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {historyBodyCap} from '../../../source/core/store/history.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {startRecordingServer, type Handler} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
	await Promise.all(cleanups.splice(0).map(async cleanup => cleanup()));
});

/** Sends the collection's one request through a session on a real store; returns the text of the history file written and its body decoded. */
async function sendAndReadHistory(handler: Handler, collection: (origin: string) => Collection): Promise<{file: string; body: string}> {
	const server = await startRecordingServer(handler);
	const store: Store = openStore({configDir: makeConfigDir(), seed: false});
	const session = new Session(store);
	cleanups.push(async () => server.close(), async () => session.close());
	const created = store.createCollection(collection(server.origin));
	const outcome = await session.send(created, created.requests[0]!, {env: {}});
	expect(outcome.notKept).toBeUndefined();
	const file = fs.readFileSync(path.join(store.history.directory, created.requests[0]!.id, outcome.keptAs!), 'utf8');
	const stored = JSON.parse(file) as {result: {body: string}};
	return {file, body: Buffer.from(stored.result.body, 'base64').toString('utf8')};
}

describe('the history of a request that uses a secret', () => {
	it('masks a secret holding # in the final URL, the redirects, the headers and the body, whole and encoded', async () => {
		const secret = 's3cr#t-token';
		const {file, body} = await sendAndReadHistory((request, response) => {
			if (request.url.startsWith('/login')) {
				response.writeHead(302, {Location: `/echo${request.url.slice('/login'.length)}&again=${encodeURIComponent(secret)}`});
				response.end();
				return;
			}

			response.writeHead(200, {'X-Echo': request.url});
			response.end(`you sent ${request.url}`);
		}, origin => createCollection({
			name: 'API',
			variables: [{name: 'token', value: secret, secret: true}],
			requests: [createRequest({name: 'Login', url: `${origin}/login?t={{token}}`})],
		}));

		expect(body).toBe('you sent /echo?t=••••••&again=••••••');
		for (const part of ['s3cr', 't-token', 's3cr%23t-token']) {
			expect(file).not.toContain(part);
		}

		expect(file).toContain('"url":"http://127.0.0.1:');
		expect(file).toContain('/echo?t=••••••&again=••••••"');
	});

	it('masks a secret that straddles the point where the history cuts a body, and one a post-response script set', async () => {
		const cut = 'c-'.repeat(4) + 'edge-secret';
		const login = '{"token": "tok-from-login-123"}';
		const body = `${login}${'a'.repeat(historyBodyCap - 4 - login.length)}${cut}${'b'.repeat(100)}`;
		const stored = await sendAndReadHistory((_request, response) => {
			response.end(body);
		}, origin => createCollection({
			name: 'API',
			variables: [{name: 'cut', value: cut, secret: true}, {name: 'session', value: 'none yet', secret: true}],
			requests: [createRequest({
				name: 'Login',
				url: `${origin}/`,
				scripts: {preRequest: '', postResponse: 'client.setVar("session", JSON.parse(res.text.slice(0, res.text.indexOf("}") + 1)).token);'},
			})],
		}));

		expect(stored.body.startsWith('{"token": "••••••"}aaa')).toBe(true);
		// The history keeps the first MB: four bytes of the secret's place, now of its mask.
		expect(stored.body.slice(-10)).not.toContain('c-');
		expect(stored.body.endsWith('aaaa•\uFFFD')).toBe(true);
	});
});
