import {brotliCompressSync, deflateSync, gzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import {startRecordingServer, type Handler, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse, textOf} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function get(handler: Handler, path = '/', overrides = {}) {
	server = await startRecordingServer(handler);
	return send({method: 'GET', url: new URL(path, server.origin), headers: []}, sendOptions(overrides));
}

describe('send: the response', () => {
	it.each([
		[101, 'Informational'],
		[200, 'Successful'],
		[204, 'Successful'],
		[304, 'Redirection'],
		[404, 'Client error'],
		[418, 'Client error'],
		[500, 'Server error'],
		[503, 'Server error'],
	])('returns a %i as a response of class %s, not a failure', async (status, statusClass) => {
		const response = expectResponse(await get((_, reply) => {
			if (status === 101) {
				reply.writeHead(101, {Connection: 'close'});
				reply.end();
				return;
			}

			reply.writeHead(status);
			reply.end();
		}));

		expect(response.status).toBe(status);
		expect(response.statusClass).toBe(statusClass);
	});

	it('keeps every header of a response with 100,000 of them, in order (Node keeps 1,000 unless told)', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(200, Array.from({length: 100_000}, (_, index) => ['x', String(index)]).flat());
			reply.end('ok');
		}));
		const xs = response.headers.filter(([name]) => name === 'x');
		expect(xs).toHaveLength(100_000);
		expect(xs.at(-1)).toEqual(['x', '99999']);
	});

	it('tells a progress listener of the head, then of each chunk of the body, with the bytes so far', async () => {
		const heard: Array<{status: number; bytes: number}> = [];
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(207, {'Content-Type': 'text/plain'});
			reply.write('a'.repeat(100));
			setTimeout(() => {
				reply.write('b'.repeat(50));
				setTimeout(() => {
					reply.end('c'.repeat(25));
				}, 20);
			}, 20);
		}, '/', {onProgress(progress: {status: number; bytes: number}) {
			heard.push(progress);
		}}));

		expect(response.size).toBe(175);
		expect(heard[0]).toEqual({status: 207, bytes: 0});
		expect(heard.at(-1)).toEqual({status: 207, bytes: 175});
		const sizes = heard.map(progress => progress.bytes);
		expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
		expect(sizes).toContain(100);
		expect(sizes).toContain(150);
	});

	it('keeps the server\'s reason phrase', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(404, 'Nothing Here');
			reply.end('gone');
		}));

		expect(response.statusText).toBe('Nothing Here');
		expect(textOf(response)).toBe('gone');
	});

	it('falls back to the standard reason phrase when the server sends none', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.socket?.end('HTTP/1.1 500 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
		}));

		expect(response.status).toBe(500);
		expect(response.statusText).toBe('Internal Server Error');
	});

	it('keeps response headers raw, in order, with repeats', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(200, ['Set-Cookie', 'a=1', 'X-Mixed-Case', 'yes', 'set-cookie', 'b=2', 'Content-Length', '2']);
			reply.end('ok');
		}));

		// Node's server adds Date and Connection after the handler's own.
		expect(response.headers.slice(0, 4)).toEqual([['Set-Cookie', 'a=1'], ['X-Mixed-Case', 'yes'], ['set-cookie', 'b=2'], ['Content-Length', '2']]);
	});

	it('accepts response headers far past Node\'s default 16 KB limit', async () => {
		const big = 'v'.repeat(64 * 1024);
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(200, {'X-Big': big});
			reply.end();
		}));

		expect(response.headers).toContainEqual(['X-Big', big]);
	});

	it('reports body size, timings and the URL', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.end('x'.repeat(5000));
		}, '/size?x=1'));

		expect(response.size).toBe(5000);
		expect(response.body.byteLength).toBe(5000);
		expect(response.truncated).toBe(false);
		expect(response.url).toBe(`${server!.origin}/size?x=1`);
		expect(response.redirects).toEqual([]);
		expect(response.timings.total).toBeGreaterThan(0);
		expect(response.timings.connect).toBeTypeOf('number');
		expect(response.timings.firstByte).toBeTypeOf('number');
		expect(response.timings.tls).toBeUndefined();
		expect(response.timings.redirects).toBeUndefined();
	});

	it.each([
		['gzip', gzipSync],
		['deflate', deflateSync],
		['br', brotliCompressSync],
	] as const)('decompresses a %s body and counts the bytes after decompression', async (encoding, compress) => {
		const text = JSON.stringify({items: Array.from({length: 500}, (_, index) => ({index, name: `item ${index}`}))});
		const response = expectResponse(await get((request, reply) => {
			expect(request.headers['accept-encoding']).toContain(encoding);
			reply.writeHead(200, {'Content-Encoding': encoding, 'Content-Type': 'application/json'});
			reply.end(compress(text));
		}));

		expect(textOf(response)).toBe(text);
		expect(response.size).toBe(Buffer.byteLength(text));
	});

	it('cuts a body past the cap, keeps the bytes up to it and says so', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(200, {'Content-Type': 'text/plain'});
			reply.end('abcdefghij'.repeat(10_000));
		}, '/', {maxResponseBytes: 12_345}));

		expect(response.truncated).toBe(true);
		expect(response.size).toBe(12_345);
		expect(textOf(response)).toBe('abcdefghij'.repeat(10_000).slice(0, 12_345));
	});

	it('stops reading at the cap a body that never ends, and closes the connection', async () => {
		let closed: Promise<void> = Promise.resolve();
		const response = expectResponse(await get((_, reply) => {
			closed = new Promise(resolve => reply.on('close', () => resolve()));
			const chunk = 'z'.repeat(16 * 1024);
			const pump = () => {
				while (!reply.destroyed && reply.write(chunk)) {
					// write() turns false once the socket buffer is full; drain says when to go on.
				}

				if (!reply.destroyed) {
					reply.once('drain', pump);
				}
			};

			pump();
		}, '/', {maxResponseBytes: 100_000}));

		expect(response.truncated).toBe(true);
		expect(response.size).toBe(100_000);
		await closed;
	});

	it('applies the cap to the decompressed size', async () => {
		const text = 'a'.repeat(200_000);
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(200, {'Content-Encoding': 'gzip'});
			reply.end(gzipSync(text));
		}, '/', {maxResponseBytes: 1000}));

		expect(response.truncated).toBe(true);
		expect(response.size).toBe(1000);
	});

	it('returns a body exactly at the cap whole', async () => {
		const response = expectResponse(await get((_, reply) => {
			reply.end('y'.repeat(1000));
		}, '/', {maxResponseBytes: 1000}));

		expect(response.truncated).toBe(false);
		expect(response.size).toBe(1000);
	});
});

describe('send: redirects', () => {
	const chain: Handler = (request, reply) => {
		const hop = Number(new URL(request.url, 'http://x').searchParams.get('hop') ?? '0');
		if (hop < 3) {
			reply.writeHead(302, {Location: `/next?hop=${hop + 1}`});
			reply.end();
			return;
		}

		reply.end(`arrived after ${hop}`);
	};

	it('follows redirects by default and lists each hop', async () => {
		const response = expectResponse(await get(chain, '/start'));

		expect(response.status).toBe(200);
		expect(textOf(response)).toBe('arrived after 3');
		expect(response.redirects).toEqual([1, 2, 3].map(hop => `${server!.origin}/next?hop=${hop}`));
		expect(response.url).toBe(`${server!.origin}/next?hop=3`);
		expect(server!.requests.map(request => request.url)).toEqual(['/start', '/next?hop=1', '/next?hop=2', '/next?hop=3']);
	});

	it('times the hops before the last apart from the last hop\'s phases, within the total', async () => {
		const response = expectResponse(await get(chain, '/start'));

		const {redirects, firstByte, total} = response.timings;
		expect(redirects).toBeGreaterThan(0);
		// got times the phases with Date.now, in whole milliseconds: one may round up by almost 1 ms.
		expect(redirects! + firstByte!).toBeLessThanOrEqual(total + 1);
	});

	it('returns the redirect itself when following is off', async () => {
		const response = expectResponse(await get(chain, '/start', {followRedirects: false}));

		expect(response.status).toBe(302);
		expect(response.statusClass).toBe('Redirection');
		expect(response.headers).toContainEqual(['Location', '/next?hop=1']);
		expect(server!.requests).toHaveLength(1);
	});

	it('stops at the maximum with a failure that names it', async () => {
		const result = await get(chain, '/start', {maxRedirects: 2});

		expect(result).toMatchObject({kind: 'failure', code: 'too-many-redirects'});
		expect(result.kind === 'failure' && result.message).toMatch(/^Stopped after 2 redirects, the last to .*hop=2: .*raise the maximum or turn off following redirects/);
		expect(server!.requests).toHaveLength(3);
	});

	it('says the server redirected, and where to, when no redirect is allowed', async () => {
		const result = await get(chain, '/start', {maxRedirects: 0});

		expect(result).toMatchObject({kind: 'failure', code: 'too-many-redirects'});
		expect(result.kind === 'failure' && result.message).toBe(`127.0.0.1:${server!.port} redirected (302) to ${server!.origin}/next?hop=1, but maxRedirects is 0: raise maxRedirects in the collection settings to follow it, or turn off following redirects to see the 302 itself`);
		expect(server!.requests).toHaveLength(1);
	});

	it.each([
		[301, 'POST', 'GET'],
		[302, 'POST', 'GET'],
		[303, 'PUT', 'GET'],
		[303, 'HEAD', 'HEAD'],
		[302, 'PUT', 'PUT'],
		[301, 'HEAD', 'HEAD'],
		[308, 'POST', 'POST'],
	] as const)('after a %i, a %s is followed with %s, as browsers and curl do', async (status, method, expected) => {
		server = await startRecordingServer((request, reply) => {
			if (request.url === '/from') {
				reply.writeHead(status, {Location: '/to'});
				reply.end();
				return;
			}

			reply.end();
		});
		const headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['X-Keep', '1']];
		expectResponse(await send({method, url: new URL('/from', server.origin), headers, body: '{"a":1}'}, sendOptions()));

		const next = server.requests[1]!;
		expect(next.method).toBe(expected);
		expect(next.headers['x-keep']).toBe('1');
		if (expected === 'GET') {
			expect(next.body.length).toBe(0);
			expect(next.headers['content-type']).toBeUndefined();
			expect(next.headers['content-length']).toBeUndefined();
		} else if (expected !== 'HEAD') {
			expect(next.body.toString()).toBe('{"a":1}');
		}
	});

	it('turns a POST into a GET without body on 303, and keeps it on 307', async () => {
		server = await startRecordingServer((request, reply) => {
			if (request.url === '/see-other' || request.url === '/temporary') {
				reply.writeHead(request.url === '/see-other' ? 303 : 307, {Location: '/done'});
				reply.end();
				return;
			}

			reply.end('done');
		});
		await send({method: 'POST', url: new URL('/see-other', server.origin), headers: [['X-Keep', '1']], body: 'data'}, sendOptions());
		await send({method: 'POST', url: new URL('/temporary', server.origin), headers: [['X-Keep', '1']], body: 'data'}, sendOptions());

		const [, afterSeeOther, , afterTemporary] = server.requests;
		expect(afterSeeOther).toMatchObject({method: 'GET', url: '/done'});
		expect(afterSeeOther!.body.length).toBe(0);
		expect(afterSeeOther!.headers['content-length']).toBeUndefined();
		expect(afterSeeOther!.rawHeaders).toContain('X-Keep');
		expect(afterTemporary).toMatchObject({method: 'POST', url: '/done'});
		expect(afterTemporary!.body.toString()).toBe('data');
	});

	it('drops Authorization and Cookie on a redirect to another origin, keeping the other headers as written', async () => {
		const other = await startRecordingServer();
		try {
			server = await startRecordingServer((_, reply) => {
				reply.writeHead(301, {Location: `${other.origin}/moved`});
				reply.end();
			});
			const headers: Array<[string, string]> = [['X-Keep', 'a'], ['Authorization', 'Bearer secret'], ['Cookie', 'id=1'], ['x-keep', 'b']];
			expectResponse(await send({method: 'GET', url: new URL('/old', server.origin), headers}, sendOptions()));

			const moved = other.requests[0]!;
			expect(moved.url).toBe('/moved');
			expect(moved.headers.host).toBe(`127.0.0.1:${other.port}`);
			expect(moved.headers.authorization).toBeUndefined();
			expect(moved.headers.cookie).toBeUndefined();
			expect(moved.rawHeaders.filter((_, index) => index % 2 === 0 && /keep/i.test(moved.rawHeaders[index]!))).toEqual(['X-Keep', 'x-keep']);
		} finally {
			await other.close();
		}
	});
});
