import {act} from 'react';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import chalk from 'chalk';
import type {Command} from '../../../source/tui/keymap.js';
import {cleanupWithAct} from './act-render.js';
import {renderField, type FieldHostProps} from './field-host.js';

afterEach(cleanupWithAct);

type Event = ['change' | 'leave' | 'submit', string] | ['command', Command, string];

type Options = Partial<Pick<FieldHostProps, 'value' | 'width' | 'hint' | 'masked' | 'placeholderState'>> & {onSubmit?: (text: string) => void};

/** A one-line field whose owner closes it on Enter and Esc, as the app's fields do, unless `props` say otherwise. */
async function lineEditor(props: Options | ((events: Event[]) => Options) = {}) {
	const events: Event[] = [];
	const options = typeof props === 'function' ? props(events) : props;
	const rendered = await renderField({
		value: options.value ?? '',
		singleLine: true,
		width: options.width ?? 40,
		height: 1,
		hint: options.hint,
		masked: options.masked,
		placeholderState: options.placeholderState,
		onChange: text => events.push(['change', text]),
		onLeave(text, close) {
			events.push(['leave', text]);
			close();
		},
		onSubmit(text, close) {
			if (options.onSubmit === undefined) {
				events.push(['submit', text]);
				close();
			} else {
				options.onSubmit(text);
			}
		},
		onCommand(command, text) {
			events.push(['command', command, text]);
		},
	});
	const lastText = () => events.filter(event => event[0] === 'change').at(-1)?.[1];
	return {...rendered, events, lastText};
}

describe('a one-line field', () => {
	it('starts with the cursor at the end of the URL', async () => {
		const {write, lastText} = await lineEditor({value: 'https://api.example.com'});
		await write('/users');
		expect(lastText()).toBe('https://api.example.com/users');
	});

	it('keeps every character of a typed burst', async () => {
		const {write, lastText} = await lineEditor();
		await write('https://example.com/a?b=1&c={{token}}');
		expect(lastText()).toBe('https://example.com/a?b=1&c={{token}}');
	});

	it('keeps every key of chunks read before the next render', async () => {
		const {stdin, lastText} = await lineEditor();
		await act(async () => {
			stdin.write('abc');
			stdin.write('def');
			stdin.write('\u007F');
			stdin.write('g');
		});
		expect(lastText()).toBe('abcdeg');
	});

	it('deletes forward with the Delete key and back with Backspace, in one chunk', async () => {
		const {write, lastText} = await lineEditor();
		await write('abcd\u001B[D\u001B[D\u001B[3~\u007F');
		expect(lastText()).toBe('ad');
	});

	it('submits on Enter and leaves on Esc, with the final text', async () => {
		const {write, events} = await lineEditor({value: 'x'});
		await write('y\r');
		expect(events).toEqual([['change', 'xy'], ['submit', 'xy']]);
		const other = await lineEditor({value: 'x'});
		await other.write('z');
		await other.write('\u001B');
		expect(other.events).toEqual([['change', 'xz'], ['leave', 'xz']]);
	});

	it('hands on the keys that follow Enter in the same chunk', async () => {
		const {write, events, handedOn} = await lineEditor();
		await write('abc\rq2');
		expect(events).toEqual([['change', 'abc'], ['submit', 'abc']]);
		expect(handedOn).toEqual([{name: 'q', text: 'q'}, {name: '2', text: '2'}]);
	});

	it('moves a word left on alt+b rather than leaving', async () => {
		const {write, lastText} = await lineEditor({value: 'one two'});
		await write('\u001Bb');
		await write('X');
		expect(lastText()).toBe('one Xtwo');
	});

	it.each([
		['?', {name: '?', text: '?'}],
		['/', {name: '/', text: '/'}],
		[' ', {name: 'space', text: ' '}],
	])('leaves on Esc then %j in one chunk, and hands that key on', async (key, press) => {
		const {write, events, handedOn} = await lineEditor();
		await write(`a\u001B${key}`);
		expect(events).toEqual([['change', 'a'], ['leave', 'a']]);
		expect(handedOn).toEqual([press]);
	});

	it('takes no key once it has closed, though it is still drawn: they are the next owner\'s', async () => {
		const {write, events, handedOn} = await lineEditor();
		await write('ab\r');
		await write('cd\u001B');
		await write('\u0012');
		expect(events).toEqual([['change', 'ab'], ['submit', 'ab']]);
		expect(handedOn.map(press => press.name)).toEqual(['c', 'd', 'escape', 'ctrl+r']);
	});

	it('stays open, taking keys, when its owner keeps a submitted text it refuses', async () => {
		const {write, events} = await lineEditor(events => ({onSubmit(text) {
			events.push(['submit', text]);
		}}));
		await write('ab\r');
		await write('c\rd\r');
		expect(events).toEqual([['change', 'ab'], ['submit', 'ab'], ['change', 'abc'], ['submit', 'abc'], ['change', 'abcd'], ['submit', 'abcd']]);
	});

	it('keeps alt+f and alt+backspace as word commands rather than leaving', async () => {
		const {write, events, lastText} = await lineEditor({value: 'one two three'});
		await write('\u001Bb\u001Bb\u001Bf\u001B\u007F');
		expect(lastText()).toBe('one  three');
		expect(events.some(event => event[0] === 'leave')).toBe(false);
	});

	it('types a bracketed paste in one chunk and runs no key inside it', async () => {
		const {write, events} = await lineEditor();
		await write('\u001B[200~a\tb\rc\u001B?\u0012\u0003d\u001B[201~e\r');
		expect(events).toEqual([
			['change', 'a b c?de'],
			['submit', 'a b c?de'],
		]);
	});

	it('turns the newlines of a bracketed paste into spaces instead of submitting', async () => {
		const {write, events} = await lineEditor();
		await write('\u001B[200~https://x.dev\r\n/a\u001B[201~');
		expect(events).toEqual([['change', 'https://x.dev /a']]);
	});

	it('applies control keys mixed into a chunk in order', async () => {
		const {write, lastText} = await lineEditor({value: 'http://host/path'});
		await write('\u0017v2\u001B[Hs');
		expect(lastText()).toBe('shttp://host/v2');
	});

	it('reads shift+home and shift+end as home and end', async () => {
		const {write, lastText} = await lineEditor({value: 'b'});
		await write('\u001B[1;2H');
		await write('a\u001B[1;2Fc');
		expect(lastText()).toBe('abc');
	});

	it('hands ctrl+r to the app with the URL typed so far', async () => {
		const {write, events} = await lineEditor({value: 'http://a'});
		await write('/b\u0012');
		expect(events).toEqual([['change', 'http://a/b'], ['command', 'app.send', 'http://a/b']]);
	});

	it('shows the hint only while the field is empty', async () => {
		const {lastFrame, write} = await lineEditor({hint: 'Filter by name'});
		expect(lastFrame()).toContain('Filter by name');
		await write('a');
		expect(lastFrame()!.trimEnd()).toBe('a');
	});

	it('scrolls a long URL sideways so the cursor stays in view', async () => {
		const {lastFrame, write} = await lineEditor({value: 'https://example.com/a/very/long/path', width: 12});
		expect(lastFrame()!.trimEnd()).toBe('y/long/path');
		await write('\u001B[H');
		expect(lastFrame()!.trimEnd()).toBe('https://exam');
	});
});

describe('LineEditor cursor on grapheme clusters', () => {
	const level = chalk.level;

	beforeEach(() => {
		chalk.level = 1;
	});

	afterEach(() => {
		chalk.level = level;
	});

	it('draws the cursor over a whole emoji, skin tone and all', async () => {
		const {lastFrame, write} = await lineEditor({value: 'ab👍🏽cd'});
		await write('\u001B[D\u001B[D\u001B[D');
		expect(lastFrame()).toContain(`ab${chalk.inverse('👍🏽')}cd`);
	});

	it('masks each character with one •, an emoji or a flag too, the cursor on its own •', async () => {
		const {lastFrame, write} = await lineEditor({value: 'a👍🏽🇫🇷e\u0301b', masked: true});
		expect(lastFrame()!.trimEnd()).toBe(`•••••${chalk.inverse(' ')}`);
		await write('\u001B[D\u001B[D\u001B[D');
		expect(lastFrame()!.trimEnd()).toBe(`••${chalk.inverse('•')}••`);
	});
});

describe('LineEditor attributes: placeholders, cursor', () => {
	const level = chalk.level;
	const noColor = process.env['NO_COLOR'];

	beforeEach(() => {
		chalk.level = 1;
	});

	afterEach(() => {
		chalk.level = level;
		if (noColor === undefined) {
			delete process.env['NO_COLOR'];
		} else {
			process.env['NO_COLOR'] = noColor;
		}
	});

	const placeholderState = (expression: string) => expression === 'host' ? 'resolved' as const : 'unresolved' as const;

	it('colours resolved placeholders green and unresolved ones red and underlined', async () => {
		delete process.env['NO_COLOR'];
		const {lastFrame} = await lineEditor({value: '{{host}}/{{ missing }}', placeholderState});
		const frame = lastFrame()!;
		expect(frame).toContain(chalk.green('{{host}}'));
		expect(frame).toContain(chalk.underline(chalk.red('{{ missing }}')));
	});

	it('colours the part of a placeholder that shows when the line is scrolled past its start', async () => {
		delete process.env['NO_COLOR'];
		const {lastFrame} = await lineEditor({value: `${'x'.repeat(30)}{{ missing }}yyyy`, width: 12, placeholderState});
		const frame = lastFrame()!;
		// Eleven cells of text and the cursor's: `{{ mis` is scrolled out of view.
		expect(frame).toContain(`${chalk.underline(chalk.red('sing }}'))}yyyy`);
	});

	it('masks each character with one •, an emoji too, with the cursor on the right one', async () => {
		const {lastFrame, write, lastText} = await lineEditor({value: 'a😀b', masked: true});
		await write('\u001B[D');
		expect(lastFrame()).toContain(`••${chalk.inverse('•')}`);
		await write('x');
		expect(lastText()).toBe('a😀xb');
	});

	it('drops the colours under NO_COLOR but keeps the underline and the inverse cursor', async () => {
		process.env['NO_COLOR'] = '1';
		const {lastFrame} = await lineEditor({value: '{{host}}/{{missing}}', placeholderState});
		const frame = lastFrame()!;
		expect(frame).not.toContain('\u001B[32m');
		expect(frame).not.toContain('\u001B[31m');
		expect(frame).toContain(chalk.underline('{{missing}}'));
		expect(frame).toContain(chalk.inverse(' '));
	});
});
