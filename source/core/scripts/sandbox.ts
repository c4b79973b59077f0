/*
Runs one script at a time in the sandbox worker (see worker-source.ts) and answers its
calls to the host. The worker starts on first use, stays for later runs (starting one and
its WebAssembly module costs tens of milliseconds), keeps the process alive only while a
script runs or while it starts, and is replaced after it is killed or fails.
*/
import {MessageChannel, Worker, type MessagePort} from 'node:worker_threads';
import {quickjsModuleBytes, resolveLimits} from './limits.js';
import {quickjsModule, quickjsPaths} from './quickjs-module.js';
import {sandboxConstants} from './sandbox-constants.js';
import {sandboxFiles} from './sandbox-files.js';
import {defaultScriptLimits, type ScriptLimits} from './types.js';
import {maxWireChars} from './wire.js';
import {workerSource} from './worker-source.js';

/** The file name QuickJS gives the script in stack traces. */
export const scriptFileName = 'script.js';

/**
QuickJS's own stack limit. WebAssembly frames also use the worker's native stack (8 MB),
several times more than QuickJS counts; at 512 KB QuickJS stops first in every deep case
tried (recursion, text of nested arrays, nested values passed to setVar), and when the
native stack overflows first (the parser on deeply nested source), the host replaces the worker.
*/
const quickjsStackBytes = 512 * 1024;
const workerStackMb = 8;

/** A worker whose memory grew past this (twice the default limit, with the module's own) is replaced after its run. */
const recycleBytes = quickjsModuleBytes + (2 * defaultScriptLimits.memoryBytes);

/**
How long past its time limit a script may go before the worker is terminated: the worker's own
clock stops it first, unless a built-in call never returns to QuickJS's interrupt handler. As
long again as the limit (a second at least), so that the worker's own check, which comes every
few thousand operations, always has its chance.
*/
function graceMs(timeoutMs: number): number {
	return Math.max(1000, timeoutMs);
}

/** The longest a script's timers (setTimeout, bru.sleep) may keep it waiting, in all: as long as the longest time limit. */
const maxWaitMs = 60_000;

/** How long the worker may take to begin a script it was given (a context to prepare, the parts the run compiles) on a loaded machine. */
const startAllowanceMs = 30_000;

/** `line`: that of the `throw` statement that threw the value, when one did (see line-marks.ts); an Error's stack says more. */
export type ThrownValue = {name?: string; message?: string; stack?: string; text?: string; line?: number};

/** What a run's output left out past its caps (see writer in sandbox/prelude.js): whole lines, and the bytes in UTF-8 of all that was cut. */
export type DroppedOutput = {
	console: {lines: number; bytes: number};
	tests: {lines: number; bytes: number; failures: number};
};

export type SandboxOutcome = (
	/** `parts`: the parts of the script API the run compiled (see sandbox/prelude.js), in the order it compiled them. */
	/** `result`: JSON of what the run leaves for the host, `{request?, runControl?}` (see finish in sandbox/prelude.js). */
	| {status: 'completed'; result: string; parts: string[]}
	/** `loopLine`: for a script stopped at its time limit, the line of the loop it was running (see line-marks.ts). */
	| {status: 'failed'; interrupted: boolean; loopLine?: number; error: ThrownValue}
	| {status: 'host-failure'; name?: string; message: string}
	| {status: 'killed'}
	| {status: 'cancelled'}
) & {
	/** The worker's WebAssembly module may be damaged: replace the worker. */
	fatal?: boolean;
	/** The script grew the worker's memory past recycleBytes, which only a new worker gives back: replace it. */
	grown?: boolean;
	/** Output the run left out; none when the worker was stopped (killed, cancelled) before it could say. */
	dropped?: DroppedOutput;
	/** The script's own run time (see the clock in worker-source.ts); none when the worker was stopped before it could say. */
	runMs?: number;
};

export type SandboxJob = {
	code: string;
	/** JSON handed to the prelude: the request and response metadata. */
	setup: string;
	timeoutMs: number;
	memoryBytes: number;
	/** Answers a call from the script; never throws or rejects (see host-calls.ts for the answers). The worker waits for an answer that comes later (a request the script sends). */
	call(op: string, argsJson: string): string | Promise<string>;
	log(level: string, text: string): void;
	/** Aborted, the run's worker is terminated (nothing else stops a script in a loop) and the run ends as cancelled. */
	signal?: AbortSignal;
};

type WorkerMessage =
	| {kind: 'ready'}
	| {kind: 'failed-to-start'; message: string}
	| {kind: 'started'}
	| {kind: 'log'; level: string; text: string}
	| {kind: 'call'; op: string; args: string; serial: number}
	| {kind: 'done'; outcome: SandboxOutcome};

type SandboxWorker = {
	worker: Worker;
	/** Where answers to the worker's calls go, and the flag that wakes it to read them. */
	replyPort: MessagePort;
	signal: Int32Array;
	memoryBytes: number;
	ready: Promise<void>;
	/** The message handler of the run in progress. */
	onMessage?: (message: WorkerMessage) => void;
	onExit?: () => void;
	exited: boolean;
};

let current: SandboxWorker | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Runs `job` after every run queued before it; never rejects. */
export function runInSandbox(job: SandboxJob): Promise<SandboxOutcome> {
	const run = queue.then(async () => execute(job));
	queue = run;
	return run;
}

/**
Starts the sandbox now, so that the first script does not wait for it: call it when a
collection with scripts is opened, or before sending a request whose only scripts run after
the response. A first start takes 100-400 ms: the worker, QuickJS's WebAssembly, and then
V8 recompiling QuickJS's hot functions, which holds the worker for a moment (a process run
with `--liftoff-only` starts in about 100 ms, but heavy scripts then run 1.5 times slower).
*/
export function warmUpSandbox(limits?: ScriptLimits): void {
	const {memoryBytes} = resolveLimits(limits);
	queue = queue.then(async () => workerFor(memoryBytes)).catch(() => undefined);
}

/** Stops the worker; the next run starts a new one. */
export async function closeSandbox(): Promise<void> {
	await queue;
	const closing = current;
	current = undefined;
	await closing?.worker.terminate();
}

async function execute(job: SandboxJob): Promise<SandboxOutcome> {
	if (job.signal?.aborted) {
		return {status: 'cancelled'};
	}

	let sandbox: SandboxWorker;
	try {
		sandbox = await workerFor(job.memoryBytes);
	} catch (error) {
		return {status: 'host-failure', message: error instanceof Error ? error.message : String(error)};
	}

	return new Promise<SandboxOutcome>(resolve => {
		const {worker} = sandbox;
		const cancel = () => {
			discard(sandbox);
			finish({status: 'cancelled'});
		};

		const finish = (outcome: SandboxOutcome) => {
			clearTimeout(watchdog);
			job.signal?.removeEventListener('abort', cancel);
			sandbox.onMessage = undefined;
			sandbox.onExit = undefined;
			worker.unref();
			resolve(outcome);
		};

		/*
		The watchdog for a script that never returns to QuickJS: it counts what the worker's clock
		counts, roughly, from the script's start and from each host call answered, with a grace.
		Before the start, a generous allowance: time spent starting is not the script's.
		*/
		let watchdog = setTimeout(() => {
			discard(sandbox);
			finish({status: 'host-failure', message: `The script sandbox did not begin the script within ${startAllowanceMs / 1000} s`});
		}, startAllowanceMs);
		const budgetMs = job.timeoutMs + graceMs(job.timeoutMs);
		/*
		When the time is up, the process's CPU time since (all its threads: more than the
		worker's own) tells whether the worker can have used its budget: on a loaded machine it
		has not, and the watchdog waits for the rest.
		*/
		const arm = () => {
			clearTimeout(watchdog);
			const armedAt = process.cpuUsage();
			const check = () => {
				const {user, system} = process.cpuUsage(armedAt);
				const usedMs = (user + system) / 1000;
				if (usedMs < budgetMs) {
					watchdog = setTimeout(check, budgetMs - usedMs);
					return;
				}

				discard(sandbox);
				finish({status: 'killed'});
			};

			watchdog = setTimeout(check, budgetMs);
		};

		const reply = (serial: number, answer: string) => {
			if (sandbox.onMessage === undefined) {
				return;
			}

			sandbox.replyPort.postMessage({serial, answer});
			Atomics.store(sandbox.signal, 0, 1);
			Atomics.notify(sandbox.signal, 0);
			arm();
		};

		sandbox.onExit = () => {
			finish({status: 'host-failure', message: 'The script sandbox stopped unexpectedly'});
		};

		sandbox.onMessage = message => {
			switch (message.kind) {
				case 'started': {
					arm();
					break;
				}

				case 'call': {
					const {serial} = message;
					const answer = job.call(message.op, message.args);
					if (typeof answer === 'string') {
						reply(serial, answer);
						break;
					}

					// The worker waits, off its clock, while the host answers (an HTTP request): no watchdog meanwhile.
					clearTimeout(watchdog);
					void answer.then(text => {
						reply(serial, text);
					});
					break;
				}

				case 'log': {
					job.log(message.level, message.text);
					break;
				}

				case 'done': {
					if (message.outcome.fatal === true || message.outcome.grown === true) {
						discard(sandbox);
					}

					finish(message.outcome);
					break;
				}

				default: {
					break;
				}
			}
		};

		// Aborted while the worker started: the script never runs, and the worker stays for the next one.
		if (job.signal?.aborted) {
			finish({status: 'cancelled'});
			return;
		}

		job.signal?.addEventListener('abort', cancel, {once: true});
		worker.ref();
		worker.postMessage({code: job.code, setup: job.setup, timeoutMs: job.timeoutMs});
	});
}

async function workerFor(memoryBytes: number): Promise<SandboxWorker> {
	if (current !== undefined && (current.exited || current.memoryBytes !== memoryBytes)) {
		discard(current);
	}

	current ??= startWorker(memoryBytes);
	const sandbox = current;
	// Held while it starts: an unreferenced worker would let a process with nothing else to do exit mid-await.
	sandbox.worker.ref();
	try {
		await sandbox.ready;
	} finally {
		sandbox.worker.unref();
	}

	return sandbox;
}

function startWorker(memoryBytes: number): SandboxWorker {
	const {parts, librariesFolder} = sandboxFiles();
	const channel = new MessageChannel();
	const signal = new Int32Array(new SharedArrayBuffer(4));
	const worker = new Worker(workerSource, {
		eval: true,
		workerData: {
			quickjsPaths,
			replyPort: channel.port2,
			signal,
			memoryBytes,
			moduleBytes: quickjsModuleBytes,
			recycleBytes,
			// The prelude's text for a call: its arguments within maxWireChars, with their brackets and commas.
			maxCallChars: maxWireChars + 1024,
			stackBytes: quickjsStackBytes,
			parts,
			librariesFolder,
			constants: sandboxConstants,
			maxWaitMs,
			filename: scriptFileName,
		},
		transferList: [channel.port2],
		resourceLimits: {stackSizeMb: workerStackMb},
		// Nothing in the worker should print; if a library does, it stays unread rather than drawing over the TUI.
		stdout: true,
		stderr: true,
	});
	channel.port1.unref();

	const sandbox: SandboxWorker = {worker, replyPort: channel.port1, signal, memoryBytes, exited: false, ready: Promise.resolve()};
	sandbox.ready = new Promise<void>((resolve, reject) => {
		worker.on('message', (message: WorkerMessage) => {
			if (message.kind === 'ready') {
				worker.unref();
				resolve();
			} else if (message.kind === 'failed-to-start') {
				reject(new Error(`The script sandbox failed to start: ${message.message}`));
			} else {
				sandbox.onMessage?.(message);
			}
		});
		worker.on('error', error => {
			reject(error);
		});
		worker.on('exit', () => {
			sandbox.exited = true;
			if (current === sandbox) {
				current = undefined;
			}

			reject(new Error('The script sandbox stopped while starting'));
			sandbox.onExit?.();
		});
		quickjsModule().then(module => {
			worker.postMessage(module);
		}, (error: unknown) => {
			discard(sandbox);
			reject(new Error(`The script sandbox failed to start: QuickJS's WebAssembly could not be compiled (${error instanceof Error ? error.message : String(error)})`));
		});
	});
	return sandbox;
}

function discard(sandbox: SandboxWorker): void {
	sandbox.exited = true;
	if (current === sandbox) {
		current = undefined;
	}

	void sandbox.worker.terminate();
}
