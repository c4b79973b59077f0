import net, {type AddressInfo} from 'node:net';

export type RawHttpServer = {
	origin: string;
	/** The bytes of each request's head, request line to the blank line, exactly as they arrived. */
	heads: Buffer[];
	close(): Promise<void>;
};

/**
A server on 127.0.0.1 that keeps the bytes of each request head as they came off the socket,
before any HTTP parser decodes them (Node's reads header values as Latin-1), and answers 204.
*/
export async function startRawHttpServer(): Promise<RawHttpServer> {
	const heads: Buffer[] = [];
	const sockets = new Set<net.Socket>();
	const server = net.createServer(socket => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
		let received = Buffer.alloc(0);
		socket.on('data', (chunk: Buffer) => {
			received = Buffer.concat([received, chunk]);
			const end = received.indexOf('\r\n\r\n');
			if (end !== -1) {
				heads.push(received.subarray(0, end + 4));
				received = received.subarray(end + 4);
				socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
			}
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	const {port} = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		heads,
		async close() {
			for (const socket of sockets) {
				socket.destroy();
			}

			await new Promise<void>(resolve => {
				server.close(() => resolve());
			});
		},
	};
}
