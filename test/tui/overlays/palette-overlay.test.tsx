import {describe, expect, it} from 'vitest';
import type {Store} from '../../../source/core/store/store.js';
import {paletteEntries, paletteMatches} from '../../../source/tui/overlays/palette-entries.js';
import {renderApp, type AppHarness, type HarnessOptions} from '../panes/render-app.js';

const ctrlP = '\u0010';
const ctrlN = '\u000E';
const ctrlC = '\u0003';
const escape = '\u001B';
const down = '\u001B[B';
const up = '\u001B[A';

/** Two collections; the request to find is the second's second, far from the selection. */
function prepare(store: Store): void {
	const api = store.createCollection({name: 'API'});
	store.addRequest(api.id, {name: 'Health', method: 'GET', url: 'http://api.test/health'});
	const admin = store.createCollection({name: 'Admin'});
	store.addRequest(admin.id, {name: 'Users / Create', method: 'POST', url: 'http://admin.test/users'});
	store.addRequest(admin.id, {name: 'Users / List', method: 'GET', url: 'http://admin.test/users?page=1'});
}

let app: AppHarness | undefined;

async function open(options: HarnessOptions = {}): Promise<AppHarness> {
	app = await renderApp({columns: 80, rows: 23, prepare, ...options});
	return app;
}

const rowsOf = (harness: AppHarness) => harness.frame().split('\n');

describe('paletteMatches', () => {
	const entries = paletteEntries([{id: 'c', name: 'Admin', requests: [{id: 'r', name: 'Users / List', method: 'GET'}]}] as never, 'collections');

	it('finds a request by letters of its collection and name in order, as fzf does', () => {
		const found = paletteMatches(entries, 'admusli').map(match => match.entry.label);
		expect(found[0]).toBe('Admin / Users / List');
	});

	it('matches space-separated terms in any order, ignoring case until a capital is typed', () => {
		expect(paletteMatches(entries, 'list admin')[0]?.entry.label).toBe('Admin / Users / List');
		expect(paletteMatches(entries, 'ADMIN').map(match => match.entry.label)).toEqual([]);
	});

	it('finds among thousands of requests, where the faster of fzf\'s algorithms takes over', () => {
		const requests = Array.from({length: 2500}, (_, index) => ({id: `r${index}`, name: `Item ${index} / ${index === 1234 ? 'Special' : 'Plain'}`, method: 'GET'}));
		const many = paletteEntries([{id: 'c', name: 'Big', requests}] as never, 'collections');
		expect(many.length).toBeGreaterThan(2500);
		const found = paletteMatches(many, 'special 1234');
		expect(found.map(match => match.entry.label)).toEqual(['Big / Item 1234 / Special']);
		expect([...found[0]!.positions].sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 18, 19, 20, 21, 22, 23, 24]);
	});

	it('lists every command that works outside a field, with its key and the group it acts in, and the focused pane first', () => {
		const labels = entries.map(entry => `${entry.label} [${entry.keys}]`);
		expect(labels[0]).toMatch(/^Collections: /);
		expect(labels).toContain('Global: Send the request (also while editing) [ctrl+r]');
		expect(labels).toContain('Response: Save the body to a file [s]');
		expect(labels).toContain('Admin / Users / List [GET]');
		expect(labels.some(label => label.startsWith('Editing'))).toBe(false);
		expect(labels.some(label => label.startsWith('Global: Command palette'))).toBe(false);
	});
});

describe('the command palette', () => {
	it('opens on ctrl+p over the panes, with the query row, entries and their keys', async () => {
		const harness = await open();
		await harness.write(ctrlP);
		const rows = rowsOf(harness);
		expect(harness.container.getState().mode.kind).toBe('palette');
		expect(rows[0]).toMatch(/^╭─+╮$/);
		expect(rows[1]).toMatch(/│ › +a command or a request +│/);
		expect(rows[2]).toMatch(/│ › Collections: New request in the selected collection +n │/);
		expect(harness.frame()).toMatch(/│ 1\/\d+ {2}enter runs or opens, esc closes +│/);
	});

	it('opens the request found from what is typed, all in one chunk, in sight and shown', async () => {
		const harness = await open();
		await harness.write(`${ctrlP}users list\r`);
		const state = harness.container.getState();
		const admin = harness.store.collections()[1]!;
		expect(state.mode).toEqual({kind: 'navigating'});
		expect(state.selection).toEqual({collectionId: admin.id, requestId: admin.requests[1]!.id});
		expect(state.focus).toBe('request');
		expect(harness.frame()).toContain('http://admin.test/users?page=1');
	});

	it('clears a collection filter that hides the request it opens, and says so', async () => {
		const harness = await open();
		await harness.write(`/health\r${ctrlP}userslist\r`);
		expect(harness.container.getState().filter).toBe('');
		expect(harness.frame()).toContain('Filter "health" cleared to show "Users / List"');
	});

	it('runs a command in its pane, focused first, and the keys after it in the chunk land there', async () => {
		const harness = await open();
		await harness.write(`2${ctrlP}new request\rPing\r`);
		const state = harness.container.getState();
		expect(state.focus).toBe('collections');
		expect(state.mode).toEqual({kind: 'navigating'});
		expect(harness.store.collections()[0]!.requests.map(request => request.name)).toEqual(['Health', 'Ping']);
	});

	it('runs a command of the app in the pane it was opened from', async () => {
		const harness = await open();
		await harness.write(`4${ctrlP}zoom`);
		expect(harness.container.getState().arrangement.zoomed).toBe(false);
		await harness.write('\r');
		expect(harness.container.getState().focus).toBe('response');
		expect(harness.container.getState().arrangement.zoomed).toBe(true);
	});

	it('moves the choice with the arrows, ctrl+n and ctrl+p, within the entries, and runs the one chosen', async () => {
		const harness = await open();
		await harness.write(`${ctrlP}${down}${ctrlN}${ctrlN}${ctrlP}`);
		const selected = () => {
			const {mode} = harness.container.getState();
			return mode.kind === 'palette' ? mode.selected : undefined;
		};

		expect(selected()).toBe(2);
		expect(rowsOf(harness).findIndex(row => row.startsWith('│ › Collections'))).toBe(4);
		await harness.write(`users${down.repeat(50)}`);
		const found = paletteMatches(paletteEntries(harness.store.collections(), 'collections'), 'users');
		expect(selected()).toBe(found.length - 1);
		await harness.write(`${up.repeat(60)}${down}\r`);
		const chosen = found[1]!.entry;
		expect(chosen.kind).toBe('request');
		expect(harness.container.getState().selection.requestId).toBe(chosen.kind === 'request' ? chosen.requestId : undefined);
	});

	it('scrolls its list to keep the choice in sight at 40x10', async () => {
		const harness = await open({columns: 40, rows: 10});
		await harness.write(`${ctrlP}${down.repeat(5)}`);
		const rows = rowsOf(harness);
		expect(rows).toHaveLength(9);
		expect(rows.filter(row => row.startsWith('│ › '))).toHaveLength(2);
		expect(harness.frame()).toMatch(/6\/\d+/);
		expect(rows.every(row => row.length <= 40)).toBe(true);
	});

	it.each([[80, 23], [60, 16], [40, 10], [200, 60]])('fits a %ix%i terminal, box, entries and footer', async (columns, rows) => {
		const harness = await open({columns, rows});
		await harness.write(`${ctrlP}list`);
		const lines = rowsOf(harness);
		expect(lines.every(line => line.length <= columns)).toBe(true);
		expect(lines[0]).toMatch(/^╭─+╮$/);
		expect(lines[0]).toHaveLength(columns);
		expect(harness.frame()).toContain('› list');
		expect(harness.frame()).toContain('Admin / Users / List');
		expect(harness.frame()).toMatch(/1\/\d+/);
	});

	it('says when nothing matches, and Enter then does nothing', async () => {
		const harness = await open();
		await harness.write(`${ctrlP}zzzqqq\r`);
		expect(harness.container.getState().mode.kind).toBe('palette');
		expect(harness.frame()).toContain('Nothing matches');
		expect(harness.frame()).toContain('0/0');
	});

	it('edits its query with the field\'s keys: backspace, ctrl+w, a paste', async () => {
		const harness = await open();
		await harness.write(`${ctrlP}heax\u007F\u0017\u001B[200~users list\u001B[201~`);
		expect(harness.frame()).toContain('› users list');
		expect(rowsOf(harness)[2]).toContain('Admin / Users / List');
	});

	it.each([['Esc', escape], ['ctrl+c', ctrlC]])('closes on %s, changing nothing and quitting nothing', async (_name, key) => {
		const harness = await open();
		const before = harness.container.getState().selection;
		await harness.write(`${ctrlP}users`);
		expect(harness.container.getState().mode.kind).toBe('palette');
		await harness.write(key);
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.container.getState().selection).toEqual(before);
		expect(harness.quits).toBe(0);
		expect(harness.frame()).toContain('Collections');
	});

	it('closes on Esc then a key in one chunk, and the key acts in the pane', async () => {
		const harness = await open();
		const before = harness.container.getState().selection;
		await harness.write(ctrlP);
		expect(harness.container.getState().mode.kind).toBe('palette');
		await harness.write(`${escape}j`);
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.container.getState().selection).not.toEqual(before);
	});
});
