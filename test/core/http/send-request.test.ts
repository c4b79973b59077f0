import {afterEach, describe, expect, it} from 'vitest';
import {httpMethods, type HttpMethod} from '../../../source/core/model.js';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

function prepared(method: HttpMethod, url: string, headers: Array<[string, string]> = [], body?: string | Uint8Array): PreparedRequest {
	return {method, url: new URL(url), headers, body};
}

/** The raw header lines as pairs, leaving out the ones Node's client adds to every request. */
function pairs(rawHeaders: string[]): Array<[string, string]> {
	const result: Array<[string, string]> = [];
	for (let index = 0; index < rawHeaders.length; index += 2) {
		result.push([rawHeaders[index]!, rawHeaders[index + 1]!]);
	}

	return result;
}

describe('send: what reaches the server', () => {
	it.each(httpMethods)('sends %s with its method, path and query as given', async method => {
		server = await startRecordingServer();
		const response = expectResponse(await send(prepared(method, `${server.origin}/items/42?q=a%20b&q=c`), sendOptions()));

		expect(response.status).toBe(200);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]!.method).toBe(method);
		expect(server.requests[0]!.url).toBe('/items/42?q=a%20b&q=c');
		if (method === 'HEAD') {
			expect(response.size).toBe(0);
		} else {
			expect(JSON.parse(Buffer.from(response.body).toString('utf8'))).toMatchObject({method});
		}
	});

	it('keeps the user\'s header spelling, order and repeated names', async () => {
		server = await startRecordingServer();
		const headers: Array<[string, string]> = [
			['X-Trace', 'first'],
			['accept', 'application/json'],
			['X-Trace', 'second'],
			['Authorization', 'Bearer abc'],
			['x-trace', 'third'],
		];
		await send(prepared('GET', server.url, headers), sendOptions());

		const received = pairs(server.requests[0]!.rawHeaders);
		const userLines = received.filter(([name]) => headers.some(([userName]) => userName === name));
		expect(userLines).toEqual(headers);
	});

	it('adds User-Agent curlew/<version> only when the user gave none', async () => {
		server = await startRecordingServer();
		await send(prepared('GET', server.url), sendOptions());
		await send(prepared('GET', server.url, [['user-agent', 'mine/1']]), sendOptions());

		expect(server.requests[0]!.headers['user-agent']).toMatch(/^curlew\/\d+\.\d+\.\d+/);
		expect(pairs(server.requests[1]!.rawHeaders).filter(([name]) => name.toLowerCase() === 'user-agent')).toEqual([['user-agent', 'mine/1']]);
	});

	it('adds nothing beyond Host, User-Agent, Accept-Encoding and the connection header to a GET', async () => {
		server = await startRecordingServer();
		await send(prepared('GET', server.url, [['X-One', '1']]), sendOptions());

		const names = pairs(server.requests[0]!.rawHeaders).map(([name]) => name.toLowerCase());
		expect(names.sort()).toEqual(['accept-encoding', 'connection', 'host', 'user-agent', 'x-one']);
	});

	it('sends a string body byte for byte with its Content-Length', async () => {
		server = await startRecordingServer();
		const body = '{"name":"Zoë","emoji":"🐦"}';
		await send(prepared('POST', server.url, [['Content-Type', 'application/json']], body), sendOptions());

		const received = server.requests[0]!;
		expect(received.body.toString('utf8')).toBe(body);
		expect(received.headers['content-length']).toBe(String(Buffer.byteLength(body)));
		expect(received.headers['content-type']).toBe('application/json');
	});

	it('sends a binary body unchanged', async () => {
		server = await startRecordingServer();
		const body = new Uint8Array([0, 255, 1, 254, 13, 10]);
		await send(prepared('PUT', server.url, [], body), sendOptions());

		expect([...server.requests[0]!.body]).toEqual([...body]);
	});

	it('sends a body with GET when one is given', async () => {
		server = await startRecordingServer();
		await send(prepared('GET', server.url, [], 'query=1'), sendOptions());

		expect(server.requests[0]!.body.toString()).toBe('query=1');
		expect(server.requests[0]!.headers['content-length']).toBe('7');
	});

	it('sends POST without a body as Content-Length 0, not chunked', async () => {
		server = await startRecordingServer();
		await send(prepared('POST', server.url), sendOptions());

		expect(server.requests[0]!.headers['content-length']).toBe('0');
		expect(server.requests[0]!.headers['transfer-encoding']).toBeUndefined();
	});

	it('leaves a body out of HEAD, which has none', async () => {
		server = await startRecordingServer();
		const response = expectResponse(await send(prepared('HEAD', server.url, [], 'ignored'), sendOptions()));

		expect(response.status).toBe(200);
		expect(server.requests[0]!.body.length).toBe(0);
	});

	it('turns credentials in the URL into Basic authorization, not into the request line', async () => {
		server = await startRecordingServer();
		const url = server.url.replace('http://', 'http://ada:s%3Acret@');
		await send(prepared('GET', `${url}private`), sendOptions());

		expect(server.requests[0]!.url).toBe('/private');
		expect(server.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ada:s:cret').toString('base64')}`);
	});

	it('refuses an invalid header name before sending, saying why', async () => {
		server = await startRecordingServer();
		const result = await send(prepared('GET', server.url, [['bad name', 'x']]), sendOptions());

		expect(result).toMatchObject({kind: 'failure', code: 'invalid-request'});
		expect(result.kind === 'failure' && result.message).toMatch(/Header name "bad name" is invalid: use letters, digits/);
		expect(server.requests).toHaveLength(0);
	});

	it('refuses a Content-Length the body does not match, and sends one that matches', async () => {
		server = await startRecordingServer();
		const wrong = await send(prepared('POST', server.url, [['Content-Length', '3']], 'seven!!'), sendOptions());
		await send(prepared('POST', server.url, [['content-length', '7']], 'seven!!'), sendOptions());

		expect(wrong).toMatchObject({kind: 'failure', code: 'invalid-request', message: 'Header Content-Length says 3 but the body is 7 bytes: remove the header (curlew sets it) or correct it'});
		expect(server.requests).toHaveLength(1);
		expect(pairs(server.requests[0]!.rawHeaders).filter(([name]) => name.toLowerCase() === 'content-length')).toEqual([['content-length', '7']]);
	});

	it('refuses a URL that is not http or https', async () => {
		const result = await send(prepared('GET', 'ftp://127.0.0.1/file'), sendOptions());

		expect(result).toMatchObject({kind: 'failure', code: 'invalid-request'});
		expect(result.kind === 'failure' && result.message).toMatch(/ftp: is not supported: use http:\/\/ or https:\/\//);
	});
});
