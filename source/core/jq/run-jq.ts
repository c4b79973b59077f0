/**
Runs a jq filter on a body, with jq's own semantics (jq-wasm: jq built to WebAssembly, no jq
binary needed), in a worker thread: the caller's thread never waits for it. One filter runs at
a time; aborting one that runs stops its thread (jq cannot be interrupted inside), and the
next filter starts another. jq's WebAssembly is compiled once per process and shared with
every worker started after.
*/
import fs from 'node:fs';
import {createRequire} from 'node:module';
import {Worker} from 'node:worker_threads';
import {jqWorkerSource} from './jq-worker-source.js';

/** The part of the WebAssembly API used here: TypeScript declares it only with the DOM library. */
declare const WebAssembly: {
	compile(bytes: Uint8Array): Promise<object>;
};

export type JqOutcome =
	/** What jq printed: its results, pretty JSON one after another (none when the filter gave none). */
	| {kind: 'output'; output: Uint8Array}
	/** jq's error: the filter does not compile, the body is not JSON, or the filter failed on it. */
	| {kind: 'error'; message: string}
	| {kind: 'cancelled'};

const fromHere = createRequire(import.meta.url);
/** The largest heap jq's WebAssembly build can grow to. */
export const jqMemoryBytes = 256 * 1024 * 1024;
/** How much more memory the process may take while a filter runs. */
const maxOutputGrowthBytes = 1.5 * 1024 * 1024 * 1024;

type JqWorker = {
	worker: Worker;
	ready: Promise<void>;
	/** Ends the job that runs, if one does: it is superseded by the next. */
	supersede?: () => void;
};
type WorkerReply = {kind: 'ready'} | {kind: 'failed-to-start'; message: string} | {kind: 'done'; output: Uint8Array; errors: string; exitCode: number} | {kind: 'aborted'; message: string};

let compiled: Promise<object> | undefined;
let current: JqWorker | undefined;

async function jqModule(): Promise<object> {
	// fs.promises loads at the first filter, not with the TUI.
	compiled ??= fs.promises.readFile(fromHere.resolve('jq-wasm/jq.wasm')).then(async bytes => WebAssembly.compile(bytes));
	try {
		return await compiled;
	} catch (error) {
		compiled = undefined;
		throw error;
	}
}

function startWorker(): JqWorker {
	const worker = new Worker(jqWorkerSource, {
		eval: true,
		workerData: {jqPath: fromHere.resolve('jq-wasm')},
		// Nothing in the worker should print; if jq's runtime does, it stays unread rather than drawing over the TUI.
		stdout: true,
		stderr: true,
	});
	worker.unref();
	const started: JqWorker = {worker, ready: Promise.resolve()};
	started.ready = new Promise<void>((resolve, reject) => {
		const onMessage = (message: WorkerReply) => {
			if (message.kind === 'ready') {
				worker.off('message', onMessage);
				resolve();
			} else if (message.kind === 'failed-to-start') {
				reject(new Error(message.message));
			}
		};

		worker.on('message', onMessage);
		worker.once('error', reject);
		worker.once('exit', () => {
			if (current === started) {
				current = undefined;
			}

			reject(new Error('jq stopped while starting'));
		});
		jqModule().then(module => {
			worker.postMessage(module);
		}, reject);
	});
	// Said to the caller of the job that waits on it; unheard here.
	started.ready.catch(() => undefined);
	return started;
}

function discard(jq: JqWorker): void {
	if (current === jq) {
		current = undefined;
	}

	void jq.worker.terminate();
}

/**
Runs `filter` on `body` (JSON, as UTF-8). Never throws: a filter that does not compile, a body
that is not JSON or a failing filter come back as jq's error message.
*/
export async function runJq(body: Uint8Array, filter: string, signal?: AbortSignal): Promise<JqOutcome> {
	current?.supersede?.();
	if (signal?.aborted) {
		return {kind: 'cancelled'};
	}

	current ??= startWorker();
	const jq = current;
	let superseded = false;
	jq.supersede = () => {
		superseded = true;
		discard(jq);
	};

	try {
		await jq.ready;
	} catch (error) {
		discard(jq);
		return superseded ? {kind: 'cancelled'} : {kind: 'error', message: `jq could not start: ${error instanceof Error ? error.message : String(error)}`};
	}

	if (superseded || signal?.aborted) {
		return {kind: 'cancelled'};
	}

	return new Promise<JqOutcome>(resolve => {
		const memoryAtStart = process.memoryUsage.rss();
		const finish = (outcome: JqOutcome) => {
			clearInterval(memoryWatch);
			jq.worker.off('message', onMessage);
			jq.worker.off('exit', onExit);
			signal?.removeEventListener('abort', onAbort);
			jq.supersede = undefined;
			jq.worker.unref();
			resolve(outcome);
		};

		const stop = (outcome: JqOutcome) => {
			discard(jq);
			finish(outcome);
		};

		const onMessage = (message: WorkerReply) => {
			if (message.kind === 'done') {
				finish(message.exitCode === 0 || message.errors === '' ? {kind: 'output', output: message.output} : {kind: 'error', message: jqMessage(message.errors)});
			} else if (message.kind === 'aborted') {
				stop({kind: 'error', message: `jq ran out of its ${jqMemoryBytes / 1024 / 1024} MB of memory on this body: try a filter that keeps less (${message.message})`});
			}
		};

		const onExit = () => {
			finish(superseded ? {kind: 'cancelled'} : {kind: 'error', message: 'jq stopped before it finished'});
		};

		const onAbort = () => {
			stop({kind: 'cancelled'});
		};

		/*
		jq's heap is bounded, but what it prints is gathered outside it, in the worker's memory: a
		filter that prints without end (`repeat(1)`) is stopped before it takes the machine's.
		*/
		const memoryWatch = setInterval(() => {
			if (process.memoryUsage.rss() - memoryAtStart > maxOutputGrowthBytes) {
				stop({kind: 'error', message: `jq's output passed ${maxOutputGrowthBytes / 1024 / 1024 / 1024} GB, so it was stopped: does the filter print without end?`});
			}
		}, 100);
		memoryWatch.unref();

		jq.worker.on('message', onMessage);
		jq.worker.once('exit', onExit);
		signal?.addEventListener('abort', onAbort, {once: true});
		jq.supersede = () => {
			superseded = true;
			stop({kind: 'cancelled'});
		};

		// Held while it runs: a headless caller's process must not exit mid-filter.
		jq.worker.ref();
		jq.worker.postMessage({bytes: body, filter});
	});
}

/** jq's message without the name of the file it read the body from, which is no file of the user's. */
function jqMessage(errors: string): string {
	return errors.replaceAll(/ \(at \/dev\/stdin:\d+\)/g, '').trim();
}

/** Stops jq's worker, if one runs (the app quits). */
export function closeJq(): void {
	if (current !== undefined) {
		discard(current);
	}
}
