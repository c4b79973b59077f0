// Builds what runs inside the script sandbox into dist/sandbox/: the script API (the modules of
// source/core/scripts/sandbox/, as parts.json). `npm run build` runs it, and so does the test
// setup, so that tests always run the sandbox code as it is written.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'source/core/scripts/sandbox');

/** The script API's modules, each compiled by the runs that need it (see prelude.js). */
export const partNames = ['prelude', 'format', 'request', 'response', 'compat', 'expect'];

/**
Text that evaluates to what `entry` assigns to curlewModule, declaring nothing global, in
strict mode as the modules it bundles are. No
export is bundled: esbuild's helpers for exports call Object.defineProperty as a part is
compiled, which may be after a script replaced it.
*/
async function expressionOf(entry) {
	const result = await build({
		stdin: {contents: entry, resolveDir: sources},
		bundle: true,
		format: 'iife',
		platform: 'browser',
		target: 'es2022',
		minify: true,
		legalComments: 'none',
		write: false,
		logLevel: 'warning',
	});
	return `(function () {"use strict";var curlewModule;${result.outputFiles[0].text}\nreturn curlewModule;\n})()`;
}

export async function buildSandbox(outdir = join(root, 'dist/sandbox')) {
	rmSync(outdir, {recursive: true, force: true});
	mkdirSync(outdir, {recursive: true});
	const parts = {};
	for (const name of partNames) {
		parts[name] = await expressionOf(`import part from './${name}.js'; curlewModule = part;`);
	}

	writeFileSync(join(outdir, 'parts.json'), JSON.stringify(parts));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildSandbox();
}
