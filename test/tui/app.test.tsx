import {afterEach, describe, expect, it} from 'vitest';
import {renderApp, type AppHarness} from './panes/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
	await app?.cleanup();
	app = undefined;
});

describe('App', () => {
	it('draws the four panes and the key hints', async () => {
		app = await renderApp({seed: true});
		const frame = app.frame();
		expect(frame).toContain('Collections');
		expect(frame).toContain('Request');
		expect(frame).toContain('Variables');
		expect(frame).toContain('Response');
		expect(frame).toContain('help');
	});
});
