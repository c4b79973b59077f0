/*
What the UI shows again after a restart: the selected request, the pane with the keyboard,
the request's and the response's tabs, and how the panes were arranged. Written to the app
settings when the app is left (q, ctrl+z), never while the user moves around.
*/
import {afterEach, describe, expect, it} from 'vitest';
import {restoredView} from '../../source/tui/remembered-view.js';
import {renderApp, type AppHarness} from './panes/render-app.js';

const harnesses: AppHarness[] = [];
afterEach(async () => {
	// The restarted window first: the first one's folder is removed last.
	for (const harness of harnesses.reverse()) {
		await harness.cleanup();
	}

	harnesses.length = 0;
});

async function firstRun(): Promise<AppHarness> {
	const harness = await renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			for (const name of ['One', 'Two', 'Three']) {
				store.addRequest(api.id, {name, url: `http://127.0.0.1:9/${name.toLowerCase()}`});
			}
		},
	});
	harnesses.push(harness);
	return harness;
}

async function restart(harness: AppHarness): Promise<AppHarness> {
	const restarted = await renderApp({configDir: harness.configDir});
	harnesses.push(restarted);
	return restarted;
}

describe('a restart', () => {
	it('comes back on the request, the pane and the tabs of when curlew was left', async () => {
		const app = await firstRun();
		// The third request, its scripts tab, then the response pane's headers tab.
		await app.write('jjj2\u001B[C4tq');
		expect(app.quits).toBe(1);
		const restarted = await restart(app);
		const state = restarted.container.getState();
		const third = restarted.store.collections()[0]!.requests[2]!;
		expect(state.selection).toEqual({collectionId: restarted.store.collections()[0]!.id, requestId: third.id});
		expect(state.focus).toBe('response');
		expect(state.requestTab).toBe('scripts');
		expect(state.response?.tab).toBe('headers');
		expect(restarted.frame()).toContain('Request Three');
		expect(restarted.frame()).toContain('[headers]');
		expect(restarted.frame()).toContain('[Scripts]');
	});

	it('comes back zoomed, side by side and with the split where they were left', async () => {
		const app = await firstRun();
		await app.write('4V+z');
		await app.write('q');
		const restarted = await restart(app);
		expect(restarted.container.getState().arrangement).toEqual({zoomed: true, sideBySide: true, requestShare: 0.35});
		// The response alone, bare: its status line is the first row.
		expect(restarted.frame().split('\n')[0]).toMatch(/^No response yet/);
	});

	it('writes nothing while the user moves around, and writes on ctrl+z as on quitting', async () => {
		const app = await firstRun();
		const before = app.store.settings();
		await app.write('jj4zt');
		expect(app.store.settings()).toBe(before);
		await app.write('\u001A');
		expect(app.store.settings()).toMatchObject({lastRequestId: app.store.collections()[0]!.requests[2]!.id, screen: {pane: 'response', zoomed: true, responseTab: 'headers'}});
	});

	it('comes back on the collection of a request deleted meanwhile', async () => {
		const app = await firstRun();
		// The third request.
		await app.write('jj');
		await app.write('q');
		const [collection] = app.store.collections();
		app.store.deleteRequest(collection!.id, collection!.requests[2]!.id);
		const restarted = await restart(app);
		expect(restarted.container.getState().selection).toEqual({collectionId: collection!.id});
	});

	it('passes over a pane or a tab this curlew does not have, and keeps a split within its bounds', () => {
		expect(restoredView({screen: {pane: 'sidebar', requestTab: 'waterfall', responseTab: 'trace', zoomed: true, requestShare: 0.99}})).toEqual({
			focus: undefined,
			requestTab: undefined,
			responseTab: undefined,
			arrangement: {zoomed: true, sideBySide: false, requestShare: 0.9},
		});
	});
});
