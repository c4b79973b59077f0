/*
Which response tab a send shows: the body, unless the user chose another tab for that request.
Real sends to a loopback server, keys in one chunk.
*/
import {describe, expect, it} from 'vitest';
import {recordingServerForFile} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

const server = recordingServerForFile();

let app: AppHarness | undefined;

async function sendAndWait(harness: AppHarness): Promise<void> {
	const before = server.requests.length;
	await harness.write('\u0012');
	await harness.settle(() => server.requests.length > before && harness.container.getState().inFlight === undefined);
}

const tab = () => app!.container.getState().response?.tab;

describe('the response tab a send shows', () => {
	it('is the body, unless the user chose another for the request sent', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'First', url: `${server.origin}/first`, scripts: {preRequest: 'console.log("before")', postResponse: ''}});
				store.addRequest(api.id, {name: 'Second', url: `${server.origin}/second`});
			},
		});
		await sendAndWait(app);
		// The console chosen for the first request: its next send shows the console again.
		await app.write('4[');
		expect(tab()).toBe('console');
		await sendAndWait(app);
		expect(tab()).toBe('console');
		expect(app.frame()).toContain('[console 1]');

		// The second has no tab chosen: the console the first left is not kept for its send.
		await app.write('1j');
		expect(tab()).toBe('console');
		await sendAndWait(app);
		expect(tab()).toBe('body');
		expect(app.frame()).toContain('[body]');

		await app.write('1k');
		await sendAndWait(app);
		expect(tab()).toBe('console');
	});
});
