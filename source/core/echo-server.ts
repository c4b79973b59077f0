import {randomBytes} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';

export type EchoServer = {
	/** `http://127.0.0.1:<port>`, no trailing slash. */
	url: string;
	close(): Promise<void>;
};

/** What the echo server answers: the request as it arrived. */
export type EchoReply = {
	method: string;
	path: string;
	/** Each query parameter; one that appears several times gives an array. */
	query: Record<string, string | string[]>;
	/** Header names in lower case, as Node gives them. */
	headers: http.IncomingHttpHeaders;
	body: string;
	/** The body parsed, when it is JSON. */
	json?: unknown;
	/** Only for POST /login: a made-up session token, so the seed collection can show chaining. */
	token?: string;
};

/**
A loopback HTTP server that answers every request with JSON describing it, so the
"Getting started" collection works with no network. It never keeps the process alive.
*/
export async function startEchoServer(): Promise<EchoServer> {
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const body = Buffer.concat(chunks).toString('utf8');
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			const reply: EchoReply = {
				method: request.method ?? 'GET',
				path: url.pathname,
				query: queryOf(url.searchParams),
				headers: request.headers,
				body,
			};
			const json = parseJson(body);
			if (json !== undefined) {
				reply.json = json;
			}

			if (url.pathname === '/login') {
				reply.token = `echo-${randomBytes(12).toString('hex')}`;
			}

			const text = JSON.stringify(reply, undefined, 2);
			response.writeHead(200, {'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text)});
			response.end(request.method === 'HEAD' ? undefined : text);
		});
	});
	server.on('connection', socket => socket.unref());
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.unref();
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		async close() {
			await new Promise<void>(resolve => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}

function queryOf(parameters: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const key of new Set(parameters.keys())) {
		const values = parameters.getAll(key);
		query[key] = values.length === 1 ? values[0]! : values;
	}

	return query;
}

function parseJson(text: string): unknown {
	if (text.trim() === '') {
		return undefined;
	}

	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}
