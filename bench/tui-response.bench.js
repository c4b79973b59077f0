// The response pane in the whole app: a JSON body formatted once, then the time from a key to the next frame, at every body size, zoomed or not.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {frameWhere, loadApp} from './fake-tty.js';
import {formatMs, medianMs, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();
const {formatBody} = await import('../dist/tui/panes/response/format-body.js');

/** A compact JSON array of about `bytes` bytes: what an API sends, one line, no spaces. */
function jsonBody(bytes) {
	const items = [];
	let size = 2;
	for (let index = 0; size < bytes; index++) {
		const item = JSON.stringify({id: index, name: `user ${index}`, email: `user${index}@example.test`, active: index % 3 !== 0, score: index * 1.25, tags: ['admin', 'dev'], address: {city: 'London', zip: null}});
		items.push(item);
		size += item.length + 1;
	}

	return new TextEncoder().encode(`[${items.join(',')}]`);
}

/** The whole app at 120x40 with `body` as the selected request's last response, the response pane focused once it shows. */
async function withResponse(body, contentType = 'application/json', firstText = '"id": 0') {
	const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-response-'));
	const store = openStore({configDir, seed: false});
	const collection = store.createCollection({name: 'Bench'});
	const request = store.addRequest(collection.id, {name: 'Items', url: 'http://127.0.0.1/items'});
	const container = createAppContainer({collectionId: collection.id, requestId: request.id});
	const result = {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [['content-type', contentType]], body, size: body.length, truncated: false, timings: {total: 5}, url: 'http://127.0.0.1/items', redirects: []};
	container.dispatch({type: 'sendFinished', requestId: request.id, outcome: {request, result, problems: [], logs: [], scriptErrors: [], secrets: []}});
	const started = process.hrtime.bigint();
	const {instance, session, stdout, press} = renderApp({store, container});

	// A large body is formatted a few milliseconds at a time after the first frame: wait for the frame that has it whole.
	const shown = () => container.getState().formatting === undefined && stdout.frame.includes(firstText);
	while (!shown()) {
		await frameWhere(stdout, () => true);
	}

	const shownMs = Number(process.hrtime.bigint() - started) / 1e6;
	await press('4');
	// Let the JIT see the key path before timing it, as it will have in any real session.
	for (let warm = 0; warm < 40; warm++) {
		await press(warm % 2 === 0 ? 'j' : 'k');
	}

	return {
		shownMs,
		press,
		/** The median time from `key` to its frame, `back` undoing it between runs. */
		async keyAndBack(key, back, runs = 21) {
			return await medianMs(async () => {
				await press(key);
				await press(back);
			}, runs) / 2;
		},
		async close() {
			instance.unmount();
			store.close();
			await session.close();
			rmSync(configDir, {recursive: true, force: true});
		},
	};
}

const rows = [];
for (const [label, bytes] of [['1 KB', 1024], ['1 MB', 1024 * 1024], ['50 MB', 50 * 1024 * 1024]]) {
	const body = jsonBody(bytes);
	const format = await medianMs(() => {
		formatBody(body, 'application/json');
	}, bytes > 10 * 1024 * 1024 ? 3 : 7);
	const app = await withResponse(body);
	const down = await app.keyAndBack('j', 'k');
	await app.press('G');
	const atEnd = await app.keyAndBack('k', 'j');
	await app.press('g');
	const search = await medianMs(async () => {
		await app.press('/user 1\r');
	}, 3);
	const nextMatch = await app.keyAndBack('n', 'N');
	await app.press('w');
	const wrapped = await app.keyAndBack('j', 'k');
	await app.press('w');
	await app.press('z');
	const zoomed = await app.keyAndBack('j', 'k');
	await app.close();
	rows.push([label, formatMs(format), formatMs(app.shownMs), formatMs(down), formatMs(atEnd), formatMs(search), formatMs(nextMatch), formatMs(wrapped), formatMs(zoomed)]);
	globalThis.gc?.();
}

printTable(
	'Response pane in the whole app, 120x40: format once, then key -> frame (ms, median; goal < 16 ms per key at every size)',
	['body', 'formatBody', 'start to body shown whole', 'j', 'k at the end', 'search (enter)', 'n (next match)', 'j wrapped', 'j zoomed (z)'],
	rows,
);

// One line of 10 MB (minified JS, a base64 blob): scrolling sideways and wrapped must not scan the whole line per key.
const line = await withResponse(new TextEncoder().encode('ab,cd;'.repeat((10 * 1024 * 1024) / 6)), 'text/plain', 'ab,cd;');
const right = await line.keyAndBack('l', 'h');
const wrapOn = await medianMs(async () => {
	await line.press('w');
	await line.press('w');
}, 5) / 2;
await line.press('w');
const wrappedDown = await line.keyAndBack('j', 'k');
await line.close();
printTable(
	'Response pane: a 10 MB body on one line (ms, median)',
	['l (scroll right)', 'w (wrap on or off)', 'j wrapped'],
	[[formatMs(right), formatMs(wrapOn), formatMs(wrappedDown)]],
);
