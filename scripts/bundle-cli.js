// Bundles the CLI into dist/cli.js (and dist/chunks/ for the parts loaded on demand, such
// as the TUI). One file loads far faster than the few hundred modules behind got,
// Ink and React: start-up is most of a `curlew run`. dist/core stays tsc's output, the
// library that `curlew/core` exports.
import {rmSync} from 'node:fs';
import {build} from 'esbuild';
import {dependencyPatches, gotHttp2WhenUsed, isListFormatWhenUsed, stringWidthEmojiTestedLast, yogaWithoutFetch} from './bundle-patches.js';

// Chunk names carry hashes: without this, stale chunks of earlier builds pile up.
rmSync('dist/chunks', {recursive: true, force: true});

const result = await build({
	entryPoints: ['source/cli.tsx'],
	outdir: 'dist',
	entryNames: '[name]',
	chunkNames: 'chunks/[name]-[hash]',
	bundle: true,
	splitting: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	// quickjs-emscripten is loaded by path in the script worker, with its WebAssembly files beside it.
	// react-devtools-core is Ink's optional development aid, never installed here.
	external: ['quickjs-emscripten', 'react-devtools-core'],
	// Bundled CommonJS packages call require; give them one that resolves from dist/.
	// React's development build makes each keystroke several times slower and is a third of
	// what loads before the first frame: the CLI ships the production build only.
	define: {'process.env.NODE_ENV': '"production"'},
	banner: {js: 'import {createRequire as curlewCreateRequire} from \'node:module\'; const require = curlewCreateRequire(import.meta.url);'},
	plugins: [dependencyPatches([yogaWithoutFetch, stringWidthEmojiTestedLast, gotHttp2WhenUsed, isListFormatWhenUsed])],
	minify: true,
	logLevel: 'warning',
	metafile: process.env.CURLEW_BUNDLE_META === '1',
});

if (result.metafile) {
	console.log(JSON.stringify(result.metafile));
}
