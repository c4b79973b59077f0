import {defaultScriptLimits, type ScriptLimits} from './types.js';

const megabyte = 1024 * 1024;

/** The WebAssembly memory QuickJS's module holds for itself (its data and stack), beyond what scripts may take. */
export const quickjsModuleBytes = 16 * megabyte;

/** The prelude and a context need about 1 MB. */
export const minMemoryBytes = 2 * megabyte;

/**
QuickJS's WebAssembly module declares at most 2 GB of memory: a larger memory fails to link,
and every script then fails (a 2 GB limit used to). Measured at this limit: a script holding
1.9 GB of strings runs; one reaching for 2.2 GB fails as out of memory.
*/
export const maxMemoryBytes = (2048 * megabyte) - quickjsModuleBytes;

/**
The longest a script may run. The sandbox runs one script at a time and a send waits for
its scripts, so a longer limit only lets a stuck script hold every send; a minute is
sixty times the default and more than any script measured in the bench needs.
*/
export const maxTimeoutMs = 60_000;

export type ScriptLimitName = keyof ScriptLimits;

export type ScriptLimitCheck = {
	/** The limit as asked for (a collection's setting). */
	requested: number;
	/** The limit scripts run with. */
	applied: number;
	/** Why `applied` is not `requested`, for the caller to show (an import names it); undefined when they are the same. */
	note?: string;
};

const bounds: Record<ScriptLimitName, {min: number; max: number}> = {
	timeoutMs: {min: 1, max: maxTimeoutMs},
	memoryBytes: {min: minMemoryBytes, max: maxMemoryBytes},
};

/** Whether a script limit is one the sandbox honours as given, and the limit scripts run with when it is not. */
export function checkScriptLimit(name: ScriptLimitName, requested: number): ScriptLimitCheck {
	const applied = clamp(requested, defaultScriptLimits[name], bounds[name].min, bounds[name].max);
	if (applied === requested) {
		return {requested, applied};
	}

	return {requested, applied, note: limitNote(name, requested, applied)};
}

/** The limits a run gets: the defaults for what is not given, and within what the sandbox can enforce. */
export function resolveLimits(limits: ScriptLimits = {}): Required<ScriptLimits> {
	return {
		timeoutMs: clamp(limits.timeoutMs, defaultScriptLimits.timeoutMs, bounds.timeoutMs.min, bounds.timeoutMs.max),
		memoryBytes: clamp(limits.memoryBytes, defaultScriptLimits.memoryBytes, bounds.memoryBytes.min, bounds.memoryBytes.max),
	};
}

/** A limit's size as people read it: `60000 ms`, `2032 MB`. */
export function formatLimit(name: ScriptLimitName, value: number): string {
	if (name === 'timeoutMs') {
		return `${value} ms`;
	}

	const megabytes = value / megabyte;
	return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

function limitNote(name: ScriptLimitName, requested: number, applied: number): string {
	const what = name === 'timeoutMs' ? 'script time limit' : 'script memory limit';
	const runWith = `scripts run with ${formatLimit(name, applied)}`;
	if (Number.isNaN(requested)) {
		return `the ${what} is not a number: ${runWith}, the default`;
	}

	const given = name === 'memoryBytes' && Number.isFinite(requested) ? `${requested} bytes (${formatLimit(name, requested)})` : `${requested}${name === 'timeoutMs' ? ' ms' : ' bytes'}`;
	const {min, max} = bounds[name];
	if (requested > max) {
		const most = name === 'timeoutMs' ? `a script may run ${formatLimit(name, max)} at most` : `the sandbox can give a script ${formatLimit(name, max)} at most`;
		return `the ${what} of ${given} is more than the sandbox honours (${most}): ${runWith}`;
	}

	if (requested < min) {
		return `the ${what} of ${given} is less than a script needs (${formatLimit(name, min)} at least): ${runWith}`;
	}

	return `the ${what} of ${given} is not a whole number: ${runWith}`;
}

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
	if (value === undefined || Number.isNaN(value)) {
		return fallback;
	}

	return Math.min(max, Math.max(min, Math.round(value)));
}
