import {describe, expect, it} from 'vitest';
import {findCollectionByName, findOneByName} from '../../../source/core/store/find.js';
import {StoreError} from '../../../source/core/store/store-error.js';

const requests = [
	{id: 'r1', name: 'Get user'},
	{id: 'r2', name: 'get-user'},
	{id: 'r3', name: 'get user'},
	{id: 'r4', name: 'List users'},
];

const lookup = {kind: 'requests', holder: 'Collection "D"', missing: () => 'missing'};

describe('finding the one item a name means', () => {
	it.each([
		['get user', 'r3'],
		['Get user', 'r1'],
		['get-user', 'r2'],
		['r1', 'r1'],
		['GET-USER', 'r2'],
		['list USERS', 'r4'],
		['list_users', 'r4'],
	])('takes %j as the request with id %s: an exact name first, else the only match ignoring case, else the only slug', (name, id) => {
		expect(findOneByName(requests, name, lookup).id).toBe(id);
	});

	it('refuses names that match several ignoring case and none exactly, listing them', () => {
		expect(() => findOneByName(requests, 'GET USER', lookup))
			.toThrow(new StoreError('Collection "D" has 2 requests matching "GET USER": "Get user", "get user"; type one of these names exactly'));
	});

	it('refuses a slug that matches several, listing them', () => {
		expect(() => findOneByName(requests, 'get_user', lookup))
			.toThrow('Collection "D" has 3 requests matching "get_user": "Get user", "get-user", "get user"; type one of these names exactly');
	});

	it('refuses two items with the very same name rather than pick one', () => {
		const twins = [{id: 'a', name: 'Login'}, {id: 'b', name: 'Login'}];
		expect(() => findOneByName(twins, 'Login', lookup)).toThrow(/has 2 requests matching "Login"/);
	});

	it('says the caller\'s words when nothing matches', () => {
		expect(() => findOneByName(requests, 'get', lookup)).toThrow(new StoreError('missing'));
	});

	it('names the collections there are when none is named so, or says how to make one when there is none', () => {
		const collections = [{id: 'c1', name: 'API', variables: [], environments: [], requests: []}] as unknown as Parameters<typeof findCollectionByName>[0];
		expect(() => findCollectionByName(collections, 'Nope')).toThrow('No collection named "Nope": choose one of "API"');
		expect(() => findCollectionByName([], 'Nope')).toThrow('No collection named "Nope": the store has none; import one with curlew import <file>');
		const quoted = [{id: 'c2', name: 'Rich "quoted"', variables: [], environments: [], requests: []}] as unknown as Parameters<typeof findCollectionByName>[0];
		expect(() => findCollectionByName(quoted, 'Nope')).toThrow('No collection named "Nope": choose one of "Rich \\"quoted\\""');
	});
});
