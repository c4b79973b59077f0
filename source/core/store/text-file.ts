import fs from 'node:fs';
import path from 'node:path';
import {writeAtomically} from './write-atomically.js';

/**
One JSON file of the store, read and written whole as text: the store parses, checks and
migrates the text itself, so that it can keep a bad file aside and tell the user.

It is written by writeAtomically, not through conf: conf's writer (the `atomically`
package) writes its temporary file with one write call and does not look at how much was
written, so on a nearly full disk or past a file-size limit it renamed a cut file over the
store, which the next start then set aside as damaged.
*/
export class TextFile {
	readonly path: string;

	constructor(directory: string, name: string) {
		this.path = path.join(directory, `${name}.json`);
	}

	/** The file's text, or undefined when there is no file. */
	read(): string | undefined {
		return readTextIfThere(this.path);
	}

	write(text: string): void {
		writeAtomically(this.path, text);
	}
}

/** A file's text; undefined when there is no such file (never written, or just removed by another instance). */
export function readTextIfThere(file: string): string | undefined {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return undefined;
		}

		throw error;
	}
}
