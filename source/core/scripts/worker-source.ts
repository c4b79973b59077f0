/*
The sandbox worker, as source text. It runs in a worker thread (started with `eval: true`)
so that the host stays responsive while a script runs and can be terminated when QuickJS's
interrupt handler is not reached in time: QuickJS polls it only every few thousand
operations, and one slow built-in call (`'x'.repeat(1e7)` in a loop) can outlast any limit.
It is JavaScript text rather than a module of ours because a worker needs a file Node can
load as is, and the tests run from TypeScript sources.

Each job gets a fresh QuickJS runtime and context inside one WebAssembly module. A fresh
runtime is cheap (the context is what costs) and is the only way to free a script's
garbage: this QuickJS build cannot size its allocations, so its collector never triggers,
and disposing a context alone leaks every cycle the script made.

The module's memory is a WebAssembly.Memory whose maximum is the memory limit plus the
module's own 16 MB (2 GB at most: see limits.ts), because QuickJS's own limit only stops
single allocations larger than the limit in this build. A failure of the host side (the native stack overflowing inside
WebAssembly, as parsing deeply nested source does) leaves the module unusable: the worker
marks its outcome fatal, and the host replaces it.

A script that grew the module's memory past what a usual script needs leaves it that large
(WebAssembly memory only grows): its outcome says so, and the host replaces the worker.

Protocol, on parentPort: in QuickJS's WebAssembly.Module, then {code, timeoutMs, setup}; out {kind: 'ready'}, {kind: 'started'}
(the script's own run begins), {kind: 'log'},
{kind: 'call', op, args, serial} (then the worker blocks until the host posts the reply {serial, answer} on
replyPort and wakes it through `signal`), and {kind: 'done', outcome}.
*/
import {clockSource} from './worker-clock.js';

export const workerSource = String.raw`
'use strict';
const {parentPort, workerData, receiveMessageOnPort} = require('node:worker_threads');
const {newQuickJSWASMModuleFromVariant, newVariant} = require(workerData.quickjsPaths.core);
const variant = require(workerData.quickjsPaths.variant).default;
const {replyPort, signal, memoryBytes, moduleBytes, recycleBytes, maxCallChars, stackBytes, parts, constants, librariesFolder, filename, maxWaitMs} = workerData;
const {readFileSync} = require('node:fs');
const {join} = require('node:path');

const pageBytes = 65536;
// What a script waiting for a timer sleeps on: nothing wakes it but the time.
const sleeper = new Int32Array(new SharedArrayBuffer(4));

// The libraries scripts may require, read from the build's folder by the first run that requires each (see require.js).
const librarySources = new Map();
function librarySource(name) {
	if (!constants.libraryNames.includes(name)) {
		throw new Error('No library ' + name);
	}

	let text = librarySources.get(name);
	if (text === undefined) {
		text = readFileSync(join(librariesFolder, name + '.js'), 'utf8');
		librarySources.set(name, text);
	}

	return text;
}

${clockSource}
let lastCall = 0;
function callHost(op, argsText) {
	const running = clock.since !== undefined;
	stopClock();
	const serial = ++lastCall;
	parentPort.postMessage({kind: 'call', op, args: argsText, serial});
	const answer = replyTo(serial);
	if (running) {
		startClock();
	}

	return answer;
}

/*
Blocks until the host's reply to call number serial is on the port. Each reply names its call, and one to
another call (which a run that ended, say, never read) is passed over, so that no call ever
takes another's answer. The host posts a reply before it raises the signal: the signal is
lowered before each look at the port, so a reply posted meanwhile raises it again and the wait
returns at once.
*/
function replyTo(serial) {
	for (;;) {
		Atomics.store(signal, 0, 0);
		for (let reply = receiveMessageOnPort(replyPort); reply !== undefined; reply = receiveMessageOnPort(replyPort)) {
			if (reply.message.serial === serial) {
				return reply.message.answer;
			}
		}

		Atomics.wait(signal, 0, 0);
	}
}

// A text of a thrown value longer than this is cut to its start inside QuickJS: a 50 MB message is never copied out whole.
const maxShownChars = 1000;

/** A QuickJS string as the host shows it: whole up to maxShownChars, else its start and how long it was. */
function showText(sandbox, text) {
	const {context, keep} = sandbox;
	const length = lengthOf(context, text);
	if (length <= maxShownChars) {
		return readText(context, text) ?? 'a text the sandbox had no memory left to copy';
	}

	// A call into QuickJS of intrinsics only, made off the clock: it runs even after the time limit stopped the script.
	const cut = context.callFunction(sandbox.head, context.undefined, text, keep(context.newNumber(maxShownChars)));

	const total = length.toLocaleString('en-US') + ' characters in all';
	if (cut.error) {
		keep(cut.error);
		return 'a text of ' + total + ', too long to show';
	}

	return (readText(context, keep(cut.value)) ?? '') + '\u2026 (' + total + ')';
}

function readString(sandbox, handle, key) {
	const {context} = sandbox;
	try {
		const property = context.getProp(handle, key);
		try {
			return context.typeof(property) === 'string' ? showText(sandbox, property) : undefined;
		} finally {
			property.dispose();
		}
	} catch {
		return undefined;
	}
}

// What the host function answers when a text could not be copied out: the prelude throws it, and the host reports the memory limit.
const outOfMemoryAnswer = 'e' + JSON.stringify({name: 'InternalError', message: 'out of memory'});

/*
A QuickJS string's text, or undefined when it could not be copied out: the copy is made
inside the sandbox's memory, and when that is full QuickJS gives no text at all.
*/
function readText(context, handle) {
	const text = context.getString(handle);
	return text === '' && lengthOf(context, handle) > 0 ? undefined : text;
}

function lengthOf(context, text) {
	const length = context.getProp(text, 'length');
	try {
		return context.typeof(length) === 'number' ? context.getNumber(length) : Number.POSITIVE_INFINITY;
	} finally {
		length.dispose();
	}
}

function describeThrown(sandbox, handle, format) {
	const {context} = sandbox;
	const type = context.typeof(handle);
	if (type !== 'object' || context.sameValue(handle, context.null)) {
		return {text: format(handle)};
	}

	const name = readString(sandbox, handle, 'name');
	const message = readString(sandbox, handle, 'message');
	const stack = readString(sandbox, handle, 'stack');
	return message === undefined ? {text: format(handle), stack} : {name, message, stack};
}

/*
A sandbox ready for the next script: runtime, context and the installed prelude (compiling
the prelude is most of the cost of a run). The worker prepares one while it waits, so a
run starts at once; every run still gets a context no script has touched.
*/
/*
The libraries the last run required (chai, for a script with tests): the next context is
prepared with them loaded, while the worker waits, so that a run of scripts that each test
their response does not pay for compiling chai every time. Only with room to spare: a small
memory limit keeps every byte for the script.
*/
let preloads = [];
const preloadMinBytes = 32 * 1024 * 1024;

function prepare(module) {
	const runtime = module.newRuntime();
	runtime.setMemoryLimit(memoryBytes);
	runtime.setMaxStackSize(stackBytes);
	// Only a script on the clock is stopped: the prelude of the next context is prepared off it, after a script that was.
	runtime.setInterruptHandler(pastLimit);

	const context = runtime.newContext();
	const handles = [];
	const keep = handle => {
		handles.push(handle);
		return handle;
	};

	// The prelude keeps a call's text within maxCallChars; this holds even against a script that defeats it, before the text is copied out.
	const host = keep(context.newFunction('host', (op, args) => {
		if (lengthOf(context, args) > maxCallChars) {
			return context.newString('e' + JSON.stringify({name: 'RangeError', message: 'A call to curlew was given more than ' + maxCallChars + ' characters'}));
		}

		const text = readText(context, args);
		return context.newString(text === undefined ? outOfMemoryAnswer : callHost(context.getString(op), text));
	}));
	const log = keep(context.newFunction('log', (level, text) => {
		// As JSON: a string comes out of QuickJS as a C string, which would end at a NUL.
		const json = readText(context, text);
		if (json === undefined) {
			return context.newString(outOfMemoryAnswer);
		}

		parentPort.postMessage({kind: 'log', level: context.getString(level), text: JSON.parse(json)});
		return undefined;
	}));
	const install = keep(context.unwrapResult(context.evalCode(parts.prelude, 'prelude.js', {type: 'global', strict: true})));
	const partTexts = keep(context.newObject());
	for (const [name, source] of Object.entries(parts)) {
		if (name !== 'prelude') {
			const text = context.newString(source);
			context.setProp(partTexts, name, text);
			text.dispose();
		}
	}

	const library = keep(context.newFunction('library', name => context.newString(librarySource(context.getString(name)))));
	// node:crypto loads only when a script first asks for random bytes: it is not small, and most workers never need it.
	const random = keep(context.newFunction('random', count => context.newString(require('node:crypto').randomBytes(Math.min(65536, Math.max(0, context.getNumber(count)))).toString('hex'))));

	// The prelude stops the clock while it compiles a part a script needs (one part may compile another), and starts it again if it ran.
	let offDepth = 0;
	let resume = false;
	let done;
	const offClock = keep(context.newFunction('offClock', off => {
		if (context.dump(off)) {
			if (offDepth++ === 0) {
				resume = clock.since !== undefined;
				done = leaveOut();
				stopClock();
			}
		} else if (--offDepth === 0) {
			done();
			if (resume) {
				startClock();
			}
		}
	}));
	const natives = keep(context.newObject());
	for (const [name, handle] of Object.entries({host, log, offClock, library, random})) {
		context.setProp(natives, name, handle);
	}

	const constantsHandle = keep(context.unwrapResult(context.evalCode('(' + JSON.stringify(constants) + ')', 'constants.js')));
	const api = keep(context.unwrapResult(context.callFunction(install, context.undefined, natives, partTexts, constantsHandle)));
	const timers = keep(context.getProp(api, 'timers'));
	if (memoryBytes >= preloadMinBytes) {
		const preload = keep(context.getProp(api, 'preload'));
		for (const name of preloads) {
			const loaded = context.callFunction(preload, context.undefined, keep(context.newString(name)));
			keep(loaded.error ?? loaded.value);
		}
	}

	return {
		runtime,
		context,
		keep,
		handles,
		begin: keep(context.getProp(api, 'begin')),
		finish: keep(context.getProp(api, 'finish')),
		formatter: keep(context.getProp(api, 'format')),
		loops: keep(context.getProp(api, 'loops')),
		throws: keep(context.getProp(api, 'throws')),
		compiled: keep(context.getProp(api, 'compiled')),
		output: keep(context.getProp(api, 'output')),
		timerDelay: keep(context.getProp(timers, 'delay')),
		fireTimer: keep(context.getProp(timers, 'fire')),
		head: keep(context.getProp(api, 'head')),
	};
}

function dispose(sandbox) {
	for (const handle of sandbox.handles.reverse()) {
		if (handle.alive) {
			handle.dispose();
		}
	}

	sandbox.context.dispose();
	sandbox.runtime.dispose();
}

// Plain property reads of the prelude's counts (see writer in sandbox/prelude.js): what the run's output left out, if anything.
function droppedOutput(sandbox) {
	const {context, keep} = sandbox;
	const read = (budget, key) => context.getNumber(keep(context.getProp(keep(context.getProp(sandbox.output, budget)), key)));
	const logs = {lines: read('console', 'droppedLines'), bytes: read('console', 'droppedBytes')};
	const tests = {lines: read('tests', 'droppedLines'), bytes: read('tests', 'droppedBytes'), failures: read('tests', 'droppedFailures')};
	const none = logs.lines === 0 && logs.bytes === 0 && tests.lines === 0 && tests.bytes === 0;
	return none ? undefined : {console: logs, tests};
}

function run(sandbox, job) {
	let outcome;
	try {
		resetClock(job.timeoutMs);
		outcome = evaluate(sandbox, job);
		stopClock();
		outcome.runMs = runMs();
		const dropped = droppedOutput(sandbox);
		if (dropped !== undefined) {
			outcome.dropped = dropped;
		}
	} catch (error) {
		return {status: 'host-failure', name: error && error.name, message: String(error && error.message), fatal: true};
	}

	try {
		dispose(sandbox);
	} catch {
		outcome.fatal = true;
	}

	return outcome;
}

function evaluate(sandbox, job) {
	const {runtime, context, keep} = sandbox;

	// Showing what was thrown runs the script's own code (toString, getters): on the clock, with a moment past the limit.
	const format = handle => {
		extendLimit(100);
		startClock();
		const result = context.callFunction(sandbox.formatter, context.undefined, handle);
		stopClock();
		if (result.error) {
			keep(result.error);
			return 'a value that cannot be shown';
		}

		return showText(sandbox, keep(result.value));
	};

	// A plain property read: no script code runs, so it works after an interrupt too.
	const loopLine = () => {
		const line = context.getNumber(keep(context.getProp(sandbox.loops, 'line')));
		return line > 0 ? line : undefined;
	};

	// Plain property reads too: the line of the marked throw that threw this very value, if one did (see line-marks.ts).
	const throwLine = error => {
		const line = context.getNumber(keep(context.getProp(sandbox.throws, 'line')));
		return line > 0 && context.sameValue(keep(context.getProp(sandbox.throws, 'value')), error) ? line : undefined;
	};

	const failed = error => {
		keep(error);
		stopClock();
		const {interrupted} = clock;
		// Read before describing the value, which runs the script's own code (a toString that loops, or throws).
		const line = interrupted ? loopLine() : throwLine(error);
		const thrown = describeThrown(sandbox, error, format);
		if (interrupted) {
			return {status: 'failed', interrupted, loopLine: line, error: thrown};
		}

		return {status: 'failed', interrupted, error: line === undefined ? thrown : {...thrown, line}};
	};

	const begun = context.callFunction(sandbox.begin, context.undefined, keep(context.newString(job.setup)));
	if (begun.error) {
		return failed(begun.error);
	}

	keep(begun.value);
	// The host's watchdog counts from here too (see sandbox.ts).
	parentPort.postMessage({kind: 'started'});
	startClock();
	const evaluated = context.evalCode(job.code, filename, {type: 'global'});
	if (evaluated.error) {
		return failed(evaluated.error);
	}

	keep(evaluated.value);
	// The script's promise jobs, then each timer as it comes due, waiting for it off the clock.
	let waitedMs = 0;
	for (;;) {
		const jobs = runtime.executePendingJobs(-1);
		stopClock();
		if (jobs.error) {
			return failed(jobs.error);
		}

		// An interrupted promise callback rejects its promise instead of failing the jobs.
		if (clock.interrupted) {
			return {status: 'failed', interrupted: true, loopLine: loopLine(), error: {}};
		}

		const delay = context.getNumber(keep(context.unwrapResult(context.callFunction(sandbox.timerDelay, context.undefined))));
		if (delay < 0) {
			break;
		}

		if (waitedMs + delay > maxWaitMs) {
			return {status: 'failed', interrupted: false, error: {name: 'Error', message: 'its timers (setTimeout, setInterval, bru.sleep) would keep it waiting more than ' + (maxWaitMs / 1000) + ' s in all: wait less, or clear the timers it no longer needs'}};
		}

		if (delay > 0) {
			Atomics.wait(sleeper, 0, 0, delay);
			waitedMs += delay;
		}

		startClock();
		const fired = context.callFunction(sandbox.fireTimer, context.undefined);
		if (fired.error) {
			return failed(fired.error);
		}

		keep(fired.value);
	}

	// A script that ends in a promise (an async function called last, Promise.reject(...)) fails when it rejects.
	const settled = context.getPromiseState(evaluated.value);
	if (settled.type === 'rejected') {
		return failed(settled.error);
	}

	if (settled.type === 'fulfilled' && !settled.notAPromise) {
		keep(settled.value);
	}

	const finished = context.callFunction(sandbox.finish, context.undefined);
	if (finished.error) {
		return failed(finished.error);
	}

	// Plain property reads of an object the script cannot reach.
	const names = context.getString(keep(context.getProp(sandbox.compiled, 'names')));
	const libraries = context.getString(keep(context.getProp(sandbox.compiled, 'libraries')));
	preloads = libraries === '' ? [] : libraries.split(',');
	return {status: 'completed', result: context.getString(keep(finished.value)), parts: names === '' ? [] : names.split(',')};
}

async function start() {
	// QuickJS's compiled WebAssembly.Module comes as the first message (see quickjs-module.ts).
	const wasmModule = await new Promise(resolve => {
		parentPort.once('message', resolve);
	});
	const maximum = Math.ceil((moduleBytes + memoryBytes) / pageBytes);
	const wasmMemory = new WebAssembly.Memory({initial: moduleBytes / pageBytes, maximum});
	const module = await newQuickJSWASMModuleFromVariant(newVariant(variant, {wasmMemory, wasmModule}));
	let next = prepare(module);
	parentPort.on('message', job => {
		const sandbox = next ?? prepare(module);
		next = undefined;
		const outcome = run(sandbox, job);
		// WebAssembly memory never shrinks: a worker a script grew large is replaced, which gives it back.
		if (wasmMemory.buffer.byteLength > recycleBytes) {
			outcome.grown = true;
		}

		parentPort.postMessage({kind: 'done', outcome});
		if (!outcome.fatal && !outcome.grown) {
			setImmediate(() => {
				next ??= prepare(module);
			});
		}
	});
	parentPort.postMessage({kind: 'ready'});
}

start().catch(error => {
	parentPort.postMessage({kind: 'failed-to-start', message: String(error && error.stack || error)});
});
`;
