import {act} from 'react';
import stringWidth from 'string-width';
import {afterEach, describe, expect, it} from 'vitest';
import type {TransportFailure} from '../../../../source/core/http/types.js';
import {renderApp, type AppHarness} from '../render-app.js';
import {renderPane, type Pane} from './render-pane.js';

const url = 'https://api.example.test/v1/organisations/acme/projects/42/x';

function reset(message: string): TransportFailure {
	return {kind: 'failure', code: 'reset', message, timings: {total: 4}};
}

/** The rows of a failure view: what follows the status line and the tab row. */
function viewRows(rows: string[]): string[] {
	return rows.slice(2).map(row => row.trimEnd());
}

/** The message's rows, the row after them and the one after that. */
function splitAtChecklist(rows: string[]): {message: string[]; blank: string | undefined; heading: string | undefined} {
	const blank = rows.indexOf('');
	return {message: rows.slice(0, blank), blank: rows[blank], heading: rows[blank + 1]};
}

describe('the failure view in the app', () => {
	let app: AppHarness | undefined;

	/** The response pane's rows inside its border (the right column's lower box), down to its bottom border. */
	function responseRows(harness: AppHarness): string[] {
		const lines = harness.frame().split('\n');
		const top = lines.findIndex(line => /[│┃]Response/.test(line));
		const left = [...lines[top]!].findIndex((character, index, characters) => /[│┃]/.test(character) && characters.slice(index + 1, index + 9).join('') === 'Response');
		const rows = [];
		for (const line of lines.slice(top + 1)) {
			const [border, ...rest] = [...line].slice(left);
			if (!/[│┃]/.test(border ?? '')) {
				break;
			}

			rows.push(rest.join('').replace(/[│┃]$/, ''));
		}

		return rows;
	}

	for (const columns of [90, 100]) {
		for (const message of [
			`The connection to ${url} was reset by the server or a proxy between before any response came back from it.`,
			`Could not resolve ${url}: the host name is unknown to DNS, check its spelling and your network.`,
		]) {
			it(`draws every word of a message with a long URL at ${columns} columns, then a blank row and "What to check:" (${message.slice(0, 14)}…)`, async () => {
				app = await renderApp({
					columns,
					rows: 30,
					prepare(store) {
						const api = store.createCollection({name: 'API'});
						store.addRequest(api.id, {name: 'Get', url});
					},
				});
				const request = app.store.collections()[0]!.requests[0]!;
				await act(async () => {
					app!.runner.apply({type: 'sendFinished', requestId: request.id, outcome: {request, problems: [], logs: [], scriptErrors: [], secrets: [], result: reset(message)}});
				});
				const rows = viewRows(responseRows(app));
				const {message: shown, blank, heading} = splitAtChecklist(rows);
				expect(shown.join(' ').split(' ')).toEqual(message.split(' '));
				expect(blank).toBe('');
				expect(heading).toBe('What to check:');
			});
		}
	}
});

describe('the failure view of the pane', () => {
	let pane: Pane | undefined;
	afterEach(async () => {
		await pane?.unmount();
		pane = undefined;
	});

	// The narrowest response pane, in an 80-column terminal.
	const narrow = {width: 52, height: 16};

	it('cuts a word longer than the pane into pieces, each row within the width', async () => {
		const message = `Could not reach ${url} at all.`;
		pane = await renderPane({result: reset(message), ...narrow});
		const {message: shown, heading} = splitAtChecklist(viewRows(pane.frame().split('\n')));
		expect(shown).toEqual(['Could not reach', 'https://api.example.test/v1/organisations/acme/proje', 'cts/42/x at all.']);
		expect(heading).toBe('What to check:');
	});

	it('measures wide characters by the cells they take', async () => {
		// 58 characters of two cells each: 116 cells, cut at 52.
		const message = '接続がサーバーによってリセットされました。プロキシを確認してください。接続がサーバーによってリセットされました。 See its logs.';
		pane = await renderPane({result: reset(message), ...narrow});
		const {message: shown, heading} = splitAtChecklist(viewRows(pane.frame().split('\n')));
		expect(shown).toEqual(['接続がサーバーによってリセットされました。プロキシを', '確認してください。接続がサーバーによってリセットされ', 'ました。 See its logs.']);
		for (const row of shown) {
			expect(stringWidth(row)).toBeLessThanOrEqual(52);
		}

		expect(heading).toBe('What to check:');
	});

	it('keeps the line breaks of a message, and wraps the checks too', async () => {
		pane = await renderPane({result: reset(`First line\nsecond line, about ${url}`), width: 70, height: 16});
		const rows = viewRows(pane.frame().split('\n'));
		expect(rows.slice(0, 8)).toEqual([
			'First line',
			'second line, about',
			url,
			'',
			'What to check:',
			'- The server or something between (proxy, load balancer) closed the',
			'connection: check its logs.',
			'- Does the URL use http:// for a plain-HTTP server and https:// for',
		]);
	});

	it('cuts what does not fit the pane at its bottom, keeping every row above', async () => {
		pane = await renderPane({result: reset(`Could not reach ${url} at all.`), width: 52, height: 10});
		expect(viewRows(pane.frame().split('\n')).slice(0, 6)).toEqual(['Could not reach', 'https://api.example.test/v1/organisations/acme/proje', 'cts/42/x at all.', '', 'What to check:', '- The server or something between (proxy, load']);
	});
});

describe('scrolling the failure view', () => {
	let pane: Pane | undefined;
	afterEach(async () => {
		await pane?.unmount();
		pane = undefined;
	});

	const down = '\u001B[B';
	const up = '\u001B[A';
	const pageDown = '\u001B[6~';
	const pageUp = '\u001B[5~';
	// Nine rows: the status line, the tab row, six of the failure, the footer.
	const size = {width: 52, height: 9};
	// Eight rows of message, a blank one, the heading, three rows of checks: 13 rows.
	const message = Array.from({length: 8}, (_, index) => `reason ${index + 1}`).join('\n');
	const refusedAt = (text: string): TransportFailure => ({kind: 'failure', code: 'refused', message: text, timings: {total: 4}});
	const lastCheck = '- Is the port in the URL the right one?';

	/** The first row of the view and the footer. */
	function place(frame: string): {first: string | undefined; footer: string | undefined} {
		const rows = frame.split('\n');
		return {first: rows[2]?.trimEnd(), footer: rows.at(-1)?.trimEnd()};
	}

	it('moves a row with j/k and the arrows, a page with the page keys and ctrl+d/ctrl+u, to either end with g/G, the counter saying where it is', async () => {
		pane = await renderPane({result: refusedAt(message), ...size});
		expect(place(pane.frame())).toEqual({first: 'reason 1', footer: 'lines 1-6 of 13 (46%)'});
		expect(pane.frame()).not.toContain('What to check:');

		const steps: Array<[string, string, string]> = [
			['j', 'reason 2', 'lines 2-7 of 13 (53%)'],
			[down, 'reason 3', 'lines 3-8 of 13 (61%)'],
			['k', 'reason 2', 'lines 2-7 of 13 (53%)'],
			[up, 'reason 1', 'lines 1-6 of 13 (46%)'],
			[pageDown, 'reason 6', 'lines 6-11 of 13 (84%)'],
			[pageUp, 'reason 1', 'lines 1-6 of 13 (46%)'],
			['\u0004', 'reason 6', 'lines 6-11 of 13 (84%)'],
			['\u0015', 'reason 1', 'lines 1-6 of 13 (46%)'],
			['G', 'reason 8', 'lines 8-13 of 13 (100%)'],
			['j', 'reason 8', 'lines 8-13 of 13 (100%)'],
			['g', 'reason 1', 'lines 1-6 of 13 (46%)'],
			['k', 'reason 1', 'lines 1-6 of 13 (46%)'],
		];
		for (const [key, first, footer] of steps) {
			await pane.press(key);
			expect(place(pane.frame()), JSON.stringify(key)).toEqual({first, footer});
		}
	});

	it('shows the end of the checks at the bottom, each row in its place', async () => {
		pane = await renderPane({result: refusedAt(message), ...size});
		await pane.press('G');
		expect(viewRows(pane.frame().split('\n')).slice(0, 6)).toEqual(['reason 8', '', 'What to check:', '- Is the server running, and listening on that host', 'and port?', lastCheck]);
	});

	it('takes every key of a burst that arrives in one chunk, as over SSH', async () => {
		pane = await renderPane({result: refusedAt(message), ...size});
		await pane.press('jjj');
		expect(place(pane.frame())).toEqual({first: 'reason 4', footer: 'lines 4-9 of 13 (69%)'});
		await pane.press(`Gk${up}`);
		expect(place(pane.frame())).toEqual({first: 'reason 6', footer: 'lines 6-11 of 13 (84%)'});
		await pane.press(`g${down}j${pageDown}`);
		expect(place(pane.frame())).toEqual({first: 'reason 8', footer: 'lines 8-13 of 13 (100%)'});
	});

	it('scrolls a refusal too long for the pane to its last words', async () => {
		const refusal = Array.from({length: 60}, (_, index) => `word${index + 1}`).join(' ');
		pane = await renderPane({refusal, ...size});
		expect(viewRows(pane.frame().split('\n')).join(' ')).not.toContain('word60');
		expect(place(pane.frame()).footer).toMatch(/^lines 1-6 of \d+ \(\d\d%\)$/);
		await pane.press('G');
		expect(viewRows(pane.frame().split('\n'))[5]).toMatch(/ word60$/);
		expect(place(pane.frame()).footer).toMatch(/^lines \d+-(\d+) of \1 \(100%\)$/);
	});

	it('finds a word below the fold with / and scrolls to it', async () => {
		pane = await renderPane({result: refusedAt(message), ...size});
		await pane.press('/right one\r');
		expect(pane.frame()).toContain(lastCheck);
		// The footer is cut at the pane's 52 columns.
		expect(place(pane.frame()).footer).toMatch(/^lines 8-13 of 13 \(100%\) {2}\/right one: 1/);
	});

	it('starts again at the top for the next failure', async () => {
		pane = await renderPane({result: refusedAt(message), ...size});
		await pane.press('G');
		await pane.rerender({result: refusedAt(message.replace('reason 1', 'again 1'))});
		expect(place(pane.frame())).toEqual({first: 'again 1', footer: 'lines 1-6 of 13 (46%)'});
	});
});
