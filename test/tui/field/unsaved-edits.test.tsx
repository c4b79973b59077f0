/*
An edit the store cannot write (a full disk, a folder in the way) is said, kept in memory
and saved again later; nothing typed is dropped without a word. A folder where the store
writes its next version makes every write fail for real, for any user, root included.
*/
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {temporaryPathFor} from '../../../source/core/store/temporary-file.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const esc = '\u001B';
const ctrlA = '\u0001';
const ctrlK = '\u000B';

let app: AppHarness | undefined;

async function withRequest(): Promise<AppHarness> {
	const harness = await renderApp({
		columns: 160,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'token', value: 'old'}]});
			store.addRequest(api.id, {name: 'Get user', url: 'http://127.0.0.1:9/old', headers: [{name: 'X-Old', value: '1', enabled: true}]});
		},
	});
	await harness.write('2');
	return harness;
}

/** Makes every write of the store fail until the returned function is called. */
function blockWrites(harness: AppHarness): () => void {
	const obstacle = temporaryPathFor(harness.store.path);
	fs.mkdirSync(obstacle);
	return () => {
		fs.rmdirSync(obstacle);
	};
}

function request(harness: AppHarness) {
	return harness.store.collections()[0]!.requests[0]!;
}

/** The status bar's message row, above its row of keys. */
const messageRow = (harness: AppHarness) => harness.frame().split('\n').at(-2)!;

describe('an edit the store cannot write', () => {
	it('says the URL is not saved yet, keeps it, and saves it with the next change once the store can be written', async () => {
		app = await withRequest();
		const unblock = blockWrites(app);
		await app.write(`u${ctrlA}${ctrlK}http://127.0.0.1:9/new${esc}`);
		expect(request(app).url).toBe('http://127.0.0.1:9/old');
		expect(messageRow(app)).toContain('Not saved yet:');
		expect(app.saver.pending).toBe(true);

		unblock();
		await app.write('m');
		expect(request(app).url).toBe('http://127.0.0.1:9/new');
		expect(request(app).method).toBe('POST');
		expect(app.saver.pending).toBe(false);
	});

	it('does not quit on q while an edit is not saved, saying so, and quits on a second q', async () => {
		app = await withRequest();
		blockWrites(app);
		await app.write(`u${ctrlA}${ctrlK}http://127.0.0.1:9/new${esc}`);
		await app.write('q');
		expect(app.quits).toBe(0);
		expect(messageRow(app)).toContain('q or ctrl+c again quits without it');
		await app.write('q');
		expect(app.quits).toBe(1);
	});

	it('does not send the stored request while an edit of it is not saved', async () => {
		app = await withRequest();
		blockWrites(app);
		await app.write(`u${ctrlA}${ctrlK}http://127.0.0.1:9/new${esc}`);
		await app.write('\u0012');
		expect(messageRow(app)).toContain('Not sent: an edit is not saved yet');
		expect(app.container.getState().inFlight).toBeUndefined();
	});

	it('keeps a header\'s field open with its text when Enter cannot save it', async () => {
		app = await withRequest();
		const unblock = blockWrites(app);
		await app.write('aX-New: 2\r');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing', target: {kind: 'header'}});
		expect(app.frame()).toContain('X-New: 2');
		expect(messageRow(app)).toContain('Not saved yet:');
		unblock();
		await app.write('\r');
		expect(request(app).headers.map(header => header.name)).toEqual(['X-Old', 'X-New']);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('keeps a variable\'s value prompt open with its text when Enter cannot save it', async () => {
		app = await withRequest();
		const unblock = blockWrites(app);
		await app.write(`3e${ctrlA}${ctrlK}new\r`);
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		expect(app.frame()).toContain('new');
		unblock();
		await app.write('\r');
		expect(app.store.collections()[0]!.variables).toEqual([{name: 'token', value: 'new'}]);
	});
});
