import {afterEach, describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {startProxyServer} from '../../helpers/proxy-server.js';
import {startRecordingServer} from '../../helpers/recording-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
	await Promise.all(cleanups.splice(0).map(async cleanup => cleanup()));
});

/*
A proxy for every http:// request shows what would have gone out: a mistyped scheme used to
be sent over plain HTTP to a host named after it ("https"), which only the proxy would see.
*/
describe('a session sending a URL whose scheme is mistyped or not HTTP', () => {
	it.each([
		['https:/127.0.0.1:PORT/x', 'The URL "https:/127.0.0.1:PORT/x" needs two slashes after its scheme: write it as https://127.0.0.1:PORT/x'],
		['http:127.0.0.1:PORT/x', 'The URL "http:127.0.0.1:PORT/x" needs two slashes after its scheme: write it as http://127.0.0.1:PORT/x'],
		['mailto:x@127.0.0.1', 'URL scheme mailto: is not supported: use http:// or https://'],
	])('refuses %s and sends nothing', async (template, refusal) => {
		const server = await startRecordingServer();
		const proxy = await startProxyServer();
		const session = new Session();
		cleanups.push(async () => server.close(), async () => proxy.close(), async () => session.close());
		const url = template.replace('PORT', String(server.port));

		const outcome = await session.send(createCollection({name: 'API'}), createRequest({name: 'Typo', url}), {env: {HTTP_PROXY: proxy.url}});

		expect(outcome.refusal).toBe(refusal.replaceAll('PORT', String(server.port)));
		expect(outcome.result).toBeUndefined();
		expect(proxy.targets).toEqual([]);
		expect(server.requests).toEqual([]);
	});

	it('still sends a URL written as host:port with http:// put in front', async () => {
		const server = await startRecordingServer();
		const session = new Session();
		cleanups.push(async () => server.close(), async () => session.close());

		const outcome = await session.send(createCollection({name: 'API'}), createRequest({name: 'No scheme', url: `127.0.0.1:${server.port}/x`}), {env: {}});

		expect(outcome.result).toMatchObject({kind: 'response', status: 200});
		expect(server.requests.map(request => request.url)).toEqual(['/x']);
	});
});
