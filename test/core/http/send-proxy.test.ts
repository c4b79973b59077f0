import {afterEach, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {startHttpsServer} from '../../helpers/https-server.js';
import {startProxyServer, type ProxyServer} from '../../helpers/proxy-server.js';
import {freePort, startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {expectFailure, expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
	await Promise.all(cleanups.splice(0).map(async cleanup => cleanup()));
});

async function target(): Promise<RecordingServer> {
	const server = await startRecordingServer();
	cleanups.push(async () => server.close());
	return server;
}

async function proxy(options: {answer?: number} = {}): Promise<ProxyServer> {
	const server = await startProxyServer(options);
	cleanups.push(async () => server.close());
	return server;
}

function get(url: string): PreparedRequest {
	return {method: 'GET', url: new URL(url), headers: [['X-Via', 'proxy-test']]};
}

describe('send through a proxy', () => {
	it.each(['HTTP_PROXY', 'http_proxy'])('goes through the proxy named by %s for an http URL', async variable => {
		const server = await target();
		const forward = await proxy();
		const response = expectResponse(await send(get(`${server.origin}/through`), sendOptions({env: {[variable]: forward.url}})));

		expect(response.status).toBe(200);
		expect(forward.targets).toEqual([`127.0.0.1:${server.port}`]);
		expect(forward.kinds).toEqual(['forward']);
		expect(server.requests[0]!.url).toBe('/through');
		expect(server.requests[0]!.rawHeaders).toContain('X-Via');
	});

	it('uses HTTPS_PROXY, not HTTP_PROXY, for an https URL', async () => {
		const secure = await startHttpsServer();
		cleanups.push(async () => secure.close());
		const forHttps = await proxy();
		const forHttp = await proxy();
		const response = expectResponse(await send(get(secure.url), sendOptions({
			caFile: secure.caFile,
			env: {HTTPS_PROXY: forHttps.url, HTTP_PROXY: forHttp.url},
		})));

		expect(response.status).toBe(200);
		expect(forHttps.targets).toEqual([`127.0.0.1:${secure.port}`]);
		expect(forHttps.kinds).toEqual(['tunnel']);
		expect(forHttp.targets).toEqual([]);
	});

	it('ignores HTTPS_PROXY for an http URL', async () => {
		const server = await target();
		const forHttps = await proxy();
		expectResponse(await send(get(server.url), sendOptions({env: {HTTPS_PROXY: forHttps.url}})));

		expect(forHttps.targets).toEqual([]);
		expect(server.requests).toHaveLength(1);
	});

	it.each([
		['the host', '127.0.0.1'],
		['* for every host', '*'],
		['the host with its port', 'HOST:PORT'],
		['a list holding the host', 'example.com, 127.0.0.1 ,other.test'],
	])('goes direct when NO_PROXY names %s', async (_, noProxy) => {
		const server = await target();
		const forward = await proxy();
		const entry = noProxy.replace('HOST:PORT', `127.0.0.1:${server.port}`);
		expectResponse(await send(get(server.url), sendOptions({env: {HTTP_PROXY: forward.url, no_proxy: entry}})));

		expect(forward.targets).toEqual([]);
		expect(server.requests).toHaveLength(1);
	});

	it.each(['0.1', '0.0.1', '.0.0.1', '*.0.1'])('still uses the proxy when NO_PROXY %j ends like the host\'s address but is not it', async noProxy => {
		const server = await target();
		const forward = await proxy();
		expectResponse(await send(get(server.url), sendOptions({env: {HTTP_PROXY: forward.url, NO_PROXY: noProxy}})));

		expect(forward.targets).toEqual([`127.0.0.1:${server.port}`]);
	});

	it('still uses the proxy when NO_PROXY names the host with another port', async () => {
		const server = await target();
		const forward = await proxy();
		expectResponse(await send(get(server.url), sendOptions({env: {HTTP_PROXY: forward.url, NO_PROXY: '127.0.0.1:1'}})));

		expect(forward.targets).toHaveLength(1);
	});

	it('sends the credentials written in the proxy URL and hides them in messages', async () => {
		const server = await target();
		const forward = await proxy();
		const address = forward.url.replace('http://', 'http://user:p%40ss@');
		expectResponse(await send(get(server.url), sendOptions({env: {HTTP_PROXY: address}})));

		expect(forward.authorizations).toEqual([`Basic ${Buffer.from('user:p@ss').toString('base64')}`]);
	});

	it('reports a proxy that cannot be reached as a proxy failure', async () => {
		const server = await target();
		const port = await freePort();
		const failure = expectFailure(await send(get(server.url), sendOptions({env: {HTTP_PROXY: `http://me:secret@127.0.0.1:${port}`}})));

		expect(failure.code).toBe('proxy');
		expect(failure.message).toBe(`Could not reach the proxy http://***@127.0.0.1:${port} set in HTTP_PROXY (ECONNREFUSED): check the proxy address, or add 127.0.0.1 to NO_PROXY`);
		expect(server.requests).toHaveLength(0);
	});

	it('reports a proxy that refuses the tunnel to an https URL with its status', async () => {
		const secure = await startHttpsServer();
		cleanups.push(async () => secure.close());
		const tunnel = await proxy({answer: 407});
		const failure = expectFailure(await send(get(secure.url), sendOptions({caFile: secure.caFile, env: {HTTPS_PROXY: tunnel.url}})));

		expect(failure.code).toBe('proxy');
		expect(failure.message).toMatch(/^The proxy http:\/\/127\.0\.0\.1:\d+ set in HTTPS_PROXY answered 407 when asked to connect to 127\.0\.0\.1:\d+: check the proxy's credentials and rules, or add 127\.0\.0\.1 to NO_PROXY$/);
		expect(secure.requests).toHaveLength(0);
	});

	it('returns what a forwarding proxy answers for an http URL as the response', async () => {
		const server = await target();
		const forward = await proxy({answer: 407});
		const response = expectResponse(await send(get(server.url), sendOptions({env: {HTTP_PROXY: forward.url}})));

		expect(response.status).toBe(407);
		expect(server.requests).toHaveLength(0);
	});

	it('sends the credentials of an HTTPS_PROXY URL with the tunnel request', async () => {
		const secure = await startHttpsServer();
		cleanups.push(async () => secure.close());
		const tunnel = await proxy();
		expectResponse(await send(get(secure.url), sendOptions({verifyTls: false, env: {HTTPS_PROXY: tunnel.url.replace('http://', 'http://ada:pw@')}})));

		expect(tunnel.authorizations).toEqual([`Basic ${Buffer.from('ada:pw').toString('base64')}`]);
	});

	it('ignores a bad proxy variable for a host NO_PROXY exempts', async () => {
		const server = await target();
		expectResponse(await send(get(server.url), sendOptions({env: {http_proxy: 'http://[oops', NO_PROXY: '127.0.0.1'}})));

		expect(server.requests).toHaveLength(1);
	});

	it.each([
		['HTTP_PROXY', 'socks5://127.0.0.1:1080'],
		['http_proxy', 'socks5h://me:secret@127.0.0.1:1080'],
		['HTTP_PROXY', 'SOCKS4://127.0.0.1:1080'],
		['HTTP_PROXY', 'socks://127.0.0.1:1080'],
	])('says %s=%s is a SOCKS proxy, which is not supported', async (variable, address) => {
		const server = await target();
		const failure = expectFailure(await send(get(server.url), sendOptions({env: {[variable]: address}})));

		expect(failure.code).toBe('proxy');
		expect(failure.message).toBe(`${variable} names a SOCKS proxy (${address.replace('me:secret@', '***@')}), which curlew does not support: set it to an HTTP proxy, http://host:port`);
		expect(server.requests).toHaveLength(0);
	});

	it('reports a proxy variable that is not a URL', async () => {
		const server = await target();
		const failure = expectFailure(await send(get(server.url), sendOptions({env: {HTTP_PROXY: 'http://exa mple:99999'}})));

		expect(failure.code).toBe('proxy');
		expect(failure.message).toBe('HTTP_PROXY is not a proxy URL (http://exa mple:99999): write it as http://host:port');
		expect(server.requests).toHaveLength(0);
	});
});
