// The request line's bytes as a raw socket receives them: the path as written (no `.`/`..` folding), only what cannot go on the wire encoded, a `%` never encoded again.
import {afterEach, describe, expect, it} from 'vitest';
import {urlAsSent} from '../../../source/core/http/request-target.js';
import {send} from '../../../source/core/http/send.js';
import {createRequest, type Request} from '../../../source/core/model.js';
import {resolveRequest} from '../../../source/core/resolve-request.js';
import {startRawHttpServer, type RawHttpServer} from '../../helpers/raw-http-server.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

let raw: RawHttpServer | undefined;
let server: RecordingServer | undefined;
afterEach(async () => {
	await raw?.close();
	await server?.close();
	raw = undefined;
	server = undefined;
});

async function requestLine(path: string, fields: Partial<Request> = {}): Promise<string> {
	raw ??= await startRawHttpServer();
	const {prepared, error} = resolveRequest(createRequest({url: `${raw.origin}${path}`, ...fields}), {value: 'a%20b/c', spaced: 'k%20e y'});
	expect(error).toBeUndefined();
	expectResponse(await send(prepared!, sendOptions()));
	return raw.heads.at(-1)!.toString('latin1').split('\r\n')[0]!;
}

describe('the URL on the wire', () => {
	it.each([
		['/a/./b/../c', 'GET /a/./b/../c HTTP/1.1'],
		['/a/%2e%2E/c/.', 'GET /a/%2e%2E/c/. HTTP/1.1'],
		['/../etc', 'GET /../etc HTTP/1.1'],
		['/x/../y?q=%41%2G&r=a b', 'GET /x/../y?q=%41%2G&r=a%20b HTTP/1.1'],
		['/p%20q/r s/./t', 'GET /p%20q/r%20s/./t HTTP/1.1'],
		['/é/./"x"', 'GET /%C3%A9/./%22x%22 HTTP/1.1'],
		['/{{value}}/./z?k={{value}}', 'GET /a%20b/c/./z?k=a%20b/c HTTP/1.1'],
		['/plain/path?x=1', 'GET /plain/path?x=1 HTTP/1.1'],
		['?only=query', 'GET /?only=query HTTP/1.1'],
	])('sends %s as written: %s', async (path, line) => {
		expect(await requestLine(path)).toBe(line);
	});

	it('adds an API key to the query without encoding what is already encoded', async () => {
		expect(await requestLine('/a/./b?x=1', {auth: {type: 'apikey', key: 'api_key', value: '{{spaced}}', in: 'query'}})).toBe('GET /a/./b?x=1&api_key=k%20e%20y HTTP/1.1');
	});

	it('shows in the Preview the URL as it is sent', () => {
		const {prepared} = resolveRequest(createRequest({url: 'http://user@127.0.0.1:8080/a/./b/../c?q=1#frag'}), {});
		expect(prepared!.url.pathname).toBe('/a/c');
		expect(urlAsSent(prepared!)).toBe('http://user@127.0.0.1:8080/a/./b/../c?q=1#frag');
		expect(urlAsSent(resolveRequest(createRequest({url: 'http://127.0.0.1/plain?x=1'}), {}).prepared!)).toBe('http://127.0.0.1/plain?x=1');
	});

	it('follows a redirect from such a path to its Location', async () => {
		server = await startRecordingServer((request, response) => {
			if (request.url === '/from/./here') {
				response.writeHead(302, {Location: '/to/there'});
				response.end();
				return;
			}

			response.writeHead(200);
			response.end('ok');
		});
		const {prepared} = resolveRequest(createRequest({url: `${server.origin}/from/./here`}), {});
		const response = expectResponse(await send(prepared!, sendOptions()));
		expect(response.status).toBe(200);
		expect(server.requests.map(request => request.url)).toEqual(['/from/./here', '/to/there']);
	});
});
