#!/usr/bin/env node
/*
The `curlew` command (built to dist/cli.js): runs the CLI's bundle with V8's code cache of its
start-up kept in the user's cache folder (see compile-cache.ts). `curlew run` runs from a
bundle of its own, dist/curlew-run.cjs, which holds none of the TUI and the other commands: a
third of the code to read and set up at every start. Every other command line runs from
dist/curlew.cjs, which holds all of the CLI.
*/
import {fileURLToPath} from 'node:url';
import envPaths from 'env-paths';
import type {runCli, StartupKind} from './cli.js';
import {commandOf} from './command-line.js';
import {runBundle} from './compile-cache.js';

const commands: readonly StartupKind[] = ['run', 'import', 'export', 'env'];

function cacheDirectory(): string | undefined {
	try {
		return envPaths('curlew', {suffix: ''}).cache;
	} catch {
		// No home folder to find it in: start-up compiles as it would without a cache.
		return undefined;
	}
}

const command = commandOf(process.argv.slice(2));
// The kind of run the CLI will make of this command line (a kind it tells otherwise writes no cache).
const kind = commands.find(known => known === command) ?? 'tui';
const file = fileURLToPath(new URL(kind === 'run' ? 'curlew-run.cjs' : 'curlew.cjs', import.meta.url));
// This file is built as CommonJS, beside the bundles: its own require resolves from their folder
// as one made for them would. node:module, which makes one, loads Node's ES module loader.
const bundle = runBundle<{runCli: typeof runCli}>({file, kind, directory: cacheDirectory(), require});
// Built as CommonJS (see scripts/bundle-cli.js), which has no top-level await: runCli reports its own errors.
void bundle.exports.runCli({
	ready(ready) {
		bundle.save(ready);
	},
});
