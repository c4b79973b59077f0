import {describe, expect, it} from 'vitest';
import {renderApp, type AppHarness} from '../panes/render-app.js';

let app: AppHarness | undefined;

async function withApi(): Promise<AppHarness> {
	return renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'count', value: 1}]});
			store.addRequest(api.id, {name: 'One', url: 'http://api.test/one'});
			store.addRequest(api.id, {name: 'Two', url: 'http://api.test/two'});
		},
	});
}

const requestNames = (harness: AppHarness) => harness.store.collections()[0]!.requests.map(request => request.name);

/** Esc and a key typed fast arrive as alt+ that key: each place must read them as Esc, then the key. */
describe('Esc then a key typed fast', () => {
	it('closes the help, and the key acts: in the chunk that opened it, or in a later one', async () => {
		app = await withApi();
		await app.write('?\u001BnHelped\r');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(requestNames(app)).toContain('Helped');
		await app.write('?');
		await app.write('\u001BnLater\r');
		expect(requestNames(app)).toContain('Later');
		// In the help, q is text for its filter: ? closes it, as it opened it.
		await app.write('?');
		await app.write('?nClosed\r');
		expect(requestNames(app)).toContain('Closed');
	});

	it('cancels the kind picker, and the key acts: nothing is made of the cancelled variable', async () => {
		app = await withApi();
		await app.write('3nv1\r');
		expect(app.container.getState().mode).toMatchObject({kind: 'pick-kind'});
		await app.write('\u001BnQ\r');
		expect(app.container.getState().mode).toMatchObject({kind: 'pick-kind', variable: {name: 'Q'}});
		expect(app.store.collections()[0]!.variables.map(variable => variable.name)).toEqual(['count']);
	});

	it('answers a delete question as any key but y, and the key acts', async () => {
		app = await withApi();
		await app.write('jd\u001BnX\r');
		expect(requestNames(app)).toEqual(['One', 'Two', 'X']);
	});

	it('leaves a field on Esc then Enter, keeping its text, and the Enter acts', async () => {
		app = await withApi();
		await app.write('rZZ\u001B\r');
		expect(requestNames(app)).toEqual(['One', 'Two']);
		expect(app.container.getState().mode).not.toMatchObject({kind: 'prompt'});
		// Enter on a request in the collections pane opens it in the request pane.
		expect(app.container.getState().focus).toBe('request');
		await app.write('2u/s\u001B\r');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('http://api.test/one/s');
		// Enter in the request pane opens the body, the tab it shows.
		expect(app.container.getState().mode).toMatchObject({kind: 'editing', target: {kind: 'body'}});
		await app.write('\u001Bxyz');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('http://api.test/one/s');
	});

	it('keeps a pasted character that follows a pasted ESC', async () => {
		app = await withApi();
		await app.write('2u');
		await app.write('\u001B[200~/p\u001BBc\u001B[201~\r');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('http://api.test/one/pBc');
	});
});
