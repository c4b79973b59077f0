import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {describe, expect, it} from 'vitest';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {createRequest} from '../../../source/core/model.js';
import {findRequest} from '../../../source/core/store/find.js';
import {StoreError} from '../../../source/core/store/store-error.js';
import {schemaVersion} from '../../../source/core/store/migrations.js';
import {openStore} from '../../../source/core/store/store.js';
import {InvalidValueError, kindOf, type Value} from '../../../source/core/values.js';
import {fingerprint, makeConfigDir} from './config-dir.js';

const everyKind: Record<string, Value> = {
	text: 'hello',
	looksLikeDate: '2024-01-31T12:00:00.000Z',
	number: 12.5,
	negativeZero: -0,
	yes: true,
	nothing: null,
	when: new Date('2024-01-31T12:00:00.000Z'),
	list: [1, 'two', [new Date(0)], {deep: {at: new Date('1999-12-31T23:59:59.999Z')}}],
	object: {$dollar: 'kept', $date: 'not a date tag', nested: {n: 1, when: new Date(1)}},
};

describe('openStore', () => {
	it('makes an opened-up file 0600 again, and removes the temporary files of a curlew killed mid-write, at start', () => {
		const configDir = makeConfigDir();
		openStore({configDir}).close();
		const file = path.join(configDir, 'curlew.json');
		fs.chmodSync(file, 0o644);
		fs.writeFileSync(`${file}.tmp-1795479149a1b2c3`, 'half a write');
		fs.writeFileSync(path.join(configDir, 'notes.tmp-1'), 'not curlew\'s');
		const store = openStore({configDir});
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		expect(fs.readdirSync(configDir).sort()).toEqual(['curlew.json', 'notes.tmp-1']);
		expect(store.collections().map(collection => collection.name)).toEqual(['Getting started']);
	});

	it.each([
		['its file is a folder', (configDir: string) => {
			fs.mkdirSync(path.join(configDir, 'curlew.json'));
			return configDir;
		}, /^\S+curlew\.json is a folder where curlew keeps a file: move the folder away, or set CURLEW_CONFIG_DIR to another folder$/],
		['its folder is a file', (configDir: string) => {
			fs.writeFileSync(path.join(configDir, 'config'), '');
			return path.join(configDir, 'config');
		}, /^\S+config is a file where curlew needs a folder: move that file away, or set CURLEW_CONFIG_DIR to another folder$/],
		['a folder on its way is a file', (configDir: string) => {
			fs.writeFileSync(path.join(configDir, 'config'), '');
			return path.join(configDir, 'config', 'curlew');
		}, /^a part of \S+ is a file where curlew needs a folder: move that file away, or set CURLEW_CONFIG_DIR to another folder$/],
	])('says what to do, as a StoreError, when %s', (_case, prepare, message) => {
		const configDir = prepare(makeConfigDir());
		let error: unknown;
		try {
			openStore({configDir, seed: false});
		} catch (caught) {
			error = caught;
		}

		expect(error).toBeInstanceOf(StoreError);
		expect((error as Error).message).toMatch(message);
	});

	it('creates its file with mode 0600 in CURLEW_CONFIG_DIR, seeded, with no notices, and keeps that mode on every write', () => {
		const configDir = makeConfigDir();
		const previous = process.env.CURLEW_CONFIG_DIR;
		process.env.CURLEW_CONFIG_DIR = configDir;
		try {
			const store = openStore();
			expect(store.path).toBe(path.join(configDir, 'curlew.json'));
			expect(fs.statSync(store.path).mode & 0o777).toBe(0o600);
			expect(store.notices).toEqual([]);
			expect(store.collections().map(collection => collection.name)).toEqual(['Getting started']);
			fs.chmodSync(store.path, 0o644);
			store.createCollection({name: 'Second'});
			expect(fs.statSync(store.path).mode & 0o777).toBe(0o600);
		} finally {
			restore('CURLEW_CONFIG_DIR', previous);
		}
	});

	it('uses the per-user config folder for "curlew" when CURLEW_CONFIG_DIR is not set', () => {
		const home = makeConfigDir();
		const saved = {config: process.env.CURLEW_CONFIG_DIR, xdg: process.env.XDG_CONFIG_HOME};
		delete process.env.CURLEW_CONFIG_DIR;
		process.env.XDG_CONFIG_HOME = home;
		try {
			const store = openStore();
			expect(store.path).toBe(path.join(home, 'curlew', 'curlew.json'));
			expect(store.directory).toBe(path.join(home, 'curlew'));
		} finally {
			restore('CURLEW_CONFIG_DIR', saved.config);
			restore('XDG_CONFIG_HOME', saved.xdg);
		}
	});

	it('keeps every value kind exactly, nested dates included, across a reopen', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'Kinds'});
		for (const [name, value] of Object.entries(everyKind)) {
			store.setVariable(id, {name, value});
		}

		store.setVariable(id, {name: 'token', value: 'sekrit', secret: true});
		const reopened = openStore({configDir, seed: false}).getCollection(id)!;
		expect(reopened.variables).toEqual([...Object.entries(everyKind).map(([name, value]) => ({name, value})), {name: 'token', value: 'sekrit', secret: true}]);
		const byName = Object.fromEntries(reopened.variables.map(variable => [variable.name, variable.value]));
		expect(byName.when).toBeInstanceOf(Date);
		expect(kindOf(byName.looksLikeDate!)).toBe('string');
		expect(Object.is(byName.negativeZero, -0)).toBe(true);
		expect((byName.object as Record<string, Value>).$dollar).toBe('kept');
	});

	it('never rewrites the file at start-up when nothing changed', () => {
		const configDir = makeConfigDir();
		const first = openStore({configDir});
		const before = fingerprint(first.path);
		openStore({configDir});
		openStore({configDir, seed: false}).collections();
		expect(fingerprint(first.path)).toEqual(before);
	});

	it('writes nothing when there is nothing to write', () => {
		const configDir = makeConfigDir();
		openStore({configDir, seed: false}).collections();
		expect(fs.existsSync(path.join(configDir, 'curlew.json'))).toBe(false);
	});

	it('keeps a file that is not JSON aside, says where, opens seeded, and overwrites nothing else', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		const damaged = '{"schemaVersion": 1,\n  "collections": [ oops ]\n}';
		fs.writeFileSync(file, damaged);
		fs.mkdirSync(path.join(configDir, 'history'));
		fs.writeFileSync(path.join(configDir, 'history', 'r1.json'), '{"entries": []}');
		fs.writeFileSync(path.join(configDir, 'notes.txt'), 'mine');

		const store = openStore({configDir});
		const kept = fs.readdirSync(configDir).filter(name => name.startsWith('curlew.json.corrupt-'));
		expect(kept).toHaveLength(1);
		expect(kept[0]).toMatch(/^curlew\.json\.corrupt-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);
		expect(fs.readFileSync(path.join(configDir, kept[0]!), 'utf8')).toBe(damaged);
		expect(store.notices).toHaveLength(1);
		expect(store.notices[0]).toContain(path.join(configDir, kept[0]!));
		expect(store.notices[0]).toContain('Invalid JSON at line 2, column 20');
		expect(store.notices[0]).toContain(`started with a new store. To get back what it held, close every curlew window, fix ${path.join(configDir, kept[0]!)} and move it back to ${file}`);
		expect(store.notices[0]).not.toMatch(/import|empty store/);
		expect(store.collections().map(collection => collection.name)).toEqual(['Getting started']);
		expect(fs.readFileSync(path.join(configDir, 'history', 'r1.json'), 'utf8')).toBe('{"entries": []}');
		expect(fs.readFileSync(path.join(configDir, 'notes.txt'), 'utf8')).toBe('mine');
	});

	it('names the field that fails the schema, and keeps that file aside', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		const store = openStore({configDir});
		const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {collections: Array<{requests: Array<{method: string}>}>};
		data.collections[0]!.requests[2]!.method = 'FETCH';
		fs.writeFileSync(file, JSON.stringify(data));
		store.close();

		const reopened = openStore({configDir, seed: false});
		expect(reopened.notices[0]).toContain('collections[0].requests[2].method: "FETCH" is not an HTTP method: use GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS');
		expect(reopened.collections()).toEqual([]);
		expect(fs.readdirSync(configDir).some(name => name.startsWith('curlew.json.corrupt-'))).toBe(true);
	});

	it('migrates a version 0 file, keeping a copy of the old one, and does not seed it', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		const version0 = {
			collections: [{
				id: 'c1',
				name: 'Old',
				variables: {host: 'example.com', port: 8080, opts: {$ref: 'x', list: [true]}, stamp: '2024-01-31T12:00:00.000Z'},
				environments: [{id: 'e1', name: 'Prod', variables: {host: 'prod.example.com'}}],
				scripts: {preRequest: '', postResponse: ''},
				requests: [{id: 'r1', name: 'Ping', method: 'GET', url: 'http://{{host}}', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}],
			}],
		};
		const text = JSON.stringify(version0);
		fs.writeFileSync(file, text);

		const store = openStore({configDir});
		const collection = store.getCollection('c1')!;
		expect(collection.variables).toEqual([
			{name: 'host', value: 'example.com'},
			{name: 'port', value: 8080},
			{name: 'opts', value: {$ref: 'x', list: [true]}},
			{name: 'stamp', value: '2024-01-31T12:00:00.000Z'},
		]);
		expect(collection.environments[0]!.variables).toEqual([{name: 'host', value: 'prod.example.com'}]);
		expect(store.collections()).toHaveLength(1);
		expect(store.settings().seeded).toBe(true);
		expect(JSON.parse(fs.readFileSync(file, 'utf8')).schemaVersion).toBe(schemaVersion);
		expect(fs.readFileSync(`${file}.schema-0.bak`, 'utf8')).toBe(text);
		expect(store.notices).toEqual([`The store was upgraded from layout 0 to ${schemaVersion}; the old file was kept as ${file}.schema-0.bak.`]);
	});

	it('migrates a version 1 file to version 2, keeping a copy, and its requests then keep assertions, variables, settings and folder variables', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		const version1 = {
			schemaVersion: 1,
			collections: [{
				id: 'c1',
				name: 'Shop',
				variables: [{name: 'baseUrl', value: 'http://127.0.0.1:9'}],
				environments: [],
				scripts: {preRequest: '', postResponse: ''},
				requests: [{id: 'r1', name: 'Users / Get', method: 'GET', url: '{{baseUrl}}/users', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}],
				settings: {strict: false},
			}],
			settings: {selectedEnvironments: {}, seeded: true},
		};
		const text = JSON.stringify(version1);
		fs.writeFileSync(file, text);

		const store = openStore({configDir});
		expect(store.notices).toEqual([`The store was upgraded from layout 1 to 2; the old file was kept as ${file}.schema-1.bak.`]);
		expect(fs.readFileSync(`${file}.schema-1.bak`, 'utf8')).toBe(text);
		expect(store.getCollection('c1')!.requests[0]).toEqual({...version1.collections[0]!.requests[0], method: 'GET'});
		expect(JSON.parse(fs.readFileSync(file, 'utf8')).schemaVersion).toBe(2);

		store.updateRequest('c1', 'r1', request => ({
			...request,
			variables: [{name: 'since', value: new Date('2024-01-31T12:00:00.000Z')}],
			postResponseVariables: [{name: 'token', expression: 'res.body.token'}],
			asserts: [{expression: 'res.status', operator: 'eq', value: '200', enabled: true}],
			settings: {totalTimeoutMs: 5000},
		}));
		store.updateCollection('c1', collection => ({...collection, folders: [{path: 'Users', variables: [{name: 'team', value: {$id: 1}}]}]}));
		const reopened = openStore({configDir});
		const collection = reopened.getCollection('c1')!;
		expect(collection.folders).toEqual([{path: 'Users', variables: [{name: 'team', value: {$id: 1}}]}]);
		expect(collection.requests[0]).toMatchObject({
			variables: [{name: 'since', value: new Date('2024-01-31T12:00:00.000Z')}],
			postResponseVariables: [{name: 'token', expression: 'res.body.token'}],
			asserts: [{expression: 'res.status', operator: 'eq', value: '200', enabled: true}],
			settings: {totalTimeoutMs: 5000},
		});
		// Values are kept in the tagged storage form: a date is one, a user's "$" key is escaped.
		const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as {collections: Array<{folders: unknown; requests: Array<{variables: unknown}>}>};
		expect(stored.collections[0]!.requests[0]!.variables).toEqual([{name: 'since', value: {$date: '2024-01-31T12:00:00.000Z'}}]);
		expect(stored.collections[0]!.folders).toEqual([{path: 'Users', variables: [{name: 'team', value: {$$id: 1}}]}]);
	});

	it('keeps aside a file damaged while it runs, and saves its last good copy with the change', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		fs.writeFileSync(store.path, 'garbage');
		store.setVariable(collection!.id, {name: 'after', value: 1});
		const kept = fs.readdirSync(configDir).filter(name => name.startsWith('curlew.json.corrupt-'));
		expect(kept).toHaveLength(1);
		expect(fs.readFileSync(path.join(configDir, kept[0]!), 'utf8')).toBe('garbage');
		expect(store.notices).toHaveLength(1);
		expect(store.notices[0]).toMatch(/was damaged while curlew was running \(Invalid JSON at line 1, column 1: .*\): it was kept as .*curlew\.json\.corrupt-/);
		const reopened = openStore({configDir});
		expect(reopened.getCollection(collection!.id)!.variables.at(-1)).toEqual({name: 'after', value: 1});
		expect(reopened.getCollection(collection!.id)!.requests).toEqual(collection!.requests);
	});

	it('upgrades a version 1 store to the layout with auth, multipart, file and GraphQL bodies, which it then keeps', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		const version1 = {
			schemaVersion: 1,
			collections: [{
				id: 'c1',
				name: 'API',
				variables: [{name: 'host', value: 'example.com'}],
				environments: [],
				scripts: {preRequest: '', postResponse: ''},
				requests: [{id: 'r1', name: 'Ping', method: 'GET', url: 'http://{{host}}', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}],
				settings: {},
			}],
			settings: {selectedEnvironments: {}, seeded: true},
		};
		fs.writeFileSync(file, JSON.stringify(version1));

		const store = openStore({configDir});
		expect(store.notices).toEqual([`The store was upgraded from layout 1 to ${schemaVersion}; the old file was kept as ${file}.schema-1.bak.`]);
		const upload = createRequest({name: 'Upload', method: 'POST', url: '/u', auth: {type: 'digest', username: '{{user}}', password: 'p:w'}, body: {type: 'multipart', parts: [{type: 'text', name: 'a', value: '1'}, {type: 'file', name: 'f', file: '/tmp/f.bin', contentType: 'image/png'}]}});
		const added = store.addRequest('c1', upload);
		store.updateCollection('c1', collection => ({...collection, auth: {type: 'bearer', token: '{{token}}'}}));
		const reopened = openStore({configDir}).getCollection('c1')!;
		expect(reopened.auth).toEqual({type: 'bearer', token: '{{token}}'});
		expect(findRequest(reopened, added.id)).toEqual(added);
		expect(added).toMatchObject({auth: upload.auth, body: upload.body});
		expect(JSON.parse(fs.readFileSync(file, 'utf8')).schemaVersion).toBe(schemaVersion);
	});

	it('never writes over a file a newer curlew upgraded while it ran', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		const newer = `{"schemaVersion": ${schemaVersion + 1}, "collections": []}`;
		fs.writeFileSync(store.path, newer);
		expect(store.collections()).toEqual([collection]);
		expect(() => store.setVariable(collection!.id, {name: 'x', value: 1})).toThrow(StoreError);
		expect(fs.readFileSync(store.path, 'utf8')).toBe(newer);
	});

	it('refuses a file from a newer curlew and leaves it as it is', () => {
		const configDir = makeConfigDir();
		const file = path.join(configDir, 'curlew.json');
		fs.writeFileSync(file, '{"schemaVersion": 7, "collections": []}');
		expect(() => openStore({configDir})).toThrow(`written by a newer curlew (schema 7; this one reads up to ${schemaVersion}): upgrade curlew`);
		expect(fs.readFileSync(file, 'utf8')).toBe('{"schemaVersion": 7, "collections": []}');
	});
});

describe('store changes', () => {
	it('adds, duplicates, moves and deletes requests', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API'});
		const list = store.addRequest(id, {name: 'List'});
		const create = store.addRequest(id, {name: 'Create', method: 'POST'});
		const first = store.addRequest(id, {name: 'First'}, 0);
		expect(store.getCollection(id)!.requests.map(request => request.name)).toEqual(['First', 'List', 'Create']);

		const copy = store.duplicateRequest(id, list.id);
		expect(copy.id).not.toBe(list.id);
		expect(store.getCollection(id)!.requests.map(request => request.name)).toEqual(['First', 'List', 'List (2)', 'Create']);

		store.moveRequest(id, first.id, 99);
		store.moveRequest(id, create.id, 0);
		expect(store.getCollection(id)!.requests.map(request => request.name)).toEqual(['Create', 'List', 'List (2)', 'First']);

		store.deleteRequest(id, copy.id);
		expect(store.getCollection(id)!.requests.map(request => request.name)).toEqual(['Create', 'List', 'First']);

		const other = store.createCollection({name: 'Other'});
		store.moveCollection(other.id, 0);
		expect(store.collections().map(collection => collection.id).slice(0, 2)).toEqual([other.id, id]);
		expect(() => store.deleteRequest(id, copy.id)).toThrow(StoreError);
	});

	it('updates one request, keeping its id', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection();
		const request = store.addRequest(id);
		const updated = store.updateRequest(id, request.id, current => ({...current, id: 'ignored', url: 'http://x', body: {type: 'json', text: '{}'}}));
		expect(updated).toMatchObject({id: request.id, url: 'http://x', body: {type: 'json', text: '{}'}});
	});

	it('refuses to rename a request onto a name another request of its collection has, ignoring case, and writes nothing', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API'});
		store.addRequest(id, {name: 'Login'});
		const logout = store.addRequest(id, {name: 'Logout'});
		const elsewhere = store.createCollection({name: 'Other'});
		store.addRequest(elsewhere.id, {name: 'Logout'});
		const before = fingerprint(store.path);
		expect(() => store.updateRequest(id, logout.id, current => ({...current, name: 'LOGIN'}))).toThrow(new StoreError('Collection "API" already has a request named "Login": choose another name'));
		expect(() => store.updateRequest(id, logout.id, current => ({...current, name: '  '}))).toThrow(/needs a name/);
		expect(fingerprint(store.path)).toEqual(before);
		expect(store.updateRequest(id, logout.id, current => ({...current, name: 'LOGOUT'})).name).toBe('LOGOUT');
		expect(store.updateRequest(id, logout.id, current => ({...current, name: ' Sign out '})).name).toBe('Sign out');
	});

	it('refuses a new name that is blank or holds a control character, saying why, and writes nothing', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API'});
		const request = store.addRequest(id, {name: 'Login'});
		const environment = store.addEnvironment(id, {name: 'Prod'});
		const before = fingerprint(store.path);
		expect(() => store.renameCollection(id, 'API\nv2')).toThrow(new StoreError('A collection name cannot hold control characters: "API\\nv2" holds a line break (U+000A)'));
		expect(() => store.updateRequest(id, request.id, current => ({...current, name: 'Log\u0007in'}))).toThrow(new StoreError('A request name cannot hold control characters: "Log\\u0007in" holds U+0007'));
		expect(() => store.renameEnvironment(id, environment.id, '\t')).toThrow(new StoreError('An environment needs a name of at least one character other than spaces'));
		expect(() => store.addRequest(id, {name: 'Tab\there'})).toThrow(new StoreError('A request name cannot hold control characters: "Tab\\there" holds U+0009'));
		expect(() => store.createCollection({name: ''})).toThrow(new StoreError('A collection needs a name of at least one character other than spaces'));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('opens a store holding a variable named "process.…", which older curlews let in, and lets it be deleted but not set', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'API'});
		store.setVariable(id, {name: 'token', value: 'x'});
		const data = JSON.parse(fs.readFileSync(store.path, 'utf8')) as {collections: Array<{variables: Array<{name: string}>}>};
		data.collections[0]!.variables[0]!.name = 'process.env.HOME';
		fs.writeFileSync(store.path, JSON.stringify(data));
		store.close();

		const reopened = openStore({configDir, seed: false});
		expect(reopened.notices).toEqual([]);
		expect(reopened.getCollection(id)!.variables).toEqual([{name: 'process.env.HOME', value: 'x'}]);
		expect(() => reopened.setVariable(id, {name: 'process.env.HOME', value: 'y'})).toThrow(/starts with "process\."/);
		reopened.deleteVariable(id, 'process.env.HOME');
		expect(reopened.getCollection(id)!.variables).toEqual([]);
	});

	it('refuses a number beyond ±(2^53 − 1) wherever a value enters, naming the variable, and writes nothing', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection({name: 'API'});
		const before = fingerprint(store.path);
		const beyond = (name: string, shown: string, at = '') => `Variable "${name}": ${shown} is beyond the integers a number keeps exactly (±9007199254740991)${at}: keep it as a string`;
		expect(() => store.setVariable(id, {name: 'v_big', value: 1e21})).toThrow(new InvalidValueError(beyond('v_big', '1e+21')));
		expect(() => store.setVariable(id, {name: 'ids', value: [1, 2 ** 53]})).toThrow(new InvalidValueError(beyond('ids', '9007199254740992', ' at [1]')));
		expect(() => store.createCollection({name: 'Big', variables: [{name: 'n', value: -(2 ** 53)}]})).toThrow(new InvalidValueError(beyond('n', '-9007199254740992')));
		expect(() => store.createCollection({name: 'Big', environments: [{id: 'e', name: 'E', variables: [{name: 'n', value: 1e21}]}]})).toThrow(new InvalidValueError(beyond('n', '1e+21')));
		expect(() => store.addEnvironment(id, {name: 'E', variables: [{name: 'n', value: {a: 1e21}}]})).toThrow(new InvalidValueError(beyond('n', '1e+21', ' at .a')));
		expect(fingerprint(store.path)).toEqual(before);
		store.setVariable(id, {name: 'edge', value: [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]});
		expect(store.getCollection(id)!.variables).toEqual([{name: 'edge', value: [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]}]);
	});

	it('opens a store holding a number beyond 2^53, which older curlews let in, lets it be marked secret, but not set again', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'API'});
		store.setVariable(id, {name: 'v_big', value: 1});
		fs.writeFileSync(store.path, fs.readFileSync(store.path, 'utf8').replace('"value": 1', '"value": 1e21'));
		store.close();

		const reopened = openStore({configDir, seed: false});
		expect(reopened.notices).toEqual([]);
		expect(reopened.getCollection(id)!.variables).toEqual([{name: 'v_big', value: 1e21}]);
		reopened.updateVariable(id, 'v_big', current => current && {...current, secret: true});
		expect(reopened.getCollection(id)!.variables).toEqual([{name: 'v_big', value: 1e21, secret: true}]);
		expect(() => reopened.setVariable(id, {name: 'v_big', value: 1e22})).toThrow(/1e\+22 is beyond the integers/);
	});

	it('opens a store holding keys it does not know, which a newer curlew may have written, and keeps what it knows', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'API', requests: [createRequest({name: 'Ping', url: '/ping'})], variables: [{name: 'token', value: 'x'}]});
		const data = JSON.parse(fs.readFileSync(store.path, 'utf8')) as {collections: Array<Record<string, unknown> & {variables: Array<Record<string, unknown>>; requests: Array<Record<string, unknown>>}>};
		data.collections[0]!.folders = [];
		data.collections[0]!.variables[0]!.description = 'from a newer curlew';
		data.collections[0]!.requests[0]!.auth = {type: 'bearer'};
		fs.writeFileSync(store.path, JSON.stringify(data));
		store.close();

		const reopened = openStore({configDir, seed: false});
		expect(reopened.notices).toEqual([]);
		expect(reopened.getCollection(id)!.variables).toEqual([{name: 'token', value: 'x'}]);
		expect(reopened.getCollection(id)!.requests.map(request => request.url)).toEqual(['/ping']);
	});

	it('lets a request keep a name another request already has while its other fields change', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'API'});
		store.addRequest(id, {name: 'Login'});
		const twin = store.addRequest(id, {name: 'Login 2'});
		const data = JSON.parse(fs.readFileSync(store.path, 'utf8')) as {collections: Array<{requests: Array<{name: string}>}>};
		data.collections[0]!.requests[1]!.name = 'Login';
		fs.writeFileSync(store.path, JSON.stringify(data));
		expect(store.updateRequest(id, twin.id, current => ({...current, url: 'http://x'}))).toMatchObject({name: 'Login', url: 'http://x'});
	});

	it('gives a new collection\'s later requests and environments named exactly like an earlier one a suffix no other has, and keeps names that differ in case', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const collection = store.createCollection({
			name: 'API',
			requests: ['Login', 'login', 'Login (2)', 'Login', 'Login'].map(name => createRequest({name})),
			environments: [{id: 'e1', name: 'Prod', variables: []}, {id: 'e2', name: 'prod', variables: []}, {id: 'e3', name: 'Prod', variables: []}],
		});
		expect(collection.requests.map(request => request.name)).toEqual(['Login', 'login', 'Login (2)', 'Login (3)', 'Login (4)']);
		expect(collection.environments.map(environment => environment.name)).toEqual(['Prod', 'prod', 'Prod (2)']);
	});

	it('names collections uniquely, refuses a rename onto a taken name, and finds them by name or slug', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const first = store.createCollection({name: 'My API'});
		const second = store.createCollection({name: 'my api'});
		expect(second.name).toBe('my api (2)');
		expect(() => store.renameCollection(second.id, 'MY API')).toThrow('There is already a collection named "My API": choose another name');
		expect(() => store.renameCollection(second.id, '  ')).toThrow(/needs a name/);
		expect(store.renameCollection(second.id, 'Other').name).toBe('Other');
		expect(store.findCollection('MY API')?.id).toBe(first.id);
		expect(store.findCollection('my-api')?.id).toBe(first.id);
		expect(store.findCollection(second.id)?.name).toBe('Other');
		expect(store.findCollection('nope')).toBeUndefined();
	});

	it('finds a request by id, name ignoring case, or slug', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection();
		const request = store.addRequest(id, {name: 'Get user'});
		const collection = store.getCollection(id)!;
		expect(findRequest(collection, 'get USER')?.id).toBe(request.id);
		expect(findRequest(collection, 'get-user')?.id).toBe(request.id);
		expect(findRequest(collection, request.id)?.name).toBe('Get user');
		expect(findRequest(collection, 'get')).toBeUndefined();
	});

	it('sets and deletes variables of the collection and of an environment', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection();
		const staging = store.addEnvironment(id, {name: 'Staging'});
		store.setVariable(id, {name: 'host', value: 'example.com'});
		store.setVariable(id, {name: 'host', value: 'staging.example.com'}, staging.id);
		store.setVariable(id, {name: 'host', value: 'example.org'});
		let collection = store.getCollection(id)!;
		expect(collection.variables).toEqual([{name: 'host', value: 'example.org'}]);
		expect(collection.environments[0]!.variables).toEqual([{name: 'host', value: 'staging.example.com'}]);

		store.deleteVariable(id, 'host', staging.id);
		collection = store.getCollection(id)!;
		expect(collection.environments[0]!.variables).toEqual([]);
		expect(collection.variables).toHaveLength(1);
	});

	it('adds, renames and deletes environments, forgetting a deleted selection', () => {
		const store = openStore({configDir: makeConfigDir(), seed: false});
		const {id} = store.createCollection();
		const environment = store.addEnvironment(id, {name: 'Prod'});
		expect(store.addEnvironment(id, {name: 'prod'}).name).toBe('prod (2)');
		expect(store.renameEnvironment(id, environment.id, 'Production').name).toBe('Production');
		store.updateSettings(settings => ({...settings, selectedEnvironments: {[id]: environment.id}}));
		store.deleteEnvironment(id, environment.id);
		expect(store.getCollection(id)!.environments.map(existing => existing.name)).toEqual(['prod (2)']);
		expect(store.settings().selectedEnvironments).toEqual({});
	});

	it('keeps app settings, and deleting a collection forgets what pointed at it', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection();
		const request = store.addRequest(id);
		store.updateSettings(settings => ({...settings, lastCollectionId: id, lastRequestId: request.id}));
		expect(openStore({configDir, seed: false}).settings()).toMatchObject({lastCollectionId: id, lastRequestId: request.id});
		store.deleteCollection(id);
		expect(store.collections()).toEqual([]);
		expect(store.settings().lastCollectionId).toBeUndefined();
		expect(store.settings().lastRequestId).toBeUndefined();
	});

	it('keeps the terminal UI\'s screen settings, passing over a value of the wrong type rather than setting the file aside', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		store.updateSettings(settings => ({...settings, screen: {pane: 'response', requestTab: 'scripts', responseTab: 'headers', zoomed: true, sideBySide: false, requestShare: 0.35}}));
		expect(openStore({configDir, seed: false}).settings().screen).toEqual({pane: 'response', requestTab: 'scripts', responseTab: 'headers', zoomed: true, sideBySide: false, requestShare: 0.35});
		const document = JSON.parse(fs.readFileSync(store.path, 'utf8')) as {settings: Record<string, unknown>};
		fs.writeFileSync(store.path, JSON.stringify({...document, settings: {...document.settings, screen: {pane: 3, zoomed: 'yes', requestShare: 7, responseTab: 'body'}}}));
		const reopened = openStore({configDir, seed: false});
		expect(reopened.settings().screen).toEqual({responseTab: 'body'});
		expect(reopened.notices).toEqual([]);
	});

	it('refuses invalid data with a message naming it, and writes nothing', () => {
		const store = openStore({configDir: makeConfigDir()});
		const before = fingerprint(store.path);
		const [collection] = store.collections();
		expect(() => store.setVariable(collection!.id, {name: 'a b', value: 1})).toThrow(InvalidValueError);
		expect(() => store.setVariable(collection!.id, {name: 'n', value: Number.NaN})).toThrow(/NaN is not a finite number/);
		const request = collection!.requests[0]!;
		expect(() => store.updateRequest(collection!.id, request.id, current => ({...current, method: 'FETCH' as 'GET'}))).toThrow(new FieldError('collections[0].requests[0].method', '"FETCH" is not an HTTP method: use GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS'));
		expect(() => store.updateRequest(collection!.id, 'missing', current => current)).toThrow(/has no request with id "missing"/);
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('hands out frozen snapshots, so data changes only through the store', () => {
		const store = openStore({configDir: makeConfigDir()});
		const [collection] = store.collections();
		expect(() => {
			collection!.requests[0]!.url = 'changed';
		}).toThrow(TypeError);
	});

	it('tells a new listener of a change another instance made after this one last read the file', async () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const other = openStore({configDir, seed: false});
		expect(store.collections()).toEqual([]);
		// Written before the listener comes: a watcher that took its own first look then would never see it.
		other.createCollection({name: 'Theirs'});
		const seen = collectionSeen(store, 'Theirs');
		const late = new Promise<'not seen'>(resolve => {
			setTimeout(() => {
				resolve('not seen');
			}, 5000).unref();
		});
		expect(await Promise.race([seen.then(() => 'seen'), late])).toBe('seen');
		store.close();
	});

	it('tells listeners about its own changes and about another instance\'s', async () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const other = openStore({configDir, seed: false});
		const calls: string[] = [];
		const stop = store.onChange(() => calls.push(store.collections().map(collection => collection.name).join()));
		store.createCollection({name: 'Mine'});
		expect(calls).toEqual(['Mine']);

		const seen = collectionSeen(store, 'Theirs');
		other.createCollection({name: 'Theirs'});
		await seen;
		stop();
		store.close();
		expect(store.collections().map(collection => collection.name)).toEqual(['Mine', 'Theirs']);
	});
});

/** Resolves once a listener of `store` finds a collection named `name`. */
async function collectionSeen(store: ReturnType<typeof openStore>, name: string): Promise<void> {
	return new Promise(resolve => {
		store.onChange(() => {
			if (store.findCollection(name) !== undefined) {
				resolve();
			}
		});
	});
}

function restore(name: string, value: string | undefined): void {
	if (value === undefined) {
		delete process.env[name];
	} else {
		process.env[name] = value;
	}
}
