import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {runBundle} from '../source/compile-cache.js';

type Exports = {answer(): number; file: string};

/** A bundle as the build writes one: its hash on the first line, then CommonJS. */
function bundleSource(id: string, answer: number): string {
	return `/* curlew-bundle ${id} */\n'use strict';\nmodule.exports.answer = () => ${answer};\nmodule.exports.file = __filename;\n`;
}

describe('runBundle', () => {
	let folder: string;
	let bundle: string;
	let caches: string;
	beforeEach(() => {
		folder = mkdtempSync(path.join(tmpdir(), 'curlew-compile-cache-'));
		bundle = path.join(folder, 'curlew.cjs');
		caches = path.join(folder, 'cache');
		writeFileSync(bundle, bundleSource('0123456789abcdef', 42));
	});
	afterEach(() => {
		rmSync(folder, {recursive: true, force: true});
	});

	const run = (kind = 'run') => runBundle<Exports>({file: bundle, kind, directory: caches, require: createRequire(bundle)});
	const cacheFiles = () => (existsSync(caches) ? readdirSync(caches).sort() : []);

	test('runs the bundle as CommonJS, and writes its cache, named after the bundle, the kind and Node, once told the run is ready', () => {
		const first = run();
		expect(first.exports.answer()).toBe(42);
		expect(first.exports.file).toBe(bundle);
		expect(first.cache).toBe('missing');
		expect(cacheFiles()).toEqual([]);
		first.save('run');
		expect(cacheFiles()).toEqual([`0123456789abcdef-run-${process.version}-${process.arch}.v8cache`]);
		expect(statSync(caches).mode & 0o777).toBe(0o700);
		expect(statSync(path.join(caches, cacheFiles()[0]!)).mode & 0o777).toBe(0o600);
	});

	test('a later run uses the cache, and leaves it as it is', () => {
		run().save('run');
		const [file] = cacheFiles();
		const written = readFileSync(path.join(caches, file!));
		const second = run();
		expect(second.cache).toBe('used');
		expect(second.exports.answer()).toBe(42);
		second.save('run');
		expect(readFileSync(path.join(caches, file!))).toEqual(written);
	});

	test('a run of another kind has its own cache, and a run that turns out to be another kind writes none', () => {
		run('run').save('run');
		const tui = run('tui');
		expect(tui.cache).toBe('missing');
		tui.save('import');
		expect(cacheFiles()).toHaveLength(1);
		tui.save('tui');
		expect(cacheFiles()).toHaveLength(2);
	});

	test('never reads the cache of another build, even of the same length (V8 checks only the length)', () => {
		run().save('run');
		writeFileSync(bundle, bundleSource('fedcba9876543210', 17));
		const other = run();
		expect(other.cache).toBe('missing');
		expect(other.exports.answer()).toBe(17);
	});

	test('a damaged cache, or one V8 refuses, is made again', () => {
		run().save('run');
		const [file] = cacheFiles();
		const cacheFile = path.join(caches, file!);
		const damaged = readFileSync(cacheFile);
		damaged[damaged.length - 9]! ^= 0xFF;
		writeFileSync(cacheFile, damaged);
		const refused = run();
		expect(refused.cache).toBe('refused');
		expect(refused.exports.answer()).toBe(42);
		refused.save('run');
		expect(run().cache).toBe('used');
		// V8's own refusal, of data made for a source of another length (one this process has not compiled: it would reuse its own compilation).
		writeFileSync(bundle, bundleSource('0123456789abcdef', 4321));
		const other = run();
		expect(other.cache).toBe('refused');
		expect(other.exports.answer()).toBe(4321);
	});

	test('neither reads nor writes a cache in a folder others may write into: the cache is code that runs', () => {
		mkdirSync(caches);
		chmodSync(caches, 0o777);
		const untrusted = run();
		expect(untrusted.cache).toBe('untrusted');
		untrusted.save('run');
		expect(cacheFiles()).toEqual([]);
	});

	test('a bundle without the build\'s hash, or no cache folder, runs without a cache', () => {
		writeFileSync(bundle, '\'use strict\';\nmodule.exports.answer = () => 1;\n');
		const unnamed = run();
		expect(unnamed.cache).toBe('none');
		unnamed.save('run');
		expect(cacheFiles()).toEqual([]);
		writeFileSync(bundle, bundleSource('0123456789abcdef', 2));
		expect(runBundle<Exports>({file: bundle, kind: 'run', directory: undefined, require: createRequire(bundle)}).exports.answer()).toBe(2);
	});

	test('a folder it cannot write leaves the run as it is', () => {
		writeFileSync(caches, 'a file where the folder should be');
		const blocked = run();
		expect(blocked.exports.answer()).toBe(42);
		expect(() => {
			blocked.save('run');
		}).not.toThrow();
	});

	test('removes other builds\' caches a week old when it writes one, and keeps newer ones', () => {
		mkdirSync(caches, {mode: 0o700});
		const old = path.join(caches, 'aaaaaaaaaaaaaaaa-run-v20.0.0-x64.v8cache');
		const recent = path.join(caches, 'bbbbbbbbbbbbbbbb-run-v20.0.0-x64.v8cache');
		writeFileSync(old, 'old');
		writeFileSync(recent, 'recent');
		const eightDaysAgo = (Date.now() / 1000) - (8 * 24 * 60 * 60);
		utimesSync(old, eightDaysAgo, eightDaysAgo);
		run().save('run');
		expect(existsSync(old)).toBe(false);
		expect(existsSync(recent)).toBe(true);
	});
});
