import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {saveBody} from '../../../source/tui/response/save-body.js';

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
		const result = await saveBody('out.bin', bytes, folder);
		expect(result).toEqual({ok: true, path: join(folder, 'out.bin')});
		expect(new Uint8Array(await readFile(join(folder, 'out.bin')))).toEqual(bytes);
	});

	test('names the missing folder', async () => {
		const result = await saveBody('missing/out.json', new Uint8Array(1), folder);
		expect(result).toEqual({ok: false, message: `Folder ${join(folder, 'missing')} does not exist: create it first or choose another path`, path: join(folder, 'missing/out.json')});
	});

	test('never overwrites an existing file', async () => {
		await writeFile(join(folder, 'taken.json'), 'keep me');
		const result = await saveBody('taken.json', new Uint8Array(1), folder);
		expect(result).toEqual({ok: false, message: `${join(folder, 'taken.json')} already exists: choose another name (nothing was overwritten)`, path: join(folder, 'taken.json')});
		expect(await readFile(join(folder, 'taken.json'), 'utf8')).toBe('keep me');
	});

	test('asks for a name when none is given', async () => {
		expect(await saveBody('  ', new Uint8Array(1), folder)).toEqual({ok: false, message: 'No file name given: type a path to save the body to'});
	});
});
