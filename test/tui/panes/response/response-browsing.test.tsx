import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {HttpResponse} from '../../../../source/core/http/types.js';
import {ResponseHistory} from '../../../../source/core/store/history.js';
import {type Handler, type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness, type HarnessOptions} from '../render-app.js';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

const items = {items: [{name: 'first', note: 'Token here'}, {name: 'second', note: 'token there'}, {name: 'third', note: 'TOKEN everywhere'}]};
const sendsItems: Handler = (_request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(JSON.stringify(items));
};

/** The app with one request to the server, sent, its response pane focused. */
async function sent(handler: Handler = sendsItems, options: HarnessOptions = {}, request: {url?: string; headers?: Array<{name: string; value: string; enabled: boolean}>; preRequest?: string} = {}): Promise<AppHarness> {
	server = await startServerForTest(handler);
	const {origin} = server;
	app = await renderApp({
		columns: 120,
		rows: 40,
		...options,
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'Items', url: request.url ?? `${origin}/items`, headers: request.headers ?? [], scripts: {preRequest: request.preRequest ?? '', postResponse: ''}});
			options.prepare?.(store);
		},
	});
	await send(app);
	await app.write('4');
	return app;
}

async function send(harness: AppHarness): Promise<void> {
	const before = server!.requests.length;
	await harness.write('\u0012');
	await harness.settle(() => harness.container.getState().inFlight === undefined && server!.requests.length === before + 1);
}

/** Waits until the jq filter of the shown response is no longer running. */
async function filtered(harness: AppHarness): Promise<void> {
	await harness.settle(() => harness.container.getState().filtered !== undefined && harness.container.getState().filtered!.outcome.kind !== 'running');
}

const bodyArea = (frame: string) => frame.split('\n').filter(row => row.includes('┃')).map(row => row.slice(row.indexOf('┃') + 1, row.lastIndexOf('┃')).trimEnd());

describe('a jq filter on the body', () => {
	it('shows what .items[1].name gives in the body\'s place, named above it, and esc shows the body again', async () => {
		const harness = await sent();
		await harness.write('|.items[1].name\r');
		await filtered(harness);
		const rows = bodyArea(harness.frame());
		expect(rows).toContain('jq .items[1].name');
		expect(rows).toContain('"second"');
		expect(harness.frame()).not.toContain('"first"');

		await harness.write('\u001B');
		expect(harness.frame()).toContain('"first"');
		expect(harness.frame()).not.toContain('jq .items[1].name');
	});

	it('searches, copies and saves the filtered view as it does the body', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'curlew-jq-save-'));
		const harness = await sent();
		await harness.write('|.items[] | .note\r');
		await filtered(harness);
		await harness.write('/token\r');
		expect(harness.frame()).toContain('/token: 1 of 3');

		await harness.write('y');
		const copied = `"Token here"\n"token there"\n"TOKEN everywhere"`;
		expect(harness.stdout.frames.join('')).toContain(`\u001B]52;c;${Buffer.from(copied).toString('base64')}\u0007`);

		const file = path.join(folder, 'notes.json');
		await harness.write(`s\u0015${file}\r`);
		await harness.settle(() => harness.frame().includes('Saved'));
		expect(readFileSync(file, 'utf8')).toBe(copied);
	});

	it('says jq\'s error in place of the body, and | opens the filter again to correct it', async () => {
		const harness = await sent();
		await harness.write('|.items[\r');
		await filtered(harness);
		const rows = bodyArea(harness.frame());
		expect(rows).toContain('jq .items[: not applied (| edits the filter, esc shows the body)');
		expect(rows.some(row => row.startsWith('jq: error: syntax error'))).toBe(true);

		await harness.write('|1]\r');
		await filtered(harness);
		expect(bodyArea(harness.frame())).toContain('  "name": "second",');
	});

	it('keeps the last filters per request, across a restart, and ↑ in the prompt brings them back', async () => {
		const harness = await sent();
		await harness.write('|.items[0].name\r');
		await filtered(harness);
		await harness.write('|\u0015.items | length\r');
		await filtered(harness);
		expect(bodyArea(harness.frame())).toContain('3');

		// As a restarted curlew reads them from the disk.
		expect(new ResponseHistory(harness.configDir).filters(harness.store.collections()[0]!.requests[0]!.id)).toEqual(['.items[0].name', '.items | length']);

		await harness.write('|\u0015\u001B[A\u001B[A');
		expect(harness.frame()).toContain('jq .items[0].name');
		await harness.write('\u001B[B');
		expect(harness.frame()).toContain('jq .items | length');
	});

	it('filters the next response of the request with the same filter', async () => {
		let count = 0;
		const harness = await sent((_request, response) => {
			count++;
			response.writeHead(200, {'Content-Type': 'application/json'});
			response.end(JSON.stringify({count}));
		});
		await harness.write('|.count\r');
		await filtered(harness);
		expect(bodyArea(harness.frame())).toContain('1');
		await send(harness);
		await filtered(harness);
		expect(bodyArea(harness.frame())).toContain('2');
		expect(bodyArea(harness.frame())).toContain('jq .count');
	});
});

describe('searching the response', () => {
	it('ignores case for a query in lower case and matches it exactly with a capital (smart case)', async () => {
		const harness = await sent();
		await harness.write('/token\r');
		expect(harness.frame()).toContain('/token: 1 of 3');
		await harness.write('/Token\r');
		expect(harness.frame()).toContain('/Token: 1 of 1');
	});

	it('starts each search anew on /: the prompt opens empty, and the second search is not appended to the first', async () => {
		const harness = await sent();
		await harness.write('/first\r');
		expect(harness.frame()).toContain('/first: 1 of 1');
		await harness.write('/');
		expect(harness.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'search'}, field: {original: ''}});
		await harness.write('third\r');
		expect(harness.frame()).toContain('/third: 1 of 1');
	});

	it('searches for a regular expression after alt+r in the prompt, which says so, and says an invalid one in place', async () => {
		const harness = await sent();
		await harness.write('/\u001Br');
		expect(harness.frame()).toMatch(/regex \/ +enter searches · alt\+r: text as typed/);
		await harness.write('"(first|third)"\r');
		expect(harness.frame()).toContain('/"(first|third)"/ (regex): 1 of 2');

		await harness.write('/(unclosed\r');
		expect(harness.frame()).toContain('Not a regular expression: /(unclosed/u: Unterminated group');
		expect(harness.container.getState().mode.kind).toBe('prompt');
		await harness.write('\u0015"s.cond"\r');
		expect(harness.frame()).toContain('/"s.cond"/ (regex): 1 of 1');
	});
});

describe('the request as sent', () => {
	it('shows the {{$guid}} the server received and the header a pre-request script set, and keeps them with the response', async () => {
		const harness = await sent(undefined, {}, {
			headers: [{name: 'X-Request-Id', value: '{{$guid}}', enabled: true}],
			preRequest: 'req.headers.set("X-From-Script", "yes");',
		});
		const received = server!.requests[0]!.headers['x-request-id'] as string;
		expect(received).toMatch(/^[\da-f-]{36}$/);
		await harness.write('ttt');
		const rows = bodyArea(harness.frame());
		expect(rows).toContain('GET /items HTTP/1.1');
		expect(rows).toContain(`X-Request-Id: ${received}`);
		expect(rows).toContain('X-From-Script: yes');

		const requestId = harness.store.collections()[0]!.requests[0]!.id;
		const [name] = harness.store.history.names(requestId);
		expect(harness.store.history.read(requestId, name!)!.result.sent!.hops[0]!.headers).toContainEqual(['X-Request-Id', received]);
	});
});

describe('the history tab', () => {
	it('lists the kept responses, newest first, and Enter opens an older one', async () => {
		let count = 0;
		const harness = await sent((_request, response) => {
			count++;
			response.writeHead(count === 1 ? 201 : 200, {'Content-Type': 'application/json'});
			response.end(JSON.stringify({count}));
		});
		await send(harness);
		await harness.write('tttt');
		const rows = bodyArea(harness.frame());
		const listed = rows.filter(row => / 20[01] (OK|Created) /.test(row));
		expect(listed).toHaveLength(2);
		// The one shown marked; when it was sent, status, size and duration.
		expect(listed[0]).toMatch(/^● \d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}200 OK {6} +11 B +\d+ ms$/);
		expect(listed[1]).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}201 Created +11 B +\d+ ms$/);

		await harness.write('j\r');
		expect(harness.frame()).toContain('201 Created');
		expect(bodyArea(harness.frame())).toContain('  "count": 1');
		expect(harness.frame()).toContain('2 of 2 kept');
	});

	it('shows a kept JSON body cut at 1 MB formatted as far as it goes, and says it is cut', async () => {
		const body = new TextEncoder().encode(JSON.stringify({items: Array.from({length: 40_000}, (_, index) => ({index, name: `item ${index}`}))}));
		app = await renderApp({
			columns: 120,
			rows: 40,
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				const request = store.addRequest(api.id, {name: 'Items', url: 'http://127.0.0.1:1/items'});
				const result: HttpResponse = {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [['Content-Type', 'application/json']], body, size: body.length, truncated: false, timings: {total: 5}, url: 'http://127.0.0.1:1/items', redirects: []};
				store.history.append(request.id, {time: new Date().toISOString(), result});
			},
		});
		// As after a restart: the newest kept response is shown.
		await app.write('4');
		await app.settle(() => !app!.frame().includes('formatting all'));
		const rows = bodyArea(app.frame());
		expect(app.frame()).toContain('its first 1 MB kept');
		expect(rows).toContain('cut at 1 MB: formatted as far as it goes');
		expect(rows.slice(rows.indexOf('{'), rows.indexOf('{') + 6)).toEqual(['{', '  "items": [', '    {', '      "index": 0,', '      "name": "item 0"', '    },']);
		// A line per value as far as the first MB goes, not one line of a megabyte.
		expect(Number(/lines 1-\d+ of ([\d,]+)/.exec(app.frame())![1]!.replaceAll(',', ''))).toBeGreaterThan(100_000);
	});
});

describe('a body still arriving', () => {
	it('shows the first part of a body before the rest has come, then the whole', async () => {
		let sendRest: () => void = () => undefined;
		const rest = new Promise<void>(resolve => {
			sendRest = resolve;
		});
		server = await startServerForTest(async (_request, response) => {
			response.writeHead(200, {'Content-Type': 'application/json'});
			response.write('[{"part": "first"},\n');
			await rest;
			response.end('{"part": "last"}]');
		});
		const {origin} = server;
		app = await renderApp({
			columns: 120,
			rows: 40,
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Slow', url: `${origin}/slow`});
			},
		});
		await app.write('4\u0012');
		await app.settle(() => app!.frame().includes('"part": "first"'));
		expect(app.container.getState().inFlight).toBeDefined();
		expect(app.frame()).toContain('arriving: shown as it comes');
		expect(app.frame()).toContain('Sending…');
		expect(app.frame()).not.toContain('Waiting for the response');

		sendRest();
		await app.settle(() => app!.container.getState().inFlight === undefined);
		expect(app.frame()).toContain('"part": "last"');
		expect(app.frame()).not.toContain('arriving');
	});
});

describe('v, the pager', () => {
	it('hands the body to $PAGER formatted, with no colour for a pager that does not show it, and takes the terminal back', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'curlew-pager-'));
		const paged = path.join(folder, 'paged.txt');
		const handovers: string[] = [];
		const terminal = {suspend: () => handovers.push('suspend'), resume: () => handovers.push('resume')};
		const harness = await sent(undefined, {env: {PAGER: `cat > '${paged}'`, PATH: process.env.PATH}, services: {terminal}});
		await harness.write('v');
		expect(handovers).toEqual(['suspend', 'resume']);
		expect(readFileSync(paged, 'utf8')).toBe(`${JSON.stringify(items, undefined, 2)}\n`);
		expect(harness.frame()).toContain('"first"');

		await harness.write('|.items[0]\r');
		await filtered(harness);
		await harness.write('v');
		expect(readFileSync(paged, 'utf8')).toBe(`${JSON.stringify(items.items[0], undefined, 2)}\n`);
	});

	it('colours the body for less -R, and says when $PAGER is not set', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'curlew-pager-'));
		// A `less` of the test's own on the PATH, that keeps what it was given.
		const fakeLess = path.join(folder, 'less');
		writeFileSync(fakeLess, `#!/bin/sh\necho "$@" > '${folder}/args'\ncat > '${folder}/paged'\n`, {mode: 0o755});
		const harness = await sent(undefined, {env: {PATH: `${folder}:${process.env.PATH}`}});
		await harness.write('v');
		expect(readFileSync(path.join(folder, 'args'), 'utf8')).toBe('-R\n');
		expect(readFileSync(path.join(folder, 'paged'), 'utf8')).toContain('\u001B[36m"items"\u001B[39m');
		expect(harness.frame()).toContain('$PAGER is not set: shown in less -R');
	});
});
