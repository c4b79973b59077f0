import fs from 'node:fs';
import path from 'node:path';
import {removeFile} from './remove-file.js';
import {temporaryPathFor} from './temporary-file.js';

/**
Writes a whole file so that a reader sees the old text or the new, never half: a temporary
file (see temporaryPathFor) is written in full and flushed to disk, then renamed over the
file, and the folder flushed so the rename lasts. When any step fails (a full disk, a quota,
a file-size limit) the temporary file is removed and the error thrown: the file is as it
was. Mode 0600: the store and responses hold tokens. The folder is created (0700) when
missing.
*/
export function writeAtomically(filePath: string, text: string, temporaryFolder?: string): void {
	const folder = path.dirname(filePath);
	fs.mkdirSync(folder, {recursive: true, mode: 0o700});
	const temporary = temporaryPathFor(filePath, temporaryFolder);
	try {
		const descriptor = fs.openSync(temporary, 'w', 0o600);
		try {
			// On a descriptor, writeFileSync writes again after a short write until all is written or a write fails.
			fs.writeFileSync(descriptor, text);
			fs.fsyncSync(descriptor);
		} finally {
			fs.closeSync(descriptor);
		}

		fs.renameSync(temporary, filePath);
	} catch (error) {
		removeIfThere(temporary);
		throw error;
	}

	syncFolder(folder);
}

/** Removes what a failed write left; what cannot be removed (a folder in the way) stays, and the write's own error is the one told. */
function removeIfThere(file: string): void {
	try {
		removeFile(file);
	} catch {
		// Told by the write's error, which names the same path.
	}
}

/** Flushes a folder's entries, so a rename into it survives a crash; a file system that cannot (EINVAL, EISDIR elsewhere) is let be. */
function syncFolder(folder: string): void {
	let descriptor: number | undefined;
	try {
		descriptor = fs.openSync(folder, 'r');
		fs.fsyncSync(descriptor);
	} catch {
		// The new file is in place either way: only its lasting through a power cut is not certain.
	} finally {
		if (descriptor !== undefined) {
			fs.closeSync(descriptor);
		}
	}
}
