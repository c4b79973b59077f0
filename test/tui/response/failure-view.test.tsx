import {act} from 'react';
import stringWidth from 'string-width';
import {afterEach, describe, expect, it} from 'vitest';
import type {TransportFailure} from '../../../source/core/http/types.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';
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
	afterEach(async () => {
		await app?.cleanup();
		app = undefined;
	});

	/** The response pane's rows inside its border (the right column's lower box). */
	function responseRows(harness: AppHarness): string[] {
		const lines = harness.frame().split('\n');
		const top = lines.findIndex(line => /[│┃]Response/.test(line));
		const rows = [];
		for (const line of lines.slice(top + 1)) {
			const inner = line.split(/[│┃]/)[3];
			if (inner === undefined) {
				break;
			}

			rows.push(inner);
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
					app!.container.dispatch({type: 'sendFinished', requestId: request.id, outcome: {request, problems: [], logs: [], secrets: [], result: reset(message)}});
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
	afterEach(() => {
		pane?.unmount();
		pane = undefined;
	});

	it('cuts a word longer than the pane into pieces, each row within the width', async () => {
		const message = `Could not reach ${url} at all.`;
		pane = await renderPane({result: reset(message), width: 24, height: 16});
		const {message: shown, heading} = splitAtChecklist(viewRows(pane.frame().split('\n')));
		expect(shown).toEqual(['Could not reach', 'https://api.example.test', '/v1/organisations/acme/p', 'rojects/42/x at all.']);
		expect(heading).toBe('What to check:');
	});

	it('measures wide characters by the cells they take', async () => {
		// 35 characters of two cells each: 70 cells, cut at 20.
		const message = '接続がサーバーによってリセットされました。プロキシを確認してください。 See its logs.';
		pane = await renderPane({result: reset(message), width: 20, height: 16});
		const {message: shown, heading} = splitAtChecklist(viewRows(pane.frame().split('\n')));
		expect(shown).toEqual(['接続がサーバーによっ', 'てリセットされました', '。プロキシを確認して', 'ください。 See its', 'logs.']);
		for (const row of shown) {
			expect(stringWidth(row)).toBeLessThanOrEqual(20);
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
		pane = await renderPane({result: reset(`Could not reach ${url} at all.`), width: 24, height: 10});
		expect(viewRows(pane.frame().split('\n')).slice(0, 7)).toEqual(['Could not reach', 'https://api.example.test', '/v1/organisations/acme/p', 'rojects/42/x at all.', '', 'What to check:', '- The server or']);
	});
});
