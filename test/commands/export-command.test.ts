import {describe, expect, it} from 'vitest';
import {exportCommand} from '../../source/commands/export-command.js';
import {UsageError} from '../../source/commands/parse-var.js';
import {findCollectionByName} from '../../source/core/store/find.js';
import {openStore, type Store} from '../../source/core/store/store.js';
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
