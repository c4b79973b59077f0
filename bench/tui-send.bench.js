// From ctrl+r to a 20 MB JSON response on screen in the whole TUI, next to curl downloading the same body.
import {spawn} from 'node:child_process';
import {createServer} from 'node:http';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadApp} from './fake-tty.js';
import {formatMs, median, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();

const runs = 5;

/** A compact JSON array of about `bytes` bytes whose first item pretty-prints as `"index": 0`. */
function jsonBody(bytes) {
	const items = [];
	let size = 2;
	for (let index = 0; size < bytes; index++) {
		const item = JSON.stringify({index, name: `user ${index}`, email: `user${index}@example.test`, tags: ['admin', 'dev'], active: index % 3 !== 0});
		items.push(item);
		size += item.length + 1;
	}

	return Buffer.from(`[${items.join(',')}]`);
}

const sinceMs = start => Number(process.hrtime.bigint() - start) / 1e6;

/** Resolves with the time since `start` at the first frame that `matches`. */
function frameWhere(stdout, matches, start) {
	return new Promise(resolve => {
		const check = frame => {
			if (matches(frame)) {
				stdout.off('frame', check);
				resolve(sinceMs(start));
			}
		};

		stdout.on('frame', check);
	});
}

/** One send in a freshly rendered app: ctrl+r to the status line, to the body's first lines, and to the whole body formatted. */
async function sendInApp(url) {
	const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-send-'));
	const store = openStore({configDir, seed: false});
	const collection = store.createCollection({name: 'Bench', requests: [{name: 'Big', method: 'GET', url, headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}]});
	const container = createAppContainer({collectionId: collection.id, requestId: collection.requests[0].id});
	const {instance, session, stdout, stdin, firstFrame} = renderApp({store, container});
	await firstFrame;
	// useInput subscribes to stdin in an effect that runs just after the first frame.
	await new Promise(resolve => {
		setTimeout(resolve, 50);
	});

	// The response pane takes the keys pressed while the body is formatted.
	const focused = frameWhere(stdout, () => true, process.hrtime.bigint());
	stdin.type('4');
	await focused;

	const start = process.hrtime.bigint();
	const status = frameWhere(stdout, frame => frame.includes('200 OK'), start);
	const body = frameWhere(stdout, frame => frame.includes('"index": 0'), start);
	const whole = frameWhere(stdout, frame => frame.includes('200 OK') && !frame.includes('formatting all'), start);
	stdin.type('\u0012');
	const times = {status: await status, body: await body};
	times.keys = await keysWhileFormatting(stdin, stdout, whole);
	times.whole = await whole;
	instance.unmount();
	store.close();
	await session.close();
	rmSync(configDir, {recursive: true, force: true});
	return times;
}

/**
Presses j every 20 ms while the whole body is formatted (the notice is on screen) and
times each key to the frame that shows it: the keystroke budget holds during formatting.
*/
async function keysWhileFormatting(stdin, stdout, whole) {
	let formatted = false;
	void whole.then(() => {
		formatted = true;
	});
	const latencies = [];
	while (!formatted && stdout.frame.includes('formatting all')) {
		const before = stdout.frame;
		const start = process.hrtime.bigint();
		const shown = frameWhere(stdout, frame => frame !== before, start);
		stdin.type('j');
		const ms = await shown;
		if (stdout.frame.includes('formatting all')) {
			latencies.push(ms);
		}

		await new Promise(resolve => {
			setTimeout(resolve, 20);
		});
	}

	return latencies;
}

function curl(url) {
	return new Promise((resolve, reject) => {
		const start = process.hrtime.bigint();
		const child = spawn('curl', ['-s', '-o', '/dev/null', url], {stdio: 'ignore'});
		child.on('error', reject);
		child.on('close', code => {
			if (code === 0) {
				resolve(sinceMs(start));
			} else {
				reject(new Error(`curl exited with ${code}`));
			}
		});
	});
}


const body = jsonBody(20 * 1024 * 1024);
const server = createServer((_request, response) => {
	response.writeHead(200, {'content-type': 'application/json', 'content-length': body.length});
	response.end(body);
});
await new Promise(resolve => {
	server.listen(0, '127.0.0.1', resolve);
});
const url = `http://127.0.0.1:${server.address().port}/items`;

try {
	let hasCurl = true;
	const curlTimes = [];
	try {
		await curl(url);
		for (let run = 0; run < runs; run++) {
			curlTimes.push(await curl(url));
		}
	} catch {
		hasCurl = false;
	}

	await sendInApp(url);
	const sends = [];
	for (let run = 0; run < runs; run++) {
		globalThis.gc?.();
		sends.push(await sendInApp(url));
	}

	const keys = sends.flatMap(send => send.keys);
	printTable(`Send to shown: a ${(body.length / 1024 / 1024).toFixed(0)} MB JSON response from a local server, 120x40 (median of ${runs})`, ['what', 'ms'], [
		['curl -s -o /dev/null (whole process: start, download, exit)', hasCurl ? formatMs(median(curlTimes)) : 'no curl here'],
		['curlew TUI: ctrl+r to the status line (200 OK, size, time)', formatMs(median(sends.map(send => send.status)))],
		['curlew TUI: ctrl+r to the pretty-printed body on screen', formatMs(median(sends.map(send => send.body)))],
		['curlew TUI: ctrl+r to the whole body formatted (search, G reach the end)', formatMs(median(sends.map(send => send.whole)))],
		[`curlew TUI: key (j) to frame while the whole body is formatted, median of ${keys.length}`, keys.length === 0 ? 'no key landed' : formatMs(median(keys))],
		['curlew TUI: key (j) to frame while the whole body is formatted, slowest', keys.length === 0 ? 'no key landed' : formatMs(Math.max(...keys))],
	]);
} finally {
	server.close();
}
