import {expect, it} from 'vitest';
import {type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

it('shows the response and every failing post-response script: the first in the status bar, all in the console', async () => {
	server = await startServerForTest();
	const {origin} = server;
	app = await renderApp({
		columns: 160,
		prepare(store) {
			const api = store.createCollection({name: 'API', scripts: {preRequest: '', postResponse: 'throw new Error("collection check")'}});
			store.addRequest(api.id, {name: 'Get', url: `${origin}/get`, scripts: {preRequest: '', postResponse: 'console.log("request ran");\nthrow new Error("request check")'}});
		},
	});
	await app.write('\u0012');
	await app.settle(() => app!.container.getState().inFlight === undefined && server!.requests.length === 1);
	expect(app.container.getState().message).toMatchObject({
		tone: 'error',
		text: 'Collection post-response script, run for "Get", failed at line 1: Error: collection check (and 1 more: see the console)',
	});
	const frame = app.frame();
	expect(frame).toContain('200 OK');
	expect(frame).toContain('script error: see console');
	expect(frame).toContain('console 3!');
	await app.write('4[');
	const consoleTab = app.frame();
	expect(consoleTab).toContain('log   [request post-response] request ran');
	expect(consoleTab).toContain('error Collection post-response script, run for "Get", failed at line 1: Error: collection check');
	expect(consoleTab).toContain('error Post-response script of "Get" failed at line 2: Error: request check');
});
