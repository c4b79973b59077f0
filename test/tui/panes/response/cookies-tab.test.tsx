/*
The response pane's cookies tab, on the whole app with a real store, session and server: it
lists the collection's cookie jar (a login's value masked), deletes the selected cookie,
clears the jar after asking, and shows what a later send put there.
*/
import {expect, it} from 'vitest';
import {type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

const cookiesShown = (harness: AppHarness) => {
	const {cookies, selection} = harness.container.getState();
	return cookies !== undefined && cookies.of.collectionId === selection.collectionId ? cookies.list.map(cookie => cookie.name) : undefined;
};

async function send(harness: AppHarness): Promise<void> {
	const before = server!.requests.length;
	await harness.write('\u0012');
	await harness.settle(() => harness.container.getState().inFlight === undefined && server!.requests.length === before + 1);
}

it('lists the collection\'s cookies, deletes the selected one, clears the jar after asking, and shows a later send\'s', async () => {
	server = await startServerForTest((_request, response) => {
		response.writeHead(200, [['Set-Cookie', 'sid=s3ss10n; Path=/; HttpOnly'], ['Set-Cookie', 'theme=dark; Path=/; Max-Age=3600'], ['Content-Type', 'application/json']]);
		response.end('{}');
	});
	const {origin} = server;
	app = await renderApp({
		columns: 120,
		rows: 30,
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'Login', url: `${origin}/login`});
		},
	});
	const harness = app;
	await send(harness);
	await harness.write('4TT');
	expect(harness.container.getState().response?.tab).toBe('cookies');
	await harness.settle(() => cookiesShown(harness)?.length === 2);
	const frame = harness.frame();
	expect(frame).toMatch(/\[cookies]/);
	expect(frame).toMatch(/127\.0\.0\.1 +\/ +session +sid=••••••/);
	expect(frame).toMatch(/127\.0\.0\.1 +\/ +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +theme=dark/);
	expect(frame).not.toContain('s3ss10n');
	expect(frame).toContain('2 cookies · d deletes the selected one · D clears the jar');

	await harness.write('d');
	await harness.settle(() => cookiesShown(harness)?.length === 1);
	expect(harness.frame()).toContain('Deleted cookie sid of 127.0.0.1/');
	expect(harness.frame()).not.toContain('sid=');
	const collection = harness.store.collections()[0]!;
	expect((await (await harness.session.cookies(collection)).list()).map(cookie => cookie.name)).toEqual(['theme']);

	await harness.write('D');
	expect(harness.frame()).toContain('Delete all 1 cookie of collection "API"?');
	await harness.write('n');
	expect(harness.frame()).toContain('Nothing deleted');
	expect(cookiesShown(harness)).toEqual(['theme']);

	await harness.write('Dy');
	await harness.settle(() => cookiesShown(harness)?.length === 0);
	expect(harness.frame()).toContain('Cleared the cookie jar of "API"');
	expect(harness.frame()).toContain('The collection\'s cookie jar is empty');
	expect(await (await harness.session.cookies(collection)).list()).toEqual([]);

	await send(harness);
	expect(server.requests.at(-1)!.headers.cookie).toBeUndefined();
	await harness.settle(() => cookiesShown(harness)?.length === 2);
	expect(harness.frame()).toContain('theme=dark');
});
