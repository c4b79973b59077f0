import http from 'node:http';
import type https from 'node:https';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, beforeEach, onTestFinished} from 'vitest';

/** One request exactly as it reached the server. */
export type RecordedRequest = {
	method: string;
	/** Path and query as sent, e.g. `/items?id=1`. */
	url: string;
	/** `[name, value, name, value, ...]` with the client's spelling, order and repeats. */
	rawHeaders: string[];
	/** Lower-cased names; repeated headers joined as Node joins them. */
	headers: http.IncomingHttpHeaders;
	body: Buffer;
};

/**
Answers one recorded request. The body has been read already; `response` is Node's, so a handler
can write part of a body, stall, redirect or destroy the socket.
*/
export type Handler = (request: RecordedRequest, response: http.ServerResponse, incoming: http.IncomingMessage) => void | Promise<void>;

export type RecordingServer = {
	/** `http://127.0.0.1:<port>/`. */
	url: string;
	/** `http://127.0.0.1:<port>`. */
	origin: string;
	port: number;
	requests: RecordedRequest[];
	close(): Promise<void>;
};

/** 200 with a JSON echo of what arrived. */
export const echo: Handler = (request, response) => {
	const body = JSON.stringify({
		method: request.method,
		url: request.url,
		rawHeaders: request.rawHeaders,
		body: request.body.toString('utf8'),
	});
	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(body);
};

/** A real HTTP server on 127.0.0.1, on a free port, that keeps every request it gets. */
export async function startRecordingServer(handler: Handler = echo): Promise<RecordingServer> {
	const requests: RecordedRequest[] = [];
	const server = http.createServer(recordingListener(requests, handler));
	return listen(server, 'http', requests);
}

/**
A recording server for a whole file of tests: started before the first, its requests forgotten
before each test, closed after the last. The object returned stays the same; its fields are
filled in when the server starts, so a test reads them as it runs.
*/
export function recordingServerForFile(handler: Handler = echo): RecordingServer {
	const server = {} as RecordingServer;
	beforeAll(async () => {
		Object.assign(server, await startRecordingServer(handler));
	});
	beforeEach(() => {
		server.requests.length = 0;
	});
	afterAll(async () => server.close());
	return server;
}

/** A recording server for the test that starts it, closed when that test ends. */
export async function startServerForTest(handler: Handler = echo): Promise<RecordingServer> {
	const server = await startRecordingServer(handler);
	onTestFinished(async () => server.close());
	return server;
}

export function recordingListener(requests: RecordedRequest[], handler: Handler): http.RequestListener {
	return (incoming, response) => {
		const chunks: Buffer[] = [];
		incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
		incoming.on('end', () => {
			const recorded: RecordedRequest = {
				method: incoming.method ?? '',
				url: incoming.url ?? '',
				rawHeaders: [...incoming.rawHeaders],
				headers: {...incoming.headers},
				body: Buffer.concat(chunks),
			};
			requests.push(recorded);
			Promise.resolve(handler(recorded, response, incoming)).catch((error: unknown) => {
				response.destroy(error instanceof Error ? error : new Error(String(error)));
			});
		});
	};
}

export async function listen(server: http.Server | https.Server, scheme: 'http' | 'https', requests: RecordedRequest[]): Promise<RecordingServer> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	const {port} = server.address() as AddressInfo;
	const origin = `${scheme}://127.0.0.1:${port}`;
	return {
		url: `${origin}/`,
		origin,
		port,
		requests,
		async close() {
			server.closeAllConnections();
			await new Promise<void>(resolve => {
				server.close(() => resolve());
			});
		},
	};
}

/** A port nothing listens on: taken, then given back. */
export async function freePort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise<void>(resolve => server.close(() => resolve()));
	return port;
}
