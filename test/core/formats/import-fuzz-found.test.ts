/**
What the import fuzzer (import-fuzz.test.ts) found, each with the smallest file that showed
it: a file a reader took and the store then refused, or an engine's error in place of a
clear line.
*/
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {ImportedCollection} from '../../../source/core/formats/imported.js';
import {readImportFolder, storeCollection} from '../../../source/core/formats/import-export.js';
import {openStore} from '../../../source/core/store/store.js';

const temporary: string[] = [];

afterEach(() => {
	for (const directory of temporary.splice(0)) {
		rmSync(directory, {recursive: true, force: true});
	}
});

function temporaryFolder(): string {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-fuzz-found-'));
	temporary.push(folder);
	return folder;
}

/** The Bruno collection of `files` (bruno.json added), read from a real folder and stored in a real store. */
function importBruno(files: Record<string, string>): ImportedCollection {
	const folder = temporaryFolder();
	writeFileSync(path.join(folder, 'bruno.json'), '{"version": "1", "name": "Found", "type": "collection"}');
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(folder, file)), {recursive: true});
		writeFileSync(path.join(folder, file), text);
	}

	const imported = readImportFolder(folder, 'bruno');
	storeCollection(openStore({configDir: temporaryFolder()}), imported);
	return imported;
}

describe('what the import fuzzer found', () => {
	it('Bruno: a variable given twice in an environment keeps the later value, with a note, and the store takes it', () => {
		const {collection, notes} = importBruno({'environments/Local.bru': 'vars {\n  baseUrl: http://a\n  baseUrl: http://b\n}\n'});
		expect(collection.environments[0]!.variables).toEqual([{name: 'baseUrl', value: 'http://b'}]);
		expect(notes).toContain('environment "Local": variable "baseUrl" is defined twice: the later value was kept, as Bruno does');
	});

	it('Bruno: a variable given twice in collection.bru keeps the later value, with a note, and the store takes it', () => {
		const {collection, notes} = importBruno({'collection.bru': 'vars:pre-request {\n  apiVersion: 1\n  apiVersion: 2\n}\n'});
		expect(collection.variables).toEqual([{name: 'apiVersion', value: '2'}]);
		expect(notes).toContain('collection.bru: variable "apiVersion" is defined twice: the later value was kept, as Bruno does');
	});
});
