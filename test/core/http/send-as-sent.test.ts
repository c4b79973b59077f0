import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

function pairs(rawHeaders: string[]): Array<[string, string]> {
	const result: Array<[string, string]> = [];
	for (let index = 0; index < rawHeaders.length; index += 2) {
		result.push([rawHeaders[index]!, rawHeaders[index + 1]!]);
	}

	return result;
}

describe('send: the request as it went on the wire', () => {
	it('keeps the request line, every header line the server got (those Node and got add too) and the body', async () => {
		server = await startRecordingServer();
		const response = expectResponse(await send({method: 'POST', url: new URL(`${server.origin}/items?q=a%20b`), headers: [['X-Trace', 'one'], ['x-trace', 'two'], ['Content-Type', 'application/json']], body: '{"a":1}'}, sendOptions()));

		const [hop, ...others] = response.sent!.hops;
		expect(others).toEqual([]);
		expect(hop!.requestLine).toBe('POST /items?q=a%20b HTTP/1.1');
		expect(hop!.headers).toEqual(pairs(server.requests[0]!.rawHeaders));
		expect(hop!.headers.map(([name]) => name)).toEqual(expect.arrayContaining(['Host', 'Connection', 'Content-Length', 'User-Agent']));
		expect(hop!.withBody).toBe(true);
		expect(new TextDecoder().decode(response.sent!.body)).toBe('{"a":1}');
	});

	it('shows a header value sent as UTF-8 as its text', async () => {
		server = await startRecordingServer();
		const response = expectResponse(await send({method: 'GET', url: new URL(server.url), headers: [['X-Name', 'Zoë']]}, sendOptions()));

		expect(response.sent!.hops[0]!.headers).toContainEqual(['X-Name', 'Zoë']);
		expect(response.sent!.body).toBeUndefined();
	});

	it('keeps each hop of a redirect: a 303 turns the POST into a GET without the body', async () => {
		server = await startRecordingServer((request, reply) => {
			if (request.url === '/start') {
				reply.writeHead(303, {Location: '/next'});
				reply.end();
			} else {
				reply.end('done');
			}
		});
		const response = expectResponse(await send({method: 'POST', url: new URL(`${server.origin}/start`), headers: [], body: 'payload'}, sendOptions()));

		expect(response.sent!.hops.map(hop => hop.requestLine)).toEqual(['POST /start HTTP/1.1', 'GET /next HTTP/1.1']);
		expect(response.sent!.hops.map(hop => hop.withBody)).toEqual([true, false]);
		expect(response.sent!.hops[1]!.headers).toEqual(pairs(server.requests[1]!.rawHeaders));
	});
});
