import {defaultScriptLimits, type ScriptLimits} from './types.js';

/** Timers take at most 2^31 - 1 ms; a day is more than any script needs. */
const maxTimeoutMs = 24 * 60 * 60 * 1000;
/** The prelude and a context need about 1 MB; WebAssembly memory ends at 4 GB, 16 MB of which QuickJS itself holds. */
export const minMemoryBytes = 2 * 1024 * 1024;
const maxMemoryBytes = (4 * 1024 * 1024 * 1024) - (16 * 1024 * 1024);

/** The limits a run gets: the defaults for what is not given, and within what the sandbox can enforce. */
export function resolveLimits(limits: ScriptLimits = {}): Required<ScriptLimits> {
	return {
		timeoutMs: clamp(limits.timeoutMs, defaultScriptLimits.timeoutMs, 1, maxTimeoutMs),
		memoryBytes: clamp(limits.memoryBytes, defaultScriptLimits.memoryBytes, minMemoryBytes, maxMemoryBytes),
	};
}

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
	if (value === undefined || Number.isNaN(value)) {
		return fallback;
	}

	return Math.min(max, Math.max(min, Math.round(value)));
}
