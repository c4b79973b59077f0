import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {curlCommand, CurlCommandError, quote} from '../../../source/core/formats/curl-command.js';
import {send} from '../../../source/core/http/send.js';
import type {PreparedRequest} from '../../../source/core/http/types.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {comparable} from '../../helpers/same-request.js';
import {sendOptions} from '../http/send-options.js';

const run = promisify(execFile);

let server: RecordingServer;
let folder: string;
beforeAll(async () => {
	server = await startRecordingServer();
	folder = mkdtempSync(path.join(tmpdir(), 'curlew-curl-'));
});
afterAll(async () => {
	await server.close();
	rmSync(folder, {recursive: true, force: true});
});

/** What the server got from curlew's send and from the command run by sh and curl, comparable. */
async function bothWays(request: () => PreparedRequest): Promise<{curlew: ReturnType<typeof comparable>; curl: ReturnType<typeof comparable>; command: string}> {
	const names = request().headers.map(([name]) => name);
	await send(request(), sendOptions());
	const curlew = comparable(server.requests.at(-1)!, names);
	const command = curlCommand(request());
	await run('sh', ['-c', `${command} --silent --output /dev/null`], {cwd: folder});
	const curl = comparable(server.requests.at(-1)!, names);
	return {curlew, curl, command};
}

describe('curlCommand, run by sh and a real curl, sends what curlew sends', () => {
	it('a POST of JSON with quotes, $, backslashes and line breaks, headers repeated and one empty', async () => {
		const body = '{"name": "O\'Brien", "cost": "$HOME `id` \\\\n",\n  "emoji": "Zoë 🐦"}\n';
		const {curlew, curl, command} = await bothWays(() => ({
			method: 'POST',
			url: new URL(`${server.origin}/items?q=a%20b&x=1`),
			headers: [['Content-Type', 'application/json'], ['X-Trace', 'one'], ['x-trace', 'two'], ['X-Empty', ''], ['X-Quote', 'it\'s "quoted"']],
			body,
		}));
		expect(curl).toEqual(curlew);
		expect(curl.body).toBe(Buffer.from(body).toString('latin1'));
		expect(command).not.toContain('--request');
	});

	it('a PUT of text with no Content-Type: curl adds none either', async () => {
		const {curlew, curl, command} = await bothWays(() => ({method: 'PUT', url: new URL(`${server.origin}/note`), headers: [], body: '@not-a-file\r\nline two'}));
		expect(curl).toEqual(curlew);
		expect(curl.headers.map(([name]) => name.toLowerCase())).not.toContain('content-type');
		expect(command).toContain('--request PUT');
	});

	it('a GET of a path written with dot segments and a query with brackets and braces', async () => {
		const url = new URL(`${server.origin}/a/b/../c?filter[name]={x}`);
		const {curlew, curl} = await bothWays(() => ({method: 'GET', url, target: '/a/./b/../c?filter[name]=%7Bx%7D', headers: []}));
		expect(curl).toEqual(curlew);
		expect(curl.url).toBe('/a/./b/../c?filter[name]=%7Bx%7D');
	});

	it('a body of bytes that are no text, a NUL among them, through printf', async () => {
		const bytes = new Uint8Array([0, 1, 0x25, 0x5C, 0x27, 0x0A, 0xFF, 0xFE, 0x41, 0x80]);
		const {curlew, curl, command} = await bothWays(() => ({method: 'POST', url: new URL(`${server.origin}/bin`), headers: [['Content-Type', 'application/octet-stream']], body: bytes}));
		expect(curl).toEqual(curlew);
		expect(Buffer.from(curl.body as string, 'latin1')).toEqual(Buffer.from(bytes));
		expect(command).toMatch(/^printf '.*' \| curl/);
	});

	it('a file as the body, its path quoted', async () => {
		const file = path.join(folder, 'it\'s a body.bin');
		writeFileSync(file, Buffer.from([1, 2, 3, 0, 10, 13, 255]));
		const {curlew, curl} = await bothWays(() => ({method: 'PATCH', url: new URL(`${server.origin}/upload`), headers: [], body: {file}}));
		expect(curl).toEqual(curlew);
	});

	it('a multipart form: text taken as is (even starting with @ or <, or holding ;type=), typed text, and a file typed by its name', async () => {
		const file = path.join(folder, 'report; "final".json');
		writeFileSync(file, '{"ok": true}\n');
		const {curlew, curl, command} = await bothWays(() => ({
			method: 'POST',
			url: new URL(`${server.origin}/form`),
			headers: [['X-Form', 'yes']],
			body: {multipart: [
				{name: 'at', value: '@/etc/passwd'},
				{name: 'lt', value: '<in'},
				{name: 'semi', value: 'a;type=text/html'},
				{name: 'typed', value: 'say "hi" \\ there', contentType: 'text/x-note'},
				{name: 'upload', file},
			]},
		}));
		expect(curl).toEqual(curlew);
		expect(command).toContain('--form-string');
	});

	it('a HEAD, which curl asks with --head', async () => {
		const {curlew, curl, command} = await bothWays(() => ({method: 'HEAD', url: new URL(`${server.origin}/head`), headers: [['Accept', 'text/plain']]}));
		expect(curl).toEqual(curlew);
		expect(command).toContain('--head');
	});
});

describe('curlCommand', () => {
	it('writes each option on its own line, continued with a backslash', () => {
		expect(curlCommand({method: 'DELETE', url: new URL('http://api.test/items/1'), headers: [['Authorization', 'Bearer abc']]})).toBe([
			'curl \\',
			'  --request DELETE \\',
			'  http://api.test/items/1 \\',
			'  --header \'Authorization: Bearer abc\'',
		].join('\n'));
	});

	it('masks the secrets given, wherever they are: URL, headers, body, digest credentials', () => {
		const command = curlCommand({
			method: 'POST',
			url: new URL('http://api.test/items?key=k3y-s3cret'),
			headers: [['Authorization', 'Bearer t0ken-s3cret']],
			body: '{"password": "t0ken-s3cret"}',
			digest: {username: 'ada', password: 'p4ss-s3cret'},
		}, {secrets: ['t0ken-s3cret', 'k3y-s3cret', 'p4ss-s3cret']});
		expect(command).not.toMatch(/s3cret/);
		expect(command).toContain('key=••••••');
		expect(command).toContain('\'Authorization: Bearer ••••••\'');
		expect(command).toContain('--digest \\\n  --user \'ada:••••••\'');
	});

	it('turns TLS verification off only when asked, as a collection that does not verify', () => {
		const request = {method: 'GET' as const, url: new URL('https://self-signed.test/'), headers: []};
		expect(curlCommand(request)).not.toContain('--insecure');
		expect(curlCommand(request, {insecure: true})).toBe('curl \\\n  --insecure \\\n  https://self-signed.test/');
	});

	it('refuses a multipart part whose name has =, which -F cannot send, saying what to do', () => {
		expect(() => curlCommand({method: 'POST', url: new URL('http://api.test/'), headers: [], body: {multipart: [{name: 'a=b', value: '1'}]}}))
			.toThrow(new CurlCommandError('The multipart part "a=b" has = in its name, which curl\'s -F cannot send: rename the part to copy the request as curl'));
	});
});

describe('quote', () => {
	it.each([
		['plain/path-1.json', 'plain/path-1.json'],
		['two words', '\'two words\''],
		['it\'s', '\'it\'\\\'\'s\''],
		['$HOME', '\'$HOME\''],
		['', '\'\''],
	])('%s -> %s', (text, quoted) => {
		expect(quote(text)).toBe(quoted);
	});
});
