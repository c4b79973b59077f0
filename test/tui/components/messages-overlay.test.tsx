import {afterEach, describe, expect, it} from 'vitest';
import type {Message} from '../../../source/tui/app-state.js';
import {MessagesOverlay, messageRows} from '../../../source/tui/components/messages-overlay.js';
import {cleanupWithAct} from './act-render.js';
import {renderField} from './field-host.js';

afterEach(cleanupWithAct);

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

describe('MessagesOverlay', () => {
	// 30 messages: the title and 60 rows, 13 of them in sight at a height of 16.
	const many = Array.from({length: 30}, (_, index) => message(index + 1, `message ${index + 1}`));

	async function overlay(messages: readonly Message[] = many) {
		let closed = 0;
		const rendered = await renderField(close => <MessagesOverlay messages={messages} pane="collections" width={60} height={16} onClose={() => {
			closed++;
			close();
		}}/>);
		return {...rendered, closed: () => closed};
	}

	it('shows the last message first, and scrolls to the first with the move keys, a burst in one chunk counting each', async () => {
		const {lastFrame, write} = await overlay();
		expect(lastFrame()).toContain('message 30');
		expect(lastFrame()).toContain('1-13 of 61, ↑↓ to scroll');
		await write('jjj');
		expect(lastFrame()).toContain('4-16 of 61');
		await write('G');
		expect(lastFrame()).toContain('message 1 ');
		expect(lastFrame()).toContain('49-61 of 61');
		await write('gk');
		expect(lastFrame()).toContain('1-13 of 61');
	});

	it.each([['!'], ['\u001B'], ['q']])('closes on %j', async key => {
		const {write, closed} = await overlay();
		await write(key);
		expect(closed()).toBe(1);
	});

	it('hands the keys after the one that closed it on, in the same chunk', async () => {
		const {write, closed, handedOn} = await overlay();
		await write('j!2j');
		expect(closed()).toBe(1);
		expect(handedOn.map(press => press.name)).toEqual(['2', 'j']);
	});
});
