import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {startHttpsServer, type HttpsRecordingServer} from '../../helpers/https-server.js';
import {startRecordingServer} from '../../helpers/recording-server.js';
import {expectFailure, expectResponse, textOf} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: HttpsRecordingServer;
let folder: string;
beforeAll(async () => {
	server = await startHttpsServer();
	folder = await mkdtemp(path.join(tmpdir(), 'curlew-tls-'));
});
afterAll(async () => {
	await server.close();
	await rm(folder, {recursive: true, force: true});
});

function get(): PreparedRequest {
	return {method: 'GET', url: new URL('/secure', server.origin), headers: [['X-Over', 'tls']]};
}

describe('send over HTTPS with a self-signed certificate', () => {
	it('refuses it by default, saying what to do', async () => {
		const failure = expectFailure(await send(get(), sendOptions()));

		expect(failure.code).toBe('tls');
		expect(failure.message).toBe('TLS certificate of 127.0.0.1 is self-signed: turn off TLS verification for this collection or add its CA file');
	});

	it('accepts it with TLS verification off', async () => {
		const response = expectResponse(await send(get(), sendOptions({verifyTls: false})));

		expect(response.status).toBe(200);
		expect(JSON.parse(textOf(response))).toMatchObject({method: 'GET', url: '/secure'});
		expect(response.timings.tls).toBeTypeOf('number');
	});

	it('accepts it when its CA file is given, verification still on', async () => {
		const response = expectResponse(await send(get(), sendOptions({caFile: server.caFile})));

		expect(response.status).toBe(200);
		expect(server.requests.at(-1)!.rawHeaders).toContain('X-Over');
	});

	it('reports a missing CA file as a failure, not an exception', async () => {
		const missing = path.join(folder, 'missing.pem');
		const failure = expectFailure(await send(get(), sendOptions({caFile: missing})));

		expect(failure.code).toBe('tls');
		expect(failure.message).toBe(`Cannot read the CA file ${missing} (it does not exist): fix the CA file path in the collection settings`);
	});

	it('reports a CA file that holds no certificate', async () => {
		const notPem = path.join(folder, 'not.pem');
		await writeFile(notPem, 'hello');
		const failure = expectFailure(await send(get(), sendOptions({caFile: notPem})));

		expect(failure.code).toBe('tls');
		expect(failure.message).toMatch(/^CA file .*not\.pem holds no PEM certificate: /);
	});

	it('reports a CA file path that is a folder', async () => {
		const failure = expectFailure(await send(get(), sendOptions({caFile: folder})));

		expect(failure.message).toMatch(/\(it is a folder\)/);
	});
});

describe('send over plain HTTP with a CA file that cannot be used', () => {
	it.each([
		['missing', async () => path.join(folder, 'missing.pem')],
		['holding no certificate', async () => {
			const notPem = path.join(folder, 'plain-not.pem');
			await writeFile(notPem, 'hello');
			return notPem;
		}],
		['a folder', async () => folder],
	])('sends an http:// request all the same when the CA file is %s', async (_, caFile) => {
		const plain = await startRecordingServer();
		try {
			const response = expectResponse(await send({method: 'GET', url: new URL('/plain', plain.origin), headers: []}, sendOptions({caFile: await caFile()})));

			expect(response.status).toBe(200);
			expect(plain.requests.map(request => request.url)).toEqual(['/plain']);
		} finally {
			await plain.close();
		}
	});
});

describe('send over HTTPS: certificates that are wrong even when trusted', () => {
	it('names a certificate issued for another host', async () => {
		const other = await startHttpsServer(undefined, {names: ['localhost']});
		try {
			const failure = expectFailure(await send({method: 'GET', url: new URL(other.url), headers: []}, sendOptions({caFile: other.caFile})));

			expect(failure.code).toBe('tls');
			expect(failure.message).toBe('TLS certificate of 127.0.0.1 is issued for another name: use the host name the certificate names or turn off TLS verification');
		} finally {
			await other.close();
		}
	});

	it('names an expired certificate', async () => {
		const expired = await startHttpsServer(undefined, {expired: true});
		try {
			const failure = expectFailure(await send({method: 'GET', url: new URL(expired.url), headers: []}, sendOptions({caFile: expired.caFile})));

			expect(failure.code).toBe('tls');
			expect(failure.message).toBe('TLS certificate of 127.0.0.1 has expired: renew it on the server or turn off TLS verification for this collection');
		} finally {
			await expired.close();
		}
	});
});
