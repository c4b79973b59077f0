import type {SandboxOutcome, ThrownValue} from './sandbox.js';
import {scriptFileName} from './sandbox.js';
import type {ScriptError, ScriptErrorKind, ScriptPhase, ScriptSource} from './types.js';
import {capitalize} from '../capitalize.js';
import {formatLimit, maxMemoryBytes, maxTimeoutMs} from './limits.js';

export type FailedRun = {
	phase: ScriptPhase;
	requestName: string;
	source: ScriptSource;
	timeoutMs: number;
	memoryBytes: number;
};

type Failure = Exclude<SandboxOutcome, {status: 'completed'}>;

/** Turns what went wrong in the sandbox into one sentence for the user. */
export function scriptError(run: FailedRun, outcome: Failure): ScriptError {
	const {kind, line, detail} = classify(run, outcome);
	const where = line === undefined ? '' : ` at line ${line}`;
	const verb = kind === 'syntax' ? `has a syntax error${where}` : `failed${where}`;
	return {
		phase: run.phase,
		requestName: run.requestName,
		source: run.source,
		...(line === undefined ? {} : {line}),
		kind,
		message: `${scriptTitle(run)} ${verb}: ${detail}`,
	};
}

/** `Pre-request script of "Login"`, `Collection pre-request script, run for "Login",` or `Assertions of "Login"`. */
export function scriptTitle(run: Pick<FailedRun, 'phase' | 'requestName' | 'source'>): string {
	const phase = run.phase === 'pre-request' ? 'pre-request' : 'post-response';
	const name = JSON.stringify(run.requestName);
	switch (run.source) {
		case 'collection': {
			return `Collection ${phase} script, run for ${name},`;
		}

		case 'request': {
			return `${capitalize(phase)} script of ${name}`;
		}

		default: {
			return `${capitalize(run.source)} of ${name}`;
		}
	}
}

/** What a console line names as its writer: `request post-response`, `assertions`. */
export function logSource(run: Pick<FailedRun, 'phase' | 'source'>): string {
	return run.source === 'collection' || run.source === 'request' ? `${run.source} ${run.phase}` : run.source;
}

function classify(run: FailedRun, outcome: Failure): {kind: ScriptErrorKind; line?: number; detail: string} {
	const time = formatLimit('timeoutMs', run.timeoutMs);
	const raiseTime = run.timeoutMs < maxTimeoutMs ? 'raise the collection\'s script time limit' : `split the work: ${time} is the longest a script may run`;
	const endlessLoop = `it ran longer than its ${time} limit: look for an endless loop, or ${raiseTime}`;
	const busyAtLine = `it ran past its ${time} limit, busy at that line: do less work there, or ${raiseTime}`;
	const busyInCall = `it ran past its ${time} limit, in a call too long to stop at a line: do less work in one call, or ${raiseTime}`;
	const raiseMemory = run.memoryBytes < maxMemoryBytes ? ', or raise the collection\'s script memory limit' : ` (${formatLimit('memoryBytes', maxMemoryBytes)} is the most the sandbox can give a script)`;
	const memory = `it used more than its ${formatLimit('memoryBytes', run.memoryBytes)} memory limit: keep less data in variables and arrays${raiseMemory}`;
	const stack = 'the call stack overflowed: look for endless recursion, or nesting too deep for the sandbox';
	switch (outcome.status) {
		// QuickJS checks its time limit between steps of the script's own code: a built-in call it never returned from is stopped from outside.
		case 'killed': {
			return {kind: 'timeout', detail: busyInCall};
		}

		case 'cancelled': {
			return {kind: 'cancelled', detail: 'it was cancelled before it finished'};
		}

		case 'host-failure': {
			if (outcome.name === 'RangeError' || /stack/i.test(outcome.message)) {
				return {kind: 'stack', detail: stack};
			}

			if (/memory/i.test(outcome.message)) {
				return {kind: 'memory', detail: memory};
			}

			return {kind: 'thrown', detail: `the script sandbox failed (${outcome.message}); the next script gets a new one`};
		}

		case 'failed': {
			const {error} = outcome;
			const line = lineOf(error);
			const at = line === undefined ? {} : {line};
			/*
			In a loop, QuickJS places an interrupt at a stale position (the running function's
			start): the marked loop's line is the truth. Outside any loop, the script was stopped
			in a call (QuickJS checks its limit as calls begin), and each frame of the stack
			names the line of the call it made.
			*/
			if (outcome.interrupted) {
				if (outcome.loopLine !== undefined) {
					return {kind: 'timeout', line: outcome.loopLine, detail: endlessLoop};
				}

				return line === undefined ? {kind: 'timeout', detail: busyInCall} : {kind: 'timeout', line, detail: busyAtLine};
			}

			if (error.message === 'out of memory') {
				return {kind: 'memory', ...at, detail: memory};
			}

			if (error.message === 'stack overflow') {
				return {kind: 'stack', ...at, detail: stack};
			}

			if (error.name === 'SyntaxError' && isCompileError(error)) {
				return {kind: 'syntax', ...at, detail: error.message ?? 'the script cannot be parsed'};
			}

			if (error.name === 'InvalidValueError') {
				return {kind: 'invalid-value', ...at, detail: error.message ?? ''};
			}

			if (error.message === undefined) {
				return {kind: 'thrown', ...at, detail: `it threw a value that is not an Error: ${error.text ?? ''}`};
			}

			const name = error.name ?? 'Error';
			return {kind: 'thrown', ...at, detail: error.message === '' ? `${name} (no message)` : `${name}: ${error.message}`};
		}
	}
}

const escapedFileName = scriptFileName.replaceAll('.', '\\.');
const framePattern = new RegExp(`\\b${escapedFileName}:(\\d+)`);
const compileFramePattern = new RegExp(`^\\s*at ${escapedFileName}:\\d+`);

/** The line of the innermost stack frame in the script itself (frames in the prelude are skipped), else that of the `throw`. */
function lineOf(error: ThrownValue): number | undefined {
	const match = framePattern.exec(error.stack ?? '');
	return match === null ? error.line : Number(match[1]);
}

/** A syntax error of the script itself, not one thrown at run time by JSON.parse or eval. */
function isCompileError(error: ThrownValue): boolean {
	return compileFramePattern.test(error.stack ?? '');
}
