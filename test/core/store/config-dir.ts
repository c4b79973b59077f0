import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach} from 'vitest';

const made: string[] = [];

afterEach(() => {
	for (const directory of made.splice(0)) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

/** A fresh config folder for one test, removed after it. */
export function makeConfigDir(): string {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'curlew-store-'));
	made.push(directory);
	return directory;
}

/** The file's bytes and identity: equal only when nothing rewrote it. */
export function fingerprint(file: string): {text: string; inode: number; modified: number} {
	const stats = fs.statSync(file);
	return {text: fs.readFileSync(file, 'utf8'), inode: stats.ino, modified: stats.mtimeMs};
}
