import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {act} from 'react';
import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';
import type {TransportFailure} from '../../../../source/core/http/types.js';
import type {ConsoleEntry} from '../../../../source/tui/panes/response/console-entry.js';
import {maxJsonDepth} from '../../../../source/tui/panes/response/pretty-json.js';
import {keymapMode} from '../../../../source/tui/app-state.js';
import {helpLines} from '../../../../source/tui/overlays/help-overlay.js';
import {bytesResponse, jsonResponse, numberedLines, refused, textResponse} from './fixtures.js';
import {renderPane, type Pane} from './render-pane.js';

const down = '\u001B[B';
const up = '\u001B[A';
const pageDown = '\u001B[6~';
const left = '\u001B[D';
const home = '\u001B[H';
const end = '\u001B[F';

let pane: Pane | undefined;
const open = async (...args: Parameters<typeof renderPane>): Promise<Pane> => {
	pane = await renderPane(...args);
	return pane;
};

afterEach(async () => {
	await pane?.unmount();
	pane = undefined;
});

/** The body rows: what sits between the tab row and the footer. */
function bodyRows(frame: string): string[] {
	return frame.split('\n').slice(2, -1);
}

describe('ResponsePane', () => {
	test('shows the status line of a 200 with its class, time and size', async () => {
		const {frame} = await open({result: jsonResponse({ok: true})});
		expect(frame().split('\n')[0]).toBe('200 OK  Successful  123 ms  11 B');
	});

	test('shows the status line of a 404', async () => {
		const {frame} = await open({result: textResponse('nope', {status: 404, statusText: 'Not Found', statusClass: 'Client error', timings: {total: 1500}})});
		expect(frame().split('\n')[0]).toBe('404 Not Found  Client error  1.50 s  4 B');
	});

	test('pretty-prints a JSON body', async () => {
		const {frame} = await open({result: jsonResponse({name: 'ada', tags: [1]})});
		expect(bodyRows(frame()).slice(0, 6)).toEqual(['{', '  "name": "ada",', '  "tags": [', '    1', '  ]', '}']);
	});

	test('gives each blank line of a body its row, the lines below it where the counter says', async () => {
		const {frame} = await open({result: textResponse('a\n\nb\n\n\nc')});
		expect(bodyRows(frame()).slice(0, 6).map(row => row.trimEnd())).toEqual(['a', '', 'b', '', '', 'c']);
		expect(frame().split('\n').at(-1)).toBe('lines 1-6 of 6 (100%)');
	});

	test('says when the body was cut at the size cap', async () => {
		const {frame} = await open({result: textResponse('abc', {truncated: true, size: 3})});
		expect(frame().split('\n')[0]).toBe('200 OK  Successful  123 ms  3 B (truncated)');
	});

	test('shows an empty state before the first send, and a spinner while in flight', async () => {
		const {frame, rerender} = await open({});
		expect(frame()).toContain('No response yet: ctrl+r sends the request');
		await rerender({inFlight: {startedAt: Date.now() - 1200}});
		const status = /^. Sending… {2}(\d+\.\d\d) s {2}\(ctrl\+c cancels\)$/.exec(frame().split('\n')[0]!);
		expect(Number(status?.[1])).toBeGreaterThanOrEqual(1.2);
	});

	test('says why the last send was refused before it went out, instead of the empty state', async () => {
		const {frame} = await open({refusal: 'Not sent: 1 placeholder unresolved in strict mode ({{pw}})'});
		expect(frame().split('\n')[0]).toBe('✗ Not sent: 1 placeholder unresolved in strict mode ({{pw}})');
	});

	test('shows a refusal too long for the status line whole in the body tab, wrapped', async () => {
		const refusal = `The URL "http://127.0.0.1:99999/${'x'.repeat(60)}" is not valid: check the scheme (http or https), the host and the port (1 to 65535)`;
		const {frame} = await open({refusal});
		const rows = frame().split('\n');
		expect(rows[0]!.endsWith('…')).toBe(true);
		expect(rows.slice(2).map(row => row.trimEnd()).join(' ')).toContain('is not valid: check the scheme (http or https), the host and the port (1 to 65535)');
		expect(frame()).not.toContain('Send the request with ctrl+r');
	});

	test('explains a transport failure and what to check', async () => {
		const {frame} = await open({result: refused()});
		expect(frame()).toContain('✗ Connection refused  4 ms');
		expect(frame()).toContain('Connection refused by 127.0.0.1:9: nothing listens on that port.');
		expect(frame()).toContain('What to check:');
		expect(frame()).toContain('- Is the server running, and listening on that host and port?');
	});

	describe('scrolling', () => {
		test('j written four times in one chunk moves four lines', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			expect(bodyRows(frame())[0]).toBe('line 1');
			await press('jjjj');
			expect(bodyRows(frame())[0]).toBe('line 5');
			expect(frame()).toContain('lines 5-13 of 100');
		});

		test('letters and arrow sequences mixed in one chunk each count', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press(`jj${down}${down}k${up}j`);
			expect(bodyRows(frame())[0]).toBe('line 4');
		});

		test('k and the arrows move back and forth', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('jjj');
			await press('k');
			await press(down);
			await press(down);
			await press(up);
			expect(bodyRows(frame())[0]).toBe('line 4');
		});

		test('G goes to the end, g back to the start, page down by a page', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('G');
			expect(bodyRows(frame()).at(-1)).toBe('line 100');
			await press('g');
			expect(bodyRows(frame())[0]).toBe('line 1');
			await press(pageDown);
			expect(bodyRows(frame())[0]).toBe('line 9');
		});

		test('w wraps long lines', async () => {
			const {frame, press} = await open({result: textResponse(`${'x'.repeat(170)}\nend`)});
			expect(bodyRows(frame()).slice(0, 2)).toEqual(['x'.repeat(70), 'end']);
			await press('w');
			expect(bodyRows(frame()).slice(0, 4)).toEqual(['x'.repeat(70), 'x'.repeat(70), 'x'.repeat(30), 'end']);
			expect(frame().split('\n').at(-1)).toContain('wrap');
		});

		test('w on a body that fits the pane keeps its top in view', async () => {
			const {frame, press} = await open({result: jsonResponse({s: `${'z'.repeat(5000)}needle`, t: 1})});
			await press('w');
			expect(bodyRows(frame())[0]).toBe('{');
			expect(frame().split('\n').at(-1)).toMatch(/^lines 1-2 of 4 \(\d+%\) {2}wrap$/);
		});
	});

	describe('search', () => {
		test('/ opens a prompt; a query typed in the same burst as Enter jumps to the match', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('/line 42\r');
			expect(bodyRows(frame())).toContain('line 42');
			expect(frame().split('\n').at(-1)).toContain('/line 42: 1 of 1');
		});

		test('n and N go through the matches and wrap around', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('/line 5');
			expect(frame().split('\n').at(-1)).toContain('/line 5');
			await press('\r');
			expect(frame()).toContain(': 1 of 11');
			await press('nn');
			expect(frame()).toContain(': 3 of 11');
			expect(bodyRows(frame())).toContain('line 51');
			await press('NNN');
			expect(frame()).toContain(': 11 of 11 (wrapped around)');
			expect(bodyRows(frame())).toContain('line 59');
		});

		test('Esc then ? in one chunk closes the prompt instead of typing ?', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('/line\u001B?');
			expect(frame().split('\n').at(-1)).not.toContain('/line');
		});

		test('Esc then a letter or an arrow typed fast closes the prompt, and the key then acts in the pane', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			await press('/line\u001Bw');
			expect(frame().split('\n').at(-1)).not.toContain('/line');
			expect(frame().split('\n').at(-1)).toContain('wrap');
			await press('/x\u001B\u001B[B');
			expect(frame().split('\n').at(-1)).toMatch(/^lines 2-/);
		});

		test('says when nothing matches', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(10))});
			await press('/zebra\r');
			expect(frame().split('\n').at(-1)).toBe('No match for "zebra"');
		});

		test('the prompt edits like every field: cursor moves, home and end, word delete, undo', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(100))});
			// Typed "lin 4", then: left twice, an "e" after "lin", end, "2", home, ctrl+w at the start does nothing.
			await press(`/lin 4${left}${left}e${end}2${home}\u0017`);
			expect(frame().split('\n').at(-1)).toContain('/line 42');
			// ctrl+w deletes "42", ctrl+z brings it back.
			await press('\u0005\u0017');
			expect(frame().split('\n').at(-1)).toMatch(/^\/line {2}/);
			await press('\u001A\r');
			expect(frame().split('\n').at(-1)).toContain('/line 42: 1 of 1');
		});

		test('the prompt draws its cursor on an emoji whole', async () => {
			const {frame, press} = await open({result: textResponse(numberedLines(10))});
			await press(`/x😀${left}`);
			expect(frame().split('\n').at(-1)).toMatch(/^\/x😀 {2}enter searches/);
			await press('y');
			expect(frame().split('\n').at(-1)).toMatch(/^\/xy😀 {2}enter searches/);
		});

		test('the prompt takes typed keys the app would otherwise act on, in edit mode', async () => {
			const {frame, press, app} = await open({result: textResponse('quit 1')});
			const mode = () => keymapMode(app.container.getState().mode);
			await press('/q1');
			expect(frame().split('\n').at(-1)).toContain('/q1');
			expect(mode()).toBe('edit');
			expect(app.quits).toBe(0);
			await press('\u007F\u001B');
			expect(mode()).toBe('navigate');
		});
	});

	describe('tabs', () => {
		const entries: ConsoleEntry[] = [
			{level: 'log', text: 'token saved', source: 'post-response'},
			{level: 'warn', text: 'slow\nresponse', source: 'post-response'},
		];

		test('t and ] go forward through headers, timing, sent, history and console; [ goes back', async () => {
			const result = jsonResponse({}, {headers: [['Content-Type', 'application/json'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2']]});
			const {frame, press} = await open({result, consoleEntries: entries, scriptErrors: ['TypeError: x is undefined (line 3)']});
			expect(frame().split('\n')[1]).toBe('[body] headers 3  timing  sent  history  console 3!');
			await press('t');
			expect(bodyRows(frame()).slice(0, 3)).toEqual(['Content-Type: application/json', 'Set-Cookie: a=1', 'Set-Cookie: b=2']);
			await press(']');
			expect(frame()).toMatch(/DNS +2 ms +█/);
			expect(frame()).toMatch(/Total +123 ms +█+/);
			expect(frame()).toMatch(/TLS +-/);
			await press('ttt');
			expect(bodyRows(frame()).slice(0, 4)).toEqual([
				'log   [post-response] token saved',
				'warn  [post-response] slow',
				'      response',
				'error TypeError: x is undefined (line 3)',
			]);
			await press('[[[[[');
			expect(frame().split('\n')[1]).toMatch(/^\[body\]/);
		});

		test('the timing tab puts the time of the redirects before the last hop\'s phases, and lists the hops', async () => {
			const result = textResponse('moved', {timings: {redirects: 60, dns: 10, connect: 10, firstByte: 20, total: 100}, redirects: ['http://127.0.0.1/a', 'http://127.0.0.1/b']});
			const {frame, press} = await open({result, width: 62});
			await press('tt');
			const rows = bodyRows(frame());
			// 40 columns of bar for 100 ms: the redirects fill the first 24, DNS the next 4, and so on.
			expect(rows[0]).toBe(`Redirects     60 ms ${'█'.repeat(24)}`);
			expect(rows[1]).toBe(`DNS           10 ms ${' '.repeat(24)}${'█'.repeat(4)}`);
			expect(rows[2]).toBe(`Connect       10 ms ${' '.repeat(28)}${'█'.repeat(4)}`);
			expect(rows).toContain('Hops       2: http://127.0.0.1/a -> http://127.0.0.1/b');
		});

		test('the timing tab shows the scripts\' own run time after the total, a phase without scripts left out', async () => {
			const result = textResponse('ok', {timings: {dns: 10, connect: 10, firstByte: 20, total: 100}});
			const {frame, press} = await open({result, scriptTimes: {preRequest: 3.4, postResponse: 0.3}, width: 62});
			await press('tt');
			const rows = bodyRows(frame());
			const total = rows.findIndex(row => row.startsWith('Total'));
			expect(rows.slice(total + 1, total + 3)).toEqual(['Pre-script     3 ms', 'Post-script   <1 ms']);
			await pane!.rerender({scriptTimes: {postResponse: 1250}});
			expect(bodyRows(frame()).filter(row => row.includes('script'))).toEqual(['Post-script  1.25 s']);
		});

		test('a script that failed before sending says so instead of the empty state', async () => {
			const {frame} = await open({scriptErrors: ['ReferenceError: tokn is not defined (line 2)']});
			expect(frame().split('\n')[0]).toBe('✗ Not sent: the script failed (see console)');
		});

		test('a script that failed before sending says so in the body too, with the key to its error', async () => {
			const {frame, press} = await open({scriptErrors: ['ReferenceError: tokn is not defined (line 2)'], width: 100});
			expect(bodyRows(frame())[0]).toBe('The pre-request script failed, so nothing was sent: its error is in the console tab ([ goes there)');
			expect(frame()).not.toContain('the response shows here');
			await press('[');
			expect(bodyRows(frame())[0]).toBe('error ReferenceError: tokn is not defined (line 2)');
		});

		test('the script error is flagged on the status line', async () => {
			const {frame} = await open({result: jsonResponse({}), scriptErrors: ['SyntaxError (line 1)']});
			expect(frame().split('\n')[0]).toContain('script error: see console');
		});
	});

	describe('save and copy', () => {
		let folder: string | undefined;
		afterEach(async () => {
			vi.unstubAllEnvs();
			vi.restoreAllMocks();
			if (folder !== undefined) {
				await rm(folder, {recursive: true, force: true});
			}
		});

		test('s saves the exact body bytes to the path typed', async () => {
			folder = await mkdtemp(join(tmpdir(), 'curlew-pane-'));
			const bytes = Uint8Array.from([0x7B, 0xFF, 0x00, 0x0D, 0x0A, 0x7D]);
			const target = join(folder, 'body.bin');
			const {frame, press} = await open({result: bytesResponse(bytes)});
			await press('s');
			expect(frame().split('\n').at(-1)).toContain('Save to: response.bin');
			await press(`\u0015${target}\r`);
			await vi.waitFor(async () => {
				await act(async () => undefined);
				expect(frame().split('\n').at(-1)).toBe(`Saved 6 B to ${target}`);
			});
			expect(new Uint8Array(await readFile(target))).toEqual(bytes);
		});

		test('the save prompt offers the file name at the end of the URL', async () => {
			const {frame, press} = await open({result: textResponse('a,b', {url: 'http://127.0.0.1/exports/report%20final.csv?x=1'})});
			await press('s');
			expect(frame().split('\n').at(-1)).toContain('Save to: response.txt');
			const named = await renderPane({result: textResponse('a,b', {url: 'http://127.0.0.1/exports/report.csv'})});
			await named.press('s');
			expect(named.frame().split('\n').at(-1)).toContain('Save to: report.csv');
			named.unmount();
		});

		test('a missing folder is a clear error in the pane', async () => {
			const {frame, press, app} = await open({result: textResponse('x')});
			await press('s\u0015/nonexistent-curlew-folder/out.txt\r');
			await vi.waitFor(async () => {
				await act(async () => undefined);
				// The footer wraps a long message over the rows below the body rather than cut it.
				expect(frame().split('\n').slice(-2)).toEqual(['Folder /nonexistent-curlew-folder does not exist: create it first or', 'choose another path']);
			});
			expect(frame().split('\n')).toHaveLength(12);
			// The status bar says it too, and keeps it among the session's messages.
			expect(app.container.getState().messages.map(message => message.text)).toContain('Folder /nonexistent-curlew-folder does not exist: create it first or choose another path');
			// The next save offers the path that failed, to correct rather than retype.
			await press('s');
			expect(frame().split('\n').at(-1)).toContain('Save to: /nonexistent-curlew-folder/out.txt');
		});

		test('a save onto a file that exists offers, at the next s, the path the error names, not a fresh default', async () => {
			folder = await mkdtemp(join(tmpdir(), 'curlew-pane-'));
			vi.spyOn(process, 'cwd').mockReturnValue(folder);
			const taken = join(folder, 'response.json');
			await writeFile(taken, 'keep me');
			const {frame, press} = await open({result: jsonResponse({a: 1}), width: 100});
			// The prompt offers a free name (response-2.json): the taken one is typed.
			await press('s\u0015response.json\r');
			await vi.waitFor(async () => {
				await act(async () => undefined);
				expect(frame().split('\n').at(-1)).toBe(`${taken} already exists: choose another name (nothing was overwritten)`);
			});
			await press('s');
			expect(frame().split('\n').at(-1)).toContain(`Save to: ${taken}  `);
			expect(await readFile(taken, 'utf8')).toBe('keep me');
		});

		test('save and copy say why they cannot run without a body', async () => {
			const {frame, press, rerender} = await open({});
			await press('s');
			expect(frame().split('\n').at(-1)).toBe('No response to save yet: ctrl+r sends the request');
			await rerender({result: textResponse('')});
			await press('y');
			expect(frame().split('\n').at(-1)).toBe('The response body is empty: nothing to copy');
		});

		test('y copies the body with OSC 52', async () => {
			vi.stubEnv('TMUX', undefined);
			const text = '{"token":"abc"}';
			const {output, press, frame} = await open({result: textResponse(text)});
			await press('y');
			expect(output()).toContain(`\u001B]52;c;${Buffer.from(text).toString('base64')}\u0007`);
			expect(frame().split('\n').at(-1)).toBe('Copied 15 B to the clipboard (OSC 52)');
		});

		test('y inside tmux sends the plain sequence too, and says which tmux setting it needs', async () => {
			vi.stubEnv('TMUX', '/tmp/tmux-1000/default,1,0');
			const text = '{"token":"abc"}';
			const plain = `\u001B]52;c;${Buffer.from(text).toString('base64')}\u0007`;
			const {output, press, frame} = await open({result: textResponse(text), width: 100});
			await press('y');
			expect(output()).toContain(`${plain}\u001BPtmux;${plain.replaceAll('\u001B', '\u001B\u001B')}\u001B\\`);
			expect(frame().split('\n').at(-1)).toBe('Copied 15 B with OSC 52 (in tmux: needs set-clipboard on or allow-passthrough on)');
		});
	});

	test('lists its keys in the help overlay, from the keymap', () => {
		const keys = helpLines('response').flatMap(line => (line.kind === 'binding' ? line.keys.split(', ') : []));
		for (const key of ['j', 'k', 'pgdn', 'pgup', 'g', 'G', '/', 'n', 'N', 'w', 't', '[', ']', 's', 'y', 'esc', 'H', 'L']) {
			expect(keys).toContain(key);
		}
	});
});

test('keys scroll a large body while it is formatted, and the whole body takes over where the reader is', async () => {
	const items = Array.from({length: 100_000}, (_, index) => ({id: index, name: `user ${index}`}));
	const {frame, press} = await open({result: jsonResponse(items)});
	// Sent in one chunk while the whole body is formatted in turns (a few MB: many turns).
	await press('jjjjjjj');
	const [notice, ...rows] = bodyRows(frame());
	expect(notice).toMatch(/^formatting all [\d.]+ MB: the first 64 KB are shown$/);
	expect(rows[0]).toBe('    "name": "user 1"');
	await vi.waitFor(async () => {
		await act(async () => undefined);
		expect(bodyRows(frame())[0]).toBe('    "name": "user 1"');
	}, {timeout: 10_000});
	await press('G');
	expect(bodyRows(frame()).at(-1)).toBe(']');
});

test('a large body shows its formatted start at once, then the whole body in the same place', async () => {
	// Formatted in turns of a few milliseconds: a few MB take many more turns than the first frame does.
	const items = Array.from({length: 100_000}, (_, index) => ({id: index, name: `user ${index}`}));
	const result = jsonResponse(items);
	const {frame} = await open({result});
	expect(frame().split('\n')[0]).toMatch(/^200 OK {2}Successful/);
	const [notice, ...start] = bodyRows(frame());
	expect(notice).toBe('formatting all 3.1 MB: the first 64 KB are shown');
	expect(start.slice(0, 3)).toEqual(['[', '  {', '    "id": 0,']);
	await vi.waitFor(async () => {
		await act(async () => undefined);
		expect(bodyRows(frame()).slice(0, 3)).toEqual(['[', '  {', '    "id": 0,']);
	});
});

test(`a body nested deeper than ${maxJsonDepth} levels is shown as sent under a notice, at once`, async () => {
	const text = '['.repeat(100_000) + ']'.repeat(100_000);
	const {frame} = await open({result: textResponse(text, {headers: [['Content-Type', 'application/json']]})});
	const [notice, first] = bodyRows(frame());
	expect(notice).toBe(`nested deeper than ${maxJsonDepth} levels: shown as sent, not indented`);
	expect(first).toBe('['.repeat(70));
});

describe('text the server chose', () => {
	const escapes = '\u001B]0;PWNED\u0007\u001B[2J';
	const pictures = '␛]0;PWNED␇␛[2J';

	test('the reason phrase on the status line shows its control characters as pictures, and none reaches the terminal', async () => {
		const {frame, output} = await open({result: textResponse('hi', {statusText: `OK${escapes}`})});
		expect(frame().split('\n')[0]).toBe(`200 OK${pictures}  Successful  123 ms  2 B`);
		expect(output().join('')).not.toContain('\u001B]0;');
		expect(output().join('')).not.toContain('\u001B[2J');
	});

	test('a failure\'s message shows its control characters as pictures', async () => {
		const {frame, output} = await open({result: {...refused(), message: `The request failed (${escapes})`}});
		expect(frame()).toContain(`The request failed (${pictures})`);
		expect(output().join('')).not.toContain('\u001B]0;');
	});

	test('header names and values show their control characters as pictures', async () => {
		const {frame, press, output} = await open({result: textResponse('hi', {headers: [[`X-Evil${escapes}`, `a${escapes}`]]})});
		await press('t');
		expect(bodyRows(frame())[0]).toBe(`X-Evil${pictures}: a${pictures}`);
		expect(output().join('')).not.toContain('\u001B]0;');
	});
});

describe('while a request is sent again', () => {
	const cancelled = (): TransportFailure => ({kind: 'failure', code: 'cancelled', message: 'The request was cancelled before it finished', timings: {total: 40}});

	test('after a failure, the body says it waits for the response instead of showing the old failure', async () => {
		const {frame, rerender} = await open({result: cancelled()});
		expect(frame()).toContain('The request was cancelled before it finished');
		await rerender({inFlight: {startedAt: Date.now()}});
		expect(frame().split('\n')[0]).toContain('Sending…');
		expect(bodyRows(frame())[0]).toBe('Waiting for the response…');
		expect(frame()).not.toContain('cancelled');
		expect(frame()).not.toContain('What to check');
		await rerender({inFlight: undefined, result: refused()});
		expect(frame()).toContain('Connection refused by 127.0.0.1:9');
	});

	test('after a response, the body of that response stays, to compare', async () => {
		const {frame, rerender} = await open({result: jsonResponse({a: 1})});
		await rerender({inFlight: {startedAt: Date.now()}});
		expect(bodyRows(frame()).slice(0, 3)).toEqual(['{', '  "a": 1', '}']);
	});
});

describe('the footer', () => {
	test('counts search matches in one number format', async () => {
		const {frame, press} = await open({result: textResponse('x\n'.repeat(11_111)), width: 100});
		await press('/x\rN');
		expect(frame().split('\n').at(-1)).toContain('/x: 11,111 of 11,111 (wrapped around)');
	});

	test('shows no line counter under a view that is not the document: waiting, nothing sent yet, no headers, no console output', async () => {
		const footer = (frame: string): string => frame.split('\n').at(-1)!.trim();
		const {frame, rerender, press} = await open({inFlight: {startedAt: Date.now()}});
		expect(footer(frame())).toBe('');
		await rerender({inFlight: undefined});
		expect(footer(frame())).toBe('');
		await press('t');
		expect(frame()).toContain('No response headers yet');
		expect(footer(frame())).toBe('');
		await press('tt');
		expect(frame()).toContain('Nothing sent yet');
		expect(footer(frame())).toBe('');
		await press('tt');
		expect(frame()).toContain('No script output');
		expect(footer(frame())).toBe('');
		await rerender({result: textResponse('a\nb')});
		await press('t');
		expect(footer(frame())).toBe('lines 1-2 of 2 (100%)');
	});
});

describe('saving again', () => {
	let folder: string;
	beforeEach(async () => {
		folder = await mkdtemp(join(tmpdir(), 'curlew-pane-'));
	});

	afterEach(async () => {
		vi.restoreAllMocks();
		await rm(folder, {recursive: true, force: true});
	});

	const footer = async (frame: () => string, expected: string): Promise<void> => {
		await vi.waitFor(async () => {
			await act(async () => undefined);
			expect(frame().split('\n').at(-1)).toBe(expected);
		});
	};

	test('a path that is a folder saves inside it under the name the prompt offered, and says the whole path', async () => {
		const {frame, press} = await open({result: jsonResponse({a: 1}), width: 120});
		await press(`s\u0015${folder}\r`);
		const target = join(folder, 'response.json');
		await footer(frame, `Saved 7 B to ${target}`);
		expect(await readFile(target, 'utf8')).toBe('{"a":1}');
		// Again: the name is taken inside the folder, so the next free one is used.
		await press(`s\u0015${folder}/\r`);
		await footer(frame, `Saved 7 B to ${join(folder, 'response-2.json')}`);
	});

	test('after a save, s offers the next free name rather than the one just taken', async () => {
		vi.spyOn(process, 'cwd').mockReturnValue(folder);
		const {frame, press} = await open({result: jsonResponse({a: 1}), width: 120});
		await press('s');
		expect(frame().split('\n').at(-1)).toContain('Save to: response.json  ');
		await press('\r');
		await footer(frame, `Saved 7 B to ${join(folder, 'response.json')}`);
		await press('s');
		expect(frame().split('\n').at(-1)).toContain('Save to: response-2.json  ');
		await press('\r');
		await footer(frame, `Saved 7 B to ${join(folder, 'response-2.json')}`);
		await press('s');
		expect(frame().split('\n').at(-1)).toContain('Save to: response-3.json  ');
	});

	test('a name taken before the response came is not offered either', async () => {
		vi.spyOn(process, 'cwd').mockReturnValue(folder);
		await writeFile(join(folder, 'report.csv'), 'keep me');
		const {frame, press} = await open({result: textResponse('a,b', {url: 'http://127.0.0.1/exports/report.csv'}), width: 120});
		await press('s');
		expect(frame().split('\n').at(-1)).toContain('Save to: report-2.csv  ');
	});
});
