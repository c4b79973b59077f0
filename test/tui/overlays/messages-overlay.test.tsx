import {describe, expect, it} from 'vitest';
import type {Message} from '../../../source/tui/app-state.js';
import {messageRows} from '../../../source/tui/overlays/messages-overlay.js';
import {renderApp, type AppHarness} from '../panes/render-app.js';

const message = (id: number, text: string, tone: Message['tone'] = 'info'): Message => ({id, text, tone});

describe('messageRows', () => {
	it('lists the messages the last first, each whole: its sign on its first row, the rest wrapped under its text', () => {
		const rows = messageRows([
			message(1, 'Saved apiKey (collection)'),
			message(2, 'Kept: the response was not kept in the history: a part of /tmp/x/history is a file', 'warning'),
			message(3, 'Not saved: disk full', 'error'),
		], 40).map(row => row.text);
		expect(rows).toEqual([
			'Messages of this session, the last first',
			'',
			'✖ Not saved: disk full',
			'',
			'⚠ Kept: the response was not kept in the',
			'  history: a part of /tmp/x/history is a',
			'  file',
			'',
			'Saved apiKey (collection)',
		]);
	});

	it('breaks a row at a line break of the message, and shows control characters as pictures', () => {
		const rows = messageRows([message(1, 'first\nsecond \u001B]0;x\u0007', 'error')], 40).map(row => row.text);
		expect(rows.slice(2)).toEqual(['✖ first', '  second ␛]0;x␇']);
	});

	it('says there is nothing yet when no message came', () => {
		expect(messageRows([], 80).map(row => row.text)).toEqual(['No messages yet: what curlew says in the status bar is kept here for the session.']);
	});
});

describe('the messages overlay', () => {
	let app: AppHarness | undefined;

	/** The app at 80x24 after 30 messages, the overlay open: the title and 60 rows, 18 of them in sight. */
	async function overlay() {
		app = await renderApp({seed: true, columns: 80, rows: 24});
		const harness = app;
		await harness.act(() => {
			for (let index = 1; index <= 30; index++) {
				harness.runner.apply({type: 'message', text: `message ${index}`});
			}
		});
		await harness.write('!');
		return harness;
	}

	it('shows the last message first, and scrolls to the first with the move keys, a burst in one chunk counting each', async () => {
		const harness = await overlay();
		expect(harness.frame()).toContain('message 30');
		expect(harness.frame()).toContain('1-18 of 61, ↑↓ to scroll');
		await harness.write('jjj');
		expect(harness.frame()).toContain('4-21 of 61');
		await harness.write('G');
		expect(harness.frame()).toContain('message 1 ');
		expect(harness.frame()).toContain('44-61 of 61');
		await harness.write('gk');
		expect(harness.frame()).toContain('1-18 of 61');
	});

	it.each([['!'], ['\u001B'], ['q']])('closes on %j', async key => {
		const harness = await overlay();
		await harness.write(key);
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.quits).toBe(0);
	});

	it('hands the keys after the one that closed it on, in the same chunk', async () => {
		const harness = await overlay();
		await harness.write('j!2');
		expect(harness.container.getState().mode).toEqual({kind: 'navigating'});
		expect(harness.container.getState().focus).toBe('request');
	});
});
