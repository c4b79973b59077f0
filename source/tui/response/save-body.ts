/** Writes a response body to a file, byte for byte, with an error that says what to do. */
import {writeFile} from 'node:fs/promises';
import {homedir} from 'node:os';
import {dirname, resolve} from 'node:path';

/**
A failure names the path it tried as resolved (`~` and a relative path made whole), as
its message does, for the reader to correct; none when no name was given.
*/
export type SaveResult = {ok: true; path: string} | {ok: false; message: string; path?: string};

/** `~/x` is the home folder's x; a relative path is taken from `cwd`. */
export function resolveSavePath(path: string, cwd = process.cwd()): string {
	const trimmed = path.trim();
	const expanded = trimmed === '~' || trimmed.startsWith('~/') ? homedir() + trimmed.slice(1) : trimmed;
	return resolve(cwd, expanded);
}

function failureMessage(error: unknown, target: string): string {
	switch ((error as NodeJS.ErrnoException).code) {
		case 'ENOENT': {
			return `Folder ${dirname(target)} does not exist: create it first or choose another path`;
		}

		case 'EEXIST': {
			return `${target} already exists: choose another name (nothing was overwritten)`;
		}

		case 'EACCES':
		case 'EPERM': {
			return `No permission to write ${target}: choose a folder you can write to`;
		}

		case 'EISDIR': {
			return `${target} is a folder: add a file name`;
		}

		case 'ENOTDIR': {
			return `A part of ${target} is a file, not a folder: choose another path`;
		}

		default: {
			return `Could not write ${target}: ${(error as Error).message}`;
		}
	}
}

export async function saveBody(path: string, bytes: Uint8Array, cwd?: string): Promise<SaveResult> {
	if (path.trim() === '') {
		return {ok: false, message: 'No file name given: type a path to save the body to'};
	}

	const target = resolveSavePath(path, cwd);
	try {
		// `wx`: an existing file is never overwritten by surprise.
		await writeFile(target, bytes, {flag: 'wx'});
		return {ok: true, path: target};
	} catch (error) {
		return {ok: false, message: failureMessage(error, target), path: target};
	}
}
