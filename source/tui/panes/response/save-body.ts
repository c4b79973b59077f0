/** Writes a response body to a file, byte for byte, with an error that says what to do. */
import fs, {existsSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, extname, join, resolve} from 'node:path';

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

/** Names tried after a taken one before giving up (the save then says the name is taken). */
const maxNumbered = 1000;

/**
`path` when nothing is there yet, else the first free `name-2.ext`, `name-3.ext`, … beside
it (as typed: a relative path stays relative to `cwd`), so a second save never offers the
name the first one took.
*/
export function freeSavePath(path: string, cwd = process.cwd()): string {
	if (!existsSync(resolveSavePath(path, cwd))) {
		return path;
	}

	const extension = extname(path);
	const stem = path.slice(0, path.length - extension.length);
	for (let number = 2; number <= maxNumbered; number++) {
		const candidate = `${stem}-${number}${extension}`;
		if (!existsSync(resolveSavePath(candidate, cwd))) {
			return candidate;
		}
	}

	return path;
}

async function isFolder(path: string): Promise<boolean> {
	try {
		return (await fs.promises.stat(path)).isDirectory();
	} catch {
		return false;
	}
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

export type SaveOptions = {
	/** Where a relative path starts; the process's working folder. */
	cwd?: string;
	/** The name a path that is a folder saves under, inside it (the next free one when taken); `response`. */
	fileName?: string;
};

export async function saveBody(path: string, bytes: Uint8Array, {cwd, fileName = 'response'}: SaveOptions = {}): Promise<SaveResult> {
	if (path.trim() === '') {
		return {ok: false, message: 'No file name given: type a path to save the body to'};
	}

	const typed = resolveSavePath(path, cwd);
	const target = await isFolder(typed) ? freeSavePath(join(typed, fileName)) : typed;
	try {
		// `wx`: an existing file is never overwritten by surprise.
		await fs.promises.writeFile(target, bytes, {flag: 'wx'});
		return {ok: true, path: target};
	} catch (error) {
		return {ok: false, message: failureMessage(error, target), path: target};
	}
}
