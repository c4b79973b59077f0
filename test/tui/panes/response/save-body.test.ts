import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {freeSavePath, saveBody} from '../../../../source/tui/panes/response/save-body.js';

let folder: string;

beforeEach(async () => {
	folder = await mkdtemp(join(tmpdir(), 'curlew-save-'));
});

afterEach(async () => {
	await rm(folder, {recursive: true, force: true});
});

describe('saveBody', () => {
	test('writes the exact bytes, binary included', async () => {
		const bytes = Uint8Array.from([0, 0xFF, 0x0D, 0x0A, 0xC3, 0x28]);
		const result = await saveBody('out.bin', bytes, {cwd: folder});
		expect(result).toEqual({ok: true, path: join(folder, 'out.bin')});
		expect(new Uint8Array(await readFile(join(folder, 'out.bin')))).toEqual(bytes);
	});

	test('names the missing folder', async () => {
		const result = await saveBody('missing/out.json', new Uint8Array(1), {cwd: folder});
		expect(result).toEqual({ok: false, message: `Folder ${join(folder, 'missing')} does not exist: create it first or choose another path`, path: join(folder, 'missing/out.json')});
	});

	test('never overwrites an existing file', async () => {
		await writeFile(join(folder, 'taken.json'), 'keep me');
		const result = await saveBody('taken.json', new Uint8Array(1), {cwd: folder});
		expect(result).toEqual({ok: false, message: `${join(folder, 'taken.json')} already exists: choose another name (nothing was overwritten)`, path: join(folder, 'taken.json')});
		expect(await readFile(join(folder, 'taken.json'), 'utf8')).toBe('keep me');
	});

	test('asks for a name when none is given', async () => {
		expect(await saveBody('  ', new Uint8Array(1), {cwd: folder})).toEqual({ok: false, message: 'No file name given: type a path to save the body to'});
	});

	test('saves into a folder given as the path under the file name given, the next free one when it is taken', async () => {
		await mkdir(join(folder, 'out'));
		const first = await saveBody('out', Uint8Array.of(1), {cwd: folder, fileName: 'response.json'});
		expect(first).toEqual({ok: true, path: join(folder, 'out', 'response.json')});
		const second = await saveBody('out/', Uint8Array.of(2), {cwd: folder, fileName: 'response.json'});
		expect(second).toEqual({ok: true, path: join(folder, 'out', 'response-2.json')});
		expect(new Uint8Array(await readFile(join(folder, 'out', 'response.json')))).toEqual(Uint8Array.of(1));
	});
});

describe('freeSavePath', () => {
	test('is the name itself while it is free, then the name with -2, -3 before its extension', async () => {
		expect(freeSavePath('response.json', folder)).toBe('response.json');
		await writeFile(join(folder, 'response.json'), '');
		expect(freeSavePath('response.json', folder)).toBe('response-2.json');
		await writeFile(join(folder, 'response-2.json'), '');
		expect(freeSavePath('response.json', folder)).toBe('response-3.json');
	});

	test('keeps the folder of a path and counts names without an extension', async () => {
		await mkdir(join(folder, 'sub'));
		await writeFile(join(folder, 'sub', 'dump'), '');
		expect(freeSavePath('sub/dump', folder)).toBe(join('sub', 'dump-2'));
	});
});
