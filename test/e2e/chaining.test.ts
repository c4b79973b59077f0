import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const {server, config} = serverAndStorePerTest((request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json'});
	if (request.url === '/big-id') {
		// Written as text: JSON.stringify could not write a number this long.
		response.end('{"user": {"id": 12345678901234567890, "name": "Ada"}}');
		return;
	}

	response.end(request.url === '/login'
		? JSON.stringify({token: 'tok-9f8e', expiresAt: '2031-05-06T07:08:09.010Z', scopes: ['read', 'write', 'admin']})
		: JSON.stringify({ok: true}));
});

const loginScript = `
const body = res.body;
client.setVar('auth', {
	token: body.token,
	expires: new Date(body.expiresAt),
	scopes: body.scopes,
	nested: {list: [{at: new Date(body.expiresAt)}]},
});
console.log('logged in with', res.status);
`;

async function importCollection(requests: unknown[], scripts?: Record<string, string>) {
	const file = path.join(config.directory, 'chain.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'Chain',
		variables: [{name: 'baseUrl', value: server.origin}],
		...(scripts ? {scripts} : {}),
		requests,
	}));
	const result = await runCli(['import', file], {configDir: config.directory});
	expect(result.code, result.stderr).toBe(0);
}

const login = {name: 'Login', method: 'POST', url: '{{baseUrl}}/login', headers: [], body: {type: 'json', text: '{"user": "ada"}'}, scripts: {preRequest: '', postResponse: loginScript}};
const profile = {
	name: 'Profile',
	method: 'PUT',
	url: '{{baseUrl}}/profile?scope={{auth.scopes[0]}}',
	headers: [{name: 'Authorization', value: 'Bearer {{auth.token}}'}],
	body: {
		type: 'json',
		text: '{"expiresQuoted": "{{auth.expires}}", "expiresBare": {{auth.expires}}, "scopes": {{auth.scopes}}, "second": "{{auth.scopes[1]}}", "deepDate": {{auth.nested.list[0].at}}, "all": {{auth}}}',
	},
	scripts: {preRequest: '', postResponse: ''},
};

describe('request chaining through client.setVar', () => {
	it('sends the token, the date and the array a login script stored, in one curlew run', async () => {
		await importCollection([login, profile]);
		const result = await runCli(['run', 'Chain', 'Login', 'Profile'], {configDir: config.directory});
		expect(result.code, result.stderr).toBe(0);
		expect(result.stderr).toContain('logged in with 200');

		const sent = server.requests[1]!;
		expect(sent.method).toBe('PUT');
		expect(sent.url).toBe('/profile?scope=read');
		expect(sent.headers.authorization).toBe('Bearer tok-9f8e');
		expect(JSON.parse(sent.body.toString('utf8'))).toEqual({
			expiresQuoted: '2031-05-06T07:08:09.010Z',
			expiresBare: '2031-05-06T07:08:09.010Z',
			scopes: ['read', 'write', 'admin'],
			second: 'write',
			deepDate: '2031-05-06T07:08:09.010Z',
			all: {
				token: 'tok-9f8e',
				expires: '2031-05-06T07:08:09.010Z',
				scopes: ['read', 'write', 'admin'],
				nested: {list: [{at: '2031-05-06T07:08:09.010Z'}]},
			},
		});
	});

	it('runs the collection script before the request script, and a pre-request script edits what is sent', async () => {
		const edit = {
			...profile,
			name: 'Edited',
			scripts: {preRequest: 'req.headers.set("X-Order", client.getVar("order") + ",request"); req.url = req.url + "&extra=1";', postResponse: ''},
		};
		await importCollection([login, edit], {preRequest: 'client.setVar("order", "collection");', postResponse: ''});
		const result = await runCli(['run', 'Chain', 'Login', 'Edited'], {configDir: config.directory});
		expect(result.code, result.stderr).toBe(0);
		expect(server.requests[1]!.headers['x-order']).toBe('collection,request');
		expect(server.requests[1]!.url).toBe('/profile?scope=read&extra=1');
	});

	it('does not send a request whose pre-request script fails, and exits 2 naming the script and line', async () => {
		const broken = {...profile, name: 'Broken', scripts: {preRequest: 'const a = 1;\nthrow new Error("no token yet");', postResponse: ''}};
		await importCollection([broken]);
		const result = await runCli(['run', 'Chain', 'Broken'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/Pre-request script of "Broken".*line 2.*no token yet/i);
		expect(server.requests).toHaveLength(0);
	});

	it('keeps the response when a post-response script fails, and exits 2', async () => {
		const failing = {...login, name: 'Failing', scripts: {preRequest: '', postResponse: 'res.body.missing.field;'}};
		await importCollection([failing]);
		const result = await runCli(['run', 'Chain', 'Failing'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(JSON.parse(result.stdout.toString()).token).toBe('tok-9f8e');
		expect(result.stderr).toMatch(/Post-response script of "Failing".*line 1/i);
	});

	it.each([
		['client.setVar', 'client.setVar(\'v_big\', 1e21);', 'Variable "v_big": 1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
		['pm.variables.set', 'pm.variables.set(\'v_unsafeInt\', 2**53);', 'Variable "v_unsafeInt": 9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
	])('refuses a number beyond ±(2^53 − 1) set by %s, naming the variable, and sends nothing', async (_call, script, message) => {
		const setting = {...profile, name: 'Setting', scripts: {preRequest: `const a = 1;\n${script}`, postResponse: ''}};
		await importCollection([setting]);
		const result = await runCli(['run', 'Chain', 'Setting'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(`Pre-request script of "Setting" failed at line 2: ${message}`);
		expect(server.requests).toHaveLength(0);
	});

	describe('a big integer from a response, chained into the next request', () => {
		const next = {name: 'Next', method: 'POST', url: '{{baseUrl}}/next', headers: [], body: {type: 'json', text: '{"id": {{id}}}'}, scripts: {preRequest: '', postResponse: ''}};
		const getUser = (postResponse: string) => ({name: 'Get user', method: 'GET', url: '{{baseUrl}}/big-id', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse}});

		it('is refused, not rounded: the next request goes with its placeholder unresolved, and the run says how to read the digits as text', async () => {
			await importCollection([getUser('client.setVar(\'id\', res.body.user.id);'), next]);
			const result = await runCli(['run', 'Chain', 'Get user', 'Next'], {configDir: config.directory});
			expect(result.code).toBe(2);
			expect(result.stdout.toString()).toBe('{"user": {"id": 12345678901234567890, "name": "Ada"}}{"ok":true}');
			expect(result.stderr).toContain(String.raw`Post-response script of "Get user" failed at line 1: Variable "id": 12345678901234567000 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string. The response's body has 12345678901234567890, which reading it as JSON (res.body, pm.response.json()) rounded: take its digits from the body's text as a string (res.text, pm.response.text()), e.g. res.text.match(/"id"\s*:\s*(-?\d+)/)[1]`);
			expect(server.requests.map(request => request.url)).toEqual(['/big-id', '/next']);
			expect(server.requests[1]!.body.toString('utf8')).toBe('{"id": {{id}}}');
		});

		it('reaches the next request digit for digit when the script takes them from the text, as the message says', async () => {
			await importCollection([getUser(String.raw`client.setVar('id', res.text.match(/"id"\s*:\s*(-?\d+)/)[1]);`), next]);
			const result = await runCli(['run', 'Chain', 'Get user', 'Next'], {configDir: config.directory});
			expect(result.code, result.stderr).toBe(0);
			expect(server.requests[1]!.body.toString('utf8')).toBe('{"id": 12345678901234567890}');
		});
	});

	it('stops a script that never ends and says so', async () => {
		const endless = {...login, name: 'Endless', scripts: {preRequest: 'while (true) {}', postResponse: ''}};
		await importCollection([endless]);
		const result = await runCli(['run', 'Chain', 'Endless'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/time limit|took longer|timed out/i);
	});
});
