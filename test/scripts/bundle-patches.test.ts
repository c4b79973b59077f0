import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {build} from 'esbuild';
import {builtinNamespaces, builtinsImportedOnce, dependencyPatches, gotCacheWhenUsed, gotCryptoWhenUsed, gotDnsCacheWhenUsed, gotHttp2WhenUsed, hpagentWhenUsed, isListFormatWhenUsed, oneStringWidth, replaceOnce, stringWidthEmojiTestedLast} from '../../scripts/bundle-patches.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dependency = (file: string) => path.join(root, 'node_modules', file);

/** Runs a CommonJS bundle in a process of its own, where no test has loaded a built-in yet; returns what it printed, as JSON. */
function runBundle(text: string): unknown {
	const folder = mkdtempSync(path.join(tmpdir(), 'curlew-bundle-test-'));
	try {
		const file = path.join(folder, 'bundle.cjs');
		writeFileSync(file, text);
		const result = spawnSync(process.execPath, [file], {cwd: root, encoding: 'utf8'});
		expect(result.stderr).toBe('');
		return JSON.parse(result.stdout) as unknown;
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

/** Whether Node has loaded the built-in `name`, as the bundle's own code asks it. */
const loadedSource = 'const loaded = name => process.moduleLoadList.includes(`NativeModule ${name}`);';

/** Edited copies written beside the files they copy, so that their imports resolve: removed after the tests. */
const written: string[] = [];

/** A patch's edit of a dependency's file, loaded. */
async function loadEdited<T>(file: string, edit: (source: string, where: string) => string | undefined): Promise<T> {
	const edited = edit(readFileSync(dependency(file), 'utf8'), file);
	if (edited === undefined) {
		throw new Error(`${file} was left as it is`);
	}

	const target = `${dependency(file)}.curlew-test-${process.pid}.mjs`;
	writeFileSync(target, edited);
	written.push(target);
	return import(pathToFileURL(target).href) as Promise<T>;
}

describe('the edits made to dependencies as the CLI is bundled', () => {
	afterAll(() => {
		for (const file of written) {
			rmSync(file, {force: true});
		}
	});

	test('string-width, its emoji pattern made when needed and tested last, measures every UTF-16 code unit and emoji sequence as the package does', async () => {
		type StringWidth = {default: (text: string) => number};
		const original = (await import('string-width')) as StringWidth;
		const edited = await loadEdited<StringWidth>('string-width/index.js', stringWidthEmojiTestedLast.edit);
		const differing: string[] = [];
		for (let code = 0; code <= 0xFFFF; code++) {
			const text = `a${String.fromCharCode(code)}`;
			if (edited.default(text) !== original.default(text)) {
				differing.push(code.toString(16));
			}
		}

		for (const text of ['👍🏽', '👨‍👩‍👧', '🇫🇷', '#️⃣', '1⃣', '☺️', '⌚', 'é', '字', '─│╭', '\uD83D', 'x\u200Dy', '🏴󠁧󠁢󠁳󠁣󠁴󠁿']) {
			if (edited.default(text) !== original.default(text)) {
				differing.push(text);
			}
		}

		expect(differing).toEqual([]);
	});

	test('wrap-ansi is bundled with the string-width Ink measures with, not its own', async () => {
		const result = await build({
			stdin: {contents: 'import wrapAnsi from \'wrap-ansi\'; export const wrapped = wrapAnsi(\'字字字 ab\', 4, {hard: true});', resolveDir: root},
			bundle: true,
			platform: 'node',
			format: 'esm',
			write: false,
			metafile: true,
			plugins: [oneStringWidth],
		});
		const inputs = Object.keys(result.metafile.inputs).filter(input => input.includes('string-width'));
		expect(inputs).toEqual(['node_modules/string-width/index.js']);
		const bundled = path.join(root, `node_modules/.curlew-test-wrap-${process.pid}.mjs`);
		writeFileSync(bundled, result.outputFiles[0]!.text);
		written.push(bundled);
		const {wrapped} = (await import(pathToFileURL(bundled).href)) as {wrapped: string};
		expect(wrapped).toBe('字字\n字\nab');
	});

	test('@sindresorhus/is, its list formatters made when used, words its messages as the package does', async () => {
		type Is = {assert: {string(value: unknown): void; any(predicates: unknown[], ...values: unknown[]): void}; default: {string: unknown; number: unknown}};
		const original = (await import('@sindresorhus/is')) as Is;
		const edited = await loadEdited<Is>('@sindresorhus/is/distribution/index.js', isListFormatWhenUsed.edit);
		const message = (is: Is) => {
			try {
				is.assert.any([is.default.string, is.default.number], true, null);
			} catch (error) {
				return (error as Error).message;
			}

			return 'no error';
		};

		expect(message(edited)).toBe(message(original));
		expect(message(edited)).toMatch(/`string` or `number`/);
	});

	test('got takes http2-wrapper only where a request asks for HTTP/2', () => {
		const source = readFileSync(dependency('got/dist/source/core/options.js'), 'utf8');
		const edited = gotHttp2WhenUsed.edit(source, 'got');
		expect(edited).not.toContain('import http2wrapper');
		expect(edited).toContain('http2wrapper.globalAgent');
		expect(edited).toContain('return require(\'http2-wrapper\').auto;');
		expect(() => gotHttp2WhenUsed.edit(source.replace('http2wrapper.auto', 'http2wrapper.auto2'), 'got')).toThrow(/check what this version does/);
	});

	test('got names its requests with version 4 UUIDs made without node:crypto', async () => {
		const edited = gotCryptoWhenUsed[0]!.edit(readFileSync(dependency('got/dist/source/core/diagnostics-channel.js'), 'utf8'), 'got');
		expect(edited).not.toContain('node:crypto');
		const {generateRequestId} = await loadEdited<{generateRequestId(): string}>('got/dist/source/core/diagnostics-channel.js', gotCryptoWhenUsed[0]!.edit);
		const ids = Array.from({length: 1000}, () => generateRequestId());
		expect(ids.filter(id => !/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/.test(id))).toEqual([]);
		expect(new Set(ids).size).toBe(ids.length);
	});

	test('got reads checkServerIdentity from node:tls when TLS calls it, and makes its DNS cache\'s module when first asked for one', () => {
		const options = readFileSync(dependency('got/dist/source/core/options.js'), 'utf8');
		const tlsEdited = gotCryptoWhenUsed[1]!.edit(options, 'got')!;
		expect(tlsEdited).toContain('https.checkServerIdentity ?? ((hostname, certificate) => checkServerIdentity(hostname, certificate))');
		const dnsEdited = gotDnsCacheWhenUsed.edit(options, 'got');
		expect(dnsEdited).not.toContain('import CacheableLookup');
		expect(dnsEdited).toContain('globalDnsCache = new (require(\'cacheable-lookup\').default)();');
	});

	test('got requires cacheable-request where a request has a cache, and takes an error for its own only there', () => {
		const edited = gotCacheWhenUsed.edit(readFileSync(dependency('got/dist/source/core/index.js'), 'utf8'), 'got')!;
		expect(edited).not.toMatch(/^import .* from 'cacheable-request';$/m);
		expect(edited).toContain('new (require(\'cacheable-request\').default)(');
		expect(edited).toContain('if (options.cache && error instanceof require(\'cacheable-request\').CacheError) {');
	});

	test('hpagent\'s HTTPS agent, and node:https with it, load when one is first made', async () => {
		const result = await build({
			stdin: {contents: `import {HttpsProxyAgent} from 'hpagent';\n${loadedSource}\nconst before = loaded('https');\nconst agent = new HttpsProxyAgent({proxy: 'http://127.0.0.1:9'});\nconsole.log(JSON.stringify({before, after: loaded('https'), isAgent: agent instanceof require('node:https').Agent, proxy: agent.proxy.href}));`, resolveDir: root},
			bundle: true,
			platform: 'node',
			format: 'cjs',
			write: false,
			plugins: [dependencyPatches([hpagentWhenUsed])],
		});
		expect(runBundle(result.outputFiles[0]!.text)).toEqual({before: false, after: true, isAgent: true, proxy: 'http://127.0.0.1:9/'});
	});

	test('a bundle\'s imports of a built-in share one namespace, and those loaded when used load at their first use', async () => {
		// .mjs, modules as Node reads them (and curlew's own, in a package of ES modules): esbuild imports a built-in's default differently in a CommonJS file.
		const folder = mkdtempSync(path.join(tmpdir(), 'curlew-builtins-'));
		try {
			writeFileSync(path.join(folder, 'reader.mjs'), 'import fs from \'node:fs\';\nimport {readFileSync} from \'node:fs\';\nexport const sameRead = fs.readFileSync === readFileSync;\nexport const size = file => fs.statSync(file).size;\n');
			writeFileSync(path.join(folder, 'hasher.mjs'), 'import crypto, {createHash} from \'node:crypto\';\nimport fs from \'node:fs\';\nexport const hash = text => createHash(\'sha256\').update(text).digest(\'hex\').slice(0, 8);\nexport const hasUuid = () => \'randomUUID\' in crypto && typeof crypto.randomUUID === \'function\';\nexport const exists = file => fs.existsSync(file);\n');
			writeFileSync(path.join(folder, 'entry.mjs'), `import {sameRead, size} from './reader.mjs';\nimport {hash, hasUuid, exists} from './hasher.mjs';\n${loadedSource}\nconst before = loaded('crypto');\nconsole.log(JSON.stringify({before, sameRead, size: size(process.argv[1]) > 0, exists: exists(process.argv[1]), hash: hash('x'), hasUuid: hasUuid(), after: loaded('crypto')}));\n`);
			const result = await build({entryPoints: [path.join(folder, 'entry.mjs')], bundle: true, platform: 'node', format: 'cjs', minify: true, write: false, banner: {js: builtinNamespaces}});
			const esbuilds = result.outputFiles[0]!.text;
			const edited = builtinsImportedOnce(esbuilds, {loadedWhenUsed: ['node:crypto'], where: 'entry'});
			expect(esbuilds).toMatch(/[\w$]+\(require\("node:fs"\),1\)/);
			expect(edited).not.toMatch(/[\w$]+\(require\("node:(fs|crypto)"\),1\)/);
			expect(edited).not.toContain('require("node:crypto")');
			expect(runBundle(edited)).toEqual({before: false, sameRead: true, size: true, exists: true, hash: '2d711642', hasUuid: true, after: true});
		} finally {
			rmSync(folder, {recursive: true, force: true});
		}
	});

	test('a bundle whose imports of built-ins are not esbuild\'s helper fails the build saying what to check', () => {
		expect(() => builtinsImportedOnce('var x = 1;', {loadedWhenUsed: [], where: 'b.cjs'})).toThrow('b.cjs: expected the default imports of built-ins to call one helper of esbuild\'s, found 0: check how this version of esbuild imports them');
		expect(() => builtinsImportedOnce('var f=(a,b,c)=>a;f(require("node:fs"),1)', {loadedWhenUsed: [], where: 'b.cjs'})).toThrow('f, which imports the built-ins, is not esbuild\'s CommonJS-to-module helper');
	});

	test('an edit whose text is not there, or is there twice, fails the build saying what to check', () => {
		expect(() => replaceOnce('abc', [['x', 'y']], 'file.js')).toThrow('file.js: expected one "x", found 0: check what this version of the package does before editing it');
		expect(() => replaceOnce('xx', [['x', 'y']], 'file.js')).toThrow('found 2');
		expect(replaceOnce('a $& b', [['$&', '$$']], 'file.js')).toBe('a $$ b');
	});
});
