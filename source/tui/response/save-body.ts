/** Writes a response body to a file, byte for byte, with an error that says what to do. */
import {writeFile} from 'node:fs/promises';
import {homedir} from 'node:os';
import {dirname, resolve} from 'node:path';

export type SaveResult = {ok: true; path: string} | {ok: false; message: string};

/** `~/x` is the home folder's x; a relative path is taken from `cwd`. */
export function resolveSavePath(path: string, cwd = process.cwd()): string {
	const trimmed = path.trim();
	const expanded = trimmed === '~' || trimmed.startsWith('~/') ? homedir() + trimmed.slice(1) : trimmed;
	return resolve(cwd, expanded);
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
		const code = (error as NodeJS.ErrnoException).code;
		switch (code) {
			case 'ENOENT': {
				return {ok: false, message: `Folder ${dirname(target)} does not exist: create it first or choose another path`};
			}

			case 'EEXIST': {
				return {ok: false, message: `${target} already exists: choose another name (nothing was overwritten)`};
			}

			case 'EACCES':
			case 'EPERM': {
				return {ok: false, message: `No permission to write ${target}: choose a folder you can write to`};
			}

			case 'EISDIR': {
				return {ok: false, message: `${target} is a folder: add a file name`};
			}

			case 'ENOTDIR': {
				return {ok: false, message: `A part of ${target} is a file, not a folder: choose another path`};
			}

			default: {
				return {ok: false, message: `Could not write ${target}: ${(error as Error).message}`};
			}
		}
	}
}
