import {expect, it} from 'vitest';
import {renderApp, type AppHarness} from './render-app.js';

let app: AppHarness | undefined;

/** The text inside the request pane's borders, rows joined: a long warning wraps over several. */
function insidePane(harness: AppHarness): string {
	return harness.frame().split('\n').map(row => /┃(.*)┃/.exec(row)?.[1]?.trimEnd() ?? '').join('');
}

it('the Preview warns when a URL value\'s "#" cuts the URL, naming the placeholder and what is not sent', async () => {
	app = await renderApp({
		columns: 120,
		rows: 30,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 't', value: 'a#b c'}]});
			store.addRequest(api.id, {name: 'Tags', url: 'http://api.test/items?tags={{t}}&limit=5'});
		},
	});
	await app.write('2\u001B[C\u001B[C');
	await app.settle(() => app!.frame().includes('tags=a#b%20c'));

	const pane = insidePane(app);
	expect(pane).toContain('⚠ URL, column 28: {{t}}: its value "a#b c" holds "#", which starts the URL\'s fragment: "b c" and the rest of the URL are not sent; if it is data, give the value encoded: "a%23b%20c"');
	expect(pane).toContain('GET http://api.test/items?tags=a#b%20c&limit=5');
});
