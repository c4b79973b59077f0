import {afterEach, describe, expect, it} from 'vitest';
import type {Variable} from '../../../source/core/model.js';
import {renderApp, type AppHarness} from './render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
	await app?.cleanup();
	app = undefined;
});

async function withCollection(variables: Variable[] = []): Promise<AppHarness> {
	const harness = await renderApp({
		columns: 160,
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
		expect(app.container.getState().variablesRow).toBe(2);
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
		await app.write('e3nhost\rsstaging.test\r');
		const [collection] = app.store.collections();
		expect(collection!.environments[0]!.variables).toEqual([{name: 'host', value: 'staging.test'}]);
		expect(collection!.variables).toEqual([{name: 'host', value: 'prod.test'}]);
		expect(app.frame()).toContain('E host');
		expect(app.frame()).toContain('environment · string · hides');
	});

	it('refuses an invalid name and keeps the prompt open', async () => {
		app = await withCollection();
		await app.write('na b\r');
		expect(app.frame()).toContain('is invalid: use letters, digits, _, - and .');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
	});

	it('edits a value as another kind, starting from its current text', async () => {
		app = await withCollection([{name: 'port', value: '8080'}]);
		await app.write('e');
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

	it('deletes a variable', async () => {
		app = await withCollection([{name: 'a', value: 1}, {name: 'b', value: 2}]);
		await app.write('jd');
		expect(variables(app)).toEqual([{name: 'a', value: 1}]);
	});

	it('shows runtime variables above the collection ones and pins one into the collection with p', async () => {
		app = await withCollection([{name: 'token', value: 'old'}]);
		app.session.runtime.set('token', 'fresh');
		app.session.runtime.set('when', new Date('2024-02-02T00:00:00.000Z'));
		await app.write('j');
		await app.write('k');
		expect(app.frame()).toContain('R token');
		expect(app.frame()).toContain('"fresh"');
		await app.write('p');
		expect(variables(app)).toEqual([{name: 'token', value: 'fresh'}]);
		expect(app.session.runtime.has('token')).toBe(false);
		expect(app.frame()).toContain('C token');
	});

	it('edits a runtime variable in the session, not the store', async () => {
		app = await withCollection();
		app.session.runtime.set('n', 1);
		await app.write('j');
		await app.write('e\r\u007F5\r');
		expect(app.session.runtime.get('n')).toBe(5);
		expect(variables(app)).toEqual([]);
	});
});
