// Response pane: a jq filter on a 20 MB body (to its first screen; keys while it runs), and keys while a 50 MB body streams in.
import http from 'node:http';
import {monitorEventLoopDelay} from 'node:perf_hooks';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {frameWhere, loadApp} from './fake-tty.js';
import {formatMs, median, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();
const {closeJq} = await import('../dist/core/jq/run-jq.js');
const goalMs = 1000;
const frameGoalMs = 16;

/** A compact JSON object of about `bytes` bytes, an API's list of items. */
const itemCount = bytes => Math.ceil(bytes / 101);

function itemsBody(bytes) {
	const items = Array.from({length: itemCount(bytes)}, (_, index) => ({id: index, name: `item ${index}`, email: `user${index}@example.test`, active: index % 3 !== 0, tags: ['a', 'b']}));
	return new TextEncoder().encode(JSON.stringify({items}));
}

/** The whole app at 120x40 on a store with one request, the response pane focused; `press` types a key and waits for its frame. */
async function wholeApp(url, outcomeBody) {
	const store = openStore({configDir: mkdtempSync(path.join(tmpdir(), 'curlew-bench-filter-')), seed: false});
	const collection = store.createCollection({name: 'Bench'});
	const request = store.addRequest(collection.id, {name: 'Items', url});
	const container = createAppContainer({collectionId: collection.id, requestId: request.id});
	if (outcomeBody !== undefined) {
		const result = {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [['content-type', 'application/json']], body: outcomeBody, size: outcomeBody.length, truncated: false, timings: {total: 5}, url, redirects: []};
		container.dispatch({type: 'sendFinished', requestId: request.id, outcome: {request, result, problems: [], logs: [], scriptErrors: [], secrets: []}});
	}

	const {instance, session, stdout, stdin, press} = renderApp({store, container});
	await new Promise(resolve => {
		setTimeout(resolve, 300);
	});
	await press('4');
	return {
		container,
		stdout,
		stdin,
		press,
		async close() {
			instance.unmount();
			store.close();
			await session.close();
		},
	};
}


/** j and k, in turn, for as long as `going()` holds (at most `count`): the median time from each key to its frame. */
async function keysWhile(press, going, count = 40) {
	const times = [];
	for (let index = 0; index < count && going(); index++) {
		times.push(await press(index % 2 === 0 ? 'j' : 'k'));
	}

	return times;
}

const body = itemsBody(20 * 1024 * 1024);
const active = Array.from({length: itemCount(20 * 1024 * 1024)}, (_, index) => index % 3 !== 0).filter(Boolean).length;
const filterRows = [];
const app = await wholeApp('http://127.0.0.1:1/items', body);
// Once, untimed: jq's worker starts and its WebAssembly is compiled.
app.stdin.type('|.items[0].id\r');
await frameWhere(app.stdout, frame => frame.includes('jq .items[0].id') && !frame.includes('filtering'));
for (const [label, filter, shown] of [
	['.items[1000].name (one value)', '.items[1000].name', '"item 1000"'],
	['[.items[] | select(.active)] | length', '[.items[] | select(.active)] | length', String(active)],
	['.items (20 MB out: first screens, then the rest in turns)', '.items', '"id": 0,'],
]) {
	const runs = [];
	const cpu = [];
	const keyTimes = [];
	const busy = [];
	for (let run = 0; run < 5; run++) {
		globalThis.gc?.();
		const start = process.hrtime.bigint();
		const cpuStart = process.cpuUsage();
		// A histogram per run: one enabled again counts the time it was off as a delay.
		const loopDelay = monitorEventLoopDelay({resolution: 5});
		loopDelay.enable();
		const firstScreen = frameWhere(app.stdout, frame => frame.includes(shown) && frame.includes(`jq ${filter}`));
		app.stdin.type(`|\u0015${filter}\r`);
		// Keys while jq runs: each is drawn at once, jq is in its own thread.
		const running = () => app.container.getState().filtered?.outcome.kind === 'running';
		await new Promise(resolve => {
			setTimeout(resolve, 20);
		});
		keyTimes.push(...await keysWhile(app.press, running, 10));
		await firstScreen;
		runs.push(Number(process.hrtime.bigint() - start) / 1e6);
		const used = process.cpuUsage(cpuStart);
		cpu.push((used.user + used.system) / 1000);
		loopDelay.disable();
		busy.push(loopDelay.max / 1e6);
		// The next run starts from another filter, so this one runs again.
		app.stdin.type('|\u0015.items[0].id\r');
		await frameWhere(app.stdout, frame => frame.includes('jq .items[0].id') && !frame.includes('filtering'));
	}

	const first = median(runs);
	filterRows.push([label, formatMs(first), formatMs(median(cpu)), first < goalMs ? 'yes' : 'NO', formatMs(Math.max(...busy)), keyTimes.length === 0 ? 'n/a' : formatMs(median(keyTimes)), keyTimes.length === 0 ? 'n/a' : formatMs(Math.max(...keyTimes)), String(keyTimes.length)]);
}

await app.close();
closeJq();
printTable(
	`jq filter on a ${(body.length / 1024 / 1024).toFixed(1)} MB body in the whole app: Enter to the first screen of its output (goal < ${goalMs} ms), and j/k while it runs (goal < ${frameGoalMs} ms)`,
	['filter', 'to first screen, ms (median of 5)', 'CPU of the process (both threads) meanwhile, ms', 'under goal', 'longest the key thread was busy, ms', 'key -> frame while jq runs, median ms', 'slowest key, ms', 'keys timed'],
	filterRows,
);

// A 50 MB body sent in 64 KB chunks, a few milliseconds apart, by a server on 127.0.0.1.
const streamBytes = 50 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, '[1,2,3,4,5,6,7,8,9],\n');
const server = http.createServer(async (_request, response) => {
	response.writeHead(200, {'Content-Type': 'text/plain'});
	for (let sent = 0; sent < streamBytes; sent += chunk.length) {
		if (!response.write(chunk)) {
			await new Promise(resolve => {
				response.once('drain', resolve);
			});
		}

		await new Promise(resolve => {
			setTimeout(resolve, 2);
		});
	}

	response.end();
});
await new Promise(resolve => {
	server.listen(0, '127.0.0.1', resolve);
});
const streaming = await wholeApp(`http://127.0.0.1:${server.address().port}/stream`);
const arrived = frameWhere(streaming.stdout, frame => frame.includes('arriving'));
streaming.stdin.type('\u0012');
await arrived;
const inFlight = () => streaming.container.getState().inFlight !== undefined;
const streamKeys = await keysWhile(streaming.press, inFlight, 200);
const stillArriving = inFlight();
await new Promise(resolve => {
	const wait = () => (inFlight() ? setTimeout(wait, 20) : resolve());
	wait();
});
await streaming.close();
server.close();
printTable(
	`Keys while a ${streamBytes / 1024 / 1024} MB body streams in (goal < ${frameGoalMs} ms per key)`,
	['keys timed', 'key -> frame, median ms', 'slowest, ms', 'body still arriving after the last key'],
	[[String(streamKeys.length), formatMs(median(streamKeys)), formatMs(Math.max(...streamKeys)), stillArriving ? 'yes' : 'no']],
);
