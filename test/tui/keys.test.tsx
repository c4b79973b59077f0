import {afterEach, describe, expect, it} from 'vitest';
import {useInput, Text} from 'ink';
import {keyPresses, type KeyPress} from '../../source/tui/keys.js';
import {cleanupWithAct, renderWithAct} from './components/act-render.js';

afterEach(cleanupWithAct);

function Recorder({onKeys}: {onKeys: (presses: KeyPress[]) => void}) {
	useInput((input, key) => {
		onKeys(keyPresses(input, key));
	});
	return <Text>ready</Text>;
}

/** What each chunk, written to stdin through Ink as a terminal would, turns into. */
async function pressesOf(...chunks: string[]): Promise<KeyPress[]> {
	const presses: KeyPress[] = [];
	const rendered = await renderWithAct(<Recorder onKeys={keys => presses.push(...keys)}/>);
	for (const chunk of chunks) {
		await rendered.write(chunk);
	}

	return presses;
}

async function namesOf(...chunks: string[]): Promise<string[]> {
	return (await pressesOf(...chunks)).map(press => press.name);
}

describe('keyPresses through Ink', () => {
	it('keeps every character of a burst that arrives in one chunk', async () => {
		const presses = await pressesOf('hello world');
		expect(presses.map(press => press.text).join('')).toBe('hello world');
		expect(presses.map(press => press.name)).toEqual(['h', 'e', 'l', 'l', 'o', 'space', 'w', 'o', 'r', 'l', 'd']);
	});

	it('splits control characters out of a chunk Ink hands over whole', async () => {
		expect(await namesOf('ab\u007Fc')).toEqual(['a', 'b', 'backspace', 'c']);
		expect(await namesOf('ab\rc\td\u0012')).toEqual(['a', 'b', 'return', 'c', 'tab', 'd', 'ctrl+r']);
	});

	it('reads a pasted CRLF as one Enter', async () => {
		expect(await namesOf('a\r\nb')).toEqual(['a', 'return', 'b']);
	});

	it('keeps text on both sides of an escape sequence in one chunk', async () => {
		expect(await namesOf('ab\u001B[Dc')).toEqual(['a', 'b', 'left', 'c']);
		expect(await namesOf('\u001B[A\u001B[B\u001B[C')).toEqual(['up', 'down', 'right']);
	});

	it('names single control keys', async () => {
		expect(await namesOf('\r', '\n', '\t', '\u001B[Z', '\u007F', '\b', '\u0012', '\u0003', '\u0017')).toEqual([
			'return', 'return', 'tab', 'shift+tab', 'backspace', 'backspace', 'ctrl+r', 'ctrl+c', 'ctrl+w',
		]);
	});

	it('names a lone escape as escape, not alt', async () => {
		expect(await namesOf('\u001B')).toEqual(['escape']);
	});

	it('names navigation keys and their modifiers', async () => {
		expect(await namesOf('\u001B[5~', '\u001B[6~', '\u001B[H', '\u001B[F', '\u001B[1;5D', '\u001B[1;3C', '\u001B\u001B[D', '\u001B[1;2A'))
			.toEqual(['pageup', 'pagedown', 'home', 'end', 'ctrl+left', 'alt+right', 'alt+left', 'shift+up']);
	});

	it('names alt+letter and alt+backspace', async () => {
		expect(await namesOf('\u001Bb', '\u001Bf', '\u001B\u007F')).toEqual(['alt+b', 'alt+f', 'alt+backspace']);
	});

	it('keeps capitals, punctuation and astral characters as typed text', async () => {
		const presses = await pressesOf('G?😀é');
		expect(presses).toEqual([
			{name: 'G', text: 'G'}, {name: '?', text: '?'}, {name: '😀', text: '😀'}, {name: 'é', text: 'é'},
		]);
	});

	it('recognises bracketed paste markers around pasted text', async () => {
		expect(await namesOf('\u001B[200~a\rb\u001B[201~')).toEqual(['pasteStart', 'a', 'return', 'b', 'pasteEnd']);
	});
});
