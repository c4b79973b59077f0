import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import https from 'node:https';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {generate} from 'selfsigned';
import {echo, listen, recordingListener, type Handler, type RecordedRequest, type RecordingServer} from './recording-server.js';

export type HttpsRecordingServer = RecordingServer & {
	/** The server's self-signed certificate, PEM. */
	certificate: string;
	/** A file holding `certificate`, for a collection's CA file; removed on close. */
	caFile: string;
};

/**
A recording HTTPS server on 127.0.0.1 with a certificate made for this run, self-signed, valid for
localhost and 127.0.0.1. Clients that verify TLS refuse it unless given `caFile`.
*/
export async function startHttpsServer(handler: Handler = echo): Promise<HttpsRecordingServer> {
	const pems = await generate([{name: 'commonName', value: 'localhost'}], {
		keyType: 'ec',
		algorithm: 'sha256',
		extensions: [
			{name: 'basicConstraints', cA: true},
			{name: 'keyUsage', digitalSignature: true, keyCertSign: true},
			{name: 'extKeyUsage', serverAuth: true},
			{name: 'subjectAltName', altNames: [{type: 2, value: 'localhost'}, {type: 7, ip: '127.0.0.1'}]},
		],
	});
	const folder = await mkdtemp(path.join(tmpdir(), 'curlew-ca-'));
	const caFile = path.join(folder, 'ca.pem');
	await writeFile(caFile, pems.cert);

	const requests: RecordedRequest[] = [];
	const server = https.createServer({key: pems.private, cert: pems.cert}, recordingListener(requests, handler));
	const running = await listen(server, 'https', requests);
	return {
		...running,
		certificate: pems.cert,
		caFile,
		async close() {
			await running.close();
			await rm(folder, {recursive: true, force: true});
		},
	};
}
