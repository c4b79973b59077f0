// The command palette (ctrl+p) in the whole app: key to frame as it opens, as a query is typed and as the choice moves, with few and many requests.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadApp} from './fake-tty.js';
import {formatMs, median, printTable} from './table.js';

const {openStore, createAppContainer, renderApp} = await loadApp();
const frameGoalMs = 16;
const query = 'users list';

/** The app at 120x40 over `collections` collections of `perCollection` requests each; `press` types a chunk and times it to its frame. */
async function wholeApp(collections, perCollection) {
	const store = openStore({configDir: mkdtempSync(path.join(tmpdir(), 'curlew-bench-palette-')), seed: false});
	for (let index = 0; index < collections; index++) {
		const requests = Array.from({length: perCollection}, (_, request) => ({
			id: `r${index}-${request}`,
			name: `Users ${request} / ${request % 2 === 0 ? 'List' : 'Create'}`,
			method: request % 2 === 0 ? 'GET' : 'POST',
			url: `http://api.test/${index}/users/${request}`,
			headers: [],
			body: {type: 'none'},
		}));
		store.createCollection({name: `Service ${index}`, requests});
	}

	const container = createAppContainer({});
	const {instance, session, press} = renderApp({store, container});
	await new Promise(resolve => {
		setTimeout(resolve, 300);
	});

	return {
		store,
		press,
		async close() {
			instance.unmount();
			store.close();
			await session.close();
		},
	};
}


const rows = [];
for (const [collections, perCollection] of [[2, 10], [20, 100], [50, 200]]) {
	const app = await wholeApp(collections, perCollection);
	const count = app.store.collections().reduce((sum, collection) => sum + collection.requests.length, 0);
	const open = [];
	const typed = [];
	const moves = [];
	// Once, untimed: the palette's code is compiled, as after its first use.
	await app.press(`\u0010${query}\u001B[B\u001B`);
	for (let run = 0; run < 20; run++) {
		globalThis.gc?.();
		open.push(await app.press('\u0010'));
		for (const letter of query) {
			typed.push(await app.press(letter));
		}

		for (let move = 0; move < 10; move++) {
			moves.push(await app.press(move % 2 === 0 ? '\u001B[B' : '\u000E'));
		}

		await app.press('\u001B');
	}

	// For comparison, a letter typed in another field that narrows what is drawn: the collections filter.
	const filterLetters = [];
	await app.press(`/${query}\u001B`);
	for (let run = 0; run < 20; run++) {
		await app.press('/');
		for (const letter of query) {
			filterLetters.push(await app.press(letter));
		}

		await app.press('\u001B');
	}

	await app.close();
	const worst = Math.max(...open, ...typed, ...moves);
	rows.push([String(count), formatMs(median(open)), formatMs(median(typed)), formatMs(Math.max(...typed)), formatMs(median(moves)), worst < frameGoalMs ? 'yes' : 'NO', formatMs(median(filterLetters))]);
}

printTable(
	`Command palette at 120x40: key -> frame (goal < ${frameGoalMs} ms), median of 20 openings after one untimed, "${query}" typed a key at a time, 10 moves each`,
	['requests', 'ctrl+p opens, ms', 'a letter of the query, median ms', 'slowest letter, ms', 'down or ctrl+n, median ms', 'every key under goal', 'for comparison: a letter in the collections filter, median ms'],
	rows,
);
