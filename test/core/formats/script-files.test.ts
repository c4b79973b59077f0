import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {readBrunoFolder} from '../../../source/core/formats/bruno-folder.js';
import {readBrunoCollection} from '../../../source/core/formats/bruno-import.js';
import {parseCollectionFile, serializeCollection} from '../../../source/core/formats/curlew-format.js';
import {createCollection} from '../../../source/core/model.js';
import {openStore} from '../../../source/core/store/store.js';
import {makeConfigDir} from '../store/config-dir.js';

const folders: string[] = [];
afterEach(() => {
	for (const folder of folders.splice(0)) {
		rmSync(folder, {recursive: true, force: true});
	}
});

describe('a collection\'s own script files (what require(\'./…\') reads)', () => {
	it('come from a Bruno folder\'s .js files, at any depth, but not from node_modules', () => {
		const folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-bruno-'));
		folders.push(folder);
		mkdirSync(path.join(folder, 'lib', 'deep'), {recursive: true});
		mkdirSync(path.join(folder, 'node_modules', 'x'), {recursive: true});
		writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Shop', type: 'collection'}));
		writeFileSync(path.join(folder, 'helpers.js'), 'module.exports = 1;');
		writeFileSync(path.join(folder, 'lib', 'deep', 'sign.js'), 'exports.sign = x => x;');
		writeFileSync(path.join(folder, 'node_modules', 'x', 'index.js'), 'module.exports = "no";');
		const {collection} = readBrunoCollection(readBrunoFolder(folder));
		expect(collection.scriptFiles).toEqual({'helpers.js': 'module.exports = 1;', 'lib/deep/sign.js': 'exports.sign = x => x;'});
	});

	it('are kept by curlew\'s own format and by the store', () => {
		const collection = createCollection({name: 'Shop', scriptFiles: {'lib/sign.js': 'exports.sign = x => x;'}});
		expect(parseCollectionFile(serializeCollection(collection)).scriptFiles).toEqual({'lib/sign.js': 'exports.sign = x => x;'});
		const configDir = makeConfigDir();
		const {id} = openStore({configDir, seed: false}).createCollection(collection);
		expect(openStore({configDir, seed: false}).getCollection(id)!.scriptFiles).toEqual({'lib/sign.js': 'exports.sign = x => x;'});
	});

	it.each(['../secrets.js', './lib/sign.js', '/etc/x.js', 'lib/../x.js', 'lib/sign.txt', 'lib//sign.js'])('refuses %s as a path, naming it', file => {
		const text = JSON.stringify({curlew: 1, name: 'Shop', scriptFiles: {[file]: 'x'}});
		expect(() => parseCollectionFile(text)).toThrow(`scriptFiles.${file}: is not a path of a collection's own script file: use folders and a name ending in .js, such as lib/sign.js, without ./ or ..`);
	});
});
