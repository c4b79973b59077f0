import {UsageError} from './parse-var.js';

/** Reads `--iterations N`: a whole number of 1 or more, written in digits. */
export function parseIterationsFlag(text: string): number {
	const count = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
	if (!Number.isSafeInteger(count) || count < 1) {
		throw new UsageError(`--iterations ${JSON.stringify(text)}: give how many times to run the requests, a whole number of 1 or more: --iterations 3`);
	}

	return count;
}
