import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {serializeCollection} from '../../../source/core/formats/curlew-format.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {exportCollection} from '../../../source/core/formats/export-collection.js';
import {importCollection, importEnvironment} from '../../../source/core/formats/import-export.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';
import {serializePostmanCollection} from '../../../source/core/formats/postman-format.js';
import {StoreError} from '../../../source/core/store/store-error.js';
import {openStore, type Store} from '../../../source/core/store/store.js';

const directories: string[] = [];

afterEach(() => {
	for (const directory of directories.splice(0)) {
		fs.rmSync(directory, {recursive: true, force: true});
	}
});

function seededStore(): Store {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'curlew-import-'));
	directories.push(directory);
	return openStore({configDir: directory});
}

describe('importCollection', () => {
	it('adds the collection, with a suffix when its name is taken', () => {
		const store = seededStore();
		const text = exportCollection(store, 'getting started');
		const {collection: imported} = importCollection(store, text);
		expect(imported.name).toBe('Getting started (2)');
		expect(store.collections().map(collection => collection.name)).toEqual(['Getting started', 'Getting started (2)']);
		expect(serializeCollection(store.getCollection(imported.id)!)).toBe(text.replace('"Getting started"', '"Getting started (2)"'));
		expect(imported.requests.map(request => request.id)).not.toContain(store.collections()[0]!.requests[0]!.id);
	});

	it('imports requests and environments named exactly like an earlier one of the file under a suffix, and says which', () => {
		const store = seededStore();
		const text = JSON.stringify({
			curlew: 1,
			name: 'Twins',
			environments: [{name: 'Prod'}, {name: 'Prod'}],
			requests: [{name: 'Login', url: '/a'}, {name: 'Login', url: '/b'}, {name: 'login', url: '/c'}],
		});
		const {collection, renamed} = importCollection(store, text);
		expect(collection.requests.map(request => [request.name, request.url])).toEqual([['Login', '/a'], ['Login (2)', '/b'], ['login', '/c']]);
		expect(collection.environments.map(environment => environment.name)).toEqual(['Prod', 'Prod (2)']);
		expect(renamed).toEqual([
			{kind: 'environment', from: 'Prod', to: 'Prod (2)'},
			{kind: 'request', from: 'Login', to: 'Login (2)'},
		]);
	});

	it('renames nothing but a taken collection name when the file\'s names are distinct', () => {
		const store = seededStore();
		const {collection, renamed} = importCollection(store, exportCollection(store, 'getting started'));
		expect(collection.name).toBe('Getting started (2)');
		expect(renamed).toEqual([]);
	});

	it('reads a file that starts with a byte order mark', () => {
		const store = seededStore();
		const {collection} = importCollection(store, '\uFEFF{"curlew": 1, "name": "Saved by Notepad"}');
		expect(collection.name).toBe('Saved by Notepad');
	});

	it('imports a Postman collection, such as curlew export --format postman writes, with its notes', () => {
		const store = seededStore();
		const {collection, notes} = importCollection(store, serializePostmanCollection(store.collections()[0]!));
		expect(collection.name).toBe('Getting started (2)');
		expect(collection.requests.map(request => [request.name, request.method, request.url])).toEqual(store.collections()[0]!.requests.map(request => [request.name, request.method, request.url]));
		expect(notes).toEqual([]);
	});

	it('refuses a Postman environment, which goes into a collection, and stores nothing', () => {
		const store = seededStore();
		const before = fs.readFileSync(store.path, 'utf8');
		expect(() => importCollection(store, JSON.stringify({name: 'Staging', values: [], _postman_variable_scope: 'environment'}))).toThrow(new FieldError('', 'it is an environment, not a collection: import it into a collection with importEnvironment'));
		expect(fs.readFileSync(store.path, 'utf8')).toBe(before);
	});

	it.each([
		['hello', 'curlew imports a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection\'s folder (of .bru files or YAML), and this is none of them: it is not JSON and does not start with curl'],
		['{"info": {}, "item": []}', 'it has no "curlew" key: a curlew collection file starts with {"curlew": 1, "name": ...}'],
	])('says what it imports when a file is none of it: %s', (text, message) => {
		expect(() => importCollection(seededStore(), text)).toThrow(new FieldError('', message).message);
	});

	it.each([
		['{"curlew": 1, "name": "X", "requests": [{"name": "a", "url": "/"}, {"name": "b", "url": "/"}, {"name": "c", "method": "FETCH", "url": "/"}]}', FieldError, 'requests[2].method: "FETCH" is not an HTTP method: use GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS'],
		['{"curlew": 1, "name": "X", "variables": [{"name": "when", "value": "soon", "type": "date"}]}', FieldError, 'variables[0].value: a date needs an ISO 8601 string such as "2024-01-31T12:00:00.000Z", found a string ("soon")'],
		['{"curlew": 1,\n "name": "X"\n "requests": []}', JsonSyntaxError, 'Invalid JSON at line 3, column 2: expected "," or "}" after the property value, found "\\""'],
	])('refuses a malformed file with the field or position, and leaves the store untouched', (text, errorClass, message) => {
		const store = seededStore();
		const before = fs.readFileSync(store.path, 'utf8');
		const inode = fs.statSync(store.path).ino;
		expect(() => importCollection(store, text)).toThrow(errorClass);
		expect(() => importCollection(store, text)).toThrow(message);
		expect(fs.readFileSync(store.path, 'utf8')).toBe(before);
		expect(fs.statSync(store.path).ino).toBe(inode);
		expect(store.collections()).toHaveLength(1);
	});
});

describe('importEnvironment', () => {
	const staging = JSON.stringify({name: 'Staging', values: [{key: 'baseUrl', value: 'https://staging.test', enabled: true}, {key: 'old', value: '1', enabled: false}], _postman_variable_scope: 'environment'});

	it('adds a Postman environment to the collection named, found as curlew run finds it, with a suffix when the name is taken', () => {
		const store = seededStore();
		const first = importEnvironment(store, 'getting-started', staging);
		expect(first.environment).toMatchObject({name: 'Staging', variables: [{name: 'baseUrl', value: 'https://staging.test'}]});
		expect(first.notes).toEqual(['environment "Staging": variable "old" was left out: it is disabled in Postman']);
		expect(first.renamed).toEqual([]);
		const second = importEnvironment(store, 'Getting started', staging);
		expect(second.environment.name).toBe('Staging (2)');
		expect(second.renamed).toEqual([{kind: 'environment', from: 'Staging', to: 'Staging (2)'}]);
		expect(second.collection.environments.slice(-2).map(environment => environment.name)).toEqual(['Staging', 'Staging (2)']);
	});

	it('refuses a collection file, or a collection that is not there, and stores nothing', () => {
		const store = seededStore();
		const before = fs.readFileSync(store.path, 'utf8');
		expect(() => importEnvironment(store, 'Getting started', exportCollection(store, 'Getting started'))).toThrow('it is a collection, not an environment: import it without naming a collection to put it into');
		expect(() => importEnvironment(store, 'nope', staging)).toThrow('No collection named "nope": choose one of "Getting started"');
		expect(fs.readFileSync(store.path, 'utf8')).toBe(before);
	});
});

describe('exportCollection', () => {
	it('leaves secret values out', () => {
		const store = seededStore();
		const text = exportCollection(store, 'getting-started');
		expect(text).not.toContain('demo-secret');
		expect(text).not.toContain('demo-key');
		expect(JSON.parse(text).variables).toContainEqual({name: 'authConfig', value: '', secret: true});
	});

	it('refuses a name that several collections match only loosely, listing them', () => {
		const store = seededStore();
		store.createCollection({name: 'My API'});
		store.createCollection({name: 'my-api'});
		expect(() => exportCollection(store, 'my_api')).toThrow(new StoreError('The store has 2 collections matching "my_api": "My API", "my-api"; type one of these names exactly'));
		expect(JSON.parse(exportCollection(store, 'My API')).name).toBe('My API');
	});

	it('names the collections there are when the one asked for is not', () => {
		expect(() => exportCollection(seededStore(), 'nope')).toThrow('No collection named "nope": choose one of "Getting started"');
	});
});
