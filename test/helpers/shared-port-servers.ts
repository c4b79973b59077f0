import http from 'node:http';
import https from 'node:https';
import net, {type AddressInfo} from 'node:net';
import {makeCertificate} from './https-server.js';
import {recordingListener, type Handler, type RecordedRequest} from './recording-server.js';

export type SharedPortServers = {
	port: number;
	/** `https://127.0.0.1:<port>` and `http://127.0.0.1:<port>`: one host and port, two schemes. */
	httpsOrigin: string;
	httpOrigin: string;
	caFile: string;
	/** What arrived over TLS, and what arrived in plain HTTP. */
	httpsRequests: RecordedRequest[];
	httpRequests: RecordedRequest[];
	close(): Promise<void>;
};

/**
An HTTPS and a plain HTTP server on one port of 127.0.0.1, as a site that answers on both
https://host and http://host looks to a client: the URLs differ by scheme alone, and each
connection goes to the server its first byte asks for (22 starts a TLS handshake).
*/
export async function startSharedPortServers(onHttps: Handler, onHttp: Handler): Promise<SharedPortServers> {
	const certificate = await makeCertificate();
	const httpsRequests: RecordedRequest[] = [];
	const httpRequests: RecordedRequest[] = [];
	const secure = https.createServer({key: certificate.key, cert: certificate.cert}, recordingListener(httpsRequests, onHttps));
	const plain = http.createServer(recordingListener(httpRequests, onHttp));
	const sockets = new Set<net.Socket>();
	const front = net.createServer(socket => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
		socket.once('data', first => {
			socket.pause();
			socket.unshift(first);
			(first[0] === 22 ? secure : plain).emit('connection', socket);
			process.nextTick(() => socket.resume());
		});
	});
	await new Promise<void>((resolve, reject) => {
		front.once('error', reject);
		front.listen(0, '127.0.0.1', resolve);
	});
	const {port} = front.address() as AddressInfo;
	return {
		port,
		httpsOrigin: `https://127.0.0.1:${port}`,
		httpOrigin: `http://127.0.0.1:${port}`,
		caFile: certificate.caFile,
		httpsRequests,
		httpRequests,
		async close() {
			for (const socket of sockets) {
				socket.destroy();
			}

			await new Promise<void>(resolve => {
				front.close(() => resolve());
			});
			await certificate.remove();
		},
	};
}
