/*
The collection's cookie jar in scripts, run by the built `curlew run` against a real server
that sets cookies and records those it receives: a Postman collection (pm.cookies, its jar()
with callbacks, the legacy responseCookies) and a Bruno collection (bru.cookies, its jar()
awaited and with callbacks) read a response's cookies, set one that goes with the next
request (or, set before the send, with its own), delete one, and clear the jar.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, expect, it} from 'vitest';
import {startRecordingServer, type RecordingServer} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};
let server: RecordingServer;

beforeEach(async () => {
	config = temporaryConfigDir();
	server = await startRecordingServer((request, response) => {
		if (request.url === '/login') {
			response.writeHead(200, [['Set-Cookie', 'sid=s3ss10n; Path=/; HttpOnly'], ['Set-Cookie', 'theme=dark; Path=/'], ['Content-Type', 'application/json']]);
			response.end('{"ok": true}');
			return;
		}

		response.writeHead(200, {'Content-Type': 'application/json'});
		response.end('{}');
	});
});

afterEach(async () => {
	await server.close();
	config.remove();
});

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory, killAfterMs: 30_000});
}

/** The Cookie header each path received, in the order they were sent. */
const cookiesReceived = () => server.requests.map(request => [request.url, request.headers.cookie]);

const testsLine = (stderr: string) => stderr.split('\n').find(line => line.startsWith('Tests:'));

it('runs a Postman collection whose scripts read the response\'s cookies, and set, unset and clear cookies in the jar', async () => {
	const test = (exec: string) => [{listen: 'test', script: {type: 'text/javascript', exec: exec.split('\n')}}];
	const collection = {
		info: {name: 'Postman cookies', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
		variable: [{key: 'baseUrl', value: server.origin}],
		item: [
			{name: 'Login', request: {method: 'POST', url: '{{baseUrl}}/login'}, event: test([
				'pm.test("reads the response\'s cookies", () => {',
				'  pm.expect(pm.cookies.get("sid")).to.equal("s3ss10n");',
				'  pm.expect(pm.cookies.has("theme", "dark")).to.be.true;',
				'  pm.expect(pm.cookies.toObject()).to.eql({sid: "s3ss10n", theme: "dark"});',
				'  pm.expect(pm.response.cookies.one("sid").httpOnly).to.be.true;',
				'});',
				'tests["the legacy names read them too"] = postman.getResponseCookie("theme").value === "dark" && responseCookies.length === 2;',
				'pm.cookies.jar().set(pm.variables.get("baseUrl"), "token", "t0k3n", (error, cookie) => {',
				'  pm.test("set calls back with the cookie", () => pm.expect([error, cookie.name, cookie.value]).to.eql([null, "token", "t0k3n"]));',
				'});',
			].join('\n'))},
			{name: 'Profile', request: {method: 'GET', url: '{{baseUrl}}/profile'}, event: test([
				'const jar = pm.cookies.jar();',
				'const url = pm.variables.get("baseUrl") + "/profile";',
				'jar.get(url, "token", (error, value) => {',
				'  pm.test("get calls back with the value", () => pm.expect(value).to.equal("t0k3n"));',
				'});',
				'jar.unset(url, "theme", error => {',
				'  jar.getAll(url, (error, cookies) => {',
				'    pm.test("unset removed that cookie", () => pm.expect(cookies.map(cookie => cookie.name)).to.eql(["sid", "token"]));',
				'  });',
				'});',
			].join('\n'))},
			{name: 'After unset', request: {method: 'GET', url: '{{baseUrl}}/after-unset'}, event: test('pm.cookies.jar().clear(pm.request.url.toString(), error => pm.test("clear calls back", () => pm.expect(error).to.equal(null)));')},
			{name: 'After clear', request: {method: 'GET', url: '{{baseUrl}}/after-clear'}},
		],
	};
	const file = path.join(config.directory, 'cookies.postman_collection.json');
	writeFileSync(file, JSON.stringify(collection));

	const imported = await curlew('import', file);
	expect(imported.code).toBe(0);
	expect(imported.stderr).not.toContain('does not run');
	const run = await curlew('run', 'Postman cookies');
	expect(run.stderr).not.toContain('✗');
	expect(run.code).toBe(0);
	expect(testsLine(run.stderr)).toBe('Tests:       6 passed, 6 total');
	expect(cookiesReceived()).toEqual([
		['/login', undefined],
		['/profile', 'sid=s3ss10n; theme=dark; token=t0k3n'],
		['/after-unset', 'sid=s3ss10n; token=t0k3n'],
		['/after-clear', undefined],
	]);
});

it('runs a Bruno collection whose scripts read the response\'s cookies, and set, delete and clear cookies in the jar', async () => {
	const folder = path.join(config.directory, 'bruno-cookies');
	mkdirSync(path.join(folder, 'environments'), {recursive: true});
	const bru = (name: string, seq: number, method: string, url: string, script: string) => `meta {\n  name: ${name}\n  type: http\n  seq: ${seq}\n}\n\n${method} {\n  url: ${url}\n  body: none\n  auth: none\n}\n${script === '' ? '' : `\nscript:post-response {\n${script.split('\n').map(line => `  ${line}`).join('\n')}\n}\n`}`;
	writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Bruno cookies', type: 'collection'}));
	writeFileSync(path.join(folder, 'environments', 'Local.bru'), `vars {\n  baseUrl: ${server.origin}\n}\n`);
	writeFileSync(path.join(folder, 'Login.bru'), bru('Login', 1, 'post', '{{baseUrl}}/login', [
		'test("reads the response\'s cookies", () => {',
		'  expect(bru.cookies.get("sid")).to.equal("s3ss10n");',
		'  expect(bru.cookies.one("theme").key).to.equal("theme");',
		'  expect(bru.cookies.count()).to.equal(2);',
		'});',
		'const jar = bru.cookies.jar();',
		'await jar.setCookie("{{baseUrl}}", "token", "t0k3n");',
		'await jar.setCookie("{{baseUrl}}", {key: "lang", value: "fr", path: "/"});',
		'const token = await jar.getCookie("{{baseUrl}}/anything", "token");',
		'test("getCookie gives the cookie", () => expect([token.key, token.value, token.path]).to.eql(["token", "t0k3n", "/"]));',
	].join('\n')));
	writeFileSync(path.join(folder, 'Profile.bru'), bru('Profile', 2, 'get', '{{baseUrl}}/profile', [
		'const jar = bru.cookies.jar();',
		'await jar.deleteCookie("{{baseUrl}}", "theme");',
		'jar.getCookies("{{baseUrl}}", (error, cookies) => {',
		'  test("deleteCookie removed that cookie", () => expect(cookies.map(cookie => cookie.key)).to.eql(["sid", "token", "lang"]));',
		'});',
	].join('\n')));
	writeFileSync(path.join(folder, 'After delete.bru'), bru('After delete', 3, 'get', '{{baseUrl}}/after-delete', 'await bru.cookies.jar().clear();\ntest("the jar is empty", async () => expect(await bru.cookies.jar().getCookies("{{baseUrl}}")).to.eql([]));'));
	// A cookie a pre-request script sets goes with its own request.
	writeFileSync(path.join(folder, 'After clear.bru'), `${bru('After clear', 4, 'get', '{{baseUrl}}/after-clear', '')}\nscript:pre-request {\n  await bru.cookies.jar().setCookie("{{baseUrl}}", "fresh", "1");\n}\n`);

	const imported = await curlew('import', folder);
	expect(imported.code).toBe(0);
	expect(imported.stderr).not.toContain('does not run');
	const run = await curlew('run', 'Bruno cookies', '--env', 'Local');
	expect(run.stderr).not.toContain('✗');
	expect(run.code).toBe(0);
	expect(testsLine(run.stderr)).toBe('Tests:       4 passed, 4 total');
	expect(cookiesReceived()).toEqual([
		['/login', undefined],
		['/profile', 'sid=s3ss10n; theme=dark; token=t0k3n; lang=fr'],
		['/after-delete', 'sid=s3ss10n; token=t0k3n; lang=fr'],
		['/after-clear', 'fresh=1'],
	]);
});
