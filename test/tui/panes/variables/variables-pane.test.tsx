import {stripVTControlCharacters} from 'node:util';
import chalk from 'chalk';
import stringWidth from 'string-width';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Variable} from '../../../../source/core/model.js';
import {openStore} from '../../../../source/core/store/store.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;
const chalkLevel = chalk.level;
beforeEach(() => {
	// Inverse marks the selected row; chalk draws it only from level 1.
	chalk.level = 1;
});

afterEach(() => {
	chalk.level = chalkLevel;
});

async function withCollection(variables: Variable[] = [], columns = 160): Promise<AppHarness> {
	const harness = await renderApp({
		columns,
		prepare(store) {
			store.createCollection({name: 'API', variables});
		},
	});
	await harness.write('3');
	return harness;
}

function variables(harness: AppHarness): Variable[] {
	return harness.store.collections()[0]!.variables;
}

/** The runtime variables of the app's first collection. */
function runtime(harness: AppHarness): Map<string, unknown> {
	return harness.session.runtimeOf(harness.store.collections()[0]!);
}

/** The variables pane's highlighted row as drawn, such as `C verbose true`. */
function highlighted(harness: AppHarness): string {
	const inverse = (harness.stdout.frames.at(-1) ?? '').split('\u001B[7m').slice(1).map(part => stripVTControlCharacters(part.slice(0, part.indexOf('\u001B[27m'))));
	const rows = inverse.filter(text => /^[CER] /.test(text));
	expect(rows).toHaveLength(1);
	return rows[0]!.replaceAll(/\s+/g, ' ').trim();
}

/** The variables pane's rows of variables as drawn, between its (focused) borders. */
function paneRows(harness: AppHarness): string[] {
	return harness.frame().split('\n').map(line => line.split('┃')[1] ?? '').filter(text => /^[CER] /.test(text));
}

/** The terminal column where `value` starts in the pane row that has it. */
function valueColumn(rows: string[], value: string): number {
	const row = rows.find(candidate => candidate.includes(value));
	expect(row).toBeDefined();
	return stringWidth(row!.slice(0, row!.indexOf(value)));
}

describe('variables pane', () => {
	it('adds a variable of every kind, each typed in one chunk', async () => {
		app = await withCollection();
		await app.write('nname\rsAda\r');
		await app.write('ncount\rn42\r');
		await app.write('nactive\rbtrue\r');
		await app.write('nuser\rj{"id": 7, "tags": ["a"]}\r');
		await app.write('nids\rj[1, 2]\r');
		await app.write('nsince\rd2024-01-31T12:00:00.000Z\r');
		expect(variables(app)).toEqual([
			{name: 'name', value: 'Ada'},
			{name: 'count', value: 42},
			{name: 'active', value: true},
			{name: 'user', value: {id: 7, tags: ['a']}},
			{name: 'ids', value: [1, 2]},
			{name: 'since', value: new Date('2024-01-31T12:00:00.000Z')},
		]);
		const frame = app.frame();
		expect(frame).toContain('count');
		expect(frame).toContain('42');
		expect(frame).toContain('{"id":7,"tags":["a"]}');
		expect(frame).toContain('2024-01-31T12:00:00.000Z');
	});

	it('quits once on ctrl+c typed in a prompt opened by keys handed on from the one before', async () => {
		app = await withCollection([{name: 'count', value: 1}]);
		await app.write('ncount2\rn4x');
		await app.write('\u001Ben\u0001\u000Bmany\u0003\u0003');
		expect(app.quits).toBe(1);
	});

	it('refuses an invalid value with the reason, saves nothing, and saves once corrected', async () => {
		app = await withCollection();
		await app.write('ncount\rnabc\r');
		expect(variables(app)).toEqual([]);
		expect(app.frame()).toContain('is not a number');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		await app.write('\u007F\u007F\u007F12\r');
		expect(variables(app)).toEqual([{name: 'count', value: 12}]);
	});

	it('selects the variable just saved, wherever it sorts', async () => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}, {name: 'c', value: 3}]);
		await app.write('nbb\rn5\r');
		expect(app.container.getState().selectedVariable).toEqual({scope: 'collection', name: 'bb'});
		expect(highlighted(app)).toBe('C bb 5');
		expect(app.frame()).toContain('collection · number');
	});

	it('adds to the chosen environment, where its value hides the collection\'s', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'host', value: 'prod.test'}]});
				store.addEnvironment(api.id, {name: 'staging'});
			},
		});
		await app.write('ej\r3nhost\rsstaging.test\r');
		const [collection] = app.store.collections();
		expect(collection!.environments[0]!.variables).toEqual([{name: 'host', value: 'staging.test'}]);
		expect(collection!.variables).toEqual([{name: 'host', value: 'prod.test'}]);
		expect(app.frame()).toContain('E host');
		expect(app.frame()).toContain('environment · string · hides');
	});

	it('refuses a new variable whose name its collection has, and overwrites nothing', async () => {
		app = await withCollection([{name: 'baseUrl', value: 'https://api.test'}]);
		await app.write('nbaseUrl\r');
		expect(app.frame()).toContain('A variable "baseUrl" already exists in this collection: Esc, then Enter on it edits it');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		// The rest of what the tester typed: Enter again, then a value, lands in the name prompt.
		await app.write('\roops\r');
		expect(variables(app)).toEqual([{name: 'baseUrl', value: 'https://api.test'}]);
		expect(app.frame()).not.toContain('Saved baseUrl');
	});

	it('refuses a new variable whose name the chosen environment has, and allows one the collection has', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'host', value: 'prod.test'}]});
				store.addEnvironment(api.id, {name: 'staging', variables: [{name: 'token', value: 'abc'}]});
			},
		});
		await app.write('ej\r3ntoken\r');
		expect(app.frame()).toContain('A variable "token" already exists in environment staging: Esc, then Enter on it edits it');
		await app.write('\u001B');
		await app.write('nhost\rsstaging.test\r');
		const [collection] = app.store.collections();
		expect(collection!.environments[0]!.variables).toEqual([{name: 'token', value: 'abc'}, {name: 'host', value: 'staging.test'}]);
		expect(collection!.variables).toEqual([{name: 'host', value: 'prod.test'}]);
	});

	it('says so when the taken name is hidden by a runtime variable', async () => {
		app = await withCollection([{name: 'token', value: 'saved'}]);
		runtime(app).set('token', 'fresh');
		await app.write('ntoken\r');
		expect(app.frame()).toContain('A variable "token" already exists in this collection, hidden by the runtime one: pick another name');
		expect(variables(app)).toEqual([{name: 'token', value: 'saved'}]);
	});

	it('refuses a date that does not exist, naming the bad part, and saves nothing', async () => {
		app = await withCollection();
		await app.write('nwhen\rd2024-02-30T00:00:00Z\r');
		expect(app.frame()).toContain('"2024-02-30T00:00:00Z" has day 30: days of February 2024 go from 01 to 29');
		expect(variables(app)).toEqual([]);
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		// Back over "30T00:00:00Z" and type the leap day instead.
		await app.write(`${'\u007F'.repeat(12)}29T00:00:00Z\r`);
		expect(variables(app)).toEqual([{name: 'when', value: new Date('2024-02-29T00:00:00.000Z')}]);
	});

	it('refuses February 29 of a year that is not a leap year', async () => {
		app = await withCollection();
		await app.write('nwhen\rd2023-02-29T00:00:00Z\r');
		expect(app.frame()).toContain('"2023-02-29T00:00:00Z" has day 29: days of February 2023 go from 01 to 28');
		expect(variables(app)).toEqual([]);
	});

	it('accepts a date with an offset, as the instant it names', async () => {
		app = await withCollection();
		await app.write('nwhen\rd2024-02-29T14:00:00+02:00\r');
		expect(variables(app)).toEqual([{name: 'when', value: new Date('2024-02-29T12:00:00.000Z')}]);
	});

	it('refuses an invalid name and keeps the prompt open', async () => {
		app = await withCollection();
		await app.write('na b\r');
		expect(app.frame()).toContain('is invalid: use letters, digits, _, - and .');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
	});

	it('edits a value as its kind at once with e, typed in the chunk that opened it', async () => {
		// Listed by name: host, then port.
		app = await withCollection([{name: 'port', value: 8080}, {name: 'host', value: 'a.test'}]);
		await app.write('e.b\r');
		expect(variables(app)).toEqual([{name: 'port', value: 8080}, {name: 'host', value: 'a.test.b'}]);
		await app.write('j\r\u007F1\r');
		expect(variables(app)).toEqual([{name: 'port', value: 8081}, {name: 'host', value: 'a.test.b'}]);
	});

	it('edits a value as another kind with t, starting from its current text', async () => {
		app = await withCollection([{name: 'port', value: '8080'}]);
		await app.write('t');
		expect(app.frame()).toContain('Kind of port');
		await app.write('n');
		expect(app.frame()).toContain('8080');
		await app.write('\r');
		expect(variables(app)).toEqual([{name: 'port', value: 8080}]);
	});

	it('marks a variable secret, masks it, and shows it on v', async () => {
		app = await withCollection([{name: 'token', value: 'abc123'}]);
		await app.write('s');
		expect(variables(app)).toEqual([{name: 'token', value: 'abc123', secret: true}]);
		expect(app.frame()).toContain('••••');
		expect(app.frame()).not.toContain('abc123');
		await app.write('v');
		expect(app.frame()).toContain('abc123');
	});

	it('masks a secret\'s value while it is edited, a • for each character typed, and shows it in clear once v shows secrets', async () => {
		app = await withCollection([{name: 'token', value: 'abc123', secret: true}]);
		await app.write('e');
		const prompt = () => app!.frame().split('\n').find(row => row.includes('token as'))!;
		expect(prompt()).toContain('••••••');
		expect(app.frame()).not.toContain('abc123');
		await app.write('\u007Fxy\u001B[Dé');
		expect(prompt()).toContain('•••••••');
		expect(prompt()).not.toMatch(/[xyé]/);
		await app.write('\r');
		expect(variables(app)).toEqual([{name: 'token', value: 'abc12xéy', secret: true}]);
		await app.write('ve');
		expect(prompt()).toContain('abc12xéy');
	});

	it('keeps the secret flag another window set while the value was typed, and the value another window wrote when s is pressed', async () => {
		app = await withCollection([{name: 'apikey', value: 'abc'}]);
		const other = openStore({configDir: app.configDir, seed: false});
		const collectionId = other.collections()[0]!.id;
		await app.write('e\u001B[F-rotated');
		other.updateVariable(collectionId, 'apikey', current => current && {...current, secret: true});
		await app.write('\r');
		expect(openStore({configDir: app.configDir, seed: false}).collections()[0]!.variables).toEqual([{name: 'apikey', value: 'abc-rotated', secret: true}]);
		other.setVariable(collectionId, {name: 'apikey', value: 'from-the-other-window', secret: true});
		await app.write('s');
		expect(openStore({configDir: app.configDir, seed: false}).collections()[0]!.variables).toEqual([{name: 'apikey', value: 'from-the-other-window'}]);
		// Marked secret again here, then unmarked elsewhere while a value is typed: it stays unmarked.
		await app.write('s');
		await app.write('e-2');
		other.updateVariable(collectionId, 'apikey', current => current && {name: current.name, value: current.value});
		await app.write('\r');
		expect(openStore({configDir: app.configDir, seed: false}).collections()[0]!.variables).toEqual([{name: 'apikey', value: 'from-the-other-window-2'}]);
		other.close();
	});

	it('asks before deleting a variable, and y deletes it', async () => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		await app.write('jd');
		expect(app.frame()).toContain('Delete the collection variable "b"? y deletes, any other key keeps it');
		expect(variables(app)).toEqual([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		await app.write('y');
		expect(variables(app)).toEqual([{name: 'a', value: 1}]);
		expect(app.frame()).toContain('Deleted b');
	});

	it('deletes on d and y arriving in one chunk', async () => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		await app.write('jdy');
		expect(variables(app)).toEqual([{name: 'a', value: 1}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it.each([['n', 'n'], ['Enter', '\r'], ['space', ' '], ['j', 'j']])('keeps the variable when d is answered with %s, in the same chunk', async (_name, key) => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		await app.write(`jd${key}`);
		expect(variables(app)).toEqual([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('Nothing deleted');
		expect(highlighted(app)).toBe('C b 2');
	});

	it('asks before deleting a runtime variable, and deletes it from the session only', async () => {
		app = await withCollection([{name: 'token', value: 'saved'}]);
		runtime(app).set('token', 'fresh');
		await app.write('j');
		await app.write('k');
		await app.write('d');
		expect(app.frame()).toContain('Delete the runtime variable "token" (the collection one shows then)? y deletes');
		await app.write('y');
		expect(runtime(app).has('token')).toBe(false);
		expect(variables(app)).toEqual([{name: 'token', value: 'saved'}]);
		expect(app.frame()).toContain('Deleted the runtime token: the collection one shows now');
		expect(highlighted(app)).toBe('C token "saved"');
	});

	it('selects the next variable after deleting the selected one, the previous after deleting the last', async () => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}, {name: 'c', value: 3}]);
		await app.write('jdy');
		expect(highlighted(app)).toBe('C c 3');
		await app.write('dy');
		expect(highlighted(app)).toBe('C a 1');
		expect(variables(app)).toEqual([{name: 'a', value: 1}]);
	});

	it('keeps the selection on the variable it was on when a request\'s script sets a new runtime variable', async () => {
		app = await renderApp({seed: true, columns: 160, rows: 40});
		// Collections: down to "Log in", whose script sets the runtime variable session.
		await app.write('jjjjj3G');
		expect(app.frame()).toContain('Request Log in');
		expect(highlighted(app)).toBe('C verbose true');
		await app.write('\u0012');
		await app.settle(() => runtime(app!).has('session') && app!.container.getState().inFlight === undefined);
		expect(app.frame()).toContain('R session');
		expect(highlighted(app)).toBe('C verbose true');
		expect(app.frame()).toContain('collection · boolean');
	});

	it('keeps the first row selected when nothing was picked and a script\'s runtime variable comes above it', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'middle', value: 1}, {name: 'zebra', value: 2}]});
				// Nothing listens on port 9: the send fails, after the script has set its variable.
				store.addRequest(api.id, {name: 'Get', url: 'http://127.0.0.1:9/', scripts: {preRequest: 'client.setVar("aardvark", 3);', postResponse: ''}});
			},
		});
		await app.write('j3');
		expect(highlighted(app)).toBe('C middle 1');
		await app.write('\u0012');
		await app.settle(() => runtime(app!).has('aardvark') && app!.container.getState().inFlight === undefined);
		expect(app.frame()).toContain('R aardvark');
		expect(highlighted(app)).toBe('C middle 1');
	});

	it('keeps the selection on the same variable when another environment is chosen', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'host', value: 'prod.test'}, {name: 'zone', value: 'eu'}]});
				store.addEnvironment(api.id, {name: 'staging', variables: [{name: 'auth', value: 'on'}, {name: 'host', value: 'staging.test'}]});
			},
		});
		await app.write('3G');
		expect(highlighted(app)).toBe('C zone "eu"');
		await app.write('1ej\r3');
		expect(app.frame()).toContain('E auth');
		expect(highlighted(app)).toBe('C zone "eu"');
		// The staging host is selected; without the environment, the collection host shows in its place.
		await app.write('k');
		expect(highlighted(app)).toBe('E host "staging.test"');
		await app.write('1ek\r3');
		expect(app.frame()).not.toContain('E auth');
		expect(highlighted(app)).toBe('C host "prod.test"');
	});

	it('shows runtime variables above the collection ones and pins one into the collection with p', async () => {
		app = await withCollection([{name: 'token', value: 'old'}]);
		runtime(app).set('token', 'fresh');
		runtime(app).set('when', new Date('2024-02-02T00:00:00.000Z'));
		await app.write('j');
		await app.write('k');
		expect(app.frame()).toContain('R token');
		expect(app.frame()).toContain('"fresh"');
		await app.write('p');
		expect(variables(app)).toEqual([{name: 'token', value: 'fresh'}]);
		expect(runtime(app).has('token')).toBe(false);
		expect(app.frame()).toContain('C token');
	});

	it('pins into the chosen environment when it has the name, so the pinned value is the one sent, and keeps a secret secret', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'token', value: 'collection', secret: true}, {name: 'session', value: 'collection'}]});
				const dev = store.addEnvironment(api.id, {name: 'dev', variables: [{name: 'token', value: 'env', secret: true}]});
				store.updateSettings(settings => ({...settings, selectedEnvironments: {[api.id]: dev.id}}));
			},
		});
		runtime(app).set('token', 'fresh');
		runtime(app).set('session', 'fresh-session');
		await app.write('3');
		expect(highlighted(app)).toMatch(/^R session/);
		await app.write('p');
		await app.settle(() => app!.frame().includes('Pinned session into API'));
		await app.write('gj');
		expect(highlighted(app)).toMatch(/^R token/);
		await app.write('p');
		await app.settle(() => app!.frame().includes('Pinned token into environment dev'));
		const [api] = app.store.collections();
		expect(api!.variables).toEqual([{name: 'token', value: 'collection', secret: true}, {name: 'session', value: 'fresh-session'}]);
		expect(api!.environments[0]!.variables).toEqual([{name: 'token', value: 'fresh', secret: true}]);
		expect(runtime(app).has('token')).toBe(false);
	});

	it('refuses to pin a number beyond ±(2^53 − 1), saying so, and keeps the runtime variable', async () => {
		app = await withCollection();
		runtime(app).set('v_big', 1e21);
		await app.write('j');
		expect(highlighted(app)).toMatch(/^R v_big/);
		await app.write('p');
		await app.settle(() => app!.frame().includes('Variable "v_big": 1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'));
		expect(variables(app)).toEqual([]);
		expect(runtime(app).get('v_big')).toBe(1e21);
	});

	it('edits a runtime variable in the session, not the store', async () => {
		app = await withCollection();
		runtime(app).set('n', 1);
		await app.write('j');
		await app.write('e\u007F5\r');
		expect(runtime(app).get('n')).toBe(5);
		expect(variables(app)).toEqual([]);
	});

	it('lines up values after wide names, and cuts a wide value in the middle with … inside the border, both ends in sight', async () => {
		app = await withCollection([
			{name: 'userId', value: 42},
			{name: '名前', value: 'v'},
			{name: 'obj', value: {name: '测试'.repeat(60)}},
		], 120);
		const rows = paneRows(app);
		expect(rows).toHaveLength(3);
		const columns = ['42', '"v"', '{"name":'].map(value => valueColumn(rows, value));
		expect(new Set(columns).size).toBe(1);
		const cut = rows.find(row => row.includes('测试'))!;
		expect(cut).toMatch(/\{"name":"测试(测试)*…(测试)*"\}\s*$/);
		expect(new Set(rows.map(row => stringWidth(row))).size).toBe(1);
	});
});
