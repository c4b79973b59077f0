/**
Reads the files of an import. An import reads only regular files: a named pipe would wait
for a writer forever and a device such as /dev/zero never ends, so each is refused from
its stat before it is opened (and opened without blocking, in case it was swapped since).
An import reads at most importSizeLimit bytes, a file or a Bruno folder's files together:
a collection is text a person edits, and a bigger file is most likely not one.
*/
import {closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats} from 'node:fs';
import {formatSize} from '../http/format-size.js';
import {FieldError} from './field-error.js';

export const importSizeLimit = 64 * 1024 * 1024;

/** What is left of importSizeLimit for the files one import still reads. */
export type ImportBudget = {bytesLeft: number};

export function newImportBudget(): ImportBudget {
	return {bytesLeft: importSizeLimit};
}

/**
The bytes of `file`, which `shownAs` names in a message (its path in a Bruno folder).
`noLinks`: the path is one with its links resolved, and a link put there since is refused.
@throws FieldError, its field `shownAs`, for anything but a regular file, a file that cannot
be read, or one past what is left of `budget`.
*/
export function readImportFile(file: string, shownAs: string, budget: ImportBudget, {noLinks = false} = {}): Buffer {
	refuseUnreadable(statOf(file, shownAs), shownAs, budget);
	let descriptor: number;
	try {
		descriptor = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (noLinks ? constants.O_NOFOLLOW ?? 0 : 0));
	} catch (error) {
		throw new FieldError(shownAs, `cannot be read: ${cannotRead(error)}`);
	}

	try {
		const stats = fstatSync(descriptor);
		refuseUnreadable(stats, shownAs, budget);
		// To its end, which may have moved since fstat, and no further than one byte past what may be taken.
		const chunks: Buffer[] = [];
		let length = 0;
		for (let read = -1; read !== 0 && length <= budget.bytesLeft;) {
			const chunk = Buffer.allocUnsafe(Math.min(budget.bytesLeft + 1 - length, Math.max(stats.size - length, 0) + 65_536));
			read = readSync(descriptor, chunk, 0, chunk.length, null);
			chunks.push(chunk.subarray(0, read));
			length += read;
		}

		if (length > budget.bytesLeft) {
			throw new FieldError(shownAs, tooLarge(length, budget));
		}

		budget.bytesLeft -= length;
		// The first read most often takes the whole file: no copy then.
		return length === chunks[0]!.length ? chunks[0]! : Buffer.concat(chunks, length);
	} finally {
		closeSync(descriptor);
	}
}

/** How a message names what a path is when it is not a regular file. */
function describeNonFile(stats: Stats): string | undefined {
	if (stats.isFile()) {
		return undefined;
	}

	if (stats.isDirectory()) {
		return 'a folder';
	}

	if (stats.isFIFO()) {
		return 'a named pipe (FIFO)';
	}

	if (stats.isCharacterDevice() || stats.isBlockDevice()) {
		return 'a device';
	}

	return stats.isSocket() ? 'a socket' : 'not a regular file';
}

function statOf(file: string, shownAs: string): Stats {
	try {
		return statSync(file);
	} catch (error) {
		throw new FieldError(shownAs, `cannot be read: ${cannotRead(error)}`);
	}
}

function refuseUnreadable(stats: Stats, shownAs: string, budget: ImportBudget): void {
	const what = describeNonFile(stats);
	if (what !== undefined) {
		throw new FieldError(shownAs, `is ${what}, not a file: curlew imports only regular files, which it can read to their end`);
	}

	if (stats.size > budget.bytesLeft) {
		throw new FieldError(shownAs, tooLarge(stats.size, budget));
	}
}

function tooLarge(size: number, budget: ImportBudget): string {
	const limit = formatSize(importSizeLimit);
	if (budget.bytesLeft === importSizeLimit) {
		return `is ${formatSize(size)}, and curlew imports at most ${limit}: a collection that big most likely holds saved responses or files; take them out and import it again`;
	}

	return `takes the collection's files past ${limit}, the most curlew imports at once: a collection that big most likely holds saved responses or files; take them out and import it again`;
}

/** Why a file cannot be read, said for the user. */
export function cannotRead(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	switch (code) {
		case 'ENOENT': {
			return 'no such file';
		}

		case 'EACCES':
		case 'EPERM': {
			return 'permission denied: give yourself read access to it';
		}

		case 'ELOOP': {
			return 'a link was put in its place while curlew read it: import it again';
		}

		default: {
			return (error as Error).message;
		}
	}
}
