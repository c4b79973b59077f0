import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {build} from 'esbuild';
import {gotHttp2WhenUsed, isListFormatWhenUsed, oneStringWidth, replaceOnce, stringWidthEmojiTestedLast} from '../../scripts/bundle-patches.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dependency = (file: string) => path.join(root, 'node_modules', file);

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

	test('an edit whose text is not there, or is there twice, fails the build saying what to check', () => {
		expect(() => replaceOnce('abc', [['x', 'y']], 'file.js')).toThrow('file.js: expected one "x", found 0: check what this version of the package does before editing it');
		expect(() => replaceOnce('xx', [['x', 'y']], 'file.js')).toThrow('found 2');
		expect(replaceOnce('a $& b', [['$&', '$$']], 'file.js')).toBe('a $$ b');
	});
});
