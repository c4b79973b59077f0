import {describe, expect, it} from 'vitest';
import {renderApp, type AppHarness} from '../render-app.js';

let app: AppHarness | undefined;

describe('the request pane\'s line count', () => {
	it('groups thousands as the response pane does, in the body and the Preview', async () => {
		const body = Array.from({length: 12_000}, (_, index) => `line ${index + 1}`).join('\n');
		app = await renderApp({
			columns: 80,
			rows: 24,
			prepare(store) {
				const api = store.createCollection({name: 'API'});
				const request = store.addRequest(api.id, {name: 'Create user', method: 'POST', url: 'http://api.test/users'});
				store.updateRequest(api.id, request.id, current => ({...current, body: {type: 'text', text: body}}));
			},
		});
		await app.write('2');
		expect(app.frame()).toMatch(/lines 1-\d+ of 12,000 {2}j\/k scroll/);
		await app.write('G');
		expect(app.frame()).toMatch(/lines 11,9\d\d-12,000 of 12,000 {2}j\/k scroll/);
		// The Preview adds the request line, a header and a blank line before the body.
		await app.write('g\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/users'));
		expect(app.frame()).toMatch(/lines 1-\d+ of 12,003 {2}j\/k scroll/);
	});
});
