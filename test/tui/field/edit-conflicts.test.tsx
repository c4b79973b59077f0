/*
Two curlew windows editing the same field: the one that saves second finds the stored value
changed under its open field. It says so in that window and offers to keep its own text
(ctrl+o) or take the other's (ctrl+t); neither text is lost without a word.
*/
import {describe, expect, it} from 'vitest';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const esc = '\u001B';
const ctrlA = '\u0001';
const ctrlK = '\u000B';
const keepMine = '\u000F';
const takeTheirs = '\u0014';

let app: AppHarness | undefined;

async function windowWithRequest(): Promise<AppHarness> {
	return renderApp({
		columns: 160,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'token', value: 'opened'}], scripts: {preRequest: '', postResponse: ''}});
			store.addRequest(api.id, {
				name: 'Get user',
				url: 'http://127.0.0.1:9/opened',
				headers: [{name: 'X-Tag', value: 'opened', enabled: true}],
				body: {type: 'text', text: 'opened body'},
			});
		},
	});
}

/** The other window, as another curlew process sees the same store. */
function otherWindow(harness: AppHarness): {store: Store; collectionId: string; requestId: string} {
	const store = openStore({configDir: harness.configDir, seed: false});
	const collection = store.collections()[0]!;
	return {store, collectionId: collection.id, requestId: collection.requests[0]!.id};
}

function stored(harness: AppHarness) {
	const collection = harness.store.collections()[0]!;
	return {collection, request: collection.requests[0]!};
}

/** The status bar's message row, above its row of keys. */
const messageRow = (harness: AppHarness) => harness.frame().split('\n').at(-2)!;

describe('a field another window changed while it was open', () => {
	it('URL: stays open and says so when left, and ctrl+o saves this window\'s text over the other\'s', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`2u${ctrlA}${ctrlK}http://127.0.0.1:9/mine`);
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, url: 'http://127.0.0.1:9/theirs'}));
		await app.write(esc);
		expect(messageRow(app)).toContain('ctrl+o keeps yours, ctrl+t takes theirs: the URL was changed in another curlew window, to "http://127.0.0.1:9/theirs"');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing', target: {kind: 'url'}});
		expect(stored(app).request.url).toBe('http://127.0.0.1:9/theirs');

		await app.write(keepMine);
		expect(stored(app).request.url).toBe('http://127.0.0.1:9/mine');
		await app.write(esc);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(stored(app).request.url).toBe('http://127.0.0.1:9/mine');
	});

	it('URL: ctrl+t puts the other window\'s text in the field, and leaving then saves nothing over it', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`2u${ctrlA}${ctrlK}http://127.0.0.1:9/mine`);
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, url: 'http://127.0.0.1:9/theirs'}));
		await app.write(esc);
		await app.write(takeTheirs);
		expect(app.frame()).toContain('http://127.0.0.1:9/theirs');
		await app.write(esc);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(stored(app).request.url).toBe('http://127.0.0.1:9/theirs');
		expect(app.saver.pending).toBe(false);
	});

	it('URL: a field left as it opened saves nothing, and says nothing, whatever the other window did', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write('2u');
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, url: 'http://127.0.0.1:9/theirs'}));
		await app.write(esc);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(stored(app).request.url).toBe('http://127.0.0.1:9/theirs');
	});

	it('body: stays open when left, and ctrl+o keeps this window\'s text', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write('2\r');
		await app.write(`${ctrlA}${ctrlK}mine`);
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, body: {type: 'text', text: 'theirs'}}));
		await app.write(esc);
		expect(messageRow(app)).toContain('ctrl+o keeps yours, ctrl+t takes theirs: the body was changed in another curlew window, to "theirs"');
		await app.write(keepMine);
		await app.write(esc);
		expect(stored(app).request.body).toEqual({type: 'text', text: 'mine'});
	});

	it('script: ctrl+t takes the other window\'s text', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write('2l\rmine');
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, scripts: {...request.scripts, preRequest: 'theirs()'}}));
		await app.write(esc);
		expect(messageRow(app)).toContain('the request pre-request script was changed in another curlew window, to "theirs()"');
		await app.write(takeTheirs);
		await app.write(esc);
		expect(stored(app).request.scripts.preRequest).toBe('theirs()');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('header: Enter keeps the field open and says so; ctrl+o writes this window\'s header in place of the other\'s', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`2h\r${ctrlA}${ctrlK}X-Tag: mine`);
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, headers: [{name: 'X-Tag', value: 'theirs', enabled: true}]}));
		await app.write('\r');
		expect(messageRow(app)).toContain('ctrl+o keeps yours, ctrl+t takes theirs: header X-Tag was changed in another curlew window, to "X-Tag: theirs"');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing', target: {kind: 'header'}});
		await app.write(keepMine);
		expect(stored(app).request.headers).toEqual([{name: 'X-Tag', value: 'mine', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('header: ctrl+t closes the field on the other window\'s header', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`2h\r${ctrlA}${ctrlK}X-Tag: mine`);
		other.store.updateRequest(other.collectionId, other.requestId, request => ({...request, headers: [{name: 'X-Tag', value: 'theirs', enabled: true}]}));
		await app.write(esc);
		await app.write(takeTheirs);
		expect(stored(app).request.headers).toEqual([{name: 'X-Tag', value: 'theirs', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('variable value: Enter keeps the prompt open and says so; ctrl+o saves this window\'s value, ctrl+t the other\'s stays', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`3e${ctrlA}${ctrlK}mine`);
		other.store.setVariable(other.collectionId, {name: 'token', value: 'theirs'});
		await app.write('\r');
		expect(app.frame()).toContain('ctrl+o keeps yours, ctrl+t takes theirs: token was changed in another curlew window, to "theirs"');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		await app.write(keepMine);
		expect(stored(app).collection.variables).toEqual([{name: 'token', value: 'mine'}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});

		await app.write(`e${ctrlA}${ctrlK}mine again`);
		other.store.setVariable(other.collectionId, {name: 'token', value: 'theirs again'});
		await app.write('\r');
		await app.write(takeTheirs);
		expect(stored(app).collection.variables).toEqual([{name: 'token', value: 'theirs again'}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('a variable\'s value being typed when the app quits: the conflict is said, and quitting asks again', async () => {
		app = await windowWithRequest();
		const other = otherWindow(app);
		await app.write(`3e${ctrlA}${ctrlK}mine`);
		other.store.setVariable(other.collectionId, {name: 'token', value: 'theirs'});
		// Below the minimum size ctrl+c quits with the field open (at a size that fits, it leaves the field first).
		await app.resize(39, 9);
		await app.write('\u0003');
		expect(app.quits).toBe(0);
		// Not drawn at this size: the state holds what the status bar would say.
		expect(app.container.getState().messages.at(-1)?.text).toContain('An edit is not saved, q or ctrl+c again quits without it: ctrl+o keeps yours, ctrl+t takes theirs: token was changed');
		await app.write('\u0003');
		expect(app.quits).toBe(1);
		expect(stored(app).collection.variables).toEqual([{name: 'token', value: 'theirs'}]);
	});
});
