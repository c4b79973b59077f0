/*
QuickJS's WebAssembly, compiled once per process and handed to every sandbox worker. The
main thread compiles it while the first worker boots (compiling is V8's work off the main
thread, not ours on it), so neither waits for the other; and since V8 shares a compiled
module between threads, a worker started later (after one was stopped) reuses the code V8
compiled and optimized for the ones before.
*/
import {readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';

/** The part of the WebAssembly API used here: TypeScript declares it only with the DOM library. */
declare const WebAssembly: {
	compile(bytes: Uint8Array): Promise<object>;
};

const fromQuickjs = createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten'));
const variant = '@jitl/quickjs-wasmfile-release-sync';

/** What a worker requires: the library's core and the one build of QuickJS it runs, not the package that lists every build. */
export const quickjsPaths = {core: fromQuickjs.resolve('quickjs-emscripten-core'), variant: fromQuickjs.resolve(variant)};

let compiled: Promise<object> | undefined;

/** The compiled WebAssembly.Module of QuickJS; a failed compile is tried again by the next call. */
export async function quickjsModule(): Promise<object> {
	compiled ??= readFile(fromQuickjs.resolve(`${variant}/wasm`)).then(async bytes => WebAssembly.compile(bytes));
	try {
		return await compiled;
	} catch (error) {
		compiled = undefined;
		throw error;
	}
}
