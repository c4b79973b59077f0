/*
A header or a variable's value being typed is saved when the app quits (a signal, which
flushes the saver as quitting does), by the rules of its Enter, and when ctrl+c leaves its
field, by the rules of its Esc; while the field is
open it is not saved, and once closed by Enter or Esc quitting saves nothing more.
*/
import {act} from 'react';
import {describe, expect, it} from 'vitest';
import type {Header, Variable} from '../../../source/core/model.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const ctrlC = '\u0003';
const esc = '\u001B';
const end = '\u001B[F';

let app: AppHarness | undefined;

async function withRequest(headers: Header[] = []): Promise<AppHarness> {
	const harness = await renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			const request = store.addRequest(api.id, {name: 'Get user', url: 'http://127.0.0.1:9/user'});
			store.updateRequest(api.id, request.id, current => ({...current, headers}));
		},
	});
	await harness.write('2');
	return harness;
}

async function withCollection(variables: Variable[] = []): Promise<AppHarness> {
	const harness = await renderApp({
		columns: 160,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables});
			store.addRequest(api.id, {name: 'Get user', url: 'http://api.test/user'});
		},
	});
	await harness.write('3');
	return harness;
}

function headers(harness: AppHarness): Header[] {
	return harness.store.collections()[0]!.requests[0]!.headers;
}

function variables(harness: AppHarness): Variable[] {
	return harness.store.collections()[0]!.variables;
}

/** What SIGTERM and SIGHUP do before the screen is restored (see guardTerminal in start-tui). */
function signal(harness: AppHarness): void {
	harness.saver.flush();
}

/** A send in flight, so that ctrl+c cancels it rather than quitting. */
async function sendInFlight(harness: AppHarness): Promise<void> {
	const collection = harness.store.collections()[0]!;
	await act(async () => {
		harness.container.dispatch({type: 'sendStarted', inFlight: {collectionId: collection.id, requestId: collection.requests[0]!.id, startedAt: Date.now(), controller: new AbortController(), progress: {bytes: 0}}});
	});
}

describe('a header being typed', () => {
	it('is saved when ctrl+c leaves its field and a second quits, typed in the same chunk', async () => {
		app = await withRequest();
		await app.write(`aX-Trace: 1${ctrlC}${ctrlC}`);
		expect(app.quits).toBe(1);
		expect(headers(app)).toEqual([{name: 'X-Trace', value: '1', enabled: true}]);
	});

	it('is not in the list while typed, and is saved on a signal', async () => {
		app = await withRequest();
		await app.write('aX-Trace: 1');
		expect(headers(app)).toEqual([]);
		expect(app.container.getState().mode).toMatchObject({kind: 'editing'});
		signal(app);
		expect(headers(app)).toEqual([{name: 'X-Trace', value: '1', enabled: true}]);
	});

	it('saves its edit of a header on a signal, in place', async () => {
		app = await withRequest([{name: 'Accept', value: 'text/html', enabled: true}, {name: 'X-B', value: '2', enabled: false}]);
		// The headers tab, left of the body's, and the first header's field.
		await app.write('\u001B[D');
		await app.write(`\r${end},*/*`);
		expect(headers(app)[0]).toEqual({name: 'Accept', value: 'text/html', enabled: true});
		signal(app);
		expect(headers(app)).toEqual([{name: 'Accept', value: 'text/html,*/*', enabled: true}, {name: 'X-B', value: '2', enabled: false}]);
	});

	it('saves nothing on quitting when the text is not a header, new or edited', async () => {
		app = await withRequest([{name: 'Accept', value: 'text/html', enabled: true}]);
		await app.write('aBadheader');
		signal(app);
		expect(headers(app)).toEqual([{name: 'Accept', value: 'text/html', enabled: true}]);
		await app.write(esc);
		await app.write(`\r\u0001\u000B${ctrlC}${ctrlC}`);
		expect(app.quits).toBe(1);
		expect(headers(app)).toEqual([{name: 'Accept', value: 'text/html', enabled: true}]);
	});

	it('is saved once: quitting after Enter or Esc closed its field adds nothing', async () => {
		app = await withRequest();
		await app.write(`aA: 1\raB: 2${esc}`);
		await app.write(`aBad${esc}`);
		await app.write(ctrlC);
		expect(app.quits).toBe(1);
		expect(headers(app).map(header => header.name)).toEqual(['A', 'B']);
	});

	it('is saved once when sent with ctrl+r then the app quits', async () => {
		app = await withRequest();
		await app.write('aX-Trace: 1\u0012');
		const requestId = app.store.collections()[0]!.requests[0]!.id;
		await app.settle(() => app!.container.getState().outcomes[requestId] !== undefined);
		signal(app);
		expect(headers(app)).toEqual([{name: 'X-Trace', value: '1', enabled: true}]);
	});

	it('is not saved when ctrl+c cancels a send in flight: the field stays open, and Enter saves it once', async () => {
		app = await withRequest();
		await sendInFlight(app);
		await app.write(`aX-Trace: 1${ctrlC}`);
		expect(app.quits).toBe(0);
		expect(headers(app)).toEqual([]);
		expect(app.container.getState().mode).toMatchObject({kind: 'editing'});
		await app.write('\r');
		signal(app);
		expect(headers(app)).toEqual([{name: 'X-Trace', value: '1', enabled: true}]);
	});
});

describe('a variable\'s value being typed', () => {
	it('is dropped when ctrl+c leaves its prompt, as Esc drops it, and a second ctrl+c quits', async () => {
		app = await withCollection();
		await app.write(`nname\rsAda${ctrlC}${ctrlC}`);
		expect(app.quits).toBe(1);
		expect(variables(app)).toEqual([]);
	});

	it('is not stored while typed, and is saved on a signal as its kind', async () => {
		app = await withCollection([{name: 'count', value: 1}]);
		await app.write(`ts${end}0`);
		expect(variables(app)).toEqual([{name: 'count', value: 1}]);
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		signal(app);
		expect(variables(app)).toEqual([{name: 'count', value: '10'}]);
	});

	it('saves nothing on quitting when the text is not one of its kind', async () => {
		app = await withCollection([{name: 'count', value: 1}]);
		await app.write('ncount2\rn4x');
		signal(app);
		expect(variables(app)).toEqual([{name: 'count', value: 1}]);
		await app.write(esc);
		await app.write(`en\u0001\u000Bmany${ctrlC}${ctrlC}`);
		expect(app.quits).toBe(1);
		expect(variables(app)).toEqual([{name: 'count', value: 1}]);
	});

	it('is dropped by Esc, and not saved again after Enter', async () => {
		app = await withCollection();
		await app.write(`ncount\rn42${esc}`);
		signal(app);
		expect(variables(app)).toEqual([]);
		await app.write('ncount\rn42\r');
		await app.write(`e${end}0${esc}`);
		signal(app);
		expect(variables(app)).toEqual([{name: 'count', value: 42}]);
	});

	it('is not saved when ctrl+c cancels a send in flight: the prompt stays open', async () => {
		app = await withCollection();
		await sendInFlight(app);
		await app.write(`nname\rsAda${ctrlC}`);
		expect(app.quits).toBe(0);
		expect(variables(app)).toEqual([]);
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt'});
		await app.write('\r');
		expect(variables(app)).toEqual([{name: 'name', value: 'Ada'}]);
	});
});
