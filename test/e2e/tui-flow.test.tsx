import {existsSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server} from 'node:http';
import path from 'node:path';
import {createServer as createNetServer, type AddressInfo} from 'node:net';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {defaultSettings} from '../../source/core/model.js';
import {renderApp, type AppHarness} from '../tui/panes/render-app.js';

type Received = {method: string; url: string; headers: IncomingMessage['headers']; body: string};

const received: Received[] = [];
const hanging = new Set<() => void>();
let server: Server;
let baseUrl: string;

beforeAll(async () => {
	server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			received.push({method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8')});
			if (request.url === '/slow') {
				hanging.add(() => response.end());
				return;
			}

			if (request.url === '/big') {
				response.writeHead(200, {'content-type': 'text/plain'});
				response.end('b'.repeat(1536 * 1024));
				return;
			}

			if (request.url === '/count') {
				response.writeHead(200, {'content-type': 'application/json'});
				response.end(JSON.stringify({count: received.length}));
				return;
			}

			// The head and the start of the body, then nothing more until the end of the tests.
			if (request.url === '/drip') {
				response.writeHead(200, {'content-type': 'text/plain'});
				response.write('x'.repeat(3072));
				hanging.add(() => response.end());
				return;
			}

			response.writeHead(201, {'content-type': 'application/json', 'x-served-by': 'loopback'});
			response.end(JSON.stringify({created: true, echo: request.url}));
		});
	});
	await new Promise<void>(resolve => {
		server.listen(0, '127.0.0.1', resolve);
	});
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	for (const finish of hanging) {
		finish();
	}

	await new Promise(resolve => {
		server.close(resolve);
	});
});

let app: AppHarness | undefined;
afterEach(() => {
	received.length = 0;
});

const sendKey = '\u0012';
const cancelKey = '\u0003';

/** The app on a collection with one GET request, `name`, to `path` on the loopback server. */
async function withOneRequest(path: string, name = 'Get'): Promise<AppHarness> {
	return renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name, url: `${baseUrl}${path}`});
		},
	});
}

/** ctrl+r, then waits until the server has had `count` requests in all and none is in flight. */
async function sendAndWait(harness: AppHarness, count: number): Promise<void> {
	await harness.write(sendKey);
	await harness.settle(() => received.length === count && harness.container.getState().inFlight === undefined);
}

describe('the whole TUI flow', () => {
	it('builds a request with typed variables of every kind, sends it to a loopback server, and shows the response', async () => {
		app = await renderApp({columns: 120, rows: 40});
		await app.write('NE2E\r');
		await app.write('nCreate user\r');

		await app.write('3');
		await app.write(`nbaseUrl\rs${baseUrl}\r`);
		await app.write('nuserId\rn42\r');
		await app.write('nactive\rbtrue\r');
		await app.write('nprofile\rj{"name": "Ada \\"L\\"", "age": 36}\r');
		await app.write('ntags\rj["x", "y"]\r');
		await app.write('nsince\rd2024-01-31T12:00:00.000Z\r');
		await app.write('napiKey\rss3cr3t-key\r');
		await app.write('gjs');
		expect(app.store.collections()[0]!.variables.find(variable => variable.name === 'apiKey')?.secret).toBe(true);

		await app.write('2');
		await app.write('u{{baseUrl}}/users/{{userId}}?active={{active}}&name={{profile.name}}\u001B');
		await app.write('m');
		await app.write('aX-API-Key: {{apiKey}}\r');
		await app.write('l\r{"profile": {{profile}}, "name": "{{profile.name}}", "tags": {{tags}}, "first": "{{tags[0]}}", "since": {{since}}, "active": {{active}}}\u001B');

		await app.write(sendKey);
		await app.settle(() => received.length === 1 && app!.frame().includes('201'));

		const [request] = received;
		expect(request!.method).toBe('POST');
		expect(request!.url).toBe('/users/42?active=true&name=Ada%20%22L%22');
		expect(request!.headers['x-api-key']).toBe('s3cr3t-key');
		expect(request!.headers['content-type']).toBe('application/json');
		expect(JSON.parse(request!.body)).toEqual({
			profile: {name: 'Ada "L"', age: 36},
			name: 'Ada "L"',
			tags: ['x', 'y'],
			first: 'x',
			since: '2024-01-31T12:00:00.000Z',
			active: true,
		});

		const frame = app.frame();
		expect(frame).toContain('201');
		expect(frame).toContain('"created"');
		expect(frame).not.toContain('s3cr3t-key');
		await app.settle(() => app!.store.history.list(app!.store.collections()[0]!.requests[0]!.id).length === 1);
	});

	it('runs the scripts: a value set by a pre-request script is sent, shown as a runtime variable, and pinned with p', async () => {
		app = await renderApp({
			columns: 140,
			rows: 40,
			prepare(store) {
				const api = store.createCollection({name: 'API', scripts: {preRequest: 'client.setVar("stamp", new Date("2024-03-04T05:06:07.008Z"));', postResponse: ''}});
				store.addRequest(api.id, {
					name: 'Post',
					method: 'POST',
					url: `${baseUrl}/stamped`,
					body: {type: 'json', text: '{"at": {{stamp}}}'},
					scripts: {preRequest: '', postResponse: 'console.log("status", res.status);'},
				});
			},
		});
		await sendAndWait(app, 1);
		expect(JSON.parse(received[0]!.body)).toEqual({at: '2024-03-04T05:06:07.008Z'});
		expect(app.frame()).toContain('R stamp');
		expect(app.frame()).toContain('2024-03-04T05:06:07.008Z');
		await app.write('4T');
		expect(app.frame()).toContain('status 201');
		await app.write('3p');
		expect(app.store.collections()[0]!.variables).toEqual([{name: 'stamp', value: new Date('2024-03-04T05:06:07.008Z')}]);
	});

	it('gives the keys back to the app after a search typed and submitted in one chunk, or in pieces', async () => {
		app = await withOneRequest('/searched');
		await sendAndWait(app, 1);
		await app.write('4');
		// One chunk, as SSH delivers a typed search and its Enter.
		await app.write('/created\r');
		expect(app.frame()).toContain('/created: 1 of 1');
		await sendAndWait(app, 2);
		// In pieces, closed with Esc this time.
		await app.write('/');
		await app.write('echo');
		await app.write('\u001B');
		await app.write('?');
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
		await app.write('\u001B');
		// Focus, search and an app key in one chunk: the search is the pane's, the ? the app's.
		await app.write('1');
		await app.write('4/echo\r?');
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
		await app.write('\u001B');
		// The save prompt too: path, Enter and an app key in one chunk.
		const target = path.join(app.configDir, 'saved.json');
		await app.write(`s\u0015${target}\r?`);
		await app.settle(() => existsSync(target));
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
	});

	it('sends with ctrl+r from inside the response pane\'s search prompt, and ctrl+c leaves the prompt, a second quits', async () => {
		app = await withOneRequest('/again');
		await sendAndWait(app, 1);
		await app.write('4');
		await app.write(`/crea${sendKey}ted`);
		await app.settle(() => received.length === 2 && app!.container.getState().inFlight === undefined);
		// The prompt kept what was typed around ctrl+r, and still has the keyboard.
		expect(app.frame()).toContain('/created');
		await app.write('q');
		expect(app.quits).toBe(0);
		await app.write(cancelKey);
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('navigating');
		await app.write(cancelKey);
		expect(app.quits).toBe(1);
	});

	it('opens the response pane\'s save prompt on Esc then s typed fast, and types the keys after it into the prompt', async () => {
		app = await withOneRequest('/fast');
		await sendAndWait(app, 1);
		await app.write('4');
		await app.write('\u001Bs\u0001\u000Bquit');
		expect(app.quits).toBe(0);
		await app.settle(() => app!.frame().includes('Save to: quit'));
	});

	it('shows a field\'s keys in the status bar while the response pane\'s search prompt is open, and the pane\'s again after it', async () => {
		app = await withOneRequest('/hints');
		await sendAndWait(app, 1);
		const bottomLine = () => app!.frame().trimEnd().split('\n').at(-1)!;
		await app.write('4');
		expect(bottomLine()).toContain('/ search');
		await app.write('/cre');
		await app.settle(() => bottomLine().includes('esc done'));
		expect(bottomLine()).not.toContain('/ search');
		await app.write('\r');
		await app.settle(() => bottomLine().includes('/ search'));
	});

	it('takes a paste in the response pane as text: typed into an open prompt, never run as keys, also split across chunks', async () => {
		app = await withOneRequest('/pasted');
		await sendAndWait(app, 1);
		await app.write('4');
		// y would copy, s open the save prompt, q quit: none of it runs.
		await app.write('\u001B[200~xy sq\u001B[201~');
		expect(app.frame()).not.toContain('Copied');
		expect(app.frame()).not.toContain('Save to:');
		expect(app.quits).toBe(0);
		await app.write('\u001B[200~s');
		await app.write('q\u001B[201~');
		expect(app.frame()).not.toContain('Save to:');
		expect(app.quits).toBe(0);
		// Into the search prompt, a pasted line break is a space.
		await app.write('/');
		await app.write('\u001B[200~"echo":\r"/pasted"\u001B[201~');
		expect(app.frame()).toContain('/"echo": "/pasted"');
		await app.write('\r');
		expect(app.frame()).toContain('/"echo": "/pasted": 1 of 1');
		await app.write('?');
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
	});

	it('gives the response pane no keys while another pane has the focus, and gives the app the key after an Esc that closes its prompt', async () => {
		app = await withOneRequest('/elsewhere');
		await sendAndWait(app, 1);
		// In the collections pane, w and / are not the response pane's: / opens the collections filter.
		await app.write('1w/');
		expect(app.frame()).not.toMatch(/of \d+ \(\d+%\) {2}wrap/);
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'filter'}});
		await app.write('\u001B\u001B');
		await app.write('4w');
		expect(app.frame()).toMatch(/of \d+ \(\d+%\) {2}wrap/);
		// Esc then 1 typed fast inside the search prompt: the prompt closes, and the 1 moves the focus.
		await app.write('/cre\u001B1');
		expect(app.frame()).not.toContain('/cre');
		expect(app.container.getState().focus).toBe('collections');
	});

	it('keeps the response pane as it was (tab, wrap) across a moment below 40x10', async () => {
		app = await withOneRequest('/shrunk');
		await sendAndWait(app, 1);
		await app.write('4tw');
		expect(app.frame()).toContain('[headers 5]');
		await app.resize(30, 9);
		expect(app.frame()).toContain('curlew needs 40x10');
		await app.resize(80, 24);
		expect(app.frame()).toContain('[headers 5]');
		expect(app.frame()).toMatch(/of \d+ \(\d+%\) {2}wrap/);
	});

	it('masks secrets in the console, in a script\'s error and in the response\'s URL, as curlew run does', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'key', value: 'supersecretkey', secret: true}]});
				store.addRequest(api.id, {name: 'Logs', url: `${baseUrl}/logged`, scripts: {preRequest: '', postResponse: 'console.log("key is", client.getVar("key")); throw new Error("bad " + client.getVar("key"));'}});
				store.addRequest(api.id, {name: 'Keyed', url: `${baseUrl}/keyed?key={{key}}`});
			},
		});
		await sendAndWait(app, 1);
		await app.settle(() => app!.frame().includes('bad ••••••'));
		await app.write('4[');
		expect(app.frame()).toContain('key is ••••••');
		expect(app.frame()).not.toContain('supersecretkey');
		// The timing tab names the URL the response came from, secret and all.
		await app.write('1j');
		await sendAndWait(app, 2);
		// No tab was chosen for this request: its response shows in the body tab, two before the timing tab.
		await app.write('4tt');
		expect(app.frame()).toContain('/keyed?key=••••••');
		expect(app.frame()).not.toContain('supersecretkey');
		// Kept in the history and shown after a restart, it is as masked.
		const restarted = await renderApp({configDir: app.configDir});
		try {
			await restarted.write('j4tt');
			expect(restarted.frame()).toContain('Response Keyed · last sent');
			expect(restarted.frame()).toContain('/keyed?key=••••••');
			expect(restarted.frame()).not.toContain('supersecretkey');
		} finally {
			await restarted.cleanup();
		}
	});

	it('keeps the response pane as it was (tab, wrap, search) across the help overlay', async () => {
		app = await withOneRequest('/helped');
		await sendAndWait(app, 1);
		await app.write('4/created\rw');
		const before = app.frame();
		expect(before).toContain('/created: 1 of 1');
		expect(before).toContain('wrap');
		await app.write('?');
		expect(app.frame()).toContain('Send the request (also while editing)');
		// Keys for the help (scrolling, its filter) do not reach the hidden pane.
		await app.write('\u001B[B\u001B[Bjj\u001B');
		await app.write('\u001B');
		expect(app.frame()).toBe(before);
		await app.write('t?');
		await app.write('\u001B');
		expect(app.frame()).toContain('[headers');
	});

	it('warns of unresolved placeholders first, and sends anyway on a second ctrl+r', async () => {
		app = await withOneRequest('/items/{{missing}}');
		await app.write(sendKey);
		await app.settle(() => app!.frame().includes('ctrl+r again sends anyway'));
		expect(app.frame()).toContain('{{missing}}');
		expect(received).toEqual([]);
		await sendAndWait(app, 1);
		expect(received[0]!.url).toBe('/items/%7B%7Bmissing%7D%7D');
	});

	it('warns again after an edit: the second ctrl+r sends anyway only with nothing changed since the warning', async () => {
		app = await withOneRequest('/items/{{missing}}');
		await app.write(sendKey);
		await app.settle(() => app!.frame().includes('ctrl+r again sends anyway'));
		// An edit between: the URL gains a query, and the placeholder is still unresolved.
		await app.write('2u?page=2\u001B');
		await app.write(sendKey);
		await app.settle(() => app!.frame().includes('ctrl+r again sends anyway'));
		expect(received).toEqual([]);
		await sendAndWait(app, 1);
		expect(received[0]!.url).toBe('/items/%7B%7Bmissing%7D%7D?page=2');
	});

	it('sends from inside the URL field: ctrl+r in the middle of a burst sends what was typed before it', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Get'});
			},
		});
		await app.write(`2u${baseUrl}/typed${sendKey}/more`);
		await app.settle(() => received.length === 1 && app!.container.getState().inFlight === undefined);
		expect(received[0]!.url).toBe('/typed');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing'});
		await app.write('\u001B');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe(`${baseUrl}/typed/more`);
	});

	it('sends from inside a new header field: the header is saved and sent, and the keys after ctrl+r are the app\'s', async () => {
		app = await withOneRequest('/with-header');
		await app.write(`2aX-Trace: abc 1${sendKey}?`);
		await app.settle(() => received.length === 1 && app!.container.getState().inFlight === undefined);
		expect(received[0]!.headers['x-trace']).toBe('abc 1');
		expect(app.store.collections()[0]!.requests[0]!.headers).toEqual([{name: 'X-Trace', value: 'abc 1', enabled: true}]);
		await app.settle(() => app!.container.getState().mode.kind === 'help');
	});

	it('does not send from a header field that holds no header, and keeps the text and the field open', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Get', url: `${baseUrl}/with-header`, headers: [{name: 'Accept', value: 'text/plain', enabled: true}]});
			},
		});
		await app.write(`2h\r\u0001\u000Bnocolon${sendKey}!`);
		await app.settle(() => app!.frame().includes('Not sent'));
		expect(app.frame()).toContain('has no colon');
		expect(app.frame()).toContain('nocolon!');
		expect(received).toEqual([]);
		expect(app.container.getState().mode).toMatchObject({kind: 'editing', target: {kind: 'header', index: 0}});
		await app.write('\r');
		await app.settle(() => app!.frame().includes('has no colon'));
		await app.write('\u0001\u000BX-Ok: 1\r');
		await app.settle(() => app!.container.getState().mode.kind !== 'editing');
		expect(app.store.collections()[0]!.requests[0]!.headers).toEqual([{name: 'X-Ok', value: '1', enabled: true}]);
	});

	it('sends from inside a variable\'s value prompt with the value typed, saved first', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'resource', value: 'users'}]});
				store.addRequest(api.id, {name: 'Get', url: `${baseUrl}/{{resource}}`});
			},
		});
		await app.write('3\r\u0017posts' + sendKey + '?');
		await app.settle(() => received.length === 1 && app!.container.getState().inFlight === undefined);
		expect(received[0]!.url).toBe('/posts');
		expect(app.store.collections()[0]!.variables).toEqual([{name: 'resource', value: 'posts'}]);
		await app.settle(() => app!.container.getState().mode.kind === 'help');
	});

	it('does not send from a value prompt holding no value of its kind, and keeps the prompt and its text', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'id', value: 7}]});
				store.addRequest(api.id, {name: 'Get', url: `${baseUrl}/items/{{id}}`});
			},
		});
		await app.write('3\r\u0017seven' + sendKey);
		await app.settle(() => app!.frame().includes('"seven" is not a number'));
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'variable-value'}});
		expect(app.container.getState().inFlight).toBeUndefined();
		expect(received).toEqual([]);
		expect(app.store.collections()[0]!.variables).toEqual([{name: 'id', value: 7}]);
	});

	it('refuses to send from a strict collection and lists what is unresolved', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API', settings: {...defaultSettings, strict: true}});
				store.addRequest(api.id, {name: 'Get', url: `${baseUrl}/items/{{missing}}`});
			},
		});
		await app.write(sendKey);
		await app.settle(() => app!.frame().includes('strict mode'));
		expect(app.frame()).toContain('{{missing}}');
		expect(received).toEqual([]);
	});

	it('cancels with ctrl+c while a pre-request script runs: the script stops and nothing is sent', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API', settings: {...defaultSettings, scriptTimeoutMs: 60_000}});
				const created = store.addRequest(api.id, {name: 'Looping', url: `${baseUrl}/never`});
				store.updateRequest(api.id, created.id, current => ({...current, scripts: {preRequest: 'client.setVar("started", true);\nwhile (true) {}', postResponse: ''}}));
			},
		});
		await app.write(sendKey);
		await app.settle(() => app!.container.getState().inFlight !== undefined);
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined && app!.frame().includes('cancelled while its pre-request script ran'));
		expect(received).toEqual([]);
		expect(app.quits).toBe(0);
	});

	it('cancels a request in flight with ctrl+c and stays open', async () => {
		app = await withOneRequest('/slow', 'Slow');
		await app.write(sendKey);
		await app.settle(() => received.length === 1);
		expect(app.frame()).toContain('Sending');
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined);
		expect(app.quits).toBe(0);
		const outcome = Object.values(app.container.getState().outcomes)[0]!;
		expect(outcome.result).toMatchObject({kind: 'failure', code: 'cancelled'});
		await app.write(cancelKey);
		expect(app.quits).toBe(1);
	});

	it('steps back through the responses kept in the history with H and L, and shows the last one after a restart', async () => {
		app = await withOneRequest('/count', 'Count');
		for (const count of [1, 2, 3]) {
			await sendAndWait(app, count);
		}

		await app.write('4');
		expect(app.frame()).toContain('"count": 3');
		await app.write('H');
		expect(app.frame()).toContain('"count": 2');
		expect(app.frame()).toMatch(/Response Count · sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, 2 of 3 kept/);
		await app.write('HH');
		expect(app.frame()).toContain('"count": 1');
		expect(app.frame()).toContain('No older response of Count is kept');
		await app.write('LL');
		expect(app.frame()).toContain('"count": 3');
		expect(app.frame()).not.toContain('kept');
		await app.write('L');
		expect(app.frame()).toContain('This is the last response');

		const restarted = await renderApp({configDir: app.configDir});
		try {
			await restarted.write('4');
			expect(restarted.frame()).toContain('"count": 3');
			expect(restarted.frame()).toMatch(/Response Count · last sent \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
			await restarted.write('H');
			expect(restarted.frame()).toContain('"count": 2');
			// Another window's sends are in the history: from its last outcome, L reaches the ones sent after it.
			await sendAndWait(app, 4);
			await restarted.write('L');
			expect(restarted.frame()).toContain('"count": 3');
			await restarted.write('L');
			expect(restarted.frame()).toContain('"count": 4');
			expect(restarted.frame()).toMatch(/sent \S+ \S+, 1 of 4 kept/);
		} finally {
			await restarted.cleanup();
		}
	});

	it('shows the response and warns when the history cannot keep it, rather than calling the send failed', async () => {
		app = await withOneRequest('/kept', 'Kept');
		writeFileSync(path.join(app.configDir, 'history'), 'a file where the history folder goes');
		await sendAndWait(app, 1);
		expect(app.frame()).toContain('201 Created');
		expect(app.frame()).toContain("Kept: the response was not kept in the history: a part of ");
		expect(app.frame()).not.toContain('Sending failed');
	});

	it('offers ! to read a warning the status bar cuts at 80x24, and shows it whole, the keys after it in the same chunk taken', async () => {
		app = await renderApp({
			columns: 80,
			rows: 24,
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Kept', url: `${baseUrl}/kept`});
			},
		});
		writeFileSync(path.join(app.configDir, 'history'), 'a file where the history folder goes');
		await sendAndWait(app, 1);
		const ending = 'move that file away, or set CURLEW_CONFIG_DIR to another folder';
		const messageRow = () => app!.frame().split('\n').at(-2)!;
		expect(messageRow()).toMatch(/^⚠ Kept: the response was not kept in the history: .*… ! shows it whole$/);
		expect(messageRow()).not.toContain(ending);

		await app.write('!');
		const inside = app.frame().split('\n').map(row => row.replace(/^│ ?| *│$/g, '').trim()).join(' ').replaceAll(/ +/g, ' ');
		expect(inside).toMatch(new RegExp(`⚠ Kept: the response was not kept in the history: a part of \\S+ is a file where curlew needs a folder: ${ending}`));
		expect(app.frame()).not.toContain('201 Created');

		// Closed, the focus moved and the response's tab switched, in one chunk: no key is lost.
		await app.write('!4t');
		expect(app.container.getState()).toMatchObject({mode: {kind: 'navigating'}, focus: 'response'});
		expect(app.frame()).toContain('[headers 5]');
		expect(app.frame()).not.toContain('! or esc to close');
	});

	it('says a kept body was cut to the first MB the history keeps, not at the size cap', async () => {
		app = await withOneRequest('/big', 'Big');
		await sendAndWait(app, 1);
		const restarted = await renderApp({configDir: app.configDir});
		try {
			await restarted.write('4');
			expect(restarted.frame()).toMatch(/Response Big · last sent \S+ \S+, its first 1 MB kept/);
			expect(restarted.frame()).not.toContain('truncated');
		} finally {
			await restarted.cleanup();
		}
	});

	it('steps back from a send refused before it went out to the last kept response, and not while a send is in flight', async () => {
		app = await withOneRequest('/count', 'Count');
		await sendAndWait(app, 1);
		await app.write('2u\u0001\u000Bhttp://127.0.0.1:99999/\u001B' + sendKey);
		await app.settle(() => app!.frame().includes('is not valid'));
		await app.write('4H');
		expect(app.frame()).toContain('"count": 1');
		expect(app.frame()).toMatch(/Response Count · sent \S+ \S+, 1 of 1 kept/);
		await app.write('H');
		expect(app.frame()).toContain('No older response of Count is kept');
		await app.write('2u\u0001\u000B' + baseUrl + '/slow\u001B' + sendKey);
		await app.settle(() => received.length === 2);
		await app.write('4H');
		expect(app.frame()).toContain('Count is in flight: its response shows here when it comes (ctrl+c cancels it)');
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined);
	});

	it('shows the status and the bytes received while a body is still arriving', async () => {
		app = await withOneRequest('/drip', 'Drip');
		await app.write(sendKey);
		await app.settle(() => app!.frame().includes('200 · 3 KB received'));
		expect(app.frame()).toMatch(/Sending… {2}[\d.]+ m?s {2}200 · 3 KB received {2}\(ctrl\+c cancels\)/);
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined);
	});

	it.each([
		['the help', '?', 'help'],
		['the kind picker of a new variable', '3nkk\r', 'pick-kind'],
		['a question', '1d', 'confirm'],
	])('cancels a request in flight with ctrl+c from %s, which stays open; ctrl+r there sends', async (_where, opening, kind) => {
		app = await withOneRequest('/slow', 'Slow');
		await app.write(opening);
		expect(app.container.getState().mode.kind).toBe(kind);
		await app.write(sendKey);
		await app.settle(() => received.length === 1);
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined);
		expect(Object.values(app.container.getState().outcomes)[0]!.result).toMatchObject({kind: 'failure', code: 'cancelled'});
		expect(app.container.getState().mode.kind).toBe(kind);
		expect(app.quits).toBe(0);
	});

	it('shows a reason phrase holding escape sequences as pictures on the response\'s status line, and never writes them to the terminal', async () => {
		const raw = createNetServer(socket => {
			socket.once('data', () => {
				socket.end('HTTP/1.1 200 OK\u001B]0;PWNED\u0007\u001B[2J\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi');
			});
		});
		await new Promise<void>(resolve => {
			raw.listen(0, '127.0.0.1', resolve);
		});
		try {
			const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/retitle`;
			app = await renderApp({
				prepare(store) {
					const api = store.createCollection({name: 'API'});
					store.addRequest(api.id, {name: 'Get', url: rawUrl});
				},
			});
			await app.write(sendKey);
			await app.settle(() => app!.container.getState().inFlight === undefined && app!.frame().includes('PWNED'));
			expect(app.frame()).toContain('200 OK␛]0;PWNED␇␛[2J');
			const written = app.stdout.frames.join('');
			expect(written).not.toContain('\u001B]0;PWNED');
			expect(written).not.toContain('\u001B[2J');
		} finally {
			await new Promise(resolve => {
				raw.close(resolve);
			});
		}
	});

	it('scrolls a failure taller than the response pane at 80x24 with the keys of a body, several in one chunk', async () => {
		// A port nothing listens on: one the system gave, and took back.
		const closed = createNetServer();
		await new Promise<void>(resolve => {
			closed.listen(0, '127.0.0.1', resolve);
		});
		const {port} = closed.address() as AddressInfo;
		await new Promise(resolve => {
			closed.close(resolve);
		});
		app = await renderApp({
			columns: 80,
			rows: 24,
			// The request as tall as the response: the failure is taller than the response pane.
			screen: {requestShare: 0.5},
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Get', url: `http://127.0.0.1:${port}/users`});
			},
		});
		await app.write(sendKey);
		await app.settle(() => app!.container.getState().inFlight === undefined && app!.frame().includes('Connection refused'));
		const lastCheck = '- Is the port in the URL the right one?';
		const counter = () => /lines (\d+)-(\d+) of (\d+) \((\d+)%\)/.exec(app!.frame())?.slice(1).map(Number);
		const [, shownTo, total] = counter()!;
		expect(shownTo).toBeLessThan(total!);
		expect(app.frame()).not.toContain(lastCheck);

		// Focus and the key to the bottom, in one chunk.
		await app.write('4G');
		expect(app.frame()).toContain(lastCheck);
		expect(counter()).toEqual([total! - shownTo! + 1, total, total, 100]);

		await app.write('gjj');
		expect(counter()?.slice(0, 2)).toEqual([3, shownTo! + 2]);
		expect(app.frame()).toContain('What to check:');
		await app.write(`\u001B[A${'k'.repeat(5)}`);
		expect(counter()?.slice(0, 2)).toEqual([1, shownTo]);
		expect(app.frame()).toContain('Connection refused by 127.0.0.1');
	});

	it('sent again after a cancel, shows that it waits for the response, not the cancel', async () => {
		app = await withOneRequest('/slow', 'Slow');
		await app.write(sendKey);
		await app.settle(() => received.length === 1);
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined && app!.frame().includes('What to check'));
		await app.write(sendKey);
		await app.settle(() => received.length === 2);
		expect(app.frame()).toContain('Waiting for the response…');
		expect(app.frame()).not.toContain('What to check');
		expect(app.frame()).not.toContain('Press ctrl+r to send it again');
		await app.write(cancelKey);
		await app.settle(() => app!.container.getState().inFlight === undefined);
	});
});
