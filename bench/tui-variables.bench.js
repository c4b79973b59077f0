// Key to frame in the variables pane, with a large object among the variables: moving in the list, opening the inspector on it, and moving and paging in it.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadApp} from './fake-tty.js';
import {formatMs, medianMs, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();

/** A collection of ten variables, one of them `big`: an object of about `bytes` as JSON. */
function storeWith(bytes) {
	const dir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-variables-'));
	const store = openStore({configDir: dir, seed: false});
	const items = Array.from({length: Math.ceil(bytes / 100)}, (_, index) => ({id: index, name: `item ${index}`, tags: ['a', 'b'], note: 'x'.repeat(40)}));
	const variables = [{name: 'big', value: {items}}, ...Array.from({length: 9}, (_, index) => ({name: `v${index}`, value: `https://api${index}.example.com/v2/users/{{id}}`}))];
	const collection = store.createCollection({name: 'Big', variables, requests: [{name: 'Get', method: 'GET', url: '{{v1}}/{{big.items[0].id}}', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}}]});
	return {dir, store, collection};
}

async function measure(bytes, columns, rows) {
	const {dir, store, collection} = storeWith(bytes);
	const container = createAppContainer({collectionId: collection.id, requestId: collection.requests[0].id});
	const {instance, session, press} = renderApp({store, container, columns, rows});
	await new Promise(resolve => {
		setTimeout(resolve, 200);
	});

	const keyAndBack = async (key, back) => await medianMs(async () => {
		await press(key);
		await press(back);
	}, 21) / 2;
	await press('3');
	const inList = await keyAndBack('j', 'k');
	// The first opening lays the value out; the later ones find it laid out.
	const start = process.hrtime.bigint();
	await press('i');
	const firstOpen = Number(process.hrtime.bigint() - start) / 1e6;
	// i closes the inspector too (an Esc alone waits to be told from the start of a sequence).
	const open = await keyAndBack('i', 'i');
	const inInspector = await keyAndBack('j', 'k');
	const paging = await keyAndBack('\u0004', '\u0015');
	const toEnd = await keyAndBack('G', 'g');
	instance.unmount();
	store.close();
	await session.close();
	rmSync(dir, {recursive: true, force: true});
	return [formatMs(inList), formatMs(firstOpen), formatMs(open), formatMs(inInspector), formatMs(paging), formatMs(toEnd)];
}

const rows = [];
for (const [columns, height] of [[80, 24], [160, 48]]) {
	for (const bytes of [200 * 1024, 2 * 1024 * 1024]) {
		rows.push([`${columns}x${height}`, `${Math.round(bytes / 1024)} KB`, ...await measure(bytes, columns, height)]);
	}
}

printTable(
	'Key to frame in the variables pane, ten variables, one a large object (goal: under 16 ms)',
	['terminal', 'object', 'j in the list, ms', 'i: inspector first opened, ms', 'i / i: inspector closed and opened, ms', 'j in the inspector, ms', 'ctrl+d in the inspector, ms', 'G / g in the inspector, ms'],
	rows,
);
