import {chmodSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openStore, type Store} from '../../../../source/core/store/store.js';
import {recordingServerForFile, startRecordingServer} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;

function names(harness: AppHarness): string[] {
	return harness.store.collections().flatMap(collection => [collection.name, ...collection.requests.map(request => `  ${request.name}`)]);
}

async function withApi(): Promise<AppHarness> {
	return renderApp({
		prepare(store) {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'One'});
			store.addRequest(api.id, {name: 'Two'});
			store.addRequest(api.id, {name: 'Three'});
			const other = store.createCollection({name: 'Other'});
			store.addRequest(other.id, {name: 'Elsewhere'});
		},
	});
}

/** The collections pane's row that has the › marker, spaces squeezed: `POST Log in`, `▾ API (3)`. */
function markedRow(harness: AppHarness): string | undefined {
	const row = /^[┃│]›([^┃│]*)/m.exec(harness.frame())?.[1];
	return row?.replaceAll(/\s+/g, ' ').trim();
}

const sendKey = '\u0012';

/** An $EDITOR that runs `sed` on the file it is given. */
function sedEditor(expression: string): string {
	const editor = path.join(process.env.TMPDIR ?? '/tmp', `curlew-settings-editor-${process.pid}-${Math.random().toString(16).slice(2)}.sh`);
	writeFileSync(editor, `#!/bin/sh\nsed -i '${expression}' "$1"\n`);
	chmodSync(editor, 0o755);
	return editor;
}

describe('collection settings in $EDITOR', () => {
	it('saves what the editor changed, every setting shown', async () => {
		app = await renderApp({seed: true, env: {EDITOR: sedEditor('s/"totalTimeoutMs": 30000/"totalTimeoutMs": 5000/; s/"verifyTls": true/"verifyTls": false/')}});
		await app.write('o');
		const [collection] = app.store.collections();
		expect(collection!.settings).toMatchObject({totalTimeoutMs: 5000, verifyTls: false, connectTimeoutMs: 10_000});
		expect(app.frame()).toContain('Settings of "Getting started" saved');
	});

	it('refuses a misspelled setting or a bad value, saying which, and changes nothing', async () => {
		app = await renderApp({seed: true, columns: 160, env: {EDITOR: sedEditor('s/"totalTimeoutMs"/"totalTimeout"/')}});
		const before = app.store.collections()[0]!.settings;
		await app.write('o');
		expect(app.frame()).toContain('Settings of "Getting started" not saved (o opens your text again): settings: there is no setting "totalTimeout"');
		expect(app.store.collections()[0]!.settings).toEqual(before);
		await app.cleanup();
		app = await renderApp({seed: true, columns: 160, env: {EDITOR: sedEditor('s/"maxRedirects": 10/"maxRedirects": "ten"/')}});
		await app.write('o');
		expect(app.frame()).toContain('not saved (o opens your text again): settings.maxRedirects');
		expect(app.store.collections()[0]!.settings.maxRedirects).toBe(10);
	});

	it('opens the refused text again on the next o, to correct rather than retype', async () => {
		// The first edit leaves a stray word; given the refused text back, the second removes it.
		app = await renderApp({seed: true, env: {EDITOR: sedEditor('s/"totalTimeoutMs": 30000/"totalTimeoutMs": 5000 oops/;t;s/ oops//')}});
		await app.write('o');
		expect(app.frame()).toContain('not saved');
		expect(app.frame()).toContain('o opens your text again');
		expect(app.store.collections()[0]!.settings.totalTimeoutMs).toBe(30_000);
		await app.write('o');
		expect(app.frame()).toContain('Settings of "Getting started" saved');
		expect(app.store.collections()[0]!.settings.totalTimeoutMs).toBe(5000);
	});
});

describe('collections pane', () => {
	it('creates a collection and a request from keys typed in one chunk each', async () => {
		app = await renderApp();
		expect(app.frame()).toContain('None yet: N creates one');
		await app.write('NPets API\r');
		expect(names(app)).toEqual(['Pets API']);
		await app.write('nList pets\r');
		expect(names(app)).toEqual(['Pets API', '  List pets']);
		const [collection] = app.store.collections();
		expect(app.container.getState().selection).toEqual({collectionId: collection!.id, requestId: collection!.requests[0]!.id});
		expect(app.frame()).toContain('GET    List pets');
	});

	it('refuses a new collection or request named like one there is, keeping the prompt, and numbers a request given no name', async () => {
		app = await renderApp();
		await app.write('NPets API\r');
		await app.write('Npets api\r');
		await app.settle(() => app!.frame().includes('There is already a collection named "Pets API"'));
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'new-collection'}});
		await app.write('\u001B');
		await app.write('nList\r');
		await app.write('nlist\r');
		await app.settle(() => app!.frame().includes('Collection "Pets API" already has a request named "List"'));
		await app.write('\u0017\r');
		await app.write('n\r');
		expect(names(app)).toEqual(['Pets API', '  List', '  New request', '  New request (2)']);
	});

	it('moves with several keys in one chunk and loses none', async () => {
		app = await withApi();
		const [api, other] = app.store.collections();
		await app.write('jj');
		expect(app.container.getState().selection).toEqual({collectionId: api!.id, requestId: api!.requests[2]!.id});
		await app.write('jjkkjG');
		expect(app.container.getState().selection).toEqual({collectionId: other!.id, requestId: other!.requests[0]!.id});
	});

	it('renames a request, replacing the old name', async () => {
		app = await withApi();
		await app.write('r');
		await app.write('\u0015');
		expect(app.frame()).toContain('Rename request');
		await app.write('\u007F\u007F\u007FFirst\r');
		expect(names(app)).toContain('  First');
	});

	it('refuses to rename a request to a name another request of the collection has, and keeps the prompt to correct it', async () => {
		app = await withApi();
		// First no name at all, then a taken one: each refusal replaces the one before.
		await app.write('r\u0017\r');
		await app.settle(() => app!.frame().includes('The name is empty'));
		await app.write('two\r');
		await app.settle(() => app!.frame().includes('already has a request named "Two"'));
		expect(app.frame()).not.toContain('The name is empty');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'rename-request'}});
		expect(app.store.collections()[0]!.requests.map(request => request.name)).toEqual(['One', 'Two', 'Three']);
		await app.write('\u0017Uno\r');
		await app.settle(() => app!.container.getState().mode.kind === 'navigating');
		expect(app.store.collections()[0]!.requests.map(request => request.name)).toEqual(['Uno', 'Two', 'Three']);
		// Renamed: the refusal went with the prompt.
		expect(app.frame()).not.toContain('already has a request');
	});

	it('asks before deleting, deletes on y and keeps on any other key', async () => {
		app = await withApi();
		await app.write('d');
		expect(app.frame()).toContain('Delete request "One"?');
		await app.write('n');
		expect(names(app)).toContain('  One');
		expect(app.frame()).toContain('Nothing deleted');
		await app.write('dy');
		expect(names(app)).toEqual(['API', '  Two', '  Three', 'Other', '  Elsewhere']);
		await app.write('gd');
		expect(app.frame()).toContain('Delete collection "API" and its 2 requests?');
		await app.write('y');
		expect(names(app)).toEqual(['Other', '  Elsewhere']);
	});

	it('selects the collection above a deleted one', async () => {
		app = await withApi();
		// From the first request down to the Other collection's row, then delete it: API above takes the selection.
		await app.write('jjj');
		expect(markedRow(app)).toMatch(/Other/);
		await app.write('dy');
		expect(app.container.getState().selection).toEqual({collectionId: app.store.collections()[0]!.id});
		expect(markedRow(app)).toMatch(/API/);
	});

	it('duplicates a request next to it', async () => {
		app = await withApi();
		await app.write('c');
		expect(names(app).slice(0, 5)).toEqual(['API', '  One', '  One (2)', '  Two', '  Three']);
		expect(app.frame()).toContain('Duplicated as "One (2)"');
	});

	it('duplicates a whole collection with its requests under a free name', async () => {
		app = await withApi();
		await app.write('gc');
		const copy = app.store.collections().find(collection => collection.name === 'API (2)');
		expect(copy?.requests.map(request => request.name)).toEqual(['One', 'Two', 'Three']);
		expect(copy?.requests[0]!.id).not.toBe(app.store.collections()[0]!.requests[0]!.id);
		expect(app.container.getState().selection).toEqual({collectionId: copy!.id});
	});

	it('moves a request down and up with J and K', async () => {
		app = await withApi();
		await app.write('JJ');
		expect(names(app).slice(0, 4)).toEqual(['API', '  Two', '  Three', '  One']);
		await app.write('K');
		expect(names(app).slice(0, 4)).toEqual(['API', '  Two', '  One', '  Three']);
	});

	it('moves a whole collection down and up with J and K on its row', async () => {
		app = await withApi();
		await app.write('kJ');
		expect(app.store.collections().map(collection => collection.name)).toEqual(['Other', 'API']);
		await app.write('K');
		expect(app.store.collections().map(collection => collection.name)).toEqual(['API', 'Other']);
	});

	it('turns strict mode on and off for the selected collection with S', async () => {
		app = await withApi();
		await app.write('S');
		expect(app.store.collections()[0]!.settings.strict).toBe(true);
		expect(app.frame()).toContain('Strict: "API" refuses to send');
		expect(app.frame()).toContain('API (3) strict');
		await app.write('S');
		expect(app.store.collections()[0]!.settings.strict).toBe(false);
	});

	it('filters the tree as the filter is typed, keeps it on Enter and clears it on Esc', async () => {
		app = await withApi();
		await app.write('/tw');
		expect(app.frame()).toContain('Two');
		expect(app.frame()).not.toContain('Three');
		expect(app.frame()).not.toContain('Elsewhere');
		await app.write('\r');
		expect(app.container.getState().filter).toBe('tw');
		expect(app.frame()).toContain('filter: tw');
		await app.write('/');
		await app.write('\u001B');
		expect(app.container.getState().filter).toBe('');
		expect(app.frame()).toContain('Elsewhere');
	});

	it('collapses and expands a collection', async () => {
		app = await withApi();
		await app.write('hh');
		expect(app.frame()).not.toContain('Three');
		await app.write('l');
		expect(app.frame()).toContain('Three');
	});

	it('chooses the environment of the selected collection from the list e opens', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				store.addEnvironment(api.id, {name: 'staging'});
				store.addEnvironment(api.id, {name: 'production'});
			},
		});
		await app.write('ej\r');
		expect(app.frame()).toContain('[staging]');
		await app.write('ej\r');
		expect(app.frame()).toContain('[production]');
		await app.write('egg\r');
		expect(app.frame()).toContain('[production]');
		await app.write('ekk\r');
		expect(app.frame()).toContain('[no env]');
	});
});

describe('collections pane with a filter', () => {
	it('moves the selection off a request the filter hides, and the request pane and delete follow it', async () => {
		app = await renderApp({seed: true});
		expect(markedRow(app)).toBe('GET List resource');
		await app.write('/log\r');
		expect(markedRow(app)).toBe('POST Log in');
		expect(app.frame()).toContain('Request Log in');
		await app.write('d');
		expect(app.frame()).toContain('Delete request "Log in"?');
	});

	it('moves a request past its neighbour on screen with K and J, over the requests the filter hides', async () => {
		app = await renderApp({
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				for (const name of ['alpha one', 'beta', 'alpha two', 'gamma', 'alpha three']) {
					store.addRequest(api.id, {name});
				}
			},
		});
		const order = () => app!.store.collections()[0]!.requests.map(request => request.name);
		await app.write('/alpha\rG');
		expect(markedRow(app)).toBe('GET alpha three');
		await app.write('K');
		expect(order()).toEqual(['alpha one', 'beta', 'alpha three', 'alpha two', 'gamma']);
		await app.write('K');
		expect(order()).toEqual(['alpha three', 'alpha one', 'beta', 'alpha two', 'gamma']);
		await app.write('KJ');
		expect(order()).toEqual(['alpha one', 'alpha three', 'beta', 'alpha two', 'gamma']);
		expect(markedRow(app)).toBe('GET alpha three');
	});

	it('moves the selection to the first match as the filter is typed, before Enter', async () => {
		app = await withApi();
		await app.write('/thr');
		expect(markedRow(app)).toBe('GET Three');
		expect(app.frame()).toContain('filter: thr (esc clears)');
	});

	it('creating a request or a collection the filter would hide clears the filter, selects it and says so', async () => {
		app = await renderApp({seed: true});
		await app.write('/log\r');
		await app.write('nZed\r');
		expect(app.container.getState().filter).toBe('');
		expect(markedRow(app)).toBe('GET Zed');
		expect(app.frame()).toContain('Filter "log" cleared to show "Zed"');
		await app.write('d');
		expect(app.frame()).toContain('Delete request "Zed"?');
		await app.write('n/log\rNPets\r');
		expect(app.container.getState().filter).toBe('');
		expect(markedRow(app)).toBe('▾ Pets (0)');
	});

	it('renaming the selected request so the filter would hide it clears the filter', async () => {
		app = await withApi();
		await app.write('/tw\r');
		await app.write('r');
		await app.write('\u007F\u007F\u007FDeux\r');
		expect(names(app)).toContain('  Deux');
		expect(app.container.getState().filter).toBe('');
		expect(markedRow(app)).toBe('GET Deux');
	});

	it('after a delete, selects a request the filter still shows', async () => {
		app = await withApi();
		// "t" shows Two and Three of API, and all of Other by its name.
		await app.write('/t\rj');
		expect(markedRow(app)).toBe('GET Three');
		await app.write('dy');
		expect(markedRow(app)).toBe('GET Two');
		await app.write('dy');
		expect(markedRow(app)).toBe('GET Elsewhere');
		await app.write('d');
		expect(app.frame()).toContain('Delete request "Elsewhere"?');
	});

	it('sends the request the filter left selected', async () => {
		const server = await startRecordingServer();
		try {
			app = await renderApp({
				prepare(store) {
					const api = store.createCollection({name: 'API'});
					store.addRequest(api.id, {name: 'List', url: `${server.origin}/list`});
					store.addRequest(api.id, {name: 'Log in', url: `${server.origin}/login`});
				},
			});
			await app.write(`/log\r${sendKey}`);
			await app.settle(() => server.requests.length === 1 && app!.container.getState().inFlight === undefined);
			expect(server.requests.map(request => request.url)).toEqual(['/login']);
		} finally {
			await server.close();
		}
	});

	it('says how to clear an applied filter, and Esc on the pane clears it and keeps the selection', async () => {
		app = await withApi();
		await app.write('/tw\r');
		expect(app.frame()).toContain('filter: tw (esc clears)');
		await app.write('\u001B');
		expect(app.container.getState().filter).toBe('');
		expect(app.frame()).not.toContain('filter:');
		expect(app.frame()).toContain('Elsewhere');
		expect(markedRow(app)).toBe('GET Two');
		await app.write('/th\r\u001B');
		expect(app.container.getState().filter).toBe('');
		expect(markedRow(app)).toBe('GET Three');
		// A filter longer than the pane is cut short, its way out is not.
		await app.write('/elsewhere and then some\r');
		expect(app.frame()).toContain('filter: else… (esc clears)');
	});

	it('keeps a request the filter selected in sight when the filter is cleared, opening its collapsed collection', async () => {
		app = await withApi();
		// Collapse API, go to Elsewhere, then filter it away: Three of the collapsed API is the first match.
		await app.write('hhG/three\r');
		expect(markedRow(app)).toBe('GET Three');
		await app.write('\u001B');
		expect(markedRow(app)).toBe('GET Three');
		expect(app.frame()).toContain('One');
	});
});

describe('the environment chosen with e', () => {
	const server = recordingServerForFile();

	function withEnvironments(select?: 'staging'): (store: Store) => void {
		return store => {
			const api = store.createCollection({name: 'API', variables: [{name: 'where', value: 'collection'}]});
			store.addRequest(api.id, {name: 'Get', url: `${server.origin}/{{where}}`});
			const staging = store.addEnvironment(api.id, {name: 'staging', variables: [{name: 'where', value: 'staging'}]});
			store.addEnvironment(api.id, {name: 'production', variables: [{name: 'where', value: 'production'}]});
			if (select === 'staging') {
				store.updateSettings(settings => ({...settings, selectedEnvironments: {[api.id]: staging.id}}));
			}
		};
	}

	async function send(harness: AppHarness): Promise<string | undefined> {
		const before = server.requests.length;
		await harness.write(sendKey);
		await harness.settle(() => server.requests.length === before + 1 && harness.container.getState().inFlight === undefined);
		return server.requests.at(-1)?.url;
	}

	it('is saved in the store at once: a store opened afresh has it, and no environment removes it', async () => {
		app = await renderApp({prepare: withEnvironments()});
		const [api] = app.store.collections();
		const [staging, production] = api!.environments;
		const savedSelection = () => {
			const reopened = openStore({configDir: app!.configDir, seed: false});
			try {
				return reopened.settings().selectedEnvironments;
			} finally {
				reopened.close();
			}
		};

		await app.write('ej\r');
		expect(savedSelection()).toEqual({[api!.id]: staging!.id});
		await app.write('ej\r');
		expect(savedSelection()).toEqual({[api!.id]: production!.id});
		await app.write('ekk\r');
		expect(savedSelection()).toEqual({});
	});

	it('is the one a send uses', async () => {
		app = await renderApp({prepare: withEnvironments()});
		expect(await send(app)).toBe('/collection');
		await app.write('ej\r');
		expect(await send(app)).toBe('/staging');
	});

	it('can be a new one: E names it, chooses it, and variables added then go to it and are sent', async () => {
		app = await renderApp({prepare: withEnvironments()});
		await app.write('Eqa\r3nwhere\r\rqa-value\r');
		await app.settle(() => app!.frame().includes('Saved where = "qa-value" (environment)'));
		expect(app.frame()).toContain('Collections [qa]');
		const [api] = app.store.collections();
		const qa = api!.environments.find(environment => environment.name === 'qa');
		expect(qa?.variables).toEqual([{name: 'where', value: 'qa-value'}]);
		expect(app.store.settings().selectedEnvironments).toEqual({[api!.id]: qa!.id});
		expect(await send(app)).toBe('/qa-value');
	});

	it('refuses a new environment named like one the collection has, and keeps the prompt open', async () => {
		app = await renderApp({prepare: withEnvironments()});
		await app.write('EStaging\r');
		await app.settle(() => app!.frame().includes('already has an environment named "staging"'));
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'new-environment'}});
		expect(app.store.collections()[0]!.environments.map(environment => environment.name)).toEqual(['staging', 'production']);
	});

	it('can be renamed with R, not to another one\'s name, and deleted with D after asking; sends then use the collection\'s values', async () => {
		app = await renderApp({prepare: withEnvironments('staging')});
		await app.write('R\u0017PRODUCTION\r');
		await app.settle(() => app!.frame().includes('already has an environment named "production"'));
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'rename-environment'}});
		await app.write('\u0017qa\r');
		await app.settle(() => app!.frame().includes('Collections [qa]'));
		expect(app.store.collections()[0]!.environments.map(environment => environment.name)).toEqual(['qa', 'production']);
		expect(await send(app)).toBe('/staging');
		await app.write('Dn');
		await app.settle(() => app!.frame().includes('Nothing deleted'));
		expect(app.store.collections()[0]!.environments).toHaveLength(2);
		await app.write('D');
		await app.settle(() => app!.frame().includes('Delete environment "qa" and its 1 variable?'));
		await app.write('y');
		await app.settle(() => app!.frame().includes('Deleted environment "qa"'));
		expect(app.frame()).toContain('Collections [no env]');
		expect(app.store.collections()[0]!.environments.map(environment => environment.name)).toEqual(['production']);
		expect(app.store.settings().selectedEnvironments).toEqual({});
		expect(await send(app)).toBe('/collection');
		await app.write('R');
		await app.settle(() => app!.frame().includes('No environment chosen: e chooses one'));
	});

	it('is selected again at start, and sent with', async () => {
		app = await renderApp({prepare: withEnvironments('staging')});
		expect(app.frame()).toContain('Collections [staging]');
		expect(await send(app)).toBe('/staging');
	});
});
