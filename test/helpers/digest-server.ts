import {createHash} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import httpAuth from 'http-auth';

/** What one request carried: its path and query, and its Authorization header. */
export type DigestSeen = {url: string; authorization?: string};

export type DigestServer = {
	origin: string;
	seen: DigestSeen[];
	close(): Promise<void>;
};

/**
A server on 127.0.0.1 that asks for digest auth as http-auth (a digest implementation of its
own, not curlew's) asks and checks it, for `username` and `password` in the realm "curlew
tests"; once in, it answers 200 "welcome".
*/
export async function startDigestServer({username, password, ...options}: {username: string; password: string; algorithm?: 'MD5' | 'MD5-sess'; qop?: 'none'}): Promise<DigestServer> {
	const realm = 'curlew tests';
	const digest = httpAuth.digest({realm, ...options}, (user, callback) => {
		callback(createHash('md5').update(`${user}:${realm}:${user === username ? password : ''}`).digest('hex'));
	});
	const seen: DigestSeen[] = [];
	const check = digest.check((_request, response) => {
		response.writeHead(200, {'Content-Type': 'text/plain'});
		response.end('welcome');
	});
	const server = http.createServer((request, response) => {
		seen.push({url: request.url!, authorization: request.headers.authorization});
		request.resume();
		request.on('end', () => {
			check(request, response);
		});
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		seen,
		async close() {
			server.closeAllConnections();
			await new Promise(resolve => {
				server.close(resolve);
			});
		},
	};
}
