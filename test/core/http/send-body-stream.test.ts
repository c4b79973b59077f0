import {setTimeout as sleep} from 'node:timers/promises';
import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import type {ResponseHead, SendOptions} from '../../../source/core/http/types.js';
import {startRecordingServer, type Handler, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse, textOf} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function get(handler: Handler, overrides: Partial<SendOptions>, path = '/') {
	server = await startRecordingServer(handler);
	return send({method: 'GET', url: new URL(path, server.url), headers: []}, sendOptions(overrides));
}

describe('send: the body as it arrives', () => {
	it('gives each chunk to onBody before the rest has come, with the response\'s head', async () => {
		let firstHeard: () => void = () => undefined;
		const heardFirst = new Promise<void>(resolve => {
			firstHeard = resolve;
		});
		const given: Array<{text: string; head: ResponseHead}> = [];
		let endedAfterFirst = false;
		const response = expectResponse(await get((_, reply) => {
			reply.writeHead(201, {'Content-Type': 'text/plain'});
			reply.write('first part, ');
			// The server ends only once the client has the first part, or after a while if it never does.
			void Promise.race([heardFirst.then(() => true), sleep(3000).then(() => false)]).then(heard => {
				endedAfterFirst = heard;
				reply.end('then the rest');
			});
		}, {
			onBody(chunk, head) {
				given.push({text: Buffer.from(chunk).toString('utf8'), head});
				firstHeard();
				return undefined;
			},
		}));

		expect(endedAfterFirst).toBe(true);
		expect(given.map(({text}) => text).join('')).toBe('first part, then the rest');
		expect(given[0]!.head.status).toBe(201);
		expect(given[0]!.head.headers).toContainEqual(['Content-Type', 'text/plain']);
		expect(textOf(response)).toBe('first part, then the rest');
	});

	it('keeps only the first keepBodyBytes of the body, and counts all of it', async () => {
		let given = 0;
		const response = expectResponse(await get((_, reply) => {
			reply.end('x'.repeat(300_000));
		}, {
			keepBodyBytes: 1000,
			onBody(chunk) {
				given += chunk.length;
				return undefined;
			},
		}));

		expect(given).toBe(300_000);
		expect(response.body.byteLength).toBe(1000);
		expect(response.size).toBe(300_000);
		expect(response.truncated).toBe(false);
	});

	it('gives onBody the body as far as the size cap, and no more', async () => {
		let given = '';
		const response = expectResponse(await get((_, reply) => {
			reply.end('0123456789');
		}, {
			maxResponseBytes: 4,
			onBody(chunk) {
				given += Buffer.from(chunk).toString('utf8');
				return undefined;
			},
		}));

		expect(given).toBe('0123');
		expect(response.truncated).toBe(true);
	});

	it('waits for onBody\'s promise before reading on, and does not count the wait towards the total time limit', async () => {
		const body = 'y'.repeat(2 * 1024 * 1024);
		let waiting = 0;
		let waitedWhileWaiting = false;
		const response = expectResponse(await get((_, reply) => {
			reply.end(body);
		}, {
			totalTimeoutMs: 300,
			async onBody() {
				waitedWhileWaiting ||= waiting > 0;
				waiting++;
				await sleep(40);
				waiting--;
			},
		}));

		expect(waitedWhileWaiting).toBe(false);
		expect(response.size).toBe(body.length);
		expect(response.timings.total).toBeGreaterThan(300);
	});
});
