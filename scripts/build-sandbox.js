// Builds what runs inside the script sandbox into dist/sandbox/: the script API (the modules of
// source/core/scripts/sandbox/, as parts.json) and each library a script may require (one file
// each, compiled by a run only when it requires it), with their licences. `npm run build` runs
// it, and so does the test setup, so that tests always run the sandbox code as it is written.
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'source/core/scripts/sandbox');
const fromRoot = createRequire(join(root, 'package.json'));

/** The script API's modules, each compiled by the runs that need it (see prelude.js). */
export const partNames = ['prelude', 'format', 'request', 'response', 'compat', 'legacy', 'expect'];

/**
The libraries a script may require, as Postman's and Bruno's sandboxes offer them (the list is
source/core/scripts/library-names.ts): for each, what `require` gives. Postman's uuid is also a
function that makes a v4 UUID.
*/
export const libraries = {
	ajv: 'curlewModule = require(\'ajv\');',
	chai: 'curlewModule = require(\'chai\');',
	'crypto-js': 'curlewModule = require(\'crypto-js\');',
	lodash: 'curlewModule = require(\'lodash\');',
	moment: 'curlewModule = require(\'moment\');',
	nanoid: 'curlewModule = require(\'nanoid\');',
	tv4: 'curlewModule = require(\'tv4\');',
	uuid: 'const uuid = require(\'uuid\'); curlewModule = Object.assign(() => uuid.v4(), uuid);',
	xml2js: 'curlewModule = require(\'xml2js\');',
};

/** Packages whose code the libraries above bundle, for the licences file. */
const bundledPackages = ['chai', 'assertion-error', 'check-error', 'deep-eql', 'get-func-name', 'loupe', 'pathval', 'type-detect', 'crypto-js', 'uuid', 'nanoid', 'lodash', 'moment', 'ajv', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 'tv4', 'xml2js', 'sax', 'xmlbuilder', 'events'];

/**
Text that evaluates to what `entry` assigns to curlewModule, declaring nothing global; strict, as
the modules it bundles are, unless they are libraries of others. No
export is bundled: esbuild's helpers for exports call Object.defineProperty as a part is
compiled, which may be after a script replaced it.
*/
async function expressionOf(entry, {plugins = [], strict = true} = {}) {
	const result = await build({
		stdin: {contents: entry, resolveDir: sources},
		plugins,
		bundle: true,
		format: 'iife',
		platform: 'browser',
		target: 'es2022',
		minify: true,
		legalComments: 'none',
		write: false,
		logLevel: 'warning',
	});
	return `(function () {${strict ? '"use strict";' : ''}var curlewModule;${result.outputFiles[0].text}\nreturn curlewModule;\n})()`;
}

/**
xml2js reads setImmediate from Node's timers, and sax tries Node's stream and string_decoder,
which the sandbox has not: sax goes on without streams, as in a browser.
*/
const nodeBuiltins = {
	name: 'sandbox-node-builtins',
	setup(build) {
		build.onResolve({filter: /^timers$/}, () => ({path: join(sources, 'node-timers.js')}));
		build.onResolve({filter: /^(?:stream|string_decoder)$/}, ({path}) => ({path, external: true}));
	},
};

export async function buildSandbox(outdir = join(root, 'dist/sandbox')) {
	rmSync(outdir, {recursive: true, force: true});
	mkdirSync(join(outdir, 'libraries'), {recursive: true});
	const parts = {};
	for (const name of partNames) {
		parts[name] = await expressionOf(`import part from './${name}.js'; curlewModule = part;`);
	}

	writeFileSync(join(outdir, 'parts.json'), JSON.stringify(parts));
	for (const [name, entry] of Object.entries(libraries)) {
		const text = await expressionOf(entry, {plugins: [nodeBuiltins], strict: false});
		writeFileSync(join(outdir, 'libraries', `${name}.js`), text);
	}

	writeFileSync(join(outdir, 'LICENSES.txt'), licences());
}

function licences() {
	return bundledPackages.map(name => {
		const manifestPath = fromRoot.resolve(`${name}/package.json`, {paths: [root, ...bundledPaths()]});
		const {version, license} = JSON.parse(readFileSync(manifestPath, 'utf8'));
		const folder = dirname(manifestPath);
		const text = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE'].map(file => {
			try {
				return readFileSync(join(folder, file), 'utf8');
			} catch {
				return undefined;
			}
		}).find(found => found !== undefined);
		return `${name} ${version} (${typeof license === 'string' ? license : JSON.stringify(license)})\n\n${text ?? `No licence file; package.json says ${JSON.stringify(license)}.`}\n`;
	}).join('\n---\n\n');
}

/** Folders where a package nested under another (sax under xml2js) is found. */
function bundledPaths() {
	return ['xml2js', 'chai'].map(name => dirname(fromRoot.resolve(`${name}/package.json`)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildSandbox();
}
