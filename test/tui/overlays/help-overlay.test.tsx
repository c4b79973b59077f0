import {afterEach, describe, expect, it} from 'vitest';
import {helpLines, helpRows} from '../../../source/tui/overlays/help-overlay.js';
import {commands, keymap} from '../../../source/tui/keymap.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

describe('helpLines', () => {
	it('lists every command of the keymap once, with its description', () => {
		const descriptions = helpLines('request').flatMap(line => line.kind === 'binding' ? [line.description] : []);
		expect(descriptions).toEqual(expect.arrayContaining(commands.map(command => keymap[command].description)));
		expect(descriptions).toHaveLength(commands.length);
	});

	it('puts the focused pane group right after the global, pane, layout and move keys', () => {
		const titles = helpLines('variables').flatMap(line => line.kind === 'group' && line.title !== '' ? [line.title] : []);
		expect(titles).toEqual(['Global', 'Panes', 'Layout', 'Move', 'Variables', 'Collections', 'Request', 'Response', 'Editing a field', 'Questions', 'Help and messages']);
	});

	it('shows every key of a binding, labelled', () => {
		const wordLeft = helpLines('request').find(line => line.kind === 'binding' && line.description === 'Word left');
		expect(wordLeft).toEqual({kind: 'binding', keys: 'ctrl+←, alt+←, alt+b', description: 'Word left'});
	});
});

describe('the help overlay', () => {
	let app: AppHarness | undefined;
	afterEach(async () => {
		await app?.cleanup();
		app = undefined;
	});

	/** The app at 80x24 with the help open over the pane given: 18 of its rows in sight. */
	async function overlay(pane = '2') {
		app = await renderApp({seed: true, columns: 80, rows: 24});
		await app.write(`${pane}?`);
		return app;
	}

	const overlayRows = (harness: AppHarness) => harness.frame().split('\n').slice(0, 21);

	it('fits the app above its status bar and shows the first groups', async () => {
		const rows = overlayRows(await overlay());
		expect(rows[0]).toMatch(/^╭─+╮$/);
		expect(rows[2]).toContain('Send the request');
		expect(rows[19]).toContain('? or esc to close');
		expect(rows[19]).toMatch(/1-18 of \d+/);
	});

	it('shows a description too long for its column whole, going on in the rows below, at 80 columns', async () => {
		const harness = await overlay('1');
		// Scrolled until the settings key is the first row in sight.
		await harness.write('j'.repeat(helpRows('collections', 76).findIndex(line => line.kind === 'binding' && line.keys === 'o')));
		const rows = overlayRows(harness).map(row => row.replace(/^│ ?| ?│$/g, ''));
		const first = rows.findIndex(row => row.startsWith('o '));
		expect(first).toBeGreaterThan(-1);
		const description = rows.slice(first, first + 3).map(row => row.slice(24).trim()).join(' ');
		expect(description).toContain('Collection settings in $EDITOR: timeouts, redirects, TLS, size and script limits');
		expect(harness.frame()).not.toContain('…');
	});

	it('scrolls with the move keys, a burst of them in one chunk counting each, to its last row', async () => {
		const harness = await overlay();
		await harness.write('jjj');
		expect(harness.frame()).toMatch(/4-21 of \d+/);
		await harness.write('G');
		expect(harness.frame()).toContain('Close the help or the messages');
		await harness.write('g');
		expect(harness.frame()).toMatch(/1-18 of/);
	});

	it.each([['?'], ['\u001B'], ['q']])('closes on %j', async key => {
		const harness = await overlay();
		await harness.write(key);
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.quits).toBe(0);
	});

	it('closes on Esc then a key in one chunk, and the key acts in the pane', async () => {
		const harness = await overlay('1');
		const before = harness.container.getState().selection;
		await harness.write('j\u001Bj');
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.container.getState().selection).not.toEqual(before);
	});
});
