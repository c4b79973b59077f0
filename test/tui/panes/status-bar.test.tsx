import {act} from 'react';
import {describe, expect, test} from 'vitest';
import {renderApp, type AppHarness} from './render-app.js';

let app: AppHarness | undefined;

const columns = 100;
const rows = 30;

let rowsBefore: string[] = [];

/** The frame's rows with the message shown; `rowsBefore` holds them as they were without it. */
async function showMessage(text: string, tone: 'info' | 'warning' | 'error'): Promise<string[]> {
	app = await renderApp({columns, rows});
	rowsBefore = app.frame().split('\n');
	await act(async () => {
		app!.container.dispatch({type: 'message', text, tone});
	});
	return app.frame().split('\n');
}

describe('the status bar', () => {
	test('shows a message of several lines on its one row, each line break as ⏎, the rows below in place', async () => {
		const lines = await showMessage('first line\nsecond line\r\nthird line', 'error');
		expect(lines.at(-2)!.trimEnd()).toBe('✖ first line ⏎ second line ⏎ third line');
		expect(lines.slice(0, -2)).toEqual(rowsBefore.slice(0, -2));
		expect(lines.at(-1)).toBe(rowsBefore.at(-1));
	});

	test('cuts a long message with its row, its later lines shown up to the cut, and offers ! to read it whole', async () => {
		const lines = await showMessage(`short\n${'more '.repeat(40)}`, 'warning');
		expect(lines.slice(0, -2)).toEqual(rowsBefore.slice(0, -2));
		expect(lines.at(-1)).toBe(rowsBefore.at(-1));
		expect(lines.at(-2)!.length).toBeLessThanOrEqual(columns);
		expect(lines.at(-2)).toMatch(/^⚠ short ⏎ more more .*… ! shows it whole$/);
	});

	test('offers no key for a message that fits its row', async () => {
		const text = `fits ${'x'.repeat(columns - 7)}`;
		const lines = await showMessage(text, 'warning');
		expect(lines.at(-2)).toBe(`⚠ ${text}`);
	});

	test('offers no key for a cut message while a prompt takes ! as text, and offers it again once the prompt is closed', async () => {
		app = await renderApp({columns: 80, rows: 24});
		await app.write('N');
		await act(async () => {
			app!.container.dispatch({type: 'message', text: `a long warning ${'word '.repeat(30)}end`, tone: 'warning'});
		});
		const messageRow = () => app!.frame().split('\n').at(-2)!;
		expect(messageRow()).toMatch(/^⚠ a long warning word .*…$/);
		expect(messageRow()).not.toContain('!');
		await app.write('\u001B');
		expect(messageRow()).toMatch(/^⚠ a long warning word .*… ! shows it whole$/);
	});

	test('shows control characters in a message as pictures, never writing them to the terminal', async () => {
		const lines = await showMessage('bad \u001B]0;PWNED\u0007 value', 'info');
		expect(lines.at(-2)!.trimEnd()).toBe('bad ␛]0;PWNED␇ value');
		expect(app!.stdout.frames.join('')).not.toContain('\u001B]0;');
	});
});

describe('the status bar\'s prompts', () => {
	async function withCollection(): Promise<AppHarness> {
		return renderApp({
			columns: 80,
			rows: 24,
			prepare(store) {
				store.createCollection({name: 'API'});
			},
		});
	}

	test('keeps the kind choices in view when the variable\'s name is long, cutting the name', async () => {
		app = await withCollection();
		await app.write(`3n${'v'.repeat(120)}\r`);
		const bottom = app.frame().split('\n').at(-1)!;
		expect(bottom).toMatch(/^Kind of v+…: \[s string\] {2}n number {2}b boolean {2}j json {2}d date/);
	});

	test('shows a wide-character name whole in the value prompt\'s label', async () => {
		app = await withCollection();
		await app.write('3n名前\rs');
		expect(app.frame().split('\n').at(-1)).toMatch(/^名前 as string:/);
	});
});
