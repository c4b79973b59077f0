import {describe, expect, it} from 'vitest';
import type {Store} from '../../../../source/core/store/store.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;

function withEnvironments(store: Store): void {
	const api = store.createCollection({name: 'API'});
	store.addRequest(api.id, {name: 'Get user', url: 'http://127.0.0.1:9/user'});
	store.addEnvironment(api.id, {name: 'staging'});
	store.addEnvironment(api.id, {name: 'production'});
}

const chosen = (harness: AppHarness) => harness.store.settings().selectedEnvironments;
const lines = (harness: AppHarness) => harness.frame().replace(/\n$/, '').split('\n');

describe('the environment list e opens', () => {
	it('lists none and each environment, the one in use selected, and Enter uses the one moved to', async () => {
		app = await renderApp({prepare: withEnvironments});
		await app.write('e');
		const frame = app.frame();
		expect(frame).toContain('Environment of API:');
		expect(frame).toMatch(/› none \(in use\)/);
		expect(frame).toContain('  staging');
		expect(frame).toContain('  production');
		expect(frame).toMatch(/enter choose {2}esc cancel/);
		await app.write('jj\r');
		expect(app.container.getState().mode.kind).toBe('navigating');
		const [api] = app.store.collections();
		expect(chosen(app)).toEqual({[api!.id]: api!.environments[1]!.id});
		expect(app.frame()).toContain('Environment: production');
		// Open again: the one in use is the one selected.
		await app.write('e');
		expect(app.frame()).toMatch(/› production \(in use\)/);
	});

	it('changes nothing on Esc, nor on keys it does not bind, and stops at either end', async () => {
		app = await renderApp({prepare: withEnvironments});
		await app.write('ekkkxnd');
		expect(app.container.getState().mode).toMatchObject({kind: 'pick-environment', selected: 0});
		expect(app.store.collections()[0]!.requests).toHaveLength(1);
		await app.write('jjjjj');
		expect(app.container.getState().mode).toMatchObject({kind: 'pick-environment', selected: 2});
		await app.write('\u001B');
		expect(app.container.getState().mode.kind).toBe('navigating');
		expect(chosen(app)).toEqual({});
		expect(app.frame()).toContain('Collections [no env]');
	});

	it('scrolls a list longer than the pane to keep the selected one in view', async () => {
		app = await renderApp({
			columns: 60,
			rows: 16,
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				for (let index = 1; index <= 15; index++) {
					store.addEnvironment(api.id, {name: `env-${index}`});
				}
			},
		});
		await app.write('e');
		expect(app.frame()).toContain('› none');
		expect(app.frame()).not.toContain('env-15');
		await app.write('j'.repeat(15));
		expect(app.frame()).toContain('› env-15');
		expect(app.frame()).not.toContain('none');
		await app.write('\r');
		expect(app.frame()).toContain('Environment: env-15');
	});

	it('says how to add one when the collection has none', async () => {
		app = await renderApp({
			prepare(store) {
				store.createCollection({name: 'Bare'});
			},
		});
		await app.write('e');
		expect(app.container.getState().mode.kind).toBe('navigating');
		expect(app.frame()).toContain('Collection "Bare" has no environments: E adds one');
	});
});

describe('the environment in use', () => {
	it.each([[100, 30], [80, 23], [60, 16]])('shows in the request pane\'s title and the status bar at %ix%i', async (columns, rows) => {
		app = await renderApp({columns, rows, prepare: withEnvironments});
		// At 60x16 the side panes fold: the request pane shows when focused.
		await app.write('j');
		await app.write('ej\r');
		await app.write('2');
		const drawn = lines(app);
		expect(drawn.find(line => line.includes('Request'))).toContain('Get user [staging]');
		expect(drawn.at(-2)).toMatch(/ env: staging$/);
		for (const line of drawn) {
			expect([...line].length).toBeLessThanOrEqual(columns);
		}
	});
});
