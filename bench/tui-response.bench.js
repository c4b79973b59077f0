// Response pane: formatting a body once, then the time from a key to the next frame, at every body size.
import {formatMs, medianMs, printTable} from './table.js';

// React's development build checks every element and is several times slower: measure what users run.
process.env.NODE_ENV ??= 'production';
const {render} = await import('ink-testing-library');
const {createElement, useRef} = await import('react');
const {formatBody} = await import('../dist/tui/response/format-body.js');
const {ResponsePane} = await import('../dist/tui/response/response-pane.js');
const {useKeyPresses} = await import('../dist/tui/keys.js');

/** The pane as the app holds it with the focus: every key is handed to it. */
function FocusedPane(props) {
	const keys = useRef(undefined);
	useKeyPresses(presses => {
		for (const press of presses) {
			keys.current?.(press);
		}
	});
	return createElement(ResponsePane, {...props, keysRef: keys});
}

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

function response(body) {
	return {
		kind: 'response',
		status: 200,
		statusText: 'OK',
		statusClass: 'Successful',
		headers: [['Content-Type', 'application/json']],
		body,
		size: body.length,
		truncated: false,
		timings: {dns: 1, connect: 1, firstByte: 20, total: 25},
		url: 'http://127.0.0.1/items',
		redirects: [],
	};
}

/** Resolves at the next frame Ink writes to the fake stdout. */
function nextFrame(instance) {
	return new Promise(resolve => {
		const {write} = instance.stdout;
		instance.stdout.write = frame => {
			instance.stdout.write = write;
			write(frame);
			resolve();
		};
	});
}

/** Milliseconds from writing `keys` to stdin to the frame that follows, median of `runs`. */
async function keystroke(instance, keys, runs = 25) {
	return medianMs(async () => {
		const frame = nextFrame(instance);
		instance.stdin.write(keys);
		await frame;
	}, runs);
}

/** CPU milliseconds the process spends from a key to its frame, median of `runs`: what a busy shared machine does not inflate. */
async function keystrokeCpu(instance, keys, runs = 25) {
	const times = [];
	for (let run = 0; run < runs; run++) {
		const frame = nextFrame(instance);
		const start = process.cpuUsage();
		instance.stdin.write(keys);
		await frame;
		const used = process.cpuUsage(start);
		times.push((used.user + used.system) / 1000);
	}

	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)];
}

const sizes = [['1 KB', 1024], ['1 MB', 1024 * 1024], ['50 MB', 50 * 1024 * 1024]];
const rows = [];
for (const [label, bytes] of sizes) {
	const body = jsonBody(bytes);
	const formatRuns = bytes > 10 * 1024 * 1024 ? 3 : 7;
	const format = await medianMs(() => {
		formatBody(body, 'application/json');
	}, formatRuns);

	const first = process.hrtime.bigint();
	const instance = render(createElement(FocusedPane, {result: response(body), height: 40, width: 100}));
	const firstFrame = Number(process.hrtime.bigint() - first) / 1e6;
	// A large body is formatted after the first frame: wait for the frame that shows it.
	while (!instance.lastFrame().includes('"id": 0')) {
		await nextFrame(instance);
	}

	const bodyShown = Number(process.hrtime.bigint() - first) / 1e6;
	// useInput subscribes to stdin in an effect, which React runs shortly after the first frame.
	await new Promise(resolve => {
		setTimeout(resolve, 100);
	});

	// Let the JIT see the key path before timing it, as it will have in any real session.
	for (let warm = 0; warm < 40; warm++) {
		await keystroke(instance, warm % 2 === 0 ? 'j' : 'k', 1);
	}

	const down = await keystroke(instance, 'j');
	const downCpu = await keystrokeCpu(instance, 'j');
	await keystroke(instance, 'G', 1);
	const atBottom = await keystroke(instance, 'k');
	const search = await medianMs(async () => {
		const frame = nextFrame(instance);
		instance.stdin.write('/user 1\r');
		await frame;
	}, 3);
	const nextMatch = await keystroke(instance, 'n');
	await keystroke(instance, 'gw', 1);
	const wrapped = await keystroke(instance, 'j');
	instance.unmount();
	instance.cleanup();

	rows.push([label, formatMs(format), formatMs(firstFrame), formatMs(bodyShown), formatMs(down), formatMs(downCpu), formatMs(atBottom), formatMs(nextMatch), formatMs(wrapped), formatMs(search)]);
	globalThis.gc?.();
}

printTable(
	'Response pane: format once, then key -> frame (ms, median; goal < 16 ms per key at every size)',
	['body', 'formatBody', 'first frame', 'body shown', 'j', 'j (CPU)', 'k at end', 'n (next match)', 'j wrapped', 'search (enter)'],
	rows,
);

// One line of 10 MB (minified JS, a base64 blob): scrolling sideways and wrapped must not scan the whole line per key.
const oneLine = new TextEncoder().encode('ab,cd;'.repeat((10 * 1024 * 1024) / 6));
const lineInstance = render(createElement(FocusedPane, {result: {...response(oneLine), headers: [['Content-Type', 'text/plain']]}, height: 40, width: 100}));
while (!lineInstance.lastFrame().includes('ab,cd;')) {
	await nextFrame(lineInstance);
}

await new Promise(resolve => {
	setTimeout(resolve, 100);
});
for (let warm = 0; warm < 40; warm++) {
	await keystroke(lineInstance, warm % 2 === 0 ? 'l' : 'h', 1);
}

const right = await keystroke(lineInstance, 'l');
const wrapStart = process.hrtime.bigint();
const wrappedFrame = nextFrame(lineInstance);
lineInstance.stdin.write('w');
await wrappedFrame;
const wrapOn = Number(process.hrtime.bigint() - wrapStart) / 1e6;
const wrappedDown = await keystroke(lineInstance, 'j');
const wrappedBottom = await keystroke(lineInstance, 'G', 1);
lineInstance.unmount();
lineInstance.cleanup();

printTable(
	'Response pane: a 10 MB body on one line (ms, median)',
	['l (scroll right)', 'w (wrap on: measures the line once)', 'j wrapped', 'G wrapped'],
	[[formatMs(right), formatMs(wrapOn), formatMs(wrappedDown), formatMs(wrappedBottom)]],
);
