import {describe, expect, it} from 'vitest';
import {runCommand} from '../../source/commands/run-command.js';
import type {Request} from '../../source/core/model.js';
import {openStore, type Store} from '../../source/core/store/store.js';
import {recordingServerForFile} from '../helpers/recording-server.js';
import {makeConfigDir} from '../core/store/config-dir.js';
import {recorder} from '../helpers/recorder.js';

const hostileReason = 'OK\u001B]0;PWNED\u0007\u001B[2J';
const hostileBody = Buffer.from('body \u001B]0;raw\u0007 stays\r\n');
const pngStart = Buffer.from([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]);
const server = recordingServerForFile((request, response, incoming) => {
	if (request.url === '/hostile') {
		// Node's own writeHead refuses such a reason phrase: a hostile server writes its bytes itself.
		incoming.socket.end(Buffer.concat([
			Buffer.from(`HTTP/1.1 200 ${hostileReason}\r\nContent-Type: text/plain\r\nContent-Length: ${hostileBody.length}\r\nConnection: close\r\n\r\n`, 'latin1'),
			hostileBody,
		]));
		return;
	}

	if (request.url === '/cut-short') {
		response.writeHead(200, {'Content-Type': 'text/plain', 'Content-Length': '100'});
		response.write('the first part', () => {
			incoming.socket.destroy();
		});
		return;
	}

	if (request.url === '/image') {
		response.writeHead(200, {'Content-Type': 'image/png'});
		response.end(pngStart);
		return;
	}

	response.writeHead(200, {'Content-Type': 'text/plain'});
	response.end(`hello from ${request.url}`);
});

/** A store with the collection "API" holding `requests`, the first ones first. */
function storeWith(...requests: Array<Partial<Request>>): Store {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({name: 'API', variables: [{name: 'baseUrl', value: server.origin}]});
	for (const request of requests) {
		store.addRequest(id, {method: 'GET', ...request});
	}

	return store;
}

async function run(store: Store, requests: string[] = [], strict = false, {terminal = false, raw = false, bail = false} = {}) {
	const stdout = recorder(terminal);
	const stderr = recorder();
	const code = await runCommand(store, {collection: 'API', requests, variables: [], strict, raw, bail, env: {}}, {stdout, stderr});
	const lines = stderr.text().split('\n').slice(0, -1);
	// The requests' own lines: a run of several ends with a summary, after a blank line.
	const blank = lines.indexOf('');
	return {code, stdout: stdout.bytes(), stderr: stderr.text(), lines, ownLines: blank === -1 ? lines : lines.slice(0, blank)};
}

const scripts = (preRequest: string, postResponse = '') => ({preRequest, postResponse});

describe('curlew run on stderr', () => {
	it('shows every control character of a reason phrase and of console output as its picture, and writes the body byte for byte', async () => {
		const store = storeWith({
			name: 'Hostile',
			url: '{{baseUrl}}/hostile',
			scripts: scripts('', 'console.log("\\u001b]52;c;aGk=\\u0007 copied\\u009b1m");\nconsole.warn("first\\nsecond\\tcolumn")'),
		});
		const {code, stdout, stderr, lines} = await run(store);
		expect(code).toBe(0);
		expect(stdout.equals(hostileBody)).toBe(true);
		// eslint-disable-next-line no-control-regex
		expect(stderr).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
		expect(lines).toEqual([
			'[request post-response log] ␛]52;c;aGk=␇ copied\uFFFD1m',
			'[request post-response warn] first',
			'second  column',
			expect.stringMatching(new RegExp(`^GET ${server.origin}/hostile → 200 OK␛\\]0;PWNED␇␛\\[2J {2}Successful {2}\\d+ ms {2}\\d+ B$`)),
		]);
	});

	it('keeps a script error on one line, its line breaks shown as ⏎', async () => {
		const store = storeWith({name: 'Noisy', url: '{{baseUrl}}/noisy', scripts: scripts('throw new Error("first line\\nsecond line\\r\\nthird \\u001b[31m")')});
		const {code, lines} = await run(store);
		expect(code).toBe(2);
		expect(lines).toEqual(['curlew: Pre-request script of "Noisy" failed at line 1: Error: first line ⏎ second line ⏎ third ␛[31m']);
	});

	it('with bail, names in one line the requests a failure leaves unsent', async () => {
		const store = storeWith(
			{name: 'First', url: '{{baseUrl}}/first'},
			{name: 'Log in', url: '{{baseUrl}}/login', scripts: scripts('', 'throw new Error("no token")')},
			{name: 'Get user', url: '{{baseUrl}}/user'},
			{name: 'Delete user', method: 'DELETE', url: '{{baseUrl}}/user'},
		);
		const {code, stdout, ownLines} = await run(store, [], false, {bail: true});
		expect(code).toBe(2);
		expect(stdout.toString()).toBe('hello from /firsthello from /login');
		expect(server.requests.map(request => request.url)).toEqual(['/first', '/login']);
		expect(ownLines.slice(-2)).toEqual([
			'curlew: Post-response script of "Log in" failed at line 1: Error: no token',
			'curlew: stopped there (--bail); not run: "Get user", "Delete user"',
		]);
	});

	it('says each failing post-response script on a line of its own, the collection\'s first, after the body and the status line', async () => {
		const store = storeWith({name: 'Checked', url: '{{baseUrl}}/checked', scripts: scripts('', 'console.log("request ran");\nthrow new Error("request check")')});
		const {id} = store.collections()[0]!;
		store.updateCollection(id, collection => ({...collection, scripts: scripts('', 'throw new Error("collection check")')}));
		const {code, stdout, lines} = await run(store);
		expect(code).toBe(2);
		expect(stdout.toString()).toBe('hello from /checked');
		expect(lines).toEqual([
			'[request post-response log] request ran',
			expect.stringMatching(/^GET .*\/checked → 200 OK/),
			'curlew: Collection post-response script, run for "Checked", failed at line 1: Error: collection check',
			'curlew: Post-response script of "Checked" failed at line 2: Error: request check',
		]);
	});

	it('says nothing of unsent requests when the failing one is the last', async () => {
		const store = storeWith({name: 'Only', url: '{{baseUrl}}/only', scripts: scripts('throw new Error("stop")')});
		const {lines} = await run(store);
		expect(lines).toEqual(['curlew: Pre-request script of "Only" failed at line 1: Error: stop']);
	});

	it('says where each unresolved placeholder stands, in the body as the pre-request script left it', async () => {
		const store = storeWith(
			{name: 'Typed', method: 'POST', url: '{{baseUrl}}/typed?q={{query}}', body: {type: 'json', text: '{\n  "a": 1,\n  "b": {{missing}}\n}'}},
			{name: 'Scripted', method: 'POST', url: '{{baseUrl}}/scripted', body: {type: 'text', text: 'one line'}, scripts: scripts('req.body = "first\\nsecond {{late}}"')},
		);
		const {lines} = await run(store);
		expect(lines.filter(line => line.startsWith('warning:'))).toEqual([
			'warning: URL, column 21: {{query}}: no variable named "query" is defined in the collection, the environment or the runtime',
			'warning: body, line 3, column 8: {{missing}}: no variable named "missing" is defined in the collection, the environment or the runtime',
			'warning: body, line 2, column 8: {{late}}: no variable named "late" is defined in the collection, the environment or the runtime',
		]);
	});

	it('lists the first 20 problems of a large body, and one line counts the rest; --strict refuses it all the same', async () => {
		// 3,000 elements, each using 19 undefined variables: 57,000 problems.
		const element = Array.from({length: 19}, (_, index) => `"f${index}": {{v${index}}}`).join(', ');
		const body = `[\n${Array.from({length: 3000}, () => `{${element}}`).join(',\n')}\n]`;
		const store = storeWith({name: 'Bulk', method: 'POST', url: '{{baseUrl}}/bulk', body: {type: 'json', text: body}});
		const {code, lines} = await run(store);
		expect(code).toBe(0);
		const warnings = lines.filter(line => line.startsWith('warning:'));
		expect(warnings).toHaveLength(21);
		expect(warnings[0]).toBe('warning: body, line 2, column 8: {{v0}}: no variable named "v0" is defined in the collection, the environment or the runtime');
		expect(warnings[19]).toBe('warning: body, line 3, column 8: {{v0}}: no variable named "v0" is defined in the collection, the environment or the runtime');
		expect(warnings[20]).toBe('warning: …and 56,980 more problems: undefined variable ×56,980');
		expect(server.requests).toHaveLength(1);

		const strict = await run(store, [], true);
		expect(strict.code).toBe(2);
		expect(strict.lines.filter(line => line.startsWith('warning:'))).toEqual(warnings);
		expect(strict.lines.at(-1)).toBe(`curlew: Bulk: Not sent: 57,000 placeholders unresolved in strict mode (${Array.from({length: 19}, (_, index) => `{{v${index}}}`).join(', ')})`);
		expect(server.requests).toHaveLength(1);
	});

	it('writes a body that a failure cuts short as far as it came, the failure\'s line after it, and goes on', async () => {
		const store = storeWith({name: 'Cut', url: '{{baseUrl}}/cut-short'}, {name: 'Next', url: '{{baseUrl}}/next'});
		const {code, stdout, ownLines} = await run(store);
		expect(code).toBe(2);
		expect(stdout.toString()).toBe('the first parthello from /next');
		expect(ownLines).toEqual([
			expect.stringMatching(new RegExp(`^curlew: GET ${server.origin}/cut-short: `)),
			expect.stringMatching(new RegExp(`^GET ${server.origin}/next → 200 OK`)),
		]);
	});

	it('warns that a body cut at maxResponseBytes is cut, though the run succeeds', async () => {
		const store = storeWith({name: 'Big', url: '{{baseUrl}}/big'});
		const [api] = store.collections();
		store.updateCollection(api!.id, collection => ({...collection, settings: {...collection.settings, maxResponseBytes: 5}}));
		const {code, stdout, lines} = await run(store);
		expect(code).toBe(0);
		expect(stdout.toString()).toBe('hello');
		expect(lines.at(-1)).toBe('warning: Big: the body was cut at 5 B, the collection\'s maxResponseBytes: raise it in the collection settings to get it all');
	});

	it('names the variables a problem came through, and a loop\'s chain once', async () => {
		const store = storeWith({name: 'Chained', url: '{{baseUrl}}/chained?u={{url}}&l={{a}}'});
		const [api] = store.collections();
		for (const variable of [{name: 'url', value: '{{host}}/x'}, {name: 'a', value: '{{b}}'}, {name: 'b', value: '{{a}}'}]) {
			store.setVariable(api!.id, variable);
		}

		const {lines} = await run(store);
		expect(lines.filter(line => line.startsWith('warning:'))).toEqual([
			'warning: URL, column 23: {{host}}: no variable named "host" is defined in the collection, the environment or the runtime (through url)',
			'warning: URL, column 33: {{a}}: variable "a" refers back to itself (a → b → a); the loop is left unresolved',
		]);
	});
});

describe('curlew run with stdout on a terminal', () => {
	it('shows the body\'s control characters as pictures, and ends it with a newline before the status line', async () => {
		const store = storeWith({name: 'Hostile', url: '{{baseUrl}}/hostile'}, {name: 'Plain', url: '{{baseUrl}}/plain'});
		const {code, stdout} = await run(store, [], false, {terminal: true});
		expect(code).toBe(0);
		expect(stdout.toString()).toBe('body ␛]0;raw␇ stays\nhello from /plain\n');
	});

	it('writes no binary body, says why and what to do, and goes on with the run', async () => {
		const store = storeWith({name: 'Logo', url: '{{baseUrl}}/image'}, {name: 'Plain', url: '{{baseUrl}}/plain'});
		const {code, stdout, ownLines} = await run(store, [], false, {terminal: true});
		expect(code).toBe(2);
		expect(stdout.toString()).toBe('hello from /plain\n');
		expect(ownLines).toEqual([
			expect.stringMatching(/^GET .*\/image → 200 OK/),
			'curlew: Logo: the body is binary (16 B) and could garble the terminal: not shown; --raw writes it anyway, or pipe it (| xxd) or redirect it to a file (> body.bin)',
			expect.stringMatching(/^GET .*\/plain → 200 OK/),
		]);
	});

	it('ends a body that a failure cuts short with a newline, so the failure\'s line starts its own', async () => {
		const store = storeWith({name: 'Cut', url: '{{baseUrl}}/cut-short'});
		const {code, stdout} = await run(store, [], false, {terminal: true});
		expect(code).toBe(2);
		expect(stdout.toString()).toBe('the first part\n');
	});

	it('writes every body byte for byte with raw', async () => {
		const store = storeWith({name: 'Hostile', url: '{{baseUrl}}/hostile'}, {name: 'Logo', url: '{{baseUrl}}/image'});
		const {code, stdout} = await run(store, [], false, {terminal: true, raw: true});
		expect(code).toBe(0);
		expect(stdout.equals(Buffer.concat([hostileBody, pngStart]))).toBe(true);
	});

	it('writes a binary body byte for byte to a pipe or a file', async () => {
		const store = storeWith({name: 'Logo', url: '{{baseUrl}}/image'});
		const {code, stdout} = await run(store);
		expect(code).toBe(0);
		expect(stdout.equals(pngStart)).toBe(true);
	});
});
