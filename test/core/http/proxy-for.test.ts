import {describe, expect, it} from 'vitest';
import {bypasses, proxyFor} from '../../../source/core/http/proxy-for.js';

describe('proxyFor', () => {
	it('picks the variable by the target\'s scheme, lower case first', () => {
		const env = {HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2', HTTPS_PROXY: 'http://secure:3'};

		expect(proxyFor(new URL('http://api.test/'), env)).toEqual({address: 'http://lower:2', variable: 'http_proxy'});
		expect(proxyFor(new URL('https://api.test/'), env)).toEqual({address: 'http://secure:3', variable: 'HTTPS_PROXY'});
	});

	it('treats an empty variable as unset', () => {
		expect(proxyFor(new URL('http://api.test/'), {http_proxy: ' ', HTTP_PROXY: 'http://proxy:8080'})).toEqual({address: 'http://proxy:8080', variable: 'HTTP_PROXY'});
		expect(proxyFor(new URL('http://api.test/'), {HTTP_PROXY: ''})).toBeUndefined();
	});

	it('returns no proxy for a host NO_PROXY exempts', () => {
		expect(proxyFor(new URL('http://api.internal/'), {HTTP_PROXY: 'http://proxy:8080', no_proxy: '.internal'})).toBeUndefined();
	});
});

describe('bypasses (NO_PROXY)', () => {
	it.each([
		['http://example.com/', 'example.com'],
		['http://api.example.com/', 'example.com'],
		['http://api.example.com/', '.example.com'],
		['http://api.example.com/', '*.example.com'],
		['http://API.Example.COM/', 'example.com'],
		['http://anything.test/', '*'],
		['http://example.com:8080/', 'example.com:8080'],
		['http://example.com/', 'example.com:80'],
		['https://example.com/', 'example.com:443'],
		['http://[::1]:3000/', '[::1]:3000'],
		['http://[::1]:3000/', '::1'],
		['http://10.0.0.5/', 'localhost 10.0.0.5'],
		['http://10.1.2.3/', '10.0.0.0/8'],
		['http://192.168.1.77:8080/', 'localhost,192.168.1.0/24'],
		['http://[fd00::1]/', 'fd00::/8'],
		['http://10.0.0.5/', '0.0.0.0/0'],
		['http://127.0.0.1:8080/', '127.0.0.1'],
		['http://127.0.0.1:8080/', '127.0.0.1:8080'],
		['http://[::1]/', '0:0:0:0:0:0:0:1'],
		['http://[fd00::1]/', '[FD00:0::1]'],
		['http://api.10.0.0.5.test/', '10.0.0.5.test'],
	])('%s is exempted by %j', (url, noProxy) => {
		expect(bypasses(new URL(url), noProxy)).toBe(true);
	});

	it.each([
		['http://badexample.com/', 'example.com'],
		['http://example.com.evil.test/', 'example.com'],
		['http://example.com:8081/', 'example.com:8080'],
		['https://example.com/', 'example.com:80'],
		['http://example.com/', ''],
		['http://example.com/', ' , '],
		['http://127.0.0.1/', 'localhost'],
		['http://11.0.0.1/', '10.0.0.0/8'],
		['http://192.168.2.1/', '192.168.1.0/24'],
		['http://10.example.test/', '10.0.0.0/8'],
		['http://[::1]/', '10.0.0.0/8'],
		['http://10.0.0.1/', '10.0.0.0/33'],
		['http://[fe80::1]/', 'fd00::/8'],
		['http://127.0.0.1/', '0.1'],
		['http://127.0.0.1/', '0.0.1'],
		['http://127.0.0.1/', '.0.0.1'],
		['http://127.0.0.1/', '*.0.1'],
		['http://10.0.0.5/', '0.5:80'],
		['http://10.0.0.5/', '10.0.0.50'],
		['http://[fd00::1]/', '1'],
	])('%s is not exempted by %j', (url, noProxy) => {
		expect(bypasses(new URL(url), noProxy)).toBe(false);
	});
});
