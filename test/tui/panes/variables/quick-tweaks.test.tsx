import {chmodSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Variable} from '../../../../source/core/model.js';
import type {Store} from '../../../../source/core/store/store.js';
import {type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness, type HarnessOptions} from '../render-app.js';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

const day = 24 * 60 * 60 * 1000;

/** The app at 80x24 on a collection of these variables, the variables pane focused. */
async function withVariables(variables: Variable[], options: HarnessOptions & {environment?: Variable[]; request?: Parameters<Store['addRequest']>[1]} = {}): Promise<AppHarness> {
	const harness = await renderApp({
		columns: 80,
		rows: 24,
		...options,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables});
			if (options.environment !== undefined) {
				const staging = store.addEnvironment(api.id, {name: 'staging', variables: options.environment});
				store.updateSettings(settings => ({...settings, selectedEnvironments: {[api.id]: staging.id}}));
			}

			if (options.request !== undefined) {
				store.addRequest(api.id, options.request);
			}
		},
	});
	await harness.write(options.request === undefined ? '3' : 'j3');
	return harness;
}

function stored(harness: AppHarness): Variable[] {
	return harness.store.collections()[0]!.variables;
}

/** The rows inside the variables pane's (focused) border. */
function paneText(harness: AppHarness): string[] {
	return harness.frame().split('\n').map(line => line.split('┃')[1] ?? '').filter(row => row !== '');
}

const user = {id: 7, name: 'Ada', address: {street: '1 Main St', city: 'London', zip: 'N1'}, tags: ['a', 'b']};

describe('the pane at 80x24', () => {
	it('grows when focused, so Getting started\'s ten variables show with their names whole, and shrinks back when left', async () => {
		app = await renderApp({seed: true, columns: 80, rows: 24});
		const rowsOf = () => app!.frame().split('\n').map(line => /^[│┃](?<row>[CER] .*?)[│┃]/.exec(line)?.groups?.['row']).filter(row => row !== undefined);
		const narrow = rowsOf();
		await app.write('3');
		const rows = rowsOf();
		expect(rows).toHaveLength(10);
		expect(rows.find(row => row.startsWith('C baseUrl'))).toMatch(/^C baseUrl +"http:\/\/127\.0\.0\.1" *$/);
		expect(rows[0]!.length).toBeGreaterThan(narrow[0]!.length + 15);
		await app.write('1');
		expect(rowsOf()[0]!.length).toBe(narrow[0]!.length);
	});

	it('cuts a long URL in the middle, so its host and its end both show', async () => {
		app = await withVariables([{name: 'tenantUrl', value: 'https://staging.api.example.com/v2/tenants/acme-corporation/projects'}]);
		const row = paneText(app).find(text => text.startsWith('C tenantUrl'))!.trimEnd();
		expect(row).toMatch(/^C tenantUrl +"https:\/\/staging\.[^…]*…[^…]*\/projects"$/);
	});
});

describe('the inspector', () => {
	it('changes user.address.city alone: enter opens the object, j to the line, enter edits it as a string', async () => {
		app = await withVariables([{name: 'user', value: user}, {name: 'zone', value: 'eu'}]);
		// Lines: {, "id", "name", "address": {, "street", "city".
		await app.write('\rjjjj\r');
		expect(app.frame()).toContain('user.address.city as string');
		await app.write('\u0015Lyon\r');
		expect(stored(app)).toEqual([{name: 'user', value: {...user, address: {...user.address, city: 'Lyon'}}}, {name: 'zone', value: 'eu'}]);
		expect(app.frame()).toContain('Saved user.address.city = "Lyon" (collection)');
		expect(app.frame()).toContain('"city": "Lyon"');
	});

	it('shows the override chain: the collection\'s value, the environment\'s, which one wins, and the requests that use it', async () => {
		app = await withVariables([{name: 'base', value: 'http://prod.test'}], {
			environment: [{name: 'base', value: 'http://staging.test'}],
			request: {name: 'Health', url: '{{base}}/health'},
		});
		await app.write('i');
		const rows = paneText(app).map(row => row.trimEnd());
		const chain = rows.indexOf('override chain, lowest first (▸ is sent):');
		expect(rows.slice(chain + 1, chain + 3)).toEqual(['  collection          "http://prod.test"', '▸ environment staging "http://staging.test"']);
		expect(rows).toContain('used by request: Health');
		expect(rows).toContain('http://staging.test');
		expect(rows.some(row => row.startsWith('environment · string · hides collection\'s'))).toBe(true);
	});

	it('scrolls a 200 KB object to its end and back, drawing only the rows in sight', async () => {
		const items = Array.from({length: 2000}, (_, index) => ({id: index, name: `item-${String(index).padStart(4, '0')}`, note: 'x'.repeat(60)}));
		app = await withVariables([{name: 'big', value: {items}}]);
		expect(JSON.stringify({items}).length).toBeGreaterThan(200_000);
		await app.write('\r');
		expect(paneText(app).join('\n')).toContain('"items": [');
		await app.write('G');
		const end = paneText(app).join('\n');
		expect(end).toContain('"name": "item-1999"');
		expect(end).not.toContain('"items": [');
		expect(app.container.getState().inspector?.line).toBeGreaterThan(10_000);
		await app.write('\u0015\u0015');
		const paged = paneText(app).join('\n');
		expect(paged).not.toContain('item-1999');
		expect(paged).toMatch(/item-199\d/);
		await app.write('g');
		expect(paneText(app).join('\n')).toContain('used by no request');
	});

	it('turns a boolean inside an object with enter, and steps a number inside it with + and -', async () => {
		app = await withVariables([{name: 'flags', value: {beta: false, retries: 2}}]);
		await app.write('\r\r');
		expect(stored(app)[0]!.value).toEqual({beta: true, retries: 2});
		await app.write('j++-+');
		expect(stored(app)[0]!.value).toEqual({beta: true, retries: 4});
	});
});

describe('quick tweaks', () => {
	it('adds 1 to a number with +, and takes it back with -', async () => {
		app = await withVariables([{name: 'port', value: 8080}]);
		await app.write('+');
		expect(stored(app)).toEqual([{name: 'port', value: 8081}]);
		expect(app.frame()).toContain('Saved port = 8081 (collection)');
		await app.write('--');
		expect(stored(app)).toEqual([{name: 'port', value: 8079}]);
	});

	it('keeps a number\'s decimals when it adds 1, and says + takes numbers on another kind', async () => {
		app = await withVariables([{name: 'ratio', value: 0.1}, {name: 'zone', value: 'eu'}]);
		await app.write('+');
		expect(stored(app)[0]).toEqual({name: 'ratio', value: 1.1});
		await app.write('j+');
		expect(app.frame()).toContain('zone is a string: + and - add and subtract one from a number');
		expect(stored(app)[1]).toEqual({name: 'zone', value: 'eu'});
	});

	it('turns a boolean with enter', async () => {
		app = await withVariables([{name: 'verbose', value: true}]);
		await app.write('\r');
		expect(stored(app)).toEqual([{name: 'verbose', value: false}]);
	});

	it('sets a date with +1d, shows the ISO value it became, and sends it', async () => {
		server = await startServerForTest();
		app = await withVariables([{name: 'when', value: new Date('2024-01-31T12:00:00.000Z')}], {
			request: {name: 'Book', method: 'POST', url: `${server.url}book`, body: {type: 'json', text: '{"when": {{when}}}'}},
		});
		const before = Date.now();
		await app.write('\r\u0015+1d\r');
		const after = Date.now();
		const saved = stored(app)[0]!.value as Date;
		expect(saved.getTime()).toBeGreaterThanOrEqual(before + day);
		expect(saved.getTime()).toBeLessThanOrEqual(after + day);
		expect(app.frame()).toContain(`Saved when = ${saved.toISOString()} (collection)`);
		await app.write('\u0012');
		await app.settle(() => server!.requests.length === 1);
		expect(server.requests[0]!.body.toString('utf8')).toBe(`{"when": "${saved.toISOString()}"}`);
	});

	it('filters the variables by name with /, selecting the first that matches, and esc clears it', async () => {
		app = await withVariables([{name: 'apiKey', value: 'k'}, {name: 'baseUrl', value: 'http://a.test'}, {name: 'userId', value: 1}, {name: 'userName', value: 'ada'}]);
		await app.write('/USER');
		expect(paneText(app).filter(row => row.startsWith('C '))).toHaveLength(2);
		expect(app.container.getState().selectedVariable).toEqual({scope: 'collection', name: 'userId'});
		await app.write('\rj+');
		expect(app.frame()).toContain('filter: USER (esc clears)');
		expect(app.frame()).toContain('userName is a string');
		await app.write('\u001B');
		expect(paneText(app).filter(row => row.startsWith('C '))).toHaveLength(4);
	});
});

describe('overrides', () => {
	it('sets a value in the environment with o, over the collection\'s, and x drops it again', async () => {
		app = await withVariables([{name: 'host', value: 'prod.test'}], {environment: []});
		await app.write('o');
		expect(app.frame()).toContain('host in environment as string');
		await app.write('\u0015staging.test\r');
		const api = app.store.collections()[0]!;
		expect(api.environments[0]!.variables).toEqual([{name: 'host', value: 'staging.test'}]);
		expect(api.variables).toEqual([{name: 'host', value: 'prod.test'}]);
		expect(app.frame()).toContain('E host');
		await app.write('x');
		expect(app.store.collections()[0]!.environments[0]!.variables).toEqual([]);
		expect(app.frame()).toContain('Dropped the environment\'s host (was "staging.test"): the collection\'s shows now');
		expect(app.frame()).toContain('C host');
	});

	it('sets a value for the session with r, in the runtime only, and x drops it', async () => {
		app = await withVariables([{name: 'token', value: 'saved', secret: true}]);
		await app.write('r\u0015fresh\r');
		expect(app.session.runtimeOf(app.store.collections()[0]!).get('token')).toBe('fresh');
		expect(stored(app)).toEqual([{name: 'token', value: 'saved', secret: true}]);
		expect(app.frame()).toContain('R token');
		expect(app.frame()).not.toContain('fresh');
		await app.write('x');
		expect(app.session.runtimeOf(app.store.collections()[0]!).has('token')).toBe(false);
		expect(app.frame()).toContain('Dropped the runtime\'s token (was ••••••)');
	});

	it('says x drops only an override, and o needs an environment chosen', async () => {
		app = await withVariables([{name: 'host', value: 'prod.test'}]);
		await app.write('x');
		expect(app.frame()).toContain('host overrides nothing (only in the collection): d deletes it');
		await app.write('o');
		expect(app.frame()).toContain('No environment chosen to set host in: E in the collections pane creates one');
		expect(stored(app)).toEqual([{name: 'host', value: 'prod.test'}]);
	});
});

describe('editing a value as JSON, on many lines', () => {
	it('opens an object on many lines with e, breaks lines with enter inside it, and saves with esc', async () => {
		app = await withVariables([{name: 'query', value: {limit: 10}}]);
		await app.write('e');
		const rows = paneText(app).map(row => row.trimEnd());
		expect(rows).toContain('query as JSON (object, array) · esc saves');
		expect(rows).toContain('{');
		expect(rows).toContain('  "limit": 10');
		// Up to the limit's line, to its end, a new member on a new line.
		await app.write('\u001B[A\u001B[F,\r  "offset": 5\u001B');
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 10, offset: 5}}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('refuses JSON that does not parse with its line and column, keeps the text, and offers it again after a second esc', async () => {
		app = await withVariables([{name: 'query', value: {limit: 10}}]);
		await app.write('e\u001B[A\u001B[F,\r  "offset": \u001B');
		expect(app.frame()).toContain('Not valid JSON at line 4, column 1');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 10}}]);
		await app.write('\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.container.getState().message?.text).toMatch(/^query not saved \(editing it again opens your text\): Not valid JSON at line 4, column 1/);
		await app.write('e');
		expect(paneText(app).map(row => row.trimEnd())).toContain('  "offset":');
		expect(app.frame()).toContain('Your text of query that was not saved, as you left it');
		await app.write('\u001B[A\u001B[F 5\u001B');
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 10, offset: 5}}]);
	});

	it('saves JSON typed on one line with enter at its end, as a new variable\'s value', async () => {
		app = await withVariables([]);
		await app.write('nids\rj[1, 2]\r');
		expect(stored(app)).toEqual([{name: 'ids', value: [1, 2]}]);
	});

	it('opens a value in $EDITOR with E and saves what it wrote, as the value\'s kind', async () => {
		const editor = path.join(process.env.TMPDIR ?? '/tmp', `curlew-variable-editor-${process.pid}.sh`);
		writeFileSync(editor, '#!/bin/sh\nprintf \'{\\n  "limit": 25\\n}\\n\' > "$1"\n');
		chmodSync(editor, 0o755);
		app = await withVariables([{name: 'query', value: {limit: 10}}], {env: {EDITOR: editor}});
		await app.write('E');
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 25}}]);
	});

	it('keeps what $EDITOR wrote when it is not JSON, saying where, and opens it again with E', async () => {
		const editor = path.join(process.env.TMPDIR ?? '/tmp', `curlew-variable-editor-bad-${process.pid}.sh`);
		writeFileSync(editor, '#!/bin/sh\ncase "$(cat "$1")" in *oops*) printf \'{"limit": 30}\' > "$1";; *) printf \'{"limit": oops}\' > "$1";; esac\n');
		chmodSync(editor, 0o755);
		app = await withVariables([{name: 'query', value: {limit: 10}}], {env: {EDITOR: editor}});
		await app.write('E');
		expect(app.container.getState().message?.text).toMatch(/^query not saved \(E opens your text again\): Not valid JSON at line 1, column 11/);
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 10}}]);
		await app.write('E');
		expect(stored(app)).toEqual([{name: 'query', value: {limit: 30}}]);
	});

	it('opens a secret in $EDITOR only once secrets are shown', async () => {
		app = await withVariables([{name: 'token', value: 'abc', secret: true}], {env: {EDITOR: 'false'}});
		await app.write('E');
		expect(app.frame()).toContain('token is secret: v shows secrets, then E opens it in $EDITOR');
	});
});

describe('completing a variable\'s name after {{ in the request editor', () => {
	it('offers the names in effect as they are typed, and tab completes one in the URL and in a JSON body', async () => {
		app = await withVariables([{name: 'baseUrl', value: 'http://a.test'}, {name: 'basePath', value: '/v1'}, {name: 'token', value: 't'}], {
			columns: 120,
			request: {name: 'Get', url: ''},
		});
		await app.write('2u{{ba');
		expect(app.frame()).toContain('tab completes {{basePath}}  {{baseUrl}}');
		await app.write('seU\t/items\u001B');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('{{baseUrl}}/items');
		await app.write('t\r{"t": "{{to\t"}\u001B');
		expect(app.store.collections()[0]!.requests[0]!.body).toMatchObject({type: 'json', text: '{"t": "{{token}}"}'});
	});

	it('leaves tab to insert a tab in a body where no placeholder is open', async () => {
		app = await withVariables([{name: 'token', value: 't'}], {request: {name: 'Get', url: ''}});
		await app.write('2t\ra\tb\u001B');
		expect(app.store.collections()[0]!.requests[0]!.body).toMatchObject({text: 'a\tb'});
	});
});
