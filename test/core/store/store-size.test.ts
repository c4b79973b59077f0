import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {StoreError} from '../../../source/core/store/store-error.js';
import {openStore} from '../../../source/core/store/store.js';
import {fingerprint, makeConfigDir} from './config-dir.js';

/** A file of `bytes` that takes no room on disk (a sparse file): as large as a store can grow, as a stat sees it. */
function sparseFile(file: string, bytes: number): void {
	fs.writeFileSync(file, '');
	fs.truncateSync(file, bytes);
}

const tooLarge = (file: string, size: string) => `${file} is ${size}, more than the 256 MB a store may hold, so curlew did not read it and changed nothing. A store that large holds large bodies or values: with every curlew window closed, take those out of it (it is JSON), or move it away to start with a new store`;

describe('the store\'s size limit', () => {
	it('refuses a store file past 256 MB at start, saying what to do, without reading it or setting it aside', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		sparseFile(file, 600 * 1024 * 1024);
		expect(() => openStore({configDir})).toThrow(new StoreError(tooLarge(file, '600 MB')));
		expect(fs.readdirSync(configDir)).toEqual(['curlew.json']);
		expect(fs.statSync(file).size).toBe(600 * 1024 * 1024);
	});

	it('keeps showing its last good copy when the file grows past the limit while it runs, and refuses changes, setting nothing aside', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const shown = store.collections();
		const grown = path.join(configDir, 'grown');
		sparseFile(grown, 300 * 1024 * 1024);
		fs.renameSync(grown, store.path);
		expect(store.collections()).toEqual(shown);
		expect(() => store.createCollection({name: 'More'})).toThrow(new StoreError(tooLarge(store.path, '300 MB')));
		expect(fs.readdirSync(configDir)).toEqual(['curlew.json']);
	});

	it('refuses a change that would take the store past its limit, and writes nothing', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, sizeLimitBytes: 64 * 1024});
		const before = fingerprint(store.path);
		expect(() => store.createCollection({name: 'Big', variables: [{name: 'blob', value: 'x'.repeat(70_000)}]})).toThrow(new StoreError(`This change would make ${store.path} 74.1 KB, more than the 64 KB a store may hold: nothing was changed. Take large bodies or values you no longer need out of it, then try again`));
		expect(fingerprint(store.path)).toEqual(before);
		expect(store.collections().map(collection => collection.name)).toEqual(['Getting started']);
	});
});
