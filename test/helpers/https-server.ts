import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import https from 'node:https';
import {isIP} from 'node:net';
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

export type CertificateOptions = {
	/** Host names and IP addresses the certificate covers; default localhost and 127.0.0.1. */
	names?: string[];
	/** Make a certificate whose validity ended yesterday. */
	expired?: boolean;
};

const day = 24 * 60 * 60 * 1000;

/** A self-signed certificate made for this run, and a file holding it for a collection's CA file. */
export type TestCertificate = {key: string; cert: string; caFile: string; remove(): Promise<void>};

export async function makeCertificate(certificate: CertificateOptions = {}): Promise<TestCertificate> {
	const names = certificate.names ?? ['localhost', '127.0.0.1'];
	const pems = await generate([{name: 'commonName', value: names[0] ?? 'localhost'}], {
		keyType: 'ec',
		algorithm: 'sha256',
		...(certificate.expired ? {notBeforeDate: new Date(Date.now() - (30 * day)), notAfterDate: new Date(Date.now() - day)} : {}),
		extensions: [
			{name: 'basicConstraints', cA: true},
			{name: 'keyUsage', digitalSignature: true, keyCertSign: true},
			{name: 'extKeyUsage', serverAuth: true},
			{name: 'subjectAltName', altNames: names.map(name => isIP(name) ? {type: 7, ip: name} : {type: 2, value: name})},
		],
	});
	const folder = await mkdtemp(path.join(tmpdir(), 'curlew-ca-'));
	const caFile = path.join(folder, 'ca.pem');
	await writeFile(caFile, pems.cert);
	return {key: pems.private, cert: pems.cert, caFile, remove: async () => rm(folder, {recursive: true, force: true})};
}

/**
A recording HTTPS server on 127.0.0.1 with a certificate made for this run, self-signed, valid for
localhost and 127.0.0.1 unless told otherwise. Clients that verify TLS refuse it unless given
`caFile`.
*/
export async function startHttpsServer(handler: Handler = echo, certificate: CertificateOptions = {}): Promise<HttpsRecordingServer> {
	const made = await makeCertificate(certificate);
	const requests: RecordedRequest[] = [];
	const server = https.createServer({key: made.key, cert: made.cert}, recordingListener(requests, handler));
	const running = await listen(server, 'https', requests);
	return {
		...running,
		certificate: made.cert,
		caFile: made.caFile,
		async close() {
			await running.close();
			await made.remove();
		},
	};
}
