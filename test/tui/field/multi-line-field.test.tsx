import {act} from 'react';
import {afterEach, describe, expect, it} from 'vitest';
import type {Command} from '../../../source/tui/keymap.js';
import {cleanupWithAct} from './act-render.js';
import {renderField, type FieldHostProps} from './field-host.js';

afterEach(cleanupWithAct);

type Event = ['change' | 'leave', string] | ['command', Command, string];

/** A multi-line field (a body, a script) whose owner closes it on Esc. */
async function editor(props: Partial<Pick<FieldHostProps, 'value' | 'width' | 'height' | 'placeholderState'>> = {}) {
	const events: Event[] = [];
	const rendered = await renderField({
		value: props.value ?? '',
		singleLine: false,
		width: props.width ?? 40,
		height: props.height ?? 5,
		placeholderState: props.placeholderState,
		onChange: text => events.push(['change', text]),
		onLeave(text, close) {
			events.push(['leave', text]);
			close();
		},
		onCommand: (command, text) => events.push(['command', command, text]),
	});
	const lastText = () => events.filter(event => event[0] === 'change').at(-1)?.[1];
	return {...rendered, events, lastText};
}

describe('a multi-line field', () => {
	it('keeps every character of a burst that arrives in one chunk', async () => {
		const {write, events, lastFrame} = await editor();
		await write('hello world');
		expect(events).toEqual([['change', 'hello world']]);
		expect(lastFrame()).toContain('hello world');
	});

	it('applies a backspace inside a chunk at its place', async () => {
		const {write, lastText} = await editor();
		await write('ab\u007Fc');
		expect(lastText()).toBe('ac');
	});

	it('deletes forward with the Delete key, in one chunk with other keys', async () => {
		const {write, lastText} = await editor();
		await write('abc\u001B[D\u001B[D\u001B[3~');
		expect(lastText()).toBe('ac');
	});

	it('applies a left arrow between typed text in one chunk', async () => {
		const {write, lastText} = await editor();
		await write('ab\u001B[Dc');
		expect(lastText()).toBe('acb');
	});

	it('keeps every key of many chunks written back to back', async () => {
		const {write, lastText} = await editor();
		const words = Array.from({length: 50}, (_, index) => `w${index} `);
		for (const word of words) {
			await write(word);
		}

		expect(lastText()).toBe(words.join(''));
	});

	it('keeps every key of chunks read before the next render', async () => {
		const {stdin, lastText} = await editor();
		await act(async () => {
			stdin.write('one');
			stdin.write('\r');
			stdin.write('two');
		});
		expect(lastText()).toBe('one\ntwo');
	});

	it('pastes several lines, CRLF or CR, as lines', async () => {
		const {write, lastText, lastFrame} = await editor();
		await write('{\r\n\t"a": 1,\r"b": 2\r}');
		expect(lastText()).toBe('{\n\t"a": 1,\n"b": 2\n}');
		expect(lastFrame()!.split('\n').slice(0, 4).map(row => row.trimEnd())).toEqual(['{', '  "a": 1,', '"b": 2', '}']);
	});

	it('pastes inside bracketed paste markers with tabs and newlines kept', async () => {
		const {write, lastText} = await editor({value: 'x'});
		await write('\u001B[200~a\tb\rc\u001B[201~');
		expect(lastText()).toBe('xa\tb\nc');
	});

	it('leaves on Esc with the final text', async () => {
		const {write, events} = await editor({value: 'body'});
		await write('!');
		await write('\u001B');
		expect(events).toEqual([['change', 'body!'], ['leave', 'body!']]);
	});

	it('reads Esc and a letter that arrive as one chunk as leaving, and hands the letter on', async () => {
		const {write, events, handedOn} = await editor({value: 'x'});
		await write('\u001Bq');
		expect(events).toEqual([['leave', 'x']]);
		expect(handedOn).toEqual([{name: 'q', text: 'q'}]);
	});

	it('hands ctrl+r to the app with the text typed before it, then keeps typing', async () => {
		const {write, events} = await editor();
		await write('ab\u0012cd');
		expect(events).toEqual([['change', 'ab'], ['command', 'app.send', 'ab'], ['change', 'abcd']]);
	});

	it('hands ctrl+c to the app and does not insert it', async () => {
		const {write, events} = await editor({value: 'x'});
		await write('\u0003');
		expect(events).toEqual([['command', 'app.cancel', 'x']]);
	});

	it('inserts a tab for tab but nothing for shift+tab', async () => {
		const {write, lastText} = await editor();
		await write('a\t');
		await write('\u001B[Z');
		await write('b');
		expect(lastText()).toBe('a\tb');
	});

	it('ignores navigation letters: they are text while editing', async () => {
		const {write, lastText} = await editor();
		await write('q?jk');
		expect(lastText()).toBe('q?jk');
	});

	it('undoes the typing with ctrl+z and redoes it with ctrl+y', async () => {
		const {write, lastText} = await editor({value: 'a'});
		await write('bcd');
		await write('\u001A');
		expect(lastText()).toBe('a');
		await write('\u0019');
		expect(lastText()).toBe('abcd');
	});

	it('draws only the rows that fit, following the cursor to the end', async () => {
		const lines = Array.from({length: 20}, (_, index) => `line ${index}`);
		const {lastFrame} = await editor({value: lines.join('\n'), height: 3});
		expect(lastFrame()!.split('\n').map(row => row.trimEnd())).toEqual(['line 17', 'line 18', 'line 19']);
	});

	it('scrolls back up when the cursor goes above the view', async () => {
		const lines = Array.from({length: 20}, (_, index) => `line ${index}`);
		const {write, lastFrame} = await editor({value: lines.join('\n'), height: 3});
		await write('\u001B[5~');
		expect(lastFrame()!.split('\n')[0]!.trimEnd()).toBe('line 17');
		await write('\u001B[1;5H');
		expect(lastFrame()!.split('\n').map(row => row.trimEnd())).toEqual(['line 0', 'line 1', 'line 2']);
	});

	it('draws an empty line as a row of its own, wherever the cursor is', async () => {
		const {write, lastFrame} = await editor({value: '{"a": 1,\n\n"b": 2}'});
		const rows = () => lastFrame()!.split('\n').slice(0, 3).map(row => row.trimEnd());
		expect(rows()).toEqual(['{"a": 1,', '', '"b": 2}']);
		await write('\u001B[A');
		expect(rows()).toEqual(['{"a": 1,', '', '"b": 2}']);
		await write('\u001B[A');
		expect(rows()).toEqual(['{"a": 1,', '', '"b": 2}']);
	});

	it('keeps the rows of lines scrolled out of view sideways', async () => {
		const {lastFrame} = await editor({value: `short\n\n${'x'.repeat(30)}`, width: 10, height: 3});
		expect(lastFrame()!.split('\n').map(row => row.trimEnd())).toEqual(['', '', 'x'.repeat(9)]);
	});

});
