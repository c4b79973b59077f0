// Bundles the CLI into one CommonJS file, dist/curlew.cjs (and `curlew run`'s part of it into
// dist/curlew-run.cjs), and its entry, dist/cli.js (source/bin.ts, CommonJS too), which runs
// one with V8's code cache: start-up is most of a `curlew run`, and one file, compiled once,
// loads far faster than the few hundred modules behind got, Ink and React. dist/core stays
// tsc's output, the library that `curlew/core` exports.
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, writeFileSync} from 'node:fs';
import {build} from 'esbuild';
import {builtinNamespaces, builtinsImportedOnce, dependencyPatches, gotCacheWhenUsed, gotCryptoWhenUsed, gotDnsCacheWhenUsed, gotHttp2WhenUsed, hpagentWhenUsed, inkDevtoolsRequired, isListFormatWhenUsed, oneStringWidth, stringWidthEmojiTestedLast, yogaLoadedAtOnce, yogaWasm} from './bundle-patches.js';

// A bundle's first line names a hash of the build's bundles, which names their caches (see compile-cache.ts).
const idPlaceholder = 'curlew-bundle-id';
const shared = {
	bundle: true,
	platform: 'node',
	target: 'node20',
	minify: true,
	logLevel: 'warning',
};

const cliOptions = {
	...shared,
	entryPoints: ['source/cli.tsx'],
	format: 'cjs',
	write: false,
	// quickjs-emscripten is loaded by path in the script worker, with its WebAssembly files beside it.
	// react-devtools-core is Ink's optional development aid, never installed here.
	external: ['quickjs-emscripten', 'react-devtools-core'],
	// React's development build makes each keystroke several times slower and is a third of
	// what loads before the first frame: the CLI ships the production build only.
	define: {'process.env.NODE_ENV': '"production"', 'import.meta.url': 'curlewBundleUrl'},
	// Strict, as the modules it is made of were; import.meta.url is the bundle's own.
	banner: {js: `/* curlew-bundle ${idPlaceholder} */\n'use strict';\nconst curlewBundleUrl = require('node:url').pathToFileURL(__filename).href;\n${builtinNamespaces}`},
	metafile: process.env.CURLEW_BUNDLE_META === '1',
};

/*
`curlew run`'s bundle: the CLI without the TUI and the other commands, whose modules cli.tsx
loads only for their command. dist/cli.js chooses it for `run` alone; a module of another
command, were it ever asked for, says so.
*/
const otherCommands = /^\.\/(tui\/start-from-cli|commands\/(import|export|env)-command)\.js$/;
const runCommandOnly = {
	name: 'run-command-only',
	setup(build) {
		build.onResolve({filter: otherCommands}, ({path, importer}) => (importer.endsWith('cli.tsx') ? {path, namespace: 'not-in-run-bundle'} : undefined));
		build.onLoad({filter: /.*/, namespace: 'not-in-run-bundle'}, ({path}) => ({contents: `throw new Error(${JSON.stringify(`${path} is not in curlew-run.cjs, which runs curlew run only: run dist/cli.js, which chooses the bundle`)});`, loader: 'js'}));
	},
};

const [cli, runOnly] = await Promise.all([
	build({...cliOptions, outfile: 'dist/curlew.cjs', plugins: [oneStringWidth, dependencyPatches([...yogaLoadedAtOnce, inkDevtoolsRequired, stringWidthEmojiTestedLast, gotHttp2WhenUsed, ...gotCryptoWhenUsed, gotDnsCacheWhenUsed, gotCacheWhenUsed, hpagentWhenUsed, isListFormatWhenUsed])]}),
	build({...cliOptions, outfile: 'dist/curlew-run.cjs', plugins: [runCommandOnly, dependencyPatches([gotHttp2WhenUsed, ...gotCryptoWhenUsed, gotDnsCacheWhenUsed, gotCacheWhenUsed, hpagentWhenUsed, isListFormatWhenUsed])]}),
]);

// A plain http:// request, the TUI's first frame and most runs use none of these (node:module
// loads Node's ES module loader, for faker's first use; timers/promises is for got's pagination).
const loadedWhenUsed = ['node:crypto', 'node:tls', 'node:https', 'node:module', 'node:timers/promises'];
const outputs = [cli, runOnly].map(result => {
	const output = result.outputFiles[0];
	return {path: output.path, text: builtinsImportedOnce(output.text, {loadedWhenUsed, where: output.path})};
});
for (const output of outputs) {
	// An ASCII bundle is read as Latin-1 (compile-cache.ts): a copy, where UTF-8 would be decoded, 3 ms of every start.
	const nonAscii = /[^\0-\x7F]/.exec(output.text);
	if (nonAscii !== null) {
		const line = output.text.slice(0, nonAscii.index).split('\n').length;
		throw new Error(`${output.path} line ${line}: ${JSON.stringify(nonAscii[0])} is not ASCII: esbuild escapes such characters except in String.raw templates, where the source must write the escape itself`);
	}
}

// One id for the build's bundles, so that the caches of one are not taken for another build's (compile-cache.ts removes those).
const hash = createHash('sha256');
for (const output of outputs) {
	hash.update(output.text);
}

const id = hash.digest('hex').slice(0, idPlaceholder.length);
for (const output of outputs) {
	writeFileSync(output.path, output.text.replace(idPlaceholder, id));
}

writeFileSync('dist/yoga.wasm', yogaWasm('node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js'));

const entry = await build({
	...shared,
	entryPoints: ['source/bin.ts'],
	outfile: 'dist/cli.js',
	write: false,
	// CommonJS: an ES module entry costs Node its ES module loader and a module made of each
	// built-in it imports (node:process's opens stdin and stdout), 3 ms of every start.
	format: 'cjs',
	define: {'import.meta.url': 'curlewEntryUrl'},
	banner: {js: `'use strict';\nconst curlewEntryUrl = require('node:url').pathToFileURL(__filename).href;\n${builtinNamespaces}`},
});
const [entryOutput] = entry.outputFiles;
writeFileSync(entryOutput.path, builtinsImportedOnce(entryOutput.text, {loadedWhenUsed: [], where: entryOutput.path}), {mode: 0o755});

// dist/cli.js is CommonJS by dist's package.json; the folders hold the ES modules tsc wrote
// (dist/core is the library that `curlew/core` exports).
writeFileSync('dist/package.json', `${JSON.stringify({type: 'commonjs'})}\n`);
for (const folder of readdirSync('source', {withFileTypes: true})) {
	if (folder.isDirectory() && existsSync(`dist/${folder.name}`)) {
		writeFileSync(`dist/${folder.name}/package.json`, `${JSON.stringify({type: 'module'})}\n`);
	}
}

if (cli.metafile) {
	console.log(JSON.stringify({cli: cli.metafile, run: runOnly.metafile}));
}
