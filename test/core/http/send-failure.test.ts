import {getEventListeners} from 'node:events';
import net from 'node:net';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {freePort, startRecordingServer, type Handler, type RecordingServer} from '../../helpers/recording-server.js';
import {expectFailure} from './expect-result.js';
import {sendOptions} from './send-options.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
	await Promise.all(cleanups.splice(0).map(async cleanup => cleanup()));
});

async function serve(handler: Handler): Promise<RecordingServer> {
	const server = await startRecordingServer(handler);
	cleanups.push(async () => server.close());
	return server;
}

function get(url: string): PreparedRequest {
	return {method: 'GET', url: new URL(url), headers: []};
}

/** A TCP server that accepts connections and never says a word. */
async function startSilentServer(): Promise<number> {
	const sockets = new Set<net.Socket>();
	const server = net.createServer(socket => {
		sockets.add(socket);
		socket.on('error', () => socket.destroy());
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	cleanups.push(async () => {
		for (const socket of sockets) {
			socket.destroy();
		}

		await new Promise<void>(resolve => server.close(() => resolve()));
	});
	return (server.address() as AddressInfo).port;
}

describe('send: transport failures are values', () => {
	it('reports a refused port with the address and what to check', async () => {
		const port = await freePort();
		const failure = expectFailure(await send(get(`http://127.0.0.1:${port}/`), sendOptions()));

		expect(failure.code).toBe('refused');
		expect(failure.message).toBe(`Connection refused by 127.0.0.1:${port}: is the server running and the port right?`);
		expect(failure.timings.total).toBeGreaterThan(0);
	});

	it('reports a host that does not resolve', async () => {
		const failure = expectFailure(await send(get('http://curlew-no-such-host.invalid/'), sendOptions()));

		expect(failure.code).toBe('dns');
		expect(failure.message).toMatch(/^Could not resolve curlew-no-such-host\.invalid \(.+\): check the host name/);
	});

	it('gives up at the total timeout when the server accepts but never answers', async () => {
		const server = await serve(() => undefined);
		const failure = expectFailure(await send(get(server.url), sendOptions({totalTimeoutMs: 300})));

		expect(failure.code).toBe('timeout');
		expect(failure.message).toBe('No response within the total timeout of 0.3 s: raise the timeout in the collection settings');
		expect(server.requests).toHaveLength(1);
	});

	it('says the body stalled when the headers came but the body did not finish in time', async () => {
		const server = await serve((_request, response) => {
			response.writeHead(200, {'content-type': 'text/plain', 'content-length': '100'});
			response.write('the first part');
		});
		const failure = expectFailure(await send(get(server.url), sendOptions({totalTimeoutMs: 300})));

		expect(failure.code).toBe('timeout');
		expect(failure.message).toBe(`${new URL(server.url).host} answered but its body did not finish within the total timeout of 0.3 s: raise the timeout in the collection settings if the body is large or slow`);
	});

	it('counts the total timeout over the whole redirect chain, not per hop', async () => {
		const server = await serve((request, reply) => {
			const hop = Number(new URL(request.url, 'http://x').searchParams.get('hop') ?? '0');
			setTimeout(() => {
				reply.writeHead(302, {Location: `/?hop=${hop + 1}`});
				reply.end();
			}, 150);
		});
		const failure = expectFailure(await send(get(server.url), sendOptions({totalTimeoutMs: 400})));

		expect(failure.code).toBe('timeout');
		expect(failure.message).toMatch(/^No response within the total timeout of 0.4 s/);
	});

	it('takes a total timeout of 0 as no limit', async () => {
		const server = await serve((_, reply) => {
			setTimeout(() => reply.end('late'), 50);
		});
		const result = await send(get(server.url), sendOptions({totalTimeoutMs: 0, connectTimeoutMs: 0}));

		expect(result.kind).toBe('response');
	});

	it('gives up at the connect timeout when the TLS handshake never completes', async () => {
		const port = await startSilentServer();
		const failure = expectFailure(await send(get(`https://127.0.0.1:${port}/`), sendOptions({connectTimeoutMs: 200, totalTimeoutMs: 20_000})));

		expect(failure.code).toBe('timeout');
		expect(failure.message).toBe(`Could not finish the TLS handshake with 127.0.0.1:${port} within the connect timeout of 0.2 s: check the host is reachable, or raise the connect timeout in the collection settings`);
	});

	it('reports a connection the server drops before answering', async () => {
		const server = await serve((_, reply) => {
			reply.socket?.destroy();
		});
		const failure = expectFailure(await send(get(server.url), sendOptions()));

		expect(failure.code).toBe('reset');
		expect(failure.message).toMatch(/^127\.0\.0\.1:\d+ closed the connection before the response was complete: /);
	});

	it('reports a connection the server drops halfway through the body', async () => {
		const server = await serve((_, reply) => {
			reply.writeHead(200, {'Content-Length': '1000'});
			reply.write('x'.repeat(100), () => reply.socket?.destroy());
		});
		const failure = expectFailure(await send(get(server.url), sendOptions()));

		expect(failure.code).toBe('reset');
	});

	it('says so when a body does not match its Content-Encoding', async () => {
		const server = await serve((_, reply) => {
			reply.writeHead(200, {'Content-Encoding': 'gzip'});
			reply.end('this is not gzip');
		});
		const failure = expectFailure(await send(get(server.url), sendOptions()));

		expect(failure.code).toBe('other');
		expect(failure.message).toMatch(/^The body from 127\.0\.0\.1:\d+ could not be decompressed \(.+\): .*Accept-Encoding: identity/);
	});

	it('says so when an https URL reaches a plain HTTP server', async () => {
		const server = await serve((_, reply) => {
			reply.end('plain');
		});
		const failure = expectFailure(await send(get(`https://127.0.0.1:${server.port}/`), sendOptions()));

		expect(failure.code).toBe('tls');
		expect(failure.message).toBe('127.0.0.1 did not answer with TLS: use http:// if the server does not speak HTTPS');
	});
});

describe('send: cancellation', () => {
	it('returns cancelled at once for a signal aborted before sending, and sends nothing', async () => {
		const server = await serve(() => undefined);
		const controller = new AbortController();
		controller.abort();
		const failure = expectFailure(await send(get(server.url), sendOptions({signal: controller.signal})));

		expect(failure.code).toBe('cancelled');
		expect(server.requests).toHaveLength(0);
	});

	it('cancels while waiting for the response', async () => {
		const controller = new AbortController();
		const server = await serve(() => {
			controller.abort();
		});
		const failure = expectFailure(await send(get(server.url), sendOptions({signal: controller.signal})));

		expect(failure.code).toBe('cancelled');
		expect(failure.message).toMatch(/cancelled/);
	});

	it('cancels mid-body and closes the connection', async () => {
		const controller = new AbortController();
		let connectionClosed: Promise<void> = Promise.resolve();
		const server = await serve((_, reply) => {
			connectionClosed = new Promise(resolve => reply.on('close', () => resolve()));
			reply.writeHead(200, {'Content-Type': 'text/plain'});
			reply.write('part of the body', () => {
				setTimeout(() => controller.abort(), 20);
			});
		});
		const failure = expectFailure(await send(get(server.url), sendOptions({signal: controller.signal})));

		expect(failure.code).toBe('cancelled');
		await connectionClosed;
		expect(server.requests).toHaveLength(1);
	});

	it('takes its listener off the signal once the response is in: a run sharing one signal keeps no response', async () => {
		const server = await serve((request, reply) => {
			reply.writeHead(request.url === '/missing' ? 404 : 200, {'Content-Type': 'text/plain'});
			reply.end('x'.repeat(100_000));
		});
		const controller = new AbortController();
		for (const path of ['/', '/missing', '/again']) {
			await send(get(`${server.url}${path.slice(1)}`), sendOptions({signal: controller.signal}));
		}

		expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
	});
});
