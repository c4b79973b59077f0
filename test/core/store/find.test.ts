import {describe, expect, it} from 'vitest';
import {createCollection} from '../../../source/core/model.js';
import {findEnvironment} from '../../../source/core/session/session.js';
import {findByNameOrId, uniqueName, uniqueNames} from '../../../source/core/store/find.js';

const items = [{id: 'a1', name: 'Get user'}, {id: 'a2', name: 'get user'}, {id: 'a3', name: 'List users'}];

describe('findByNameOrId', () => {
	it('takes an id, then an exact name, then a unique match ignoring case, then a unique slug', () => {
		expect(findByNameOrId(items, 'a3')?.name).toBe('List users');
		expect(findByNameOrId(items, 'get user')?.id).toBe('a2');
		expect(findByNameOrId(items, 'LIST USERS')?.id).toBe('a3');
		expect(findByNameOrId(items, 'list-users')?.id).toBe('a3');
	});

	it('finds nothing for a name several match only ignoring case', () => {
		expect(findByNameOrId(items, 'GET USER')).toBeUndefined();
	});
});

describe('findEnvironment', () => {
	it('follows the same rule as the command line', () => {
		const collection = createCollection({environments: [{id: 'e1', name: 'Prod', variables: []}, {id: 'e2', name: 'prod', variables: []}, {id: 'e3', name: 'Staging', variables: []}]});
		expect(findEnvironment(collection, 'prod')?.id).toBe('e2');
		expect(findEnvironment(collection, 'staging')?.id).toBe('e3');
		expect(findEnvironment(collection, 'PROD')).toBeUndefined();
		expect(findEnvironment(collection, undefined)).toBeUndefined();
	});
});

describe('uniqueName', () => {
	it('keeps a free name, and numbers a taken one from 2', () => {
		expect(uniqueName('Log in', ['Other'])).toBe('Log in');
		expect(uniqueName('Log in', ['log in', 'Log in (2)'])).toBe('Log in (3)');
	});

	it('counts on from the number a taken name has, rather than adding another', () => {
		expect(uniqueName('Log in (2)', ['Log in', 'Log in (2)'])).toBe('Log in (3)');
		expect(uniqueName('Log in (2)', ['Log in (2)', 'Log in (3)'])).toBe('Log in (4)');
	});
});

describe('uniqueNames', () => {
	it('suffixes each repeat of an exact name with a number no name in the list has, ignoring case', () => {
		expect(uniqueNames(['A', 'A', 'a (2)', 'A'])).toEqual(['A', 'A (3)', 'a (2)', 'A (4)']);
	});

	it('gives each repeat the first free number, after repeats that counted on from a number of their own', () => {
		expect(uniqueNames(['A (5)', 'A (5)', 'A', 'A', 'A', 'A (5)'])).toEqual(['A (5)', 'A (6)', 'A', 'A (2)', 'A (3)', 'A (7)']);
		expect(uniqueNames(Array.from({length: 5}, () => 'Get'))).toEqual(['Get', 'Get (2)', 'Get (3)', 'Get (4)', 'Get (5)']);
	});

	it('keeps names that differ only in case, as each typed exactly means one item', () => {
		expect(uniqueNames(['Get user', 'get user', 'GET USER'])).toEqual(['Get user', 'get user', 'GET USER']);
	});
});
