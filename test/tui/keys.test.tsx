import {afterEach, describe, expect, it} from 'vitest';
import {Text} from 'ink';
import {useKeyPresses, type KeyPress} from '../../source/tui/keys.js';
import {cleanupWithAct, renderWithAct} from './components/act-render.js';

afterEach(cleanupWithAct);

function Recorder({onKeys, isActive}: {onKeys: (presses: KeyPress[]) => void; isActive?: boolean}) {
	useKeyPresses(onKeys, {isActive});
	return <Text>ready</Text>;
}

/** What each chunk, written to stdin through Ink as a terminal would, turns into. */
async function pressesPerChunk(...chunks: string[]): Promise<KeyPress[][]> {
	const presses: KeyPress[] = [];
	const rendered = await renderWithAct(<Recorder onKeys={keys => presses.push(...keys)}/>);
	const perChunk: KeyPress[][] = [];
	for (const chunk of chunks) {
		await rendered.write(chunk);
		perChunk.push(presses.splice(0));
	}

	return perChunk;
}

async function pressesOf(...chunks: string[]): Promise<KeyPress[]> {
	return (await pressesPerChunk(...chunks)).flat();
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

	it('tells the forward Delete key from Backspace by its bytes', async () => {
		expect(await namesOf('\u001B[3~', '\u007F', '\u001B[3;5~', '\b')).toEqual(['delete', 'backspace', 'ctrl+delete', 'backspace']);
		expect(await namesOf('ab\u001B[3~c')).toEqual(['a', 'b', 'delete', 'c']);
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
		expect(await namesOf('\u001B[5~', '\u001B[6~', '\u001B[H', '\u001B[F', '\u001B[1;5D', '\u001B[1;3C', '\u001B[1;3D', '\u001B[1;2A'))
			.toEqual(['pageup', 'pagedown', 'home', 'end', 'ctrl+left', 'alt+right', 'alt+left', 'shift+up']);
	});

	it('reads Esc and an arrow typed fast (two ESCs and the arrow) as escape, then the arrow', async () => {
		expect(await namesOf('\u001B\u001B[D', '\u001B\u001B[C', '\u001B\u001B[A', '\u001B\u001B[6~')).toEqual([
			'escape', 'left', 'escape', 'right', 'escape', 'up', 'escape', 'pagedown',
		]);
		expect(await namesOf('ab\u001B\u001B[Dc')).toEqual(['a', 'b', 'escape', 'left', 'c']);
	});

	it('names alt+letter and alt+backspace', async () => {
		expect(await namesOf('\u001Bb', '\u001Bf', '\u001B\u007F')).toEqual(['alt+b', 'alt+f', 'alt+backspace']);
	});

	it('names the space bar with alt or ctrl as space', async () => {
		expect(await namesOf('\u001B ', '\u001B[32;5u')).toEqual(['alt+space', 'ctrl+space']);
	});

	it('reads Esc and a key Ink takes the Esc off without a word as escape, then that key', async () => {
		expect(await namesOf('\u001B?', '\u001B/', '\u001B\t', '\u001B\u0012', '\u001Bé')).toEqual([
			'escape', '?', 'escape', '/', 'escape', 'tab', 'escape', 'ctrl+r', 'escape', 'é',
		]);
		expect(await namesOf('ab\u001B?c')).toEqual(['a', 'b', 'escape', '?', 'c']);
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

	it('marks the keys of a paste as pasted, also across chunks, and not the markers or the keys after it', async () => {
		const [first, second] = await pressesPerChunk('x\u001B[200~a', 'q\r\u001B[201~c');
		expect(first).toEqual([{name: 'x', text: 'x'}, {name: 'pasteStart', text: ''}, {name: 'a', text: 'a', pasted: true}]);
		expect(second).toEqual([{name: 'q', text: 'q', pasted: true}, {name: 'return', text: '', pasted: true}, {name: 'pasteEnd', text: ''}, {name: 'c', text: 'c'}]);
	});

	it('tells a handler that starts listening inside a paste that its keys are pasted', async () => {
		const late: KeyPress[] = [];
		const tree = (isActive: boolean) => (
			<>
				<Recorder onKeys={() => undefined}/>
				<Recorder isActive={isActive} onKeys={keys => late.push(...keys)}/>
			</>
		);
		const rendered = await renderWithAct(tree(false));
		await rendered.write('\u001B[200~a');
		await rendered.rerenderWith(tree(true));
		await rendered.write('b\u001B[201~c');
		expect(late).toEqual([{name: 'b', text: 'b', pasted: true}, {name: 'pasteEnd', text: ''}, {name: 'c', text: 'c'}]);
	});
});
