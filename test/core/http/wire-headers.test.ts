import {describe, expect, it} from 'vitest';
import {gotHeadersOf, headerProblem, wireHeaders} from '../../../source/core/http/wire-headers.js';

describe('headerProblem', () => {
	it('accepts ordinary headers, tabs, and any text beyond ASCII, which goes out as UTF-8', () => {
		expect(headerProblem([['X-Name', 'Zoë\tand café'], ['Accept', '*/*'], ['x_under.score~', ''], ['X-Text', 'Łódź 東京 hi 🐦']])).toBeUndefined();
	});

	it.each([
		[['bad name', 'x'], 'Header name "bad name" is invalid: use letters, digits and ! # $ % & \' * + - . ^ _ ` | ~'],
		[['', 'x'], 'Header name "" is invalid: use letters, digits and ! # $ % & \' * + - . ^ _ ` | ~'],
		[['X-Split', 'a\r\nInjected: yes'], 'Header X-Split has the character U+000D in its value, which HTTP headers cannot carry: remove it or percent-encode the value'],
		[['X-Delete', 'a\u007Fb'], 'Header X-Delete has the character U+007F in its value, which HTTP headers cannot carry: remove it or percent-encode the value'],
		[['X-C1', 'a\u009Bb'], 'Header X-C1 has the character U+009B in its value, which HTTP headers cannot carry: remove it or percent-encode the value'],
	] as const)('refuses %j, saying why', (header, message) => {
		expect(headerProblem([header])).toBe(message);
	});
});

describe('wireHeaders', () => {
	const url = new URL('http://api.test:8080/path');

	it('writes Host, then the user\'s pairs as given, then what got added', () => {
		const user: Array<[string, string]> = [['X-A', '1'], ['accept', 'json'], ['x-a', '2']];
		const sent = {...gotHeadersOf(user), 'accept-encoding': 'gzip', 'content-length': '3'};

		expect(wireHeaders(user, sent, url)).toEqual([
			'Host', 'api.test:8080',
			'X-A', '1',
			'accept', 'json',
			'x-a', '2',
			'User-Agent', expect.stringMatching(/^curlew\//) as string,
			'Accept-Encoding', 'gzip',
			'Content-Length', '3',
		]);
	});

	it('gives Node a value beyond ASCII as the Latin-1 characters of its UTF-8 bytes, which Node writes one byte each', () => {
		const user: Array<[string, string]> = [['X-Name', 'Zoë 🐦']];

		const lines = wireHeaders(user, gotHeadersOf(user), url);

		expect(Buffer.from(lines[3]!, 'latin1').toString('utf8')).toBe('Zoë 🐦');
	});

	it('keeps the user\'s Host in place and leaves out what got dropped', () => {
		const user: Array<[string, string]> = [['Authorization', 'secret'], ['host', 'virtual.test'], ['User-Agent', 'me']];
		const sent = gotHeadersOf(user);
		delete sent.authorization;

		expect(wireHeaders(user, sent, url)).toEqual(['host', 'virtual.test', 'User-Agent', 'me']);
	});

	it('writes the URL\'s host when got dropped the user\'s Host on a redirect elsewhere', () => {
		const user: Array<[string, string]> = [['Host', 'virtual.test']];
		const sent = gotHeadersOf(user);
		delete sent.host;

		expect(wireHeaders(user, sent, new URL('https://[::1]:8443/'))).toEqual(['Host', '[::1]:8443', 'User-Agent', expect.stringMatching(/^curlew\//) as string]);
	});
});
