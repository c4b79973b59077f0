import http from 'node:http';
import net from 'node:net';
import type {AddressInfo} from 'node:net';

export type ProxyServer = {
	/** `http://127.0.0.1:<port>`, ready for HTTP_PROXY. */
	url: string;
	/** Each `host:port` a client asked to tunnel to (CONNECT) or fetched through it (absolute URL). */
	targets: string[];
	/** How each request came: a CONNECT tunnel, or an absolute URL to forward. */
	kinds: Array<'tunnel' | 'forward'>;
	/** The Proxy-Authorization header of each request, when one came. */
	authorizations: string[];
	close(): Promise<void>;
};

/**
A small forward proxy on 127.0.0.1: tunnels CONNECT requests and relays absolute-form ones,
recording where each went. With `answer` set it refuses every request with that status instead.
*/
export async function startProxyServer(options: {answer?: number} = {}): Promise<ProxyServer> {
	const targets: string[] = [];
	const authorizations: string[] = [];
	const sockets = new Set<net.Socket>();
	const kinds: Array<'tunnel' | 'forward'> = [];
	const record = (target: string, request: http.IncomingMessage) => {
		targets.push(target);
		kinds.push(request.method === 'CONNECT' ? 'tunnel' : 'forward');
		const authorization = request.headers['proxy-authorization'];
		if (authorization) {
			authorizations.push(authorization);
		}
	};

	const server = http.createServer((request, response) => {
		const target = new URL(request.url ?? '');
		record(target.host, request);
		if (options.answer) {
			response.writeHead(options.answer);
			response.end();
			return;
		}

		const upstream = http.request(target, {method: request.method, headers: endToEnd(request.rawHeaders)}, upstreamResponse => {
			response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.rawHeaders);
			upstreamResponse.pipe(response);
		});
		upstream.on('error', () => response.destroy());
		request.pipe(upstream);
	});
	server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		const target = request.url ?? '';
		record(target, request);
		sockets.add(client);
		client.on('close', () => sockets.delete(client));
		client.on('error', () => client.destroy());
		if (options.answer) {
			client.end(`HTTP/1.1 ${options.answer} ${http.STATUS_CODES[options.answer] ?? ''}\r\n\r\n`);
			return;
		}

		const [host, port] = splitTarget(target);
		const upstream = net.connect(port, host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('close', () => sockets.delete(upstream));
		upstream.on('error', () => {
			client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
		});
	});

	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		targets,
		kinds,
		authorizations,
		async close() {
			for (const socket of sockets) {
				socket.destroy();
			}

			server.closeAllConnections();
			await new Promise<void>(resolve => server.close(() => resolve()));
		},
	};
}

function splitTarget(target: string): [host: string, port: number] {
	const colon = target.lastIndexOf(':');
	return [target.slice(0, colon).replace(/^\[|\]$/g, ''), Number(target.slice(colon + 1))];
}

/** The raw header lines less the ones meant for the proxy itself. */
function endToEnd(rawHeaders: string[]): string[] {
	const lines: string[] = [];
	for (let index = 0; index < rawHeaders.length; index += 2) {
		if (!/^proxy-/i.test(rawHeaders[index]!)) {
			lines.push(rawHeaders[index]!, rawHeaders[index + 1]!);
		}
	}

	return lines;
}
