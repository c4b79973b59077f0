/*
ctrl+c in a field leaves it, as Esc does and as a shell's ctrl+c drops the line typed; a
second ctrl+c quits. With a request in flight, ctrl+c cancels it and the field stays open.
*/
import {act} from 'react';
import {describe, expect, it} from 'vitest';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const ctrlC = '\u0003';

let app: AppHarness | undefined;

async function withRequest(): Promise<AppHarness> {
	const harness = await renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'Get user', url: 'http://127.0.0.1:9/user'});
		},
	});
	await harness.write('2');
	return harness;
}

const url = (harness: AppHarness) => harness.store.collections()[0]!.requests[0]!.url;

describe('ctrl+c in a field', () => {
	it('leaves the URL field, keeping what was typed as Esc does, and a second ctrl+c quits', async () => {
		app = await withRequest();
		await app.write(`u?id=1${ctrlC}`);
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('navigating');
		app.saver.flush();
		expect(url(app)).toBe('http://127.0.0.1:9/user?id=1');
		await app.write(ctrlC);
		expect(app.quits).toBe(1);
	});

	it('leaves a prompt without doing what it asks: no request is created', async () => {
		app = await withRequest();
		await app.write(`1nNew one${ctrlC}`);
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('navigating');
		expect(app.store.collections()[0]!.requests.map(request => request.name)).toEqual(['Get user']);
	});

	it('leaves the response\'s search prompt', async () => {
		app = await withRequest();
		await app.write(`4/abc${ctrlC}`);
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('navigating');
	});

	it('cancels the request in flight instead, and the field stays open', async () => {
		app = await withRequest();
		const collection = app.store.collections()[0]!;
		const controller = new AbortController();
		await act(async () => {
			app!.container.dispatch({type: 'sendStarted', inFlight: {collectionId: collection.id, requestId: collection.requests[0]!.id, startedAt: Date.now(), controller, progress: {bytes: 0}}});
		});
		await app.write(`u?id=1${ctrlC}`);
		expect(controller.signal.aborted).toBe(true);
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('editing');
	});
});
