/**
Runs the CLI's bundle with V8's code cache, so that a start-up does not parse and compile
again what the last one did. Node 20 has no compile cache for modules
(`module.enableCompileCache` is Node 22's), but `vm.Script` reads and makes V8's cached data:
the bundle is one CommonJS file run as a script.

Each kind of run (the TUI, `curlew run`, an import...) has its own cache, made once the run
has done what its start-up does (the TUI's first frame, a command's end), so that it holds
the code that start-up needs. A cache is named after a hash of the bundle's text (its first
line, written by the build), the kind, and Node's version and architecture, and lives in a
folder only its owner can write: V8 checks only the text's length, so a cache of another
build must never be read. A cache V8 refuses is made again; one that cannot be read or
written leaves the run as it would be without it. V8 does not check the data it is given
beyond its header: the file holds a checksum before it, and one that does not match is
refused.
*/
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

/** What became of the cache for this run: used, refused by V8, not there, in a folder others may write, or none to look for. */
export type CacheState = 'used' | 'refused' | 'missing' | 'untrusted' | 'none';

export type CachedBundle<Exports> = {
	exports: Exports;
	cache: CacheState;
	/** Writes what is compiled so far as the cache of `kind`, when this run is of that kind and had no cache it could use. */
	save(kind: string): void;
};

export type RunBundleOptions = {
	/** The bundle: CommonJS, opening with the build's `/* curlew-bundle <hash> *\/`. */
	file: string;
	/** What this run is (a name of letters): each kind has its own cache. */
	kind: string;
	/** The folder of caches; undefined for no cache. */
	directory: string | undefined;
	/** The bundle's `require`, resolving from the bundle's folder. */
	require: NodeJS.Require;
};

/** Caches of other builds are removed once they are this old: a curlew not run for a week starts once without one. */
const staleMs = 7 * 24 * 60 * 60 * 1000;
const extension = '.v8cache';

export function runBundle<Exports>({file, kind, directory, require}: RunBundleOptions): CachedBundle<Exports> {
	// The build keeps the bundle ASCII, which Latin-1 reads as a copy: UTF-8 would be decoded.
	const source = fs.readFileSync(file, 'latin1');
	const id = /^\/\* curlew-bundle ([\da-f]+) \*\//.exec(source)?.[1];
	const cacheFile = id === undefined || directory === undefined ? undefined : path.join(directory, `${id}-${kind}-${process.version}-${process.arch}${extension}`);
	const {state, data} = readCache(cacheFile, directory);
	// The wrapper is a line of its own, and the offset keeps the bundle's own line numbers in stack traces.
	const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${source}\n})`, {filename: file, lineOffset: -1, cachedData: data});
	const cache: CacheState = data !== undefined && script.cachedDataRejected === true ? 'refused' : state;
	const module = {exports: {} as Exports};
	(script.runInThisContext() as (...parameters: unknown[]) => void)(module.exports, require, module, file, path.dirname(file));
	let saved = false;
	return {
		exports: module.exports,
		cache,
		save(saving) {
			if (saved || saving !== kind || cacheFile === undefined || directory === undefined || !(cache === 'missing' || cache === 'refused')) {
				return;
			}

			saved = true;
			writeCache(cacheFile, directory, script.createCachedData());
		},
	};
}

function readCache(cacheFile: string | undefined, directory: string | undefined): {state: CacheState; data?: Buffer} {
	if (cacheFile === undefined || directory === undefined) {
		return {state: 'none'};
	}

	const trust = trustOf(directory);
	if (trust !== 'trusted') {
		return {state: trust};
	}

	let file: Buffer;
	try {
		file = fs.readFileSync(cacheFile);
	} catch {
		return {state: 'missing'};
	}

	const data = file.subarray(4);
	return file.length > 4 && file.readUInt32LE(0) === checksum(data) ? {state: 'used', data} : {state: 'refused'};
}

/** CRC-32 of the data, what a damaged file (a bad sector, a copy cut short) would not keep; zlib's, in a fraction of a millisecond. */
function checksum(data: Uint8Array): number {
	return zlib.crc32(data);
}

/** Whether the folder is a folder of this user that no one else may write into (a cache is code that will run). */
function trustOf(directory: string): 'trusted' | 'missing' | 'untrusted' {
	let stat: fs.Stats;
	try {
		stat = fs.statSync(directory);
	} catch {
		return 'missing';
	}

	const ours = process.getuid === undefined || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);
	return stat.isDirectory() && ours ? 'trusted' : 'untrusted';
}

/** Written beside, then renamed: a run that reads the cache meanwhile sees the old one whole or the new one whole. */
function writeCache(cacheFile: string, directory: string, data: Buffer): void {
	const temporary = `${cacheFile}.${process.pid}.tmp`;
	try {
		fs.mkdirSync(directory, {recursive: true, mode: 0o700});
		if (trustOf(directory) !== 'trusted') {
			return;
		}

		const header = Buffer.alloc(4);
		header.writeUInt32LE(checksum(data));
		fs.writeFileSync(temporary, Buffer.concat([header, data]), {mode: 0o600});
		fs.renameSync(temporary, cacheFile);
	} catch {
		// A full disk or a folder not writable: the next run compiles as this one did.
		ignoreErrors(() => {
			fs.rmSync(temporary, {force: true});
		});
		return;
	}

	const current = path.basename(cacheFile).split('-')[0]!;
	ignoreErrors(() => {
		removeStale(directory, current);
	});
}

/** Removes the caches of other builds not written for a while: they pile up as curlew is upgraded. */
function removeStale(directory: string, currentId: string): void {
	const now = Date.now();
	for (const name of fs.readdirSync(directory)) {
		const file = path.join(directory, name);
		if (name.endsWith(extension) && !name.startsWith(`${currentId}-`)) {
			ignoreErrors(() => {
				if (now - fs.statSync(file).mtimeMs > staleMs) {
					fs.rmSync(file, {force: true});
				}
			});
		}
	}
}

/** For the cache's housekeeping, which never stops a run: another curlew may have removed the file first. */
function ignoreErrors(task: () => void): void {
	try {
		task();
	} catch {
		// Left for the next run's housekeeping.
	}
}
