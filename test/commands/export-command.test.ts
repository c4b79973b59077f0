import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {exportCommand} from '../../source/commands/export-command.js';
import {UsageError} from '../../source/commands/parse-var.js';
import {findCollectionByName} from '../../source/core/store/find.js';
import {openStore, type Store} from '../../source/core/store/store.js';
import {InvalidValueError} from '../../source/core/values.js';
import {makeConfigDir} from '../core/store/config-dir.js';

function storeWith(...names: string[]): Store {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	for (const name of names) {
		store.createCollection({name});
	}

	return store;
}

describe('curlew export', () => {
	it('finds the collection as curlew run does: exact name, else ignoring case, else by slug', () => {
		const store = storeWith('My API', 'Billing');
		expect(JSON.parse(exportCommand(store, 'my_api', 'curlew')).name).toBe('My API');
		expect(JSON.parse(exportCommand(store, 'BILLING', 'postman')).info.name).toBe('Billing');
	});

	it('lists the collections a loose name matches, in the words curlew run uses, instead of saying there is none', () => {
		const store = storeWith('My API', 'my-api');
		const runsMessage = catchMessage(() => findCollectionByName(store.collections(), 'my_api'));
		expect(runsMessage).toBe('The store has 2 collections matching "my_api": "My API", "my-api"; type one of these names exactly');
		expect(catchMessage(() => exportCommand(store, 'my_api', 'curlew'))).toBe(runsMessage);
		expect(JSON.parse(exportCommand(store, 'my-api', 'curlew')).name).toBe('my-api');
	});

	it('names the collections there are when none matches', () => {
		expect(() => exportCommand(storeWith('My API'), 'nope', 'curlew')).toThrow('No collection named "nope": choose one of "My API"');
		expect(() => exportCommand(storeWith(), 'nope', 'curlew')).toThrow('No collection named "nope": the store has none; import one with curlew import <file>');
	});

	it('refuses a number beyond 2^53 an older curlew stored, which curlew import would refuse, naming the variable', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'SC'});
		store.setVariable(id, {name: 'v_big', value: 1});
		store.addEnvironment(id, {name: 'Prod', variables: [{name: 'v_unsafeInt', value: 2}]});
		const exact = exportCommand(store, 'SC', 'curlew');
		const stored = fs.readFileSync(store.path, 'utf8');
		store.close();

		fs.writeFileSync(path.join(configDir, 'curlew.json'), stored.replace('"value": 1', '"value": 1e21'));
		expect(() => exportCommand(openStore({configDir, seed: false}), 'SC', 'curlew')).toThrow(new InvalidValueError('Variable "v_big": 1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string (t in the variables pane edits it as another kind); curlew import would refuse the file, so nothing was exported'));
		fs.writeFileSync(path.join(configDir, 'curlew.json'), stored.replace('"value": 2', '"value": 9007199254740992'));
		expect(() => exportCommand(openStore({configDir, seed: false}), 'SC', 'curlew')).toThrow(/^Environment "Prod": Variable "v_unsafeInt": 9007199254740992 is beyond the integers/);
		fs.writeFileSync(path.join(configDir, 'curlew.json'), stored);
		expect(exportCommand(openStore({configDir, seed: false}), 'SC', 'curlew')).toBe(exact);
	});

	it('refuses a format it does not write before looking for the collection', () => {
		expect(() => exportCommand(storeWith(), 'nope', 'har')).toThrow(new UsageError('--format har is not a format curlew writes: use curlew or postman'));
	});
});

function catchMessage(action: () => unknown): string {
	try {
		action();
	} catch (error) {
		return (error as Error).message;
	}

	throw new Error('expected an error');
}
