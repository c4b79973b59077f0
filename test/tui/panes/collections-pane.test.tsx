import {afterEach, describe, expect, it} from 'vitest';
import {renderApp, type AppHarness} from './render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
	await app?.cleanup();
	app = undefined;
});

function names(harness: AppHarness): string[] {
	return harness.store.collections().flatMap(collection => [collection.name, ...collection.requests.map(request => `  ${request.name}`)]);
}

async function withApi(): Promise<AppHarness> {
	return renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'One'});
			store.addRequest(api.id, {name: 'Two'});
			store.addRequest(api.id, {name: 'Three'});
			const other = store.createCollection({name: 'Other'});
			store.addRequest(other.id, {name: 'Elsewhere'});
		},
	});
}

describe('collections pane', () => {
	it('creates a collection and a request from keys typed in one chunk each', async () => {
		app = await renderApp();
		expect(app.frame()).toContain('None yet: N creates one');
		await app.write('NPets API\r');
		expect(names(app)).toEqual(['Pets API']);
		await app.write('nList pets\r');
		expect(names(app)).toEqual(['Pets API', '  List pets']);
		const [collection] = app.store.collections();
		expect(app.container.getState().selection).toEqual({collectionId: collection!.id, requestId: collection!.requests[0]!.id});
		expect(app.frame()).toContain('GET    List pets');
	});

	it('moves with several keys in one chunk and loses none', async () => {
		app = await withApi();
		const [api, other] = app.store.collections();
		await app.write('jj');
		expect(app.container.getState().selection).toEqual({collectionId: api!.id, requestId: api!.requests[2]!.id});
		await app.write('jjkkjG');
		expect(app.container.getState().selection).toEqual({collectionId: other!.id, requestId: other!.requests[0]!.id});
	});

	it('renames a request, replacing the old name', async () => {
		app = await withApi();
		await app.write('r');
		await app.write('\u0015');
		expect(app.frame()).toContain('Rename request');
		await app.write('\u007F\u007F\u007FFirst\r');
		expect(names(app)).toContain('  First');
	});

	it('asks before deleting, deletes on y and keeps on any other key', async () => {
		app = await withApi();
		await app.write('d');
		expect(app.frame()).toContain('Delete request "One"?');
		await app.write('n');
		expect(names(app)).toContain('  One');
		expect(app.frame()).toContain('Nothing deleted');
		await app.write('dy');
		expect(names(app)).toEqual(['API', '  Two', '  Three', 'Other', '  Elsewhere']);
		await app.write('gd');
		expect(app.frame()).toContain('Delete collection "API" and its 2 requests?');
		await app.write('y');
		expect(names(app)).toEqual(['Other', '  Elsewhere']);
	});

	it('duplicates a request next to it', async () => {
		app = await withApi();
		await app.write('c');
		expect(names(app).slice(0, 5)).toEqual(['API', '  One', '  One (2)', '  Two', '  Three']);
		expect(app.frame()).toContain('Duplicated as "One (2)"');
	});

	it('duplicates a whole collection with its requests under a free name', async () => {
		app = await withApi();
		await app.write('gc');
		const copy = app.store.collections().find(collection => collection.name === 'API (2)');
		expect(copy?.requests.map(request => request.name)).toEqual(['One', 'Two', 'Three']);
		expect(copy?.requests[0]!.id).not.toBe(app.store.collections()[0]!.requests[0]!.id);
		expect(app.container.getState().selection).toEqual({collectionId: copy!.id});
	});

	it('moves a request down and up with J and K', async () => {
		app = await withApi();
		await app.write('JJ');
		expect(names(app).slice(0, 4)).toEqual(['API', '  Two', '  Three', '  One']);
		await app.write('K');
		expect(names(app).slice(0, 4)).toEqual(['API', '  Two', '  One', '  Three']);
	});

	it('moves a whole collection down and up with J and K on its row', async () => {
		app = await withApi();
		await app.write('kJ');
		expect(app.store.collections().map(collection => collection.name)).toEqual(['Other', 'API']);
		await app.write('K');
		expect(app.store.collections().map(collection => collection.name)).toEqual(['API', 'Other']);
	});

	it('turns strict mode on and off for the selected collection with S', async () => {
		app = await withApi();
		await app.write('S');
		expect(app.store.collections()[0]!.settings.strict).toBe(true);
		expect(app.frame()).toContain('Strict: "API" refuses to send');
		expect(app.frame()).toContain('API (3) strict');
		await app.write('S');
		expect(app.store.collections()[0]!.settings.strict).toBe(false);
	});

	it('filters the tree as the filter is typed, keeps it on Enter and clears it on Esc', async () => {
		app = await withApi();
		await app.write('/tw');
		expect(app.frame()).toContain('Two');
		expect(app.frame()).not.toContain('Three');
		expect(app.frame()).not.toContain('Elsewhere');
		await app.write('\r');
		expect(app.container.getState().filter).toBe('tw');
		expect(app.frame()).toContain('filter: tw');
		await app.write('/');
		await app.write('\u001B');
		expect(app.container.getState().filter).toBe('');
		expect(app.frame()).toContain('Elsewhere');
	});

	it('collapses and expands a collection', async () => {
		app = await withApi();
		await app.write('hh');
		expect(app.frame()).not.toContain('Three');
		await app.write('l');
		expect(app.frame()).toContain('Three');
	});

	it('cycles the environments of the selected collection with e', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addEnvironment(api.id, {name: 'staging'});
				store.addEnvironment(api.id, {name: 'production'});
			},
		});
		await app.write('e');
		expect(app.frame()).toContain('[staging]');
		await app.write('e');
		expect(app.frame()).toContain('[production]');
		await app.write('e');
		expect(app.frame()).toContain('[no env]');
	});
});
