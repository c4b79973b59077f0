// Auth as data, computed when the request is sent: basic after interpolation, bearer, API keys, digest against a real digest server (http-auth, an implementation of its own).
import {afterEach, describe, expect, it} from 'vitest';
import {digestAuthorization, parseChallenges} from '../../../source/core/http/digest-auth.js';
import {send} from '../../../source/core/http/send.js';
import {createRequest, type Auth, type RequestAuth} from '../../../source/core/model.js';
import {resolveRequest} from '../../../source/core/resolve-request.js';
import {startDigestServer, type DigestServer} from '../../helpers/digest-server.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {expectResponse, textOf} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer | undefined;
let digestServer: DigestServer | undefined;
afterEach(async () => {
	await server?.close();
	await digestServer?.close();
	server = undefined;
	digestServer = undefined;
});

const scope = {user: 'ada', pass: 'lovelace:1815 é', token: 'tok-123', key: 'k e%20y'};

function resolved(auth: RequestAuth | undefined, url: string, collectionAuth?: Auth, headers: Array<{name: string; value: string; enabled: boolean}> = []) {
	return resolveRequest(createRequest({url, auth, headers}), scope, {collectionAuth});
}

describe('auth as data', () => {
	it('computes basic auth after its placeholders are filled: the base64 of the UTF-8 of user:password, colons in the password kept', () => {
		const {prepared} = resolved({type: 'basic', username: '{{user}}', password: '{{pass}}'}, 'http://127.0.0.1/');
		expect(prepared?.headers).toEqual([['Authorization', `Basic ${Buffer.from('ada:lovelace:1815 é', 'utf8').toString('base64')}`]]);
	});

	it('sends the auth\'s header in place of the request\'s own of that name, as Postman and Bruno do', () => {
		const {prepared} = resolved({type: 'bearer', token: '{{token}}'}, 'http://127.0.0.1/', undefined, [{name: 'authorization', value: 'Bearer old', enabled: true}, {name: 'X-A', value: '1', enabled: true}]);
		expect(prepared?.headers).toEqual([['X-A', '1'], ['Authorization', 'Bearer tok-123']]);
	});

	it('puts an API key in a header or in the query, a value already percent-encoded not encoded again', () => {
		expect(resolved({type: 'apikey', key: 'X-Key', value: '{{token}}', in: 'header'}, 'http://127.0.0.1/').prepared?.headers).toEqual([['X-Key', 'tok-123']]);
		expect(resolved({type: 'apikey', key: 'api_key', value: '{{key}}', in: 'query'}, 'http://127.0.0.1/a?x=1#top').prepared?.url.href).toBe('http://127.0.0.1/a?x=1&api_key=k%20e%20y#top');
	});

	it('sends the collection\'s auth for a request that inherits, and none for a request of none', () => {
		const collectionAuth: Auth = {type: 'bearer', token: '{{token}}'};
		expect(resolved({type: 'inherit'}, 'http://127.0.0.1/', collectionAuth).prepared?.headers).toEqual([['Authorization', 'Bearer tok-123']]);
		expect(resolved({type: 'none'}, 'http://127.0.0.1/', collectionAuth).prepared?.headers).toEqual([]);
		expect(resolved(undefined, 'http://127.0.0.1/', collectionAuth).prepared?.headers).toEqual([]);
		expect(resolved({type: 'basic', username: 'a', password: 'b'}, 'http://127.0.0.1/', collectionAuth).prepared?.headers).toEqual([['Authorization', 'Basic YTpi']]);
	});

	it('says where an auth field\'s placeholder does not resolve', () => {
		const {problems} = resolved({type: 'bearer', token: '{{missing}}'}, 'http://127.0.0.1/');
		expect(problems).toMatchObject([{place: {part: 'auth', field: 'token'}}]);
	});

	it('gives the base64 of credentials that hold a secret to be masked with the secrets', () => {
		const result = resolveRequest(createRequest({url: 'http://127.0.0.1/', auth: {type: 'basic', username: '{{user}}', password: '{{pass}}'}}), scope, {secrets: ['lovelace:1815 é']});
		expect(result.derivedSecrets).toEqual([Buffer.from('ada:lovelace:1815 é', 'utf8').toString('base64')]);
		expect(resolveRequest(createRequest({url: 'http://127.0.0.1/', auth: {type: 'basic', username: 'a', password: 'b'}}), scope, {secrets: ['lovelace']}).derivedSecrets).toEqual([]);
	});

	it('sends the basic header the server decodes back into the filled user and password', async () => {
		server = await startRecordingServer();
		const {prepared} = resolved({type: 'basic', username: '{{user}}', password: '{{pass}}'}, server.url);
		expectResponse(await send(prepared!, sendOptions()));
		const header = server.requests[0]!.headers.authorization!;
		expect(Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8')).toBe('ada:lovelace:1815 é');
	});
});

describe('digest auth', () => {
	it.each([
		['MD5 with qop auth', {}],
		['MD5-sess', {algorithm: 'MD5-sess' as const}],
		['MD5 without qop (RFC 2069)', {qop: 'none' as const}],
	])('answers a real server\'s challenge (%s): sent once without credentials, then with the answer for the path it asks', async (_, options) => {
		digestServer = await startDigestServer({username: 'ada', password: 'lovelace:1815 é', ...options});
		const {origin, seen} = digestServer;
		const {prepared} = resolved({type: 'digest', username: '{{user}}', password: '{{pass}}'}, `${origin}/private/data?x=1`);
		const chunks: string[] = [];
		const response = expectResponse(await send(prepared!, sendOptions({onBody(chunk) {
			chunks.push(Buffer.from(chunk).toString('utf8'));
			return undefined;
		}})));
		expect(response.status).toBe(200);
		expect(textOf(response)).toBe('welcome');
		// The challenge's own body is the server's word to curlew, not the response the user reads.
		expect(chunks.join('')).toBe('welcome');
		expect(seen).toHaveLength(2);
		expect(seen[0]!.authorization).toBeUndefined();
		expect(seen[1]!.authorization).toMatch(/^Digest username="ada", realm="curlew tests", nonce="[\da-f]+", uri="\/private\/data\?x=1", /);
		expect(seen[1]!.authorization).not.toContain('lovelace');
	});

	it('gives back the server\'s 401 when the password is wrong', async () => {
		digestServer = await startDigestServer({username: 'ada', password: 'lovelace:1815 é'});
		const {origin, seen} = digestServer;
		const {prepared} = resolved({type: 'digest', username: 'ada', password: 'wrong'}, `${origin}/private`);
		const response = expectResponse(await send(prepared!, sendOptions()));
		expect(response.status).toBe(401);
		expect(seen).toHaveLength(2);
	});

	it('sends once when the server asks for nothing', async () => {
		server = await startRecordingServer();
		const {prepared} = resolved({type: 'digest', username: 'ada', password: 'x'}, server.url);
		expect(expectResponse(await send(prepared!, sendOptions())).status).toBe(200);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]!.headers.authorization).toBeUndefined();
	});

	it('computes RFC 7616\'s own SHA-256 example', () => {
		const [challenge] = parseChallenges('Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
		const authorization = digestAuthorization({
			realm: challenge!.parameters.get('realm')!,
			nonce: challenge!.parameters.get('nonce')!,
			opaque: challenge!.parameters.get('opaque')!,
			algorithm: 'SHA-256',
			qop: ['auth', 'auth-int'],
			userhash: false,
		}, {method: 'GET', uri: '/dir/index.html', username: 'Mufasa', password: 'Circle of Life', cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ'});
		expect(authorization).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
	});

	it('reads challenges as RFC 7235 writes them: several in one header, quoted commas and escapes', () => {
		expect(parseChallenges('Basic realm="a, b", Digest realm="x\\"y", qop="auth,auth-int", nonce=abc, Negotiate dG9rZW4=')).toEqual([
			{scheme: 'Basic', parameters: new Map([['realm', 'a, b']])},
			{scheme: 'Digest', parameters: new Map([['realm', 'x"y'], ['qop', 'auth,auth-int'], ['nonce', 'abc']])},
			{scheme: 'Negotiate', parameters: new Map()},
		]);
	});
});
