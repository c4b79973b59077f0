import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Writable} from 'node:stream';
import {stripVTControlCharacters} from 'node:util';
import {act} from 'react';
import {describe, expect, it} from 'vitest';
import {Session} from '../../source/core/session/session.js';
import {openStore} from '../../source/core/store/store.js';
import {temporaryPathFor} from '../../source/core/store/temporary-file.js';
import {startTui, tuiUnavailableReason, type StartTuiOptions} from '../../source/tui/start-tui.js';
import {FakeStdin, FakeStdout, renderApp, type AppHarness} from './panes/render-app.js';

let app: AppHarness | undefined;

function lines(harness: AppHarness): string[] {
	return harness.frame().replace(/\n$/, '').split('\n');
}

describe('App', () => {
	it('draws the four panes and the focused pane\'s key hints', async () => {
		app = await renderApp({seed: true});
		const frame = app.frame();
		for (const title of ['Collections', 'Request', 'Variables', 'Response']) {
			expect(frame).toContain(title);
		}

		expect(frame).toContain('n new');
		expect(frame).toContain('? help');
	});

	it.each([[80, 24], [120, 40]])('at %ix%i draws one row less than the terminal, each row within its width', async (columns, rows) => {
		app = await renderApp({seed: true, columns, rows});
		const drawn = lines(app);
		expect(drawn).toHaveLength(rows - 1);
		for (const line of drawn) {
			expect([...line].length).toBeLessThanOrEqual(columns);
		}
	});

	it('lays the panes out again when the terminal is resized', async () => {
		app = await renderApp({seed: true, columns: 80, rows: 24});
		const topBefore = lines(app)[0]!;
		await app.resize(140, 45);
		expect(lines(app)).toHaveLength(44);
		expect(lines(app)[0]!.length).toBe(140);
		expect(lines(app)[0]).not.toBe(topBefore);
		await app.resize(100, 30);
		expect(lines(app)).toHaveLength(29);
	});

	it('asks for a larger terminal below 40x10, and draws the panes again once it is', async () => {
		app = await renderApp({seed: true, columns: 100, rows: 30});
		await app.resize(39, 20);
		expect(app.frame().replaceAll('\n', ' ')).toContain('curlew needs 40x10; this terminal is 39x20');
		// Nothing is drawn to act on: keys other than quitting do nothing.
		await app.write('2jdy');
		expect(app.container.getState().focus).toBe('collections');
		expect(app.store.collections()[0]!.requests).toHaveLength(7);
		await app.resize(50, 9);
		expect(app.frame().replaceAll('\u00A0', ' ')).toContain('or q to quit');
		// A q pasted is text, even with nowhere to go.
		await app.write('\u001B[200~quit\u001B[201~');
		expect(app.quits).toBe(0);
		await app.write('q');
		expect(app.quits).toBe(1);
		await app.resize(80, 24);
		expect(app.frame()).toContain('Collections');
	});

	it('keeps every pane as it was across a moment below 40x10: the field being typed in and its cursor, and the field takes what is typed meanwhile', async () => {
		app = await renderApp({seed: true, columns: 100, rows: 30});
		// The URL field open, the cursor moved two left of the end.
		await app.write('2u\u001B[D\u001B[D');
		await app.resize(30, 8);
		await app.write('zz');
		await app.resize(100, 30);
		expect(app.frame()).toContain('Request List resource');
		await app.write('X\r');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('{{baseUrl}}/{{resourcezzX}}');
	});

	it.each([['???'], ['?\u001B?'], ['??\u001B?x\u001B\u001B?']])('takes keys again after the help opened, closed and opened in one chunk: %j', async chunk => {
		app = await renderApp({seed: true});
		await app.write(chunk);
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
		await app.write('\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		await app.write('2');
		expect(app.container.getState().focus).toBe('request');
	});

	it('says ctrl+c quits below 40x10 while a field is open, where q is text the field takes', async () => {
		app = await renderApp({seed: true, columns: 100, rows: 30});
		await app.write('2u');
		await app.resize(36, 9);
		expect(app.frame().replaceAll('\n', ' ').replaceAll('\u00A0', ' ')).toContain('Enlarge it, or ctrl+c to quit. Typing goes on into the open field.');
		await app.write('q');
		expect(app.quits).toBe(0);
		await app.resize(100, 30);
		await app.write('\r');
		expect(app.store.collections()[0]!.requests[0]!.url).toBe('{{baseUrl}}/{{resource}}q');
		await app.write('2u');
		await app.resize(36, 9);
		await app.write('\u0003');
		expect(app.quits).toBe(1);
	});

	it('moves focus with tab, shift+tab and the digits, and shows that pane\'s keys', async () => {
		app = await renderApp({seed: true});
		await app.write('\t');
		expect(app.container.getState().focus).toBe('request');
		expect(app.frame()).toContain('u url');
		await app.write('\u001B[Z\u001B[Z');
		expect(app.container.getState().focus).toBe('response');
		await app.write('3');
		expect(app.container.getState().focus).toBe('variables');
		expect(app.frame()).toContain('p pin');
	});

	it('opens the help on ? and closes it on Esc', async () => {
		app = await renderApp({seed: true});
		await app.write('?');
		expect(app.frame()).toContain('Send the request (also while editing)');
		await app.write('\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('Collections');
	});

	it('opens the session\'s messages on !, the last first, dismissed ones too, and closes them on ! or Esc', async () => {
		app = await renderApp({seed: true});
		await act(async () => {
			app!.container.dispatch({type: 'message', text: 'an older notice', tone: 'warning'});
		});
		// Any key dismisses the message from the status bar.
		await app.write('j');
		expect(app.frame()).not.toContain('an older notice');
		await act(async () => {
			app!.container.dispatch({type: 'message', text: 'the last word', tone: 'error'});
		});
		await app.write('!');
		expect(app.container.getState().mode).toEqual({kind: 'messages'});
		const frame = app.frame();
		expect(frame).toContain('Messages of this session, the last first');
		expect(frame.indexOf('✖ the last word')).toBeGreaterThan(-1);
		expect(frame.indexOf('⚠ an older notice')).toBeGreaterThan(frame.indexOf('✖ the last word'));
		expect(frame).not.toContain('Collections');
		await app.write('!');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('Collections');
		await app.write('!\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('types ! into the URL field, the collections filter and the response\'s search, opening no messages', async () => {
		app = await renderApp({seed: true});
		const url = () => app!.store.collections()[0]!.requests[0]!.url;
		const before = url();
		await app.write('2ua!b\u001B');
		expect(url()).toBe(`${before}a!b`);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		await app.write('1/x!');
		expect(app.container.getState()).toMatchObject({mode: {kind: 'prompt'}, filter: 'x!'});
		await app.write('\u001B\u001B4/!');
		expect(app.container.getState().mode).toMatchObject({kind: 'prompt', purpose: {kind: 'search'}});
		expect(app.frame()).toMatch(/^.*\/! +enter searches · alt\+r: regular expression · esc cancels/m);
	});

	it('quits on q when not editing, and types q into a field that is being edited', async () => {
		app = await renderApp({seed: true});
		await app.write('2u');
		await app.write('q');
		expect(app.quits).toBe(0);
		await app.write('\u001B');
		expect(app.store.collections()[0]!.requests[0]!.url).toMatch(/q$/);
		await app.write('q');
		expect(app.quits).toBe(1);
	});

	it('quits on a second ctrl+c with nothing in flight while editing, the first leaving the field', async () => {
		app = await renderApp({seed: true});
		await app.write('2u\u0003\u0003');
		expect(app.quits).toBe(1);
	});

	it('types a multi-line paste into the URL field, in the chunk that opens it or later, and runs none of it', async () => {
		app = await renderApp({seed: true});
		const url = () => app!.store.collections()[0]!.requests[0]!.url;
		const before = url();
		await app.write('2u\u001B[200~?x=1\nq\u001B[201~');
		expect(app.quits).toBe(0);
		expect(app.container.getState().mode.kind).toBe('editing');
		await app.write('\u001B');
		expect(url()).toBe(`${before}?x=1 q`);
		await app.write('u');
		await app.write('\u001B[200~&y=2\r\tq\u001B[201~\u001B');
		expect(app.quits).toBe(0);
		expect(url()).toBe(`${before}?x=1 q&y=2  q`);
		expect(app.container.getState().focus).toBe('request');
	});

	it('runs no command from a paste while no field is open, and takes keys again after it', async () => {
		app = await renderApp({seed: true});
		const {focus} = app.container.getState();
		const requests = app.store.collections()[0]!.requests.length;
		await app.write('\u001B[200~?q2\td\u001B[201~');
		expect(app.quits).toBe(0);
		expect(app.container.getState()).toMatchObject({mode: {kind: 'navigating'}, focus});
		expect(app.store.collections()[0]!.requests).toHaveLength(requests);
		await app.write('q');
		expect(app.quits).toBe(1);
	});

	it('leaves the URL field on Esc then ? in one chunk and opens the help instead of typing ?', async () => {
		app = await renderApp({seed: true});
		const url = () => app!.store.collections()[0]!.requests[0]!.url;
		const before = url();
		await app.write('2uab\u001B?');
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
		expect(url()).toBe(`${before}ab`);
		await app.write('\u001B');
		await app.write('u');
		await app.write('c\u001B?');
		expect(app.container.getState().mode).toMatchObject({kind: 'help'});
		expect(url()).toBe(`${before}abc`);
	});

	it('leaves the URL field on Esc then an arrow in one chunk, and the arrow moves in the pane', async () => {
		app = await renderApp({seed: true});
		const url = () => app!.store.collections()[0]!.requests[0]!.url;
		const before = url();
		const tab = () => app!.container.getState().requestTab;
		const tabBefore = tab();
		await app.write('2u/abc\u001B\u001B[D');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(url()).toBe(`${before}/abc`);
		// Left from the body tab is the headers tab.
		expect(tabBefore).toBe('body');
		expect(tab()).toBe('headers');
	});

	it('takes Esc then a letter typed fast, while no field is open, as Esc and that key\'s command', async () => {
		app = await renderApp({seed: true});
		await app.write('2\u001BaX-Fast: 1\r');
		await app.settle(() => app!.container.getState().mode.kind === 'navigating' && app!.store.collections()[0]!.requests[0]!.headers.length > 0);
		expect(app.store.collections()[0]!.requests[0]!.headers).toEqual([{name: 'X-Fast', value: '1', enabled: true}]);
	});

	it('leaves the collections filter on Esc then / in one chunk and opens a new filter instead of typing /', async () => {
		app = await renderApp({seed: true});
		await app.write('1/ab\u001B/');
		expect(app.container.getState()).toMatchObject({mode: {kind: 'prompt', purpose: {kind: 'filter'}}, filter: ''});
		await app.write('cd');
		expect(app.container.getState().filter).toBe('cd');
	});

	it('deletes a word on alt+backspace replayed to the URL field it came with', async () => {
		app = await renderApp({seed: true});
		const url = () => app!.store.collections()[0]!.requests[0]!.url;
		const before = url();
		await app.write('2u\u001B[F foo bar\u001B\u007F');
		await app.write('\u001B');
		expect(url()).toBe(`${before} foo `);
	});

	it('loses no key of a long burst that crosses panes and fields in one chunk', async () => {
		app = await renderApp({
			prepare(store) {
				store.createCollection({name: 'API'});
			},
		});
		await app.write('nFirst\rnSecond\r2uhttp://a.test/{{x}}\u001Bm3nx\rn7\r');
		const [collection] = app.store.collections();
		expect(collection!.requests.map(request => request.name)).toEqual(['First', 'Second']);
		expect(collection!.requests[1]).toMatchObject({url: 'http://a.test/{{x}}', method: 'POST'});
		expect(collection!.variables).toEqual([{name: 'x', value: 7}]);
	});
});

describe('tuiUnavailableReason', () => {
	it('allows a terminal on both ends and otherwise points to curlew run', () => {
		expect(tuiUnavailableReason({isTTY: true}, {isTTY: true})).toBeUndefined();
		expect(tuiUnavailableReason({isTTY: false}, {isTTY: true})).toContain('stdin is not a terminal');
		expect(tuiUnavailableReason({isTTY: true}, {isTTY: false})).toContain('stdout is not a terminal');
		expect(tuiUnavailableReason({}, {})).toContain('curlew run <collection>');
	});
});

/** startTui on a fake terminal, with a real store in a temporary folder. */
async function startOnFakeTerminal(options: Partial<StartTuiOptions> = {}) {
	const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-start-'));
	const store = openStore({configDir});
	const session = new Session(store);
	const stdout = new FakeStdout(100, 30);
	const stdin = new FakeStdin();
	let running!: Promise<void>;
	await act(async () => {
		running = startTui({store, session, stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream, ...options});
	});
	return {
		running,
		store,
		/** Everything written to the terminal so far. */
		output: () => stdout.frames.join(''),
		async write(chunk: string) {
			await act(async () => {
				stdin.write(chunk);
			});
		},
		cleanup() {
			store.close();
			rmSync(configDir, {recursive: true, force: true});
		},
	};
}

describe('startTui', () => {
	it('draws in the alternate screen and, on quit, leaves it with the cursor shown', async () => {
		const terminal = await startOnFakeTerminal({initial: {collection: 'getting-started', request: 'Get user'}});
		try {
			expect(terminal.output().startsWith('\u001B[?1049h')).toBe(true);
			expect(stripVTControlCharacters(terminal.output())).toContain('Request Get user');
			await terminal.write('q');
			await terminal.running;
			expect(terminal.output().lastIndexOf('\u001B[?1049l')).toBeGreaterThan(terminal.output().lastIndexOf('Collections'));
			expect(terminal.output().endsWith('\u001B[?25h')).toBe(true);
		} finally {
			terminal.cleanup();
		}
	});

	it('says when the store file was damaged while it ran, shows the whole notice on !, and on quit writes it to stderr', async () => {
		const errors: string[] = [];
		const stderr = new Writable({
			write(chunk: Buffer, _encoding, done) {
				errors.push(chunk.toString());
				done();
			},
		});
		const terminal = await startOnFakeTerminal({stderr: stderr as unknown as NodeJS.WriteStream, initial: {collection: 'getting-started'}});
		try {
			const text = readFileSync(terminal.store.path, 'utf8');
			writeFileSync(terminal.store.path, text.slice(0, -5));
			await terminal.write('2m');
			// Ink draws at its own pace: the frame with the message may come a moment after the key.
			await expect.poll(() => stripVTControlCharacters(terminal.output()), {timeout: 5000}).toContain('was damaged while curlew was running');
			const ending = 'and curlew saved its own last good copy in its place.';
			expect(stripVTControlCharacters(terminal.output())).not.toContain(ending);
			await terminal.write('!');
			// The overlay's last frame, its rows' text run together.
			const overlay = () => {
				const shown = stripVTControlCharacters(terminal.output());
				const frame = shown.slice(shown.lastIndexOf('Messages of this session'));
				return frame.split('\n').map(row => row.replace(/^│ ?| *│$/g, '').trim()).join(' ').replaceAll(/ +/g, ' ');
			};

			await expect.poll(overlay, {timeout: 5000}).toMatch(new RegExp(`⚠ \\S*curlew\\.json was damaged while curlew was running \\(.*\\): it was kept as \\S+, ${ending}`));
			await terminal.write('!q');
			await terminal.running;
			const said = errors.join('');
			expect(said).toMatch(/^curlew: .*curlew\.json was damaged while curlew was running \(.*\): it was kept as .*curlew\.json\.corrupt-\S+, and curlew saved its own last good copy in its place\.\n$/);
		} finally {
			terminal.cleanup();
		}
	});

	it('sets aside a kept response of the wrong shape when its request is selected, says so, and goes on', async () => {
		const terminal = await startOnFakeTerminal({initial: {collection: 'getting-started', request: 'Get user'}});
		try {
			const request = terminal.store.collections()[0]!.requests.find(candidate => candidate.name === 'Get user')!;
			const name = terminal.store.history.append(request.id, {time: new Date(0).toISOString(), result: {kind: 'response', status: 200, statusText: 'OK', statusClass: 'Successful', headers: [], body: new Uint8Array(), size: 0, truncated: false, timings: {total: 1}, url: 'http://127.0.0.1/users/42', redirects: []}});
			const file = path.join(terminal.store.history.directory, request.id, name);
			const stored = JSON.parse(readFileSync(file, 'utf8')) as {result: object};
			writeFileSync(file, JSON.stringify({...stored, result: {...stored.result, status: '200', headers: 'none', timings: null}}));
			// Away and back, in two chunks: the response pane reads the request's history again.
			await terminal.write('1j');
			await terminal.write('k');
			await expect.poll(() => stripVTControlCharacters(terminal.output()), {timeout: 5000}).toContain(`⚠ A stored response ${terminal.store.history.directory}`);
			await terminal.write('!');
			const overlay = () => {
				const shown = stripVTControlCharacters(terminal.output());
				return shown.slice(shown.lastIndexOf('Messages of this session')).split('\n').map(row => row.replace(/^│ ?| *│$/g, '').trim()).join(' ').replaceAll(/ +/g, ' ');
			};

			await expect.poll(overlay, {timeout: 5000}).toContain('could not be read (it does not hold a response: result.status is "200", not a status from 100 to 999): it was kept as');
			await terminal.write('!');
			expect(stripVTControlCharacters(terminal.output())).not.toContain('ERROR');
			expect(readdirSync(path.dirname(file)).filter(entry => entry.startsWith(`${name}.corrupt-`))).toHaveLength(1);
			await terminal.write('j');
			await terminal.write('k');
			await terminal.write('q');
			await terminal.running;
		} finally {
			terminal.cleanup();
		}
	});

	it('says on stderr, once the screen is back, an edit the store could not write when the user quit without it', async () => {
		const errors: string[] = [];
		const stderr = new Writable({
			write(chunk: Buffer, _encoding, done) {
				errors.push(chunk.toString());
				done();
			},
		});
		const terminal = await startOnFakeTerminal({stderr: stderr as unknown as NodeJS.WriteStream, initial: {collection: 'getting-started', request: 'Get user'}});
		try {
			// A folder where the store writes its next version: every write fails.
			mkdirSync(temporaryPathFor(terminal.store.path));
			await terminal.write('2u/more\u001B');
			await terminal.write('q');
			await terminal.write('q');
			await terminal.running;
			expect(errors.join('')).toMatch(/^curlew: an edit was not saved: \S+ is a folder where curlew keeps a file: move the folder away, or set CURLEW_CONFIG_DIR to another folder\n$/);
		} finally {
			terminal.cleanup();
		}
	});

	it('turns bracketed paste on with the alternate screen, again after $EDITOR, and off on quit', async () => {
		const on = '\u001B[?2004h';
		const off = '\u001B[?2004l';
		const terminal = await startOnFakeTerminal({env: {EDITOR: 'true'}});
		try {
			expect(terminal.output().startsWith(`\u001B[?1049h${on}`)).toBe(true);
			await terminal.write('2e');
			expect(terminal.output().indexOf(off)).toBeGreaterThan(0);
			expect(terminal.output().lastIndexOf(on)).toBeGreaterThan(terminal.output().indexOf(off));
			await terminal.write('q');
			await terminal.running;
			expect(terminal.output().lastIndexOf(off)).toBeGreaterThan(terminal.output().lastIndexOf(on));
			expect(terminal.output().lastIndexOf(off)).toBeLessThan(terminal.output().lastIndexOf('\u001B[?1049l'));
		} finally {
			terminal.cleanup();
		}
	});
});
