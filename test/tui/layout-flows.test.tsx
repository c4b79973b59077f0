/*
The app at every terminal size, drawn whole on a fake terminal with a real store and a real
send to a loopback server: four panes from 80x23, the side panes folded below, one pane at a
time below 60x16; zoom, side by side and the split; keys written in one chunk, as SSH delivers them.
*/
import {describe, expect, it} from 'vitest';
import {recordingServerForFile} from '../helpers/recording-server.js';
import {renderApp, type AppHarness, type HarnessOptions} from './panes/render-app.js';

/** A JSON body of 200 items, pretty-printed to well over a screen of lines. */
const items = Array.from({length: 200}, (_, index) => ({id: index, name: `item ${index}`}));

const server = recordingServerForFile((_request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(JSON.stringify({items}));
});

let app: AppHarness | undefined;

const sendKey = '\u0012';
const tab = '\t';

async function withItems(options: HarnessOptions = {}): Promise<AppHarness> {
	return renderApp({
		...options,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'token', value: 'abc'}]});
			store.addRequest(api.id, {name: 'Items', url: `${server.origin}/items`});
			store.addRequest(api.id, {name: 'Other', url: `${server.origin}/other`});
		},
	});
}

async function sent(harness: AppHarness): Promise<AppHarness> {
	const before = server.requests.length;
	await harness.write(sendKey);
	await harness.settle(() => server.requests.length > before && harness.container.getState().inFlight === undefined);
	return harness;
}

function rows(harness: AppHarness): string[] {
	return harness.frame().replace(/\n$/, '').split('\n');
}

/** Every row of the frame fits the terminal, one row shorter than it. */
function expectWithin(harness: AppHarness, columns: number, height: number): void {
	const drawn = rows(harness);
	expect(drawn).toHaveLength(height - 1);
	for (const row of drawn) {
		expect([...row].length).toBeLessThanOrEqual(columns);
	}
}

/** The rows of the pretty-printed body on screen: `"id": 3,`, a lone `{` and the like, framed or bare. */
function bodyLines(harness: AppHarness): number {
	return rows(harness).filter(row => /"(?:items|id|name)": |(?:^|[│┃])\s*[{}[\]],?\s*(?:[│┃]|$)/.test(row)).length;
}

/** Whether a pane's title row is drawn (framed panes have one, under their top border). */
function titled(harness: AppHarness, title: string): boolean {
	return rows(harness).some(row => new RegExp(`[│┃]${title}\\b`).test(row));
}

describe('the layout at every size', () => {
	it('draws the four panes at 80x23, an 80x24 terminal in tmux, with 6 lines of the body', async () => {
		app = await sent(await withItems({columns: 80, rows: 23}));
		expectWithin(app, 80, 23);
		for (const title of ['Collections', 'Variables', 'Request', 'Response']) {
			expect(titled(app, title)).toBe(true);
		}

		expect(bodyLines(app)).toBe(6);
	});

	it('folds the side panes at 70x20: request and response share the screen, 1 and 3 bring collections or variables beside them, each naming the other', async () => {
		app = await sent(await withItems({columns: 70, rows: 20}));
		await app.write('4');
		expectWithin(app, 70, 20);
		expect(titled(app, 'Request')).toBe(true);
		expect(titled(app, 'Response')).toBe(true);
		expect(titled(app, 'Collections')).toBe(false);
		expect(titled(app, 'Variables')).toBe(false);
		// The request pane spans the width: its border from the first column to the last.
		expect(rows(app)[0]).toMatch(/^╭─{68}╮$/);

		await app.write('1');
		expectWithin(app, 70, 20);
		expect(rows(app)[1]).toMatch(/^┃Collections +3 variables┃│Request Items +│$/);
		expect(titled(app, 'Response')).toBe(true);
		await app.write('j');
		expect(rows(app)[1]).toMatch(/│Request Other +│$/);

		await app.write('3');
		expect(rows(app)[1]).toMatch(/^┃Variables +1 collections┃/);
		expect(app.frame()).toContain('C token');
		expect(titled(app, 'Collections')).toBe(false);
	});

	it('folds the side panes at 60x16 too, each pane within 60 columns and 15 rows, the status bar whole', async () => {
		app = await sent(await withItems({columns: 60, rows: 16}));
		for (const pane of ['1', '2', '3', '4']) {
			await app.write(pane);
			expectWithin(app, 60, 16);
			expect(rows(app).at(-1)).toContain('? help');
		}

		await app.write('4');
		expect(titled(app, 'Response')).toBe(true);
		expect(app.frame()).toContain('200 OK');
		// The request pane has five rows: its title, URL and tab row show.
		expect(rows(app).slice(0, 5).join('\n')).toMatch(/│Request Items +│\n│GET http:\/\/127\.0\.0\.1:\d+\/items +│\n│Headers \(0\)/);
	});

	it.each([[0.9, 'Response', /200 OK/], [0.1, 'Request', /GET http:/]])('keeps the title and first line of a pane the split squeezes to four rows (request share %s)', async (requestShare, squeezed, firstLine) => {
		app = await sent(await withItems({columns: 80, rows: 24, screen: {requestShare}}));
		const top = rows(app).findIndex(row => new RegExp(`[│┃]${squeezed} Items`).test(row));
		expect(top).toBeGreaterThan(-1);
		expect(rows(app)[top + 1]).toMatch(firstLine);
		expect(rows(app)[top + 2]).toMatch(/[╰┗]─*[╯┛]$|[╰┗]━*[╯┛]$/);
	});

	it('shows one pane at a time below 60x16, bare, its title in the status bar, and tab switches which', async () => {
		app = await sent(await withItems({columns: 59, rows: 16}));
		await app.write('1');
		expectWithin(app, 59, 16);
		expect(rows(app)[0]).toMatch(/^ ▾ API \(2\)/);
		expect(rows(app).at(-2)).toMatch(/^Collections +tab next pane/);
		await app.write(tab);
		expect(rows(app)[0]).toMatch(/^GET http:/);
		expect(rows(app).at(-2)).toMatch(/^Request Items +tab next pane/);
		await app.write('4');
		expect(rows(app)[0]).toMatch(/^200 OK/);
		expect(rows(app).at(-2)).toMatch(/^Response Items/);
		// Every row but the pane's three (status, tabs, footer) is the body's.
		expect(bodyLines(app)).toBe(15 - 2 - 3);
		await app.write('z');
		expect(app.frame()).toContain('One pane at a time at this size');
		expect(app.container.getState().arrangement.zoomed).toBe(false);
	});

	it('lays the panes out again across sizes without losing the field being typed in, the response\'s tab and scroll', async () => {
		app = await sent(await withItems({columns: 100, rows: 30}));
		await app.write('4tjj2u/x');
		const field = () => {
			const {mode} = app!.container.getState();
			return mode.kind === 'editing' ? mode.field.buffer : undefined;
		};

		const typed = field();
		expect(typed).toBeDefined();
		for (const [columns, rows] of [[70, 20], [50, 12], [30, 8], [80, 23]] as const) {
			await app.resize(columns, rows);
			expect(field()).toBe(typed);
		}

		await app.write('y\r4');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe(`${server.origin}/items/xy`);
		expect(app.container.getState().response?.tab).toBe('headers');
		expect(app.container.getState().response?.views.headers.scrollTop.line).toBe(0);
		await app.write('[jj');
		expect(app.container.getState().response?.views.body.scrollTop.line).toBe(2);
		await app.resize(60, 16);
		await app.resize(120, 40);
		expect(app.container.getState().response?.views.body.scrollTop.line).toBe(2);
	});
});

describe('zoom, side by side and the split', () => {
	it('zooms the response at 80x24 to at least 18 lines of the body, and z brings the panes back', async () => {
		app = await sent(await withItems({columns: 80, rows: 24}));
		await app.write('4');
		const framed = bodyLines(app);
		await app.write('z');
		expectWithin(app, 80, 24);
		expect(bodyLines(app)).toBeGreaterThanOrEqual(18);
		expect(bodyLines(app)).toBeGreaterThan(framed);
		expect(titled(app, 'Request')).toBe(false);
		expect(rows(app).at(-2)).toMatch(/^Response Items +z all panes/);
		// Paging moves by what the zoomed pane shows.
		await app.write('\u001B[6~');
		expect(app.container.getState().response?.views.body.scrollTop.line).toBeGreaterThanOrEqual(17);
		await app.write('z');
		expect(bodyLines(app)).toBe(framed);
		expect(titled(app, 'Request')).toBe(true);
	});

	it.each([['1', /^ ▾ API \(2\)/], ['2', /^GET http:/], ['3', /^C token/], ['4', /^200 OK/]])('zooms pane %s alone over the whole screen, and tab moves the zoom to the next pane', async (key, firstRow) => {
		app = await sent(await withItems({columns: 100, rows: 30}));
		await app.write(`${key}z`);
		expect(rows(app)[0]).toMatch(firstRow);
		expect(rows(app)).toHaveLength(29);
		await app.write(tab);
		expect(rows(app)[0]).not.toMatch(firstRow);
		expect(app.container.getState().arrangement.zoomed).toBe(true);
	});

	it('puts request and response side by side with V, moves the split with + and -, and says when there is no room', async () => {
		app = await sent(await withItems({columns: 120, rows: 30}));
		await app.write('4V');
		expectWithin(app, 120, 30);
		// Request and response on the same rows.
		expect(rows(app)[1]).toMatch(/│Request Items +│┃Response Items/);
		const responseLeft = () => rows(app!)[1]!.indexOf('Response Items');
		const before = responseLeft();
		await app.write('+');
		expect(responseLeft()).toBeLessThan(before);
		await app.write('2+');
		expect(responseLeft()).toBe(before);
		await app.write('V');
		expect(rows(app)[1]).not.toContain('Response');

		await app.resize(80, 24);
		await app.write('V');
		expect(app.frame()).toContain('Side by side needs 60 columns for request and response: 54 here');
		expect(titled(app, 'Response')).toBe(true);
	});
});
