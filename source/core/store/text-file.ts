import fs from 'node:fs';
import path from 'node:path';
import {formatSize} from '../http/format-size.js';
import {StoreError} from './store-error.js';
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

	/** `sizeLimit`: the most bytes the file may hold, read or written. */
	constructor(directory: string, name: string, private readonly sizeLimit: number) {
		this.path = path.join(directory, `${name}.json`);
	}

	/**
	The file's text, or undefined when there is no file.
	@throws StoreError when the file is larger than the limit: it is not read at all.
	*/
	read(): string | undefined {
		let descriptor: number;
		try {
			descriptor = fs.openSync(this.path, 'r');
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
				return undefined;
			}

			throw error;
		}

		try {
			const {size} = fs.fstatSync(descriptor);
			if (size > this.sizeLimit) {
				throw new StoreError(`${this.path} is ${formatSize(size)}, more than the ${formatSize(this.sizeLimit)} a store may hold, so curlew did not read it and changed nothing. A store that large holds large bodies or values: with every curlew window closed, take those out of it (it is JSON), or move it away to start with a new store`);
			}

			return fs.readFileSync(descriptor, 'utf8');
		} finally {
			fs.closeSync(descriptor);
		}
	}

	/** @throws StoreError when `text` is larger than the limit: nothing is written. */
	write(text: string): void {
		const size = Buffer.byteLength(text);
		if (size > this.sizeLimit) {
			throw new StoreError(`This change would make ${this.path} ${formatSize(size)}, more than the ${formatSize(this.sizeLimit)} a store may hold: nothing was changed. Take large bodies or values you no longer need out of it, then try again`);
		}

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
