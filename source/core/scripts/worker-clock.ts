/*
The clock a script's time limit reads, as source text for the sandbox worker (see
worker-source.ts, which includes it).

It runs only while QuickJS runs the script's own code (its body, its promise jobs, what it
throws being shown), never while the worker starts, the prelude sets up the run or compiles
a part, or the host answers a call: under a loaded CPU those take seconds, and a two-line
script must not fail for them.

The time that passes while the script runs is what the clock counts and reports. On a busy
machine part of that is the thread waiting for a core, which is not the script's either:
where Linux tells a thread's own CPU time (/proc/thread-self/schedstat, in nanoseconds), a
script is stopped only once that CPU time, less the parts the prelude compiled, has passed
the limit too. Reading it costs microseconds, too much for QuickJS's interrupt handler, which
runs every few thousand operations, so it is read as the run begins and then only once the
time that passed (which CPU time never outruns) reaches the limit. Work on the thread that is
not the script's (a part compiling) is left out by the time it took, at least its CPU time.

One run at a time in a worker, so one clock.
*/
export const clockSource = String.raw`
const {openSync, readSync} = require('node:fs');
const clock = {limitMs: Number.POSITIVE_INFINITY, spentMs: 0, since: undefined, cpuAtStart: undefined, leftOutMs: 0, checkAt: 0, interrupted: false};

// Opened once by this thread, and read from its start each time: the file stays this thread's.
const cpuStat = (() => {
	try {
		return {fd: openSync('/proc/thread-self/schedstat', 'r'), buffer: Buffer.alloc(64)};
	} catch {
		return undefined;
	}
})();

function threadCpuMs() {
	if (cpuStat === undefined) {
		return undefined;
	}

	try {
		const length = readSync(cpuStat.fd, cpuStat.buffer, 0, cpuStat.buffer.length, 0);
		const nanoseconds = Number(cpuStat.buffer.toString('latin1', 0, length).split(' ')[0]);
		return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : undefined;
	} catch {
		return undefined;
	}
}

function resetClock(limitMs) {
	clock.limitMs = limitMs;
	clock.spentMs = 0;
	clock.since = undefined;
	clock.cpuAtStart = undefined;
	clock.leftOutMs = 0;
	clock.interrupted = false;
}

function startClock() {
	if (clock.since === undefined) {
		clock.since = performance.now();
		clock.cpuAtStart ??= threadCpuMs();
		clock.checkAt = clock.since + clock.limitMs - clock.spentMs;
	}
}

function stopClock() {
	if (clock.since !== undefined) {
		clock.spentMs = runMs();
		clock.since = undefined;
	}
}

/** The time that passed while the script ran. */
function runMs() {
	return clock.spentMs + (clock.since === undefined ? 0 : performance.now() - clock.since);
}

/** The CPU time the thread spent since the script began, less what \`leaveOut\` set aside; undefined where it cannot be told. */
function runCpuMs() {
	const cpu = clock.cpuAtStart === undefined ? undefined : threadCpuMs();
	return cpu === undefined ? undefined : cpu - clock.cpuAtStart - clock.leftOutMs;
}

/** Around work on the thread that is not the script's (a part compiling): \`const done = leaveOut(); ...; done()\`. */
function leaveOut() {
	const before = performance.now();
	return () => {
		clock.leftOutMs += performance.now() - before;
	};
}

/** For the interrupt handler: whether the running script has passed its limit (and from then on, until the next run). */
function pastLimit() {
	if (clock.since === undefined) {
		return false;
	}

	const now = performance.now();
	if (!clock.interrupted && now >= clock.checkAt) {
		const passed = runMs();
		const cpu = passed > clock.limitMs ? runCpuMs() : undefined;
		const used = cpu === undefined ? passed : Math.min(passed, cpu);
		clock.interrupted = used > clock.limitMs;
		clock.checkAt = now + clock.limitMs - used;
	}

	return clock.interrupted;
}

/** Lets the limit run \`ms\` past what the script has used, for showing what it threw. */
function extendLimit(ms) {
	clock.limitMs = Math.max(clock.limitMs, runMs() + ms);
	clock.checkAt = 0;
}
`;
