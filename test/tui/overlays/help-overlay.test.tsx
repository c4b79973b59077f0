import {describe, expect, it} from 'vitest';
import {helpLines, helpRows} from '../../../source/tui/overlays/help-overlay.js';
import {commands, keymap} from '../../../source/tui/keymap.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const down = '\u001B[B';
const backspace = '\u007F';

describe('helpLines', () => {
	it('lists every command of the keymap once, with its description', () => {
		const descriptions = helpLines('request').flatMap(line => line.kind === 'binding' ? [line.description] : []);
		expect(descriptions).toEqual(expect.arrayContaining(commands.map(command => keymap[command].description)));
		expect(descriptions).toHaveLength(commands.length);
	});

	it('puts the focused pane group right after the global, pane, layout and move keys', () => {
		const titles = helpLines('variables').flatMap(line => line.kind === 'group' && line.title !== '' ? [line.title] : []);
		expect(titles).toEqual(['Global', 'Panes', 'Layout', 'Move', 'Variables', 'Collections', 'Request', 'Response', 'Editing a field', 'Questions', 'Palette', 'Help and messages']);
	});

	it('shows every key of a binding, labelled', () => {
		const wordLeft = helpLines('request').find(line => line.kind === 'binding' && line.description === 'Word left');
		expect(wordLeft).toEqual({kind: 'binding', keys: 'ctrl+←, alt+←, alt+b', description: 'Word left'});
	});
});

describe('the help overlay', () => {
	let app: AppHarness | undefined;

	/** The app at 80x24 with the help open over the pane given: 17 of its rows in sight, under the filter's row. */
	async function overlay(pane = '2') {
		app = await renderApp({seed: true, columns: 80, rows: 24});
		await app.write(`${pane}?`);
		return app;
	}

	const overlayRows = (harness: AppHarness) => harness.frame().split('\n').slice(0, 21);

	it('fits the app above its status bar and shows the first groups', async () => {
		const rows = overlayRows(await overlay());
		expect(rows[0]).toMatch(/^╭─+╮$/);
		expect(rows[1]).toMatch(/│ Filter: +type to filter the keys +│/);
		expect(rows[3]).toContain('Send the request');
		expect(rows[19]).toContain('? or esc to close');
		expect(rows[19]).toMatch(/1-17 of \d+/);
	});

	it('shows a description too long for its column whole, going on in the rows below, at 80 columns', async () => {
		const harness = await overlay('1');
		// Scrolled until the settings key is the first row in sight.
		await harness.write(down.repeat(helpRows('collections', 76).findIndex(line => line.kind === 'binding' && line.keys === 'o')));
		const rows = overlayRows(harness).map(row => row.replace(/^│ ?| ?│$/g, ''));
		const first = rows.findIndex(row => row.startsWith('o '));
		expect(first).toBeGreaterThan(-1);
		const description = rows.slice(first, first + 3).map(row => row.slice(24).trim()).join(' ');
		expect(description).toContain('Collection settings in $EDITOR: timeouts, redirects, TLS, size and script limits');
		expect(harness.frame()).not.toContain('…');
	});

	it('scrolls with the move keys that type no text, a burst of them in one chunk counting each, to its last row', async () => {
		const harness = await overlay();
		await harness.write(down.repeat(3));
		expect(harness.frame()).toMatch(/4-20 of \d+/);
		await harness.write('\u001B[F');
		expect(harness.frame()).toContain('Close the messages');
		await harness.write('\u001B[H');
		expect(harness.frame()).toMatch(/1-17 of/);
	});

	it.each([['?'], ['\u001B']])('closes on %j', async key => {
		const harness = await overlay();
		await harness.write(key);
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.quits).toBe(0);
	});

	it('closes on Esc then a key in one chunk, and the key acts in the pane', async () => {
		const harness = await overlay('1');
		const before = harness.container.getState().selection;
		await harness.write('\u001Bj');
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.container.getState().selection).not.toEqual(before);
	});

	/** The descriptions of the rows in sight. */
	const shownDescriptions = (harness: AppHarness) => overlayRows(harness).slice(2, 19).map(row => row.slice(26).replace(/ *│$/, '')).filter(text => text !== '');

	it('narrows its rows to the keys and descriptions that have what is typed, in one chunk, letters that move elsewhere included', async () => {
		const harness = await overlay();
		await harness.write('jq');
		const rows = overlayRows(harness);
		expect(rows[1]).toMatch(/│ Filter: jq/);
		expect(rows.join('\n')).toContain('Filter the body with jq');
		expect(rows.join('\n')).not.toContain('Send the request');
		expect(rows[2]).toMatch(/│ Response +│/);
		expect(harness.quits).toBe(0);
		expect(harness.container.getState().mode.kind).toBe('help');
	});

	it('matches a key as shown or as named, as well as descriptions', async () => {
		const harness = await overlay();
		await harness.write('ctrl+r');
		expect(overlayRows(harness).join('\n')).toContain('Send the request');
		await harness.write(`${backspace.repeat(6)}ctrl+left`);
		expect(overlayRows(harness).join('\n')).toContain('Word left');
	});

	it('matches in smart case: lower case any case, a capital exactly', async () => {
		const harness = await overlay();
		await harness.write('url');
		expect(shownDescriptions(harness)).toContain('Edit the URL');
		expect(shownDescriptions(harness).some(text => text.startsWith('Filter by name or URL'))).toBe(true);
		await harness.write(`${backspace.repeat(3)}URL`);
		expect(shownDescriptions(harness)).toContain('Edit the URL');
		await harness.write(`${backspace.repeat(3)}Url`);
		expect(harness.frame()).toContain('No key or description has "Url"');
	});

	it('edits the filter with backspace, the filter scrolling back to its first row', async () => {
		const harness = await overlay();
		await harness.write(`${down.repeat(5)}zoomx`);
		expect(harness.frame()).toContain('No key or description has "zoomx"');
		await harness.write(backspace);
		expect(overlayRows(harness).join('\n')).toContain('Zoom: the focused pane alone');
		expect(harness.container.getState().overlayTop).toBe(0);
	});

	it('clears the filter on Esc, then closes on a second', async () => {
		const harness = await overlay();
		await harness.write('zoom\u001B');
		expect(harness.container.getState().mode.kind).toBe('help');
		expect(overlayRows(harness)[3]).toContain('Send the request');
		expect(overlayRows(harness)[19]).toContain('? or esc to close');
		await harness.write('\u001B');
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('filters at 40x10, the smallest size the panes are drawn at', async () => {
		app = await renderApp({seed: true, columns: 40, rows: 10});
		await app.write('?wrap');
		const rows = app.frame().split('\n');
		expect(rows.every(row => row.length <= 40)).toBe(true);
		expect(rows[1]).toContain('Filter: wrap');
		expect(rows[3]).toMatch(/│ w +Wrap long lines on or +│/);
	});
});
