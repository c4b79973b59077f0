// The TUI's first frame: from process start (the real CLI in a pseudo-terminal) and from render().
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {frameWhere, loadApp} from './fake-tty.js';
import {formatMs, median, medianMs, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-tui-'));
/** The stores made for the large request bodies, removed at the end. */
const bodyDirs = [];
const goalMs = 400;

/** render() to the first frame written, in this process (modules already loaded), with the store in `dir`. */
async function renderToFirstFrame(columns, rows, dir = configDir) {
	const store = openStore({configDir: dir});
	const firstCollection = store.collections()[0];
	const container = createAppContainer({collectionId: firstCollection?.id, requestId: firstCollection?.requests[0]?.id});
	const {instance, session, firstFrame} = renderApp({store, container, columns, rows, debug: false});
	await firstFrame;
	instance.unmount();
	store.close();
	await session.close();
}

/**
Key to frame in the whole app: a 300-request collection and, on the selected request, a
JSON response of `bodyBytes`. Moves in the collections pane and scrolls in the response pane.
*/
async function keyToFrame(bodyBytes) {
	const store = openStore({configDir: mkdtempSync(path.join(tmpdir(), 'curlew-bench-keys-')), seed: false});
	const collection = store.createCollection({name: 'Big', requests: Array.from({length: 300}, (_, index) => ({id: String(index), name: `Request ${index}`, method: 'GET', url: `https://api.test/items/{{id}}/${index}`, headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}))});
	const request = store.collections()[0].requests[0];
	const container = createAppContainer({collectionId: collection.id, requestId: request.id});
	const items = Array.from({length: Math.ceil(bodyBytes / 100)}, (_, index) => ({index, name: `item ${index}`, tags: ['a', 'b'], ok: true}));
	const body = new TextEncoder().encode(JSON.stringify(items));
	const result = {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [['content-type', 'application/json']], body, size: body.length, truncated: false, timings: {total: 5}, url: 'https://api.test/', redirects: []};
	container.dispatch({type: 'sendFinished', requestId: request.id, outcome: {request, result, problems: [], logs: [], scriptErrors: [], secrets: []}});
	// The 200 ms the app is given to settle lets a large body finish formatting before keys are timed.
	const {press, keyAndBack, close} = await renderWholeApp(store, container);
	const inCollections = await keyAndBack('j', 'k');
	await press('4');
	const inResponse = await keyAndBack('j', 'k');
	await close();
	return {inCollections, inResponse};
}

/**
The whole app on `store`, at 120x40, once a first render has settled (200 ms): `press`
types one key and waits for the frame it draws.
*/
async function renderWholeApp(store, container) {
	const {instance, session, stdout, press} = renderApp({store, container});
	await new Promise(resolve => {
		setTimeout(resolve, 200);
	});

	return {
		stdout,
		press,
		/** A key and the one that takes it back, 21 times: the median time to a key's frame. */
		async keyAndBack(key, back) {
			return await medianMs(async () => {
				await press(key);
				await press(back);
			}, 21) / 2;
		},
		async close() {
			instance.unmount();
			store.close();
			await session.close();
		},
	};
}

/**
A JSON request body of 2.5 MB, as a pasted payload: 40,000 objects with four placeholders
each, minified on one line or one object per line.
*/
function requestBodyStore(onOneLine) {
	const dir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-body-'));
	bodyDirs.push(dir);
	const items = Array.from({length: 40_000}, (_, index) => `{"i":${index},"s":"{{str}}","n":{{num}},"o":{{obj}},"d":"{{born}}"}`);
	const store = openStore({configDir: dir, seed: false});
	store.createCollection({
		name: 'Bulk',
		variables: [{name: 'str', value: 'hello'}, {name: 'num', value: 42}, {name: 'obj', value: {a: 1}}, {name: 'born', value: new Date(0)}],
		requests: [{name: 'Bulk', method: 'POST', url: 'https://api.test/{{str}}', headers: [{name: 'Content-Type', value: 'application/json', enabled: true}], body: {type: 'json', text: `[${items.join(onOneLine ? ',' : ',\n')}]`}, scripts: {preRequest: '', postResponse: ''}}],
	});
	store.close();
	return dir;
}

/**
Key to frame in the whole app with the request of `dir` selected, its body tab showing:
focusing the request pane, typing and moving in the body editor, and opening the Preview tab
(to its first frame, and to the resolved request on it).
*/
async function requestBodyKeys(dir) {
	const store = openStore({configDir: dir, seed: false});
	const [collection] = store.collections();
	const {stdout, press, keyAndBack, close} = await renderWholeApp(store, createAppContainer({collectionId: collection.id, requestId: collection.requests[0].id}));
	const focus = await keyAndBack('2', '1');
	await press('2');
	await press('\r');
	const typed = await keyAndBack('x', '\u007F');
	const moved = await keyAndBack('\u001B[D', '\u001B[C');
	// Leaving saves what was typed (the same text): not timed.
	await press('\u001B');
	await press('h');
	const toFrame = [];
	const toFilled = [];
	for (let run = 0; run < 9; run++) {
		globalThis.gc?.();
		const start = process.hrtime.bigint();
		const filled = frameWhere(stdout, frame => frame.includes('POST https://api.test/hello'));
		// From the headers tab, left goes round to the Preview, which resolves the request anew.
		await press('h');
		toFrame.push(Number(process.hrtime.bigint() - start) / 1e6);
		await filled;
		toFilled.push(Number(process.hrtime.bigint() - start) / 1e6);
		await press('l');
	}

	await close();
	return {focus, typed, moved, preview: median(toFrame), previewFilled: median(toFilled)};
}

/** Spawn to the first frame on a pseudo-terminal: node start-up, imports, the store in `dir`, the first render. */
function processToFirstFrame(columns, rows, dir = configDir) {
	return new Promise((resolve, reject) => {
		const start = process.hrtime.bigint();
		const child = spawn('script', ['-qfec', `stty cols ${columns} rows ${rows}; exec ${process.execPath} ${cli}`, '/dev/null'], {
			env: {...process.env, CURLEW_CONFIG_DIR: dir, TERM: 'xterm-256color'},
			stdio: ['pipe', 'pipe', 'inherit'],
		});
		let output = '';
		let done = false;
		child.stdout.on('data', chunk => {
			output += chunk;
			if (!done && output.includes('Collections')) {
				done = true;
				resolve(Number(process.hrtime.bigint() - start) / 1e6);
				child.stdin.write('q');
			}
		});
		child.on('error', reject);
		child.on('close', () => {
			if (!done) {
				reject(new Error(`curlew exited before its first frame: ${output.slice(0, 500)}`));
			}
		});
	});
}

async function medianOfProcess(columns, rows, runs = 9, dir = configDir) {
	const times = [];
	await processToFirstFrame(columns, rows, dir);
	for (let run = 0; run < runs; run++) {
		times.push(await processToFirstFrame(columns, rows, dir));
	}

	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)];
}

/** Spawn to exit of a node process that only imports `what`: the floor under the first frame. */
function importTime(what) {
	const start = process.hrtime.bigint();
	const {status} = spawnSync(process.execPath, ['--input-type=module', '-e', what === '' ? '' : `await import(${JSON.stringify(what)})`], {
		cwd: fileURLToPath(new URL('..', import.meta.url)),
		env: {...process.env, NODE_ENV: 'production'},
	});
	if (status !== 0) {
		throw new Error(`importing ${what} failed`);
	}

	return Number(process.hrtime.bigint() - start) / 1e6;
}

function medianOf(task, runs = 9) {
	const times = Array.from({length: runs}, () => task()).sort((a, b) => a - b);
	return times[Math.floor(runs / 2)];
}

try {
	const nodeAlone = medianOf(() => importTime(''));
	printTable('What the first frame waits for (each a fresh node process, NODE_ENV=production)', ['process', 'ms'], [
		['node, nothing imported', formatMs(nodeAlone)],
		['node + import ink', formatMs(medianOf(() => importTime('ink')))],
		['node + import dist/cli.js dependencies (store, session, HTTP, scripts)', formatMs(medianOf(() => importTime('./dist/commands/run-command.js')))],
		['node + import dist/tui/start-tui.js (ink and the app)', formatMs(medianOf(() => importTime('./dist/tui/start-tui.js')))],
	]);

	const rows = [];
	const hasScript = spawnSync('script', ['--version']).status === 0;
	for (const [columns, height] of [[80, 24], [120, 40], [200, 60]]) {
		const inProcess = await medianMs(() => renderToFirstFrame(columns, height), 15);
		const whole = hasScript ? await medianOfProcess(columns, height) : undefined;
		rows.push([
			`${columns}x${height}`,
			formatMs(inProcess),
			whole === undefined ? 'no `script` here' : formatMs(whole),
			whole === undefined ? '' : (whole < goalMs ? 'yes' : 'NO'),
		]);
	}

	const bodies = [['2.5 MB JSON request body on one line', requestBodyStore(true)], ['2.5 MB JSON request body on 40,000 lines', requestBodyStore(false)]];
	for (const [label, dir] of bodies) {
		const inProcess = await medianMs(() => renderToFirstFrame(120, 40, dir), 15);
		const whole = hasScript ? await medianOfProcess(120, 40, 9, dir) : undefined;
		rows.push([
			`120x40, ${label}`,
			formatMs(inProcess),
			whole === undefined ? 'no `script` here' : formatMs(whole),
			whole === undefined ? '' : (whole < goalMs ? 'yes' : 'NO'),
		]);
	}

	printTable(`TUI first frame (goal: under ${goalMs} ms from process start)`, ['terminal', 'render() to first frame, ms', 'process start to first frame, ms', 'under goal'], rows);

	const bodyRows = [];
	for (const [label, dir] of bodies) {
		const {focus, typed, moved, preview, previewFilled} = await requestBodyKeys(dir);
		bodyRows.push([label, formatMs(focus), formatMs(typed), formatMs(moved), formatMs(preview), formatMs(previewFilled)]);
	}

	printTable(
		'Key to frame in the whole app, 120x40, a large request body on its body tab (goal: under 16 ms)',
		['request body', '2 / 1: request pane focused and back, ms', 'a key typed in the body editor, ms', '← / → in the body editor, ms', 'to the Preview tab, ms', 'to the Preview filled, ms'],
		bodyRows,
	);

	const keyRows = [];
	for (const size of [1024, 1024 * 1024, 5 * 1024 * 1024]) {
		const {inCollections, inResponse} = await keyToFrame(size);
		keyRows.push([`${Math.round(size / 1024)} KB`, formatMs(inCollections), formatMs(inResponse)]);
	}

	printTable('Key to frame in the whole app, 120x40, 300 requests (goal: under 16 ms)', ['response body', 'j in collections, ms', 'j in response, ms'], keyRows);
} finally {
	for (const dir of [configDir, ...bodyDirs]) {
		rmSync(dir, {recursive: true, force: true});
	}
}
