import {describe, expect, it} from 'vitest';
import {createRequest, type Request} from '../../source/core/model.js';
import {resolveRequest} from '../../source/core/resolve-request.js';
import {maskSecrets, secretTexts} from '../../source/core/secrets.js';

const scope = {
	base: 'https://api.example.test',
	id: 42,
	obj: {limit: 10, offset: 20, filter: 'a b&c'},
	authConfig: {apiKey: 'key-123', secret: 'shh-456'},
	when: new Date('2024-01-01T00:00:00.000Z'),
	tags: ['x', 'y'],
};

function request(fields: Partial<Request>): Request {
	return createRequest({method: 'POST', url: '{{base}}/users/{{id}}', ...fields});
}

describe('resolveRequest', () => {
	it('fills the URL, header names and values, and drops disabled headers', () => {
		const resolved = resolveRequest(request({
			url: '{{base}}/users?limit={{obj.limit}}&offset={{obj.offset}}',
			headers: [
				{name: 'X-API-Key', value: '{{authConfig.apiKey}}', enabled: true},
				{name: 'X-Secret', value: '{{authConfig.secret}}', enabled: true},
				{name: 'X-Off', value: 'never sent', enabled: false},
				{name: 'X-{{id}}', value: 'named', enabled: true},
			],
		}), scope);
		expect(resolved.problems).toEqual([]);
		expect(resolved.prepared?.url.href).toBe('https://api.example.test/users?limit=10&offset=20');
		expect(resolved.prepared?.headers).toEqual([['X-API-Key', 'key-123'], ['X-Secret', 'shh-456'], ['X-42', 'named']]);
	});

	it('fills a JSON body in the json context and sets its Content-Type', () => {
		const resolved = resolveRequest(request({body: {type: 'json', text: '{"when": {{when}}, "at": "{{when}}", "tags": {{tags}}, "first": "{{tags[0]}}"}'}}), scope);
		expect(JSON.parse(resolved.prepared!.body as string)).toEqual({when: '2024-01-01T00:00:00.000Z', at: '2024-01-01T00:00:00.000Z', tags: ['x', 'y'], first: 'x'});
		expect(resolved.prepared?.headers).toEqual([['Content-Type', 'application/json']]);
	});

	it('reads a text body as JSON when its Content-Type says json', () => {
		const resolved = resolveRequest(request({
			headers: [{name: 'content-type', value: 'application/vnd.api+json', enabled: true}],
			body: {type: 'text', text: '{"s": "{{q}}"}'},
		}), {...scope, q: 'say "hi"'});
		expect(JSON.parse(resolved.prepared!.body as string)).toEqual({s: 'say "hi"'});
		expect(resolved.prepared?.headers).toEqual([['content-type', 'application/vnd.api+json']]);
	});

	it('fills form fields as text, then URL-encodes them', () => {
		const resolved = resolveRequest(request({body: {type: 'form', fields: [{name: 'filter', value: '{{obj.filter}}'}, {name: 'n', value: '{{id}}'}, {name: 'off', value: 'x', enabled: false}]}}), scope);
		expect(resolved.prepared?.body).toBe('filter=a+b%26c&n=42');
		expect(resolved.prepared?.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
	});

	it('reports every problem with where it stands', () => {
		const resolved = resolveRequest(request({
			url: '{{base}}/{{missing}}',
			headers: [{name: 'X-A', value: '{{nope.deep}}', enabled: true}],
			body: {type: 'json', text: '{"a": {{tags[5]}}}'},
		}), scope);
		expect(resolved.problems.map(problem => [problem.place.part, problem.kind, problem.placeholder])).toEqual([
			['url', 'undefined-variable', '{{missing}}'],
			['header-value', 'undefined-variable', '{{nope.deep}}'],
			['body', 'unresolved-path', '{{tags[5]}}'],
		]);
		expect(resolved.prepared).toBeDefined();
	});

	it('gives a clear error for a URL that does not parse', () => {
		const resolved = resolveRequest(request({url: '{{host}}/x'}), {});
		expect(resolved.prepared).toBeUndefined();
		expect(resolved.error).toMatch(/The URL "{{host}}\/x" is not valid: "{{host}}" is not a host name or address/);
		expect(resolved.problems[0]?.kind).toBe('undefined-variable');
	});

	it('refuses a URL that a value puts a line break or a tab into, which the URL parser would drop', () => {
		const resolved = resolveRequest(request({url: '{{base}}/a?x={{injected}}'}), {...scope, injected: 'a\r\nX-Injected: 1'});
		expect(resolved.prepared).toBeUndefined();
		expect(resolved.error).toBe('The URL "https://api.example.test/a?x=a\\r\\nX-Injected: 1" holds a line break, from a value filled into it: a URL cannot carry one; encode it (%0A, %0D, %09) if it is meant');
		expect(resolveRequest(request({url: 'https://api.example.test/a\tb'}), scope).error).toMatch(/holds a tab: a URL cannot carry one/);
	});

	it('adds http:// to a URL written without a scheme, and refuses other schemes', () => {
		expect(resolveRequest(request({url: 'localhost:3000/a'}), {}).prepared?.url.href).toBe('http://localhost:3000/a');
		expect(resolveRequest(request({url: 'ftp://example.test/file'}), {}).error).toBe('URL scheme ftp: is not supported: use http:// or https://');
		expect(resolveRequest(request({url: '  '}), {}).error).toMatch(/The URL is empty/);
	});

	it.each([
		['localhost:8080/x', 'http://localhost:8080/x'],
		['localhost:8080', 'http://localhost:8080/'],
		['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
		['api.test:443?q=1', 'http://api.test:443/?q=1'],
		['[::1]:3000/a', 'http://[::1]:3000/a'],
		['HTTPS://api.test/a', 'https://api.test/a'],
	])('reads %j, a host and port with no scheme or a scheme with its slashes, as %s', (url, href) => {
		expect(resolveRequest(request({url}), {}).prepared?.url.href).toBe(href);
	});

	it.each([
		['https:/127.0.0.1:18443/x', 'https://127.0.0.1:18443/x'],
		['http:/x', 'http://x'],
		['http:api.test/users', 'http://api.test/users'],
		['HTTPS:\\\\api.test', 'https://api.test'],
	])('refuses %j, a scheme without its two slashes, showing how to write it', (url, fixed) => {
		const resolved = resolveRequest(request({url}), {});

		expect(resolved.prepared).toBeUndefined();
		expect(resolved.error).toBe(`The URL ${JSON.stringify(url)} needs two slashes after its scheme: write it as ${fixed}`);
	});

	it.each([
		['mailto:x@y', 'mailto:'],
		['ftp:example.test/file', 'ftp:'],
		['file:///etc/passwd', 'file:'],
		['javascript:alert(1)', 'javascript:'],
	])('refuses %j, a scheme other than http and https, rather than sending it over http://', (url, scheme) => {
		const resolved = resolveRequest(request({url}), {});

		expect(resolved.prepared).toBeUndefined();
		expect(resolved.error).toBe(`URL scheme ${scheme} is not supported: use http:// or https://`);
	});

	it('refuses a header name or value that HTTP does not allow', () => {
		expect(resolveRequest(request({headers: [{name: 'Bad Name', value: 'x', enabled: true}]}), {}).error).toMatch(/Header name "Bad Name" is invalid/);
		expect(resolveRequest(request({headers: [{name: 'X-Split', value: '{{v}}', enabled: true}]}), {v: 'a\r\nInjected: yes'}).error).toMatch(/holds a line break/);
	});

	it('sends no body with HEAD', () => {
		expect(resolveRequest(request({method: 'HEAD', body: {type: 'text', text: 'x'}}), scope).prepared?.body).toBeUndefined();
	});
});

describe('secrets', () => {
	it('masks every text a secret variable can put into a request', () => {
		const secrets = secretTexts([
			{name: 'authConfig', value: {apiKey: 'key-123', secret: 'shh-456'}, secret: true},
			{name: 'public', value: 'key-123-not-secret'},
		]);
		expect(maskSecrets('X-API-Key: key-123\nX-Secret: shh-456', secrets)).toBe('X-API-Key: ••••••\nX-Secret: ••••••');
	});

	it('masks the value a secret has at run time, from a script or --var, as well as the stored one', () => {
		const secrets = secretTexts([{name: 'token', value: 'stored-token', secret: true}, {name: 'user', value: 'ada'}], {token: 'tok-123456', user: 'ada-lovelace'});
		expect(maskSecrets('GET /echo?access_token=tok-123456&old=stored-token&user=ada-lovelace', secrets)).toBe('GET /echo?access_token=••••••&old=••••••&user=ada-lovelace');
	});

	it('masks a secret that stands in a URL\'s host, which the URL parser writes in lower case and punycode', () => {
		const secrets = secretTexts([{name: 'host', value: 'Sup3rSecretHost', secret: true}, {name: 'idn', value: 'bücher-secret.invalid', secret: true}]);
		expect(maskSecrets(new URL('http://Sup3rSecretHost.invalid/').href, secrets)).toBe('http://••••••.invalid/');
		expect(maskSecrets(new URL('http://bücher-secret.invalid/').href, secrets)).toBe('http://••••••/');
	});

	it('masks a secret string also as a URL, a form or a JSON string writes it', () => {
		const secrets = secretTexts([{name: 'pw', value: 'p@ss word/é"', secret: true}]);
		const url = new URL('http://api.test/');
		url.pathname = '/p@ss word/é"';
		url.search = '?a=p@ss word/é"';
		expect(maskSecrets(url.href, secrets)).toBe('http://api.test/••••••?a=••••••');
		expect(maskSecrets(`a=${encodeURIComponent('p@ss word/é"')}`, secrets)).toBe('a=••••••');
		expect(maskSecrets(new URLSearchParams({p: 'p@ss word/é"'}).toString(), secrets)).toBe('p=••••••');
		expect(maskSecrets(JSON.stringify({p: 'p@ss word/é"'}), secrets)).toBe('{"p":"••••••"}');
	});
});
