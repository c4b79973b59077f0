import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {jsonResponse, textResponse} from './fixtures.js';
import type {renderPane as RenderPane} from './render-pane.js';

// Chalk decides on colour when it is first imported: force it on for this file only, then load Ink.
let renderPane: typeof RenderPane;
beforeAll(async () => {
	vi.stubEnv('FORCE_COLOR', '1');
	vi.stubEnv('NO_COLOR', undefined);
	({renderPane} = await import('./render-pane.js'));
});

afterAll(() => {
	vi.unstubAllEnvs();
});

const green = '\u001B[32m';
const yellow = '\u001B[33m';
const cyan = '\u001B[36m';
const magenta = '\u001B[35m';

describe('ResponsePane colours', () => {
	test('a 200 status line is green', async () => {
		const pane = await renderPane({result: jsonResponse({})});
		expect(pane.raw()).toContain(`${green}200 OK  Successful`);
		await pane.unmount();
	});

	test('a 404 status line is yellow', async () => {
		const pane = await renderPane({result: textResponse('', {status: 404, statusText: 'Not Found', statusClass: 'Client error'})});
		expect(pane.raw()).toContain(`${yellow}404 Not Found  Client error`);
		await pane.unmount();
	});

	test('JSON keys, strings, numbers and literals each have their colour', async () => {
		const pane = await renderPane({result: jsonResponse({name: 'ada', age: 36, admin: true})});
		const frame = pane.raw();
		expect(frame).toContain(`${cyan}"name"`);
		expect(frame).toContain(`${green}"ada"`);
		expect(frame).toContain(`${yellow}36`);
		expect(frame).toContain(`${magenta}true`);
		await pane.unmount();
	});

	test('the search prompt draws its cursor over a whole emoji, skin tone and all', async () => {
		const pane = await renderPane({result: textResponse('body')});
		await pane.press('/ab👍🏽cd\u001B[D\u001B[D\u001B[D');
		expect(pane.raw()).toContain('/\u001B[22mab\u001B[7m👍🏽\u001B[27mcd');
		await pane.unmount();
	});

	test('NO_COLOR leaves every colour out', async () => {
		vi.stubEnv('NO_COLOR', '1');
		const pane = await renderPane({result: jsonResponse({name: 'ada'})});
		// eslint-disable-next-line no-control-regex
		expect(pane.raw()).not.toMatch(/\u001B\[3\dm/);
		expect(pane.frame()).toContain('"name": "ada"');
		await pane.unmount();
		vi.stubEnv('NO_COLOR', undefined);
	});
});
