import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {startRecordingServer, type Handler, type RecordedRequest, type RecordingServer} from '../../helpers/recording-server.js';
import {startSharedPortServers, type SharedPortServers} from '../../helpers/shared-port-servers.js';
import {expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

/*
Credentials follow a redirect only to the origin the request was written for, as curl's do
(scheme, host and port): the bytes each real server received show what was sent where.
*/
let servers: SharedPortServers | undefined;
const others: RecordingServer[] = [];

afterEach(async () => {
	await servers?.close();
	servers = undefined;
	await Promise.all(others.splice(0).map(async server => server.close()));
});

const credentials: Array<[string, string]> = [
	['Authorization', 'Bearer s3cret-token'],
	['Cookie', 'session=s3cret-cookie'],
	['Proxy-Authorization', 'Basic s3cret-proxy'],
	['X-Keep', 'kept'],
];

const redirectTo = (location: string): Handler => (_request, reply) => {
	reply.writeHead(302, {Location: location});
	reply.end();
};

const done: Handler = (_request, reply) => {
	reply.end('done');
};

/** The header names a server received, lower-cased. */
function namesOf(request: RecordedRequest): string[] {
	return request.rawHeaders.filter((_, index) => index % 2 === 0).map(name => name.toLowerCase());
}

function request(url: string, headers = credentials): PreparedRequest {
	return {method: 'GET', url: new URL(url), headers};
}

describe('send: credentials on a redirect', () => {
	it('drops Authorization, Cookie and Proxy-Authorization when https://host redirects to http://host, and says so', async () => {
		servers = await startSharedPortServers((_request, reply) => {
			reply.writeHead(302, {Location: `${servers!.httpOrigin}/next`});
			reply.end();
		}, done);

		const response = expectResponse(await send(request(`${servers.httpsOrigin}/login`), sendOptions({caFile: servers.caFile})));

		expect(response.redirects).toEqual([`${servers.httpOrigin}/next`]);
		expect(namesOf(servers.httpsRequests[0]!)).toEqual(expect.arrayContaining(['authorization', 'cookie', 'proxy-authorization', 'x-keep']));
		const downgraded = servers.httpRequests[0]!;
		expect(downgraded.url).toBe('/next');
		expect(namesOf(downgraded).filter(name => ['authorization', 'cookie', 'proxy-authorization'].includes(name))).toEqual([]);
		expect(downgraded.rawHeaders.join('\n')).not.toContain('s3cret');
		expect(downgraded.headers['x-keep']).toBe('kept');
		expect(response.droppedOnRedirect).toEqual({headers: ['Authorization', 'Cookie', 'Proxy-Authorization'], hop: 1, reason: 'https-to-http'});
	});

	it('drops the basic auth of the URL\'s user and password when https://host redirects to http://host', async () => {
		servers = await startSharedPortServers((_request, reply) => {
			reply.writeHead(301, {Location: `${servers!.httpOrigin}/next`});
			reply.end();
		}, done);
		const url = new URL(`${servers.httpsOrigin}/login`);
		url.username = 'ada';
		url.password = 's3cret';

		const response = expectResponse(await send({method: 'GET', url, headers: []}, sendOptions({caFile: servers.caFile})));

		expect(servers.httpsRequests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ada:s3cret').toString('base64')}`);
		expect(servers.httpRequests[0]!.headers.authorization).toBeUndefined();
		expect(response.url).toBe(`${servers.httpOrigin}/next`);
		expect(response.droppedOnRedirect).toEqual({headers: ['Authorization'], hop: 1, reason: 'https-to-http'});
	});

	it('drops them on a redirect from http://host to https://host, another scheme, as curl does', async () => {
		servers = await startSharedPortServers(done, (_request, reply) => {
			reply.writeHead(307, {Location: `${servers!.httpsOrigin}/secure`});
			reply.end();
		});

		const response = expectResponse(await send(request(`${servers.httpOrigin}/plain`), sendOptions({caFile: servers.caFile})));

		expect(namesOf(servers.httpsRequests[0]!).filter(name => ['authorization', 'cookie', 'proxy-authorization'].includes(name))).toEqual([]);
		expect(response.droppedOnRedirect).toEqual({headers: ['Authorization', 'Cookie', 'Proxy-Authorization'], hop: 1, reason: 'another-origin'});
	});

	it('drops Proxy-Authorization too on a redirect to the same host on another port, as curl does', async () => {
		const elsewhere = await startRecordingServer(done);
		others.push(elsewhere);
		const start = await startRecordingServer(redirectTo(`http://127.0.0.1:${elsewhere.port}/moved`));
		others.push(start);

		const response = expectResponse(await send(request(`${start.origin}/old`), sendOptions()));

		expect(namesOf(elsewhere.requests[0]!).filter(name => ['authorization', 'cookie', 'proxy-authorization'].includes(name))).toEqual([]);
		expect(elsewhere.requests[0]!.headers['x-keep']).toBe('kept');
		expect(response.droppedOnRedirect).toEqual({headers: ['Authorization', 'Cookie', 'Proxy-Authorization'], hop: 1, reason: 'another-origin'});
	});

	it('keeps them on a redirect within the origin, and records nothing dropped', async () => {
		const server = await startRecordingServer((incoming, reply) => {
			if (incoming.url === '/start') {
				reply.writeHead(302, {Location: '/next'});
				reply.end();
				return;
			}

			reply.end('done');
		});
		others.push(server);

		const response = expectResponse(await send(request(`${server.origin}/start`), sendOptions()));

		expect(server.requests[1]!.headers).toMatchObject({authorization: 'Bearer s3cret-token', cookie: 'session=s3cret-cookie', 'proxy-authorization': 'Basic s3cret-proxy'});
		expect(response.droppedOnRedirect).toBeUndefined();
	});

	it('names the hop where they were dropped, and does not send them back to the first origin after', async () => {
		const start = await startRecordingServer((incoming, reply) => {
			if (incoming.url === '/start') {
				reply.writeHead(302, {Location: '/same'});
			} else if (incoming.url === '/same') {
				reply.writeHead(302, {Location: `http://127.0.0.1:${elsewhere.port}/away`});
			} else {
				reply.end('back');
				return;
			}

			reply.end();
		});
		others.push(start);
		const elsewhere = await startRecordingServer(redirectTo(`${start.origin}/back`));
		others.push(elsewhere);

		const response = expectResponse(await send(request(`${start.origin}/start`), sendOptions()));

		expect(response.redirects).toHaveLength(3);
		expect(start.requests.map(each => [each.url, each.headers.authorization])).toEqual([['/start', 'Bearer s3cret-token'], ['/same', 'Bearer s3cret-token'], ['/back', undefined]]);
		expect(response.droppedOnRedirect).toMatchObject({hop: 2});
	});
});
