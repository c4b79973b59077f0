import {afterEach, describe, expect, it} from 'vitest';
import {HelpOverlay, helpLines} from '../../../source/tui/components/help-overlay.js';
import {commands, keymap, type Pane} from '../../../source/tui/keymap.js';
import {cleanupWithAct} from './act-render.js';
import {renderField} from './field-host.js';

afterEach(cleanupWithAct);

describe('helpLines', () => {
	it('lists every command of the keymap once, with its description', () => {
		const descriptions = helpLines('request').flatMap(line => line.kind === 'binding' ? [line.description] : []);
		expect(descriptions).toEqual(expect.arrayContaining(commands.map(command => keymap[command].description)));
		expect(descriptions).toHaveLength(commands.length);
	});

	it('puts the focused pane group right after the global, pane and move keys', () => {
		const titles = helpLines('variables').flatMap(line => line.kind === 'group' && line.title !== '' ? [line.title] : []);
		expect(titles).toEqual(['Global', 'Panes', 'Move', 'Variables', 'Collections', 'Request', 'Response', 'Editing a field']);
	});

	it('shows every key of a binding, labelled', () => {
		const wordLeft = helpLines('request').find(line => line.kind === 'binding' && line.description === 'Word left');
		expect(wordLeft).toEqual({kind: 'binding', keys: 'ctrl+←, alt+←, alt+b', description: 'Word left'});
	});
});

describe('HelpOverlay', () => {
	async function overlay(height = 24, pane: Pane = 'request') {
		let closed = 0;
		const rendered = await renderField(close => <HelpOverlay pane={pane} width={80} height={height} onClose={() => {
			closed++;
			close();
		}}/>);
		return {...rendered, closed: () => closed};
	}

	it('fits the given size and shows the first groups', async () => {
		const {lastFrame} = await overlay();
		const rows = lastFrame()!.split('\n');
		expect(rows).toHaveLength(24);
		expect(rows[2]).toContain('Send the request');
		expect(rows[22]).toContain('? or esc to close');
		expect(lastFrame()).toContain('Send the request');
		expect(lastFrame()).toMatch(/1-21 of \d+/);
	});

	it('shows a description too long for its column whole, going on in the rows below, at 80 columns', async () => {
		const {lastFrame, write} = await overlay(24, 'collections');
		await write('j'.repeat(26));
		const rows = lastFrame()!.split('\n').map(row => row.replace(/^│ ?| ?│$/g, ''));
		const first = rows.findIndex(row => row.startsWith('o '));
		expect(first).toBeGreaterThan(-1);
		const description = rows.slice(first, first + 3).map(row => row.slice(24).trim()).join(' ');
		expect(description).toContain('Collection settings in $EDITOR: timeouts, redirects, TLS, size and script limits');
		expect(lastFrame()).not.toContain('…');
	});

	it('scrolls with the move keys, a burst of them in one chunk counting each', async () => {
		const {lastFrame, write} = await overlay();
		await write('jjj');
		expect(lastFrame()).toMatch(/4-24 of \d+/);
		await write('G');
		expect(lastFrame()).toContain('Redo');
		await write('g');
		expect(lastFrame()).toMatch(/1-21 of/);
	});

	it.each([['?'], ['\u001B'], ['q']])('closes on %j', async key => {
		const {write, closed} = await overlay();
		await write(key);
		expect(closed()).toBe(1);
	});

	it('closes on Esc then a key in one chunk, and hands that key and the rest on', async () => {
		const {write, closed, handedOn} = await overlay();
		await write('j\u001Bjk');
		expect(closed()).toBe(1);
		expect(handedOn.map(press => press.name)).toEqual(['j', 'k']);
	});
});
