#!/usr/bin/env node
/*
The `curlew` command (built to dist/cli.js): runs the CLI's bundle, dist/curlew.cjs, with
V8's code cache of its start-up kept in the user's cache folder (see compile-cache.ts).
*/
import {fileURLToPath} from 'node:url';
import envPaths from 'env-paths';
import type {runCli, StartupKind} from './cli.js';
import {runBundle} from './compile-cache.js';

const commands: readonly StartupKind[] = ['run', 'import', 'export', 'env'];

/** The kind of run the command line asks for, as the CLI will read it (a kind it tells otherwise writes no cache). */
function startupKind(args: readonly string[]): StartupKind {
	const word = args.find(arg => !arg.startsWith('-'));
	return commands.find(command => command === word) ?? 'tui';
}

function cacheDirectory(): string | undefined {
	try {
		return envPaths('curlew', {suffix: ''}).cache;
	} catch {
		// No home folder to find it in: start-up compiles as it would without a cache.
		return undefined;
	}
}

const kind = startupKind(process.argv.slice(2));
const bundle = runBundle<{runCli: typeof runCli}>({file: fileURLToPath(new URL('curlew.cjs', import.meta.url)), kind, directory: cacheDirectory()});
// Built as CommonJS (see scripts/bundle-cli.js), which has no top-level await: runCli reports its own errors.
void bundle.exports.runCli({
	ready(ready) {
		bundle.save(ready);
	},
});
