// The TUI's first frame: from process start (the real CLI in a pseudo-terminal) and from render().
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Keyboard, loadApp, Terminal} from './fake-tty.js';
import {formatMs, medianMs, printTable} from './table.js';

const {createElement, render, Session, openStore, App, createAppContainer} = await loadApp();

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-tui-'));
const goalMs = 400;

/** render() to the first frame written, in this process (modules already loaded). */
async function renderToFirstFrame(columns, rows) {
	const store = openStore({configDir});
	const session = new Session(store);
	const stdout = new Terminal(columns, rows);
	const first = new Promise(resolve => {
		stdout.once('frame', resolve);
	});
	const firstCollection = store.collections()[0];
	const container = createAppContainer({collectionId: firstCollection?.id, requestId: firstCollection?.requests[0]?.id});
	const instance = render(createElement(App, {services: {store, session}, container, onQuit() {}}), {stdout, stdin: new Keyboard(), exitOnCtrlC: false, patchConsole: false});
	await first;
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
	const session = new Session(store);
	const stdout = new Terminal(120, 40);
	const stdin = new Keyboard();
	const request = store.collections()[0].requests[0];
	const container = createAppContainer({collectionId: collection.id, requestId: request.id});
	const items = Array.from({length: Math.ceil(bodyBytes / 100)}, (_, index) => ({index, name: `item ${index}`, tags: ['a', 'b'], ok: true}));
	const body = new TextEncoder().encode(JSON.stringify(items));
	const result = {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [['content-type', 'application/json']], body, size: body.length, truncated: false, timings: {total: 5}, url: 'https://api.test/', redirects: []};
	container.dispatch({type: 'sendFinished', requestId: request.id, outcome: {request, result, problems: [], logs: [], secrets: []}});
	const instance = render(createElement(App, {services: {store, session}, container, onQuit() {}}), {stdout, stdin, exitOnCtrlC: false, patchConsole: false, debug: true});
	const press = async key => {
		const frame = new Promise(resolve => {
			stdout.once('frame', resolve);
		});
		stdin.type(key);
		await frame;
	};

	// Let a large body finish formatting before timing keys.
	await new Promise(resolve => {
		setTimeout(resolve, 200);
	});
	const inCollections = await medianMs(async () => {
		await press('j');
		await press('k');
	}, 21) / 2;
	await press('4');
	const inResponse = await medianMs(async () => {
		await press('j');
		await press('k');
	}, 21) / 2;
	instance.unmount();
	store.close();
	await session.close();
	return {inCollections, inResponse};
}

/** Spawn to the first frame on a pseudo-terminal: node start-up, imports, the store, the first render. */
function processToFirstFrame(columns, rows) {
	return new Promise((resolve, reject) => {
		const start = process.hrtime.bigint();
		const child = spawn('script', ['-qfec', `stty cols ${columns} rows ${rows}; exec ${process.execPath} ${cli}`, '/dev/null'], {
			env: {...process.env, CURLEW_CONFIG_DIR: configDir, TERM: 'xterm-256color'},
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

async function medianOfProcess(columns, rows, runs = 9) {
	const times = [];
	await processToFirstFrame(columns, rows);
	for (let run = 0; run < runs; run++) {
		times.push(await processToFirstFrame(columns, rows));
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

	printTable(`TUI first frame (goal: under ${goalMs} ms from process start)`, ['terminal', 'render() to first frame, ms', 'process start to first frame, ms', 'under goal'], rows);

	const keyRows = [];
	for (const size of [1024, 1024 * 1024, 5 * 1024 * 1024]) {
		const {inCollections, inResponse} = await keyToFrame(size);
		keyRows.push([`${Math.round(size / 1024)} KB`, formatMs(inCollections), formatMs(inResponse)]);
	}

	printTable('Key to frame in the whole app, 120x40, 300 requests (goal: under 16 ms)', ['response body', 'j in collections, ms', 'j in response, ms'], keyRows);
} finally {
	rmSync(configDir, {recursive: true, force: true});
}
