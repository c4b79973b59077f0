/*
The variables pane for a request in a folder: the folder's variables and the request's own are
in the chain (Bruno's order: collection < environment < folder < request < runtime), shown and
inspected, but changed where they live. A real store, a loopback server, keys in one chunk.
*/
import {describe, expect, it} from 'vitest';
import {type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

/** A collection with a folder `Users` and the request `Users / Get`, selected, the variables pane focused. */
async function inFolder(origin = 'http://127.0.0.1:9'): Promise<AppHarness> {
	const harness = await renderApp({
		columns: 120,
		rows: 30,
		prepare(store) {
			const api = store.createCollection({
				name: 'API',
				variables: [{name: 'team', value: 'everyone'}, {name: 'id', value: 1}, {name: 'base', value: origin}],
				folders: [{path: 'Users', variables: [{name: 'team', value: 'accounts'}]}],
			});
			store.addRequest(api.id, {name: 'Users / Get', url: '{{base}}/users/{{id}}?team={{team}}', variables: [{name: 'id', value: 7}]});
		},
	});
	await harness.write('j3');
	return harness;
}

/** The rows inside the variables pane's (focused) border. */
function paneText(harness: AppHarness): string[] {
	return harness.frame().split('\n').map(line => line.split('┃')[1] ?? '').filter(row => row !== '');
}

describe('a request\'s folder and own variables in the variables pane', () => {
	it('lists them tagged F and Q over the collection\'s, and says which folder and what they hide', async () => {
		app = await inFolder();
		const rows = paneText(app).map(row => row.trim());
		expect(rows.some(row => /^F team\s+"accounts"/.test(row))).toBe(true);
		expect(rows.some(row => /^Q id\s+7/.test(row))).toBe(true);
		expect(rows.some(row => /^C base/.test(row))).toBe(true);
		await app.write('G');
		expect(app.frame()).toContain('folder Users · string · hides collection\'s');
	});

	it('shows the folder in the inspector\'s chain, the value sent marked', async () => {
		app = await inFolder();
		await app.write('Gi');
		const rows = paneText(app).map(row => row.trimEnd());
		const chain = rows.indexOf('override chain, lowest first (▸ is sent):');
		expect(chain).toBeGreaterThan(0);
		expect(rows.slice(chain + 1, chain + 3)).toEqual(['  collection   "everyone"', '▸ folder Users "accounts"']);
	});

	it('says where a request\'s or a folder\'s variable is changed, and changes nothing', async () => {
		app = await inFolder();
		const before = app.store.collections()[0]!;
		// id, the request's own, is the second row: base, id, team.
		await app.write('j+');
		expect(app.frame()).toContain('id is the request\'s own variable: o in the request pane edits it');
		await app.write('jo');
		expect(app.frame()).toContain('team is the folder Users\'s, above the environment\'s: r sets a runtime value over it');
		await app.write('e');
		expect(app.frame()).toContain('team is folder Users\'s variable, from the collection\'s file');
		expect(app.store.collections()[0]).toEqual(before);
		expect(app.container.getState().mode.kind).toBe('navigating');
	});

	it('sends the request\'s own value over the folder\'s and the collection\'s, and a runtime one set with r over it', async () => {
		server = await startServerForTest();
		app = await inFolder(server.origin);
		const send = async () => {
			const before = server!.requests.length;
			await app!.write('\u0012');
			await app!.settle(() => server!.requests.length > before && app!.container.getState().inFlight === undefined);
			return server!.requests.at(-1)!.url;
		};

		expect(await send()).toBe('/users/7?team=accounts');
		await app.write('jr\u0015');
		await app.write('8\r');
		expect(await send()).toBe('/users/8?team=accounts');
	});
});
