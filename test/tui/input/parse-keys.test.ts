import {describe, expect, it} from 'vitest';
import {createKeyParser, type KeyPress} from '../../../source/tui/input/parse-keys.js';

/** What each chunk, as a terminal sends it, turns into; the input then ends (a lone ESC is the Esc key). */
function pressesPerChunk(...chunks: string[]): KeyPress[][] {
	const parser = createKeyParser();
	const perChunk = chunks.map(chunk => parser.push(chunk));
	perChunk.at(-1)!.push(...parser.flush());
	return perChunk;
}

function namesOf(...chunks: string[]): string[] {
	return pressesPerChunk(...chunks).flat().map(press => press.name);
}

/** Each chunk on its own parser: keys that do not depend on what came before. */
function eachName(...chunks: string[]): string[] {
	return chunks.flatMap(chunk => namesOf(chunk));
}

describe('createKeyParser', () => {
	it('keeps every character of a burst that arrives in one chunk', () => {
		const presses = pressesPerChunk('hello world').flat();
		expect(presses.map(press => press.text).join('')).toBe('hello world');
		expect(presses.map(press => press.name)).toEqual(['h', 'e', 'l', 'l', 'o', 'space', 'w', 'o', 'r', 'l', 'd']);
	});

	it('reads control characters inside a chunk at their place', () => {
		expect(namesOf('ab\u007Fc')).toEqual(['a', 'b', 'backspace', 'c']);
		expect(namesOf('ab\rc\td\u0012')).toEqual(['a', 'b', 'return', 'c', 'tab', 'd', 'ctrl+r']);
	});

	it('reads a CRLF as one Enter', () => {
		expect(namesOf('a\r\nb')).toEqual(['a', 'return', 'b']);
	});

	it('keeps text on both sides of an escape sequence in one chunk', () => {
		expect(namesOf('ab\u001B[Dc')).toEqual(['a', 'b', 'left', 'c']);
		expect(namesOf('\u001B[A\u001B[B\u001B[C')).toEqual(['up', 'down', 'right']);
	});

	it('names single control keys', () => {
		expect(eachName('\r', '\n', '\t', '\u001B[Z', '\u007F', '\b', '\u0012', '\u0003', '\u0017', '\u001A', '\u0000')).toEqual([
			'return', 'return', 'tab', 'shift+tab', 'backspace', 'backspace', 'ctrl+r', 'ctrl+c', 'ctrl+w', 'ctrl+z', 'ctrl+space',
		]);
	});

	it('tells the forward Delete key from Backspace by its bytes', () => {
		expect(eachName('\u001B[3~', '\u007F', '\u001B[3;5~', '\b', '\u001B[2~')).toEqual(['delete', 'backspace', 'ctrl+delete', 'backspace', 'insert']);
		expect(namesOf('ab\u001B[3~c')).toEqual(['a', 'b', 'delete', 'c']);
	});

	it('names a lone escape as escape once the input ends, not before', () => {
		const parser = createKeyParser();
		expect(parser.push('\u001B')).toEqual([]);
		expect(parser.hasPending()).toBe(true);
		expect(parser.flush()).toEqual([{name: 'escape', text: ''}]);
		expect(parser.hasPending()).toBe(false);
	});

	it('completes an escape sequence cut across chunks', () => {
		expect(namesOf('a\u001B', '[', '1;5', 'Cb')).toEqual(['a', 'ctrl+right', 'b']);
		expect(pressesPerChunk('\u001B[', '5~').map(presses => presses.map(press => press.name))).toEqual([[], ['pageup']]);
	});

	it('names navigation keys and their modifiers, in both the CSI and SS3 forms', () => {
		expect(eachName('\u001B[5~', '\u001B[6~', '\u001B[H', '\u001B[F', '\u001B[1~', '\u001B[4~', '\u001BOH', '\u001BOA', '\u001B[1;5D', '\u001B[1;3C', '\u001B[1;3D', '\u001B[1;2A', '\u001B[1;6B', '\u001B[1;5H'))
			.toEqual(['pageup', 'pagedown', 'home', 'end', 'home', 'end', 'home', 'up', 'ctrl+left', 'alt+right', 'alt+left', 'shift+up', 'ctrl+shift+down', 'ctrl+home']);
	});

	it('names function keys, and drops sequences that are no key', () => {
		expect(eachName('\u001BOP', '\u001B[15~', '\u001B[24~', '\u001B[I', '\u001B[201~x')).toEqual(['f1', 'f5', 'f12', 'x']);
	});

	it('reads Esc and an arrow typed fast (two ESCs and the arrow) as escape, then the arrow', () => {
		expect(eachName('\u001B\u001B[D', '\u001B\u001B[C', '\u001B\u001B[A', '\u001B\u001B[6~')).toEqual([
			'escape', 'left', 'escape', 'right', 'escape', 'up', 'escape', 'pagedown',
		]);
		expect(namesOf('ab\u001B\u001B[Dc')).toEqual(['a', 'b', 'escape', 'left', 'c']);
		expect(namesOf('\u001B\u001B')).toEqual(['escape', 'escape']);
	});

	it('names ESC and a character as alt+ it, which the key pipeline may read as Esc then the key', () => {
		expect(eachName('\u001Bb', '\u001Bf', '\u001B\u007F', '\u001B\r', '\u001B?', '\u001Bé', '\u001BG')).toEqual(['alt+b', 'alt+f', 'alt+backspace', 'alt+return', 'alt+?', 'alt+é', 'alt+G']);
	});

	it('reads ESC before a control key other than Enter and Backspace as escape, then the key', () => {
		expect(eachName('\u001B\t', '\u001B\u0012')).toEqual(['escape', 'tab', 'escape', 'ctrl+r']);
	});

	it('names the space bar with alt or ctrl', () => {
		expect(eachName('\u001B ', '\u001B[32;5u', '\u0000')).toEqual(['alt+space', 'ctrl+space', 'ctrl+space']);
	});

	it('keeps capitals, punctuation and astral characters as typed text', () => {
		expect(pressesPerChunk('G?😀é').flat()).toEqual([
			{name: 'G', text: 'G'}, {name: '?', text: '?'}, {name: '😀', text: '😀'}, {name: 'é', text: 'é'},
		]);
	});

	it('drops C1 control characters, which no key types', () => {
		expect(namesOf('a\u009Bb\u0085')).toEqual(['a', 'b']);
	});

	it('marks the keys of a bracketed paste as pasted, and not the keys around it', () => {
		expect(pressesPerChunk('x\u001B[200~a b\u001B[201~c').flat()).toEqual([
			{name: 'x', text: 'x'},
			{name: 'a', text: 'a', pasted: true},
			{name: 'space', text: ' ', pasted: true},
			{name: 'b', text: 'b', pasted: true},
			{name: 'c', text: 'c'},
		]);
	});

	it('keeps a paste across chunks, its end marker cut anywhere', () => {
		for (let cut = 1; cut < '\u001B[201~'.length; cut++) {
			const end = '\u001B[201~';
			const [first, second] = pressesPerChunk(`\u001B[200~ab${end.slice(0, cut)}`, `${end.slice(cut)}q`);
			expect([...first!, ...second!], `cut after ${cut}`).toEqual([
				{name: 'a', text: 'a', pasted: true},
				{name: 'b', text: 'b', pasted: true},
				{name: 'q', text: 'q'},
			]);
		}
	});

	it('reads a pasted line break as a pasted Enter (CRLF as one), a tab as a pasted tab, and drops a pasted ESC but keeps the text after it', () => {
		expect(pressesPerChunk('\u001B[200~a\r\nb\tc\u001Bxd\u001B[2Je\u001B[201~').flat()).toEqual([
			{name: 'a', text: 'a', pasted: true},
			{name: 'return', text: '', pasted: true},
			{name: 'b', text: 'b', pasted: true},
			{name: 'tab', text: '', pasted: true},
			{name: 'c', text: 'c', pasted: true},
			{name: 'x', text: 'x', pasted: true},
			{name: 'd', text: 'd', pasted: true},
			{name: '[', text: '[', pasted: true},
			{name: '2', text: '2', pasted: true},
			{name: 'J', text: 'J', pasted: true},
			{name: 'e', text: 'e', pasted: true},
		]);
	});

	it('reads a paste that never ends as pasted text when the input ends', () => {
		expect(pressesPerChunk('\u001B[200~q\u001B[20').flat()).toEqual([
			{name: 'q', text: 'q', pasted: true},
			{name: '[', text: '[', pasted: true},
			{name: '2', text: '2', pasted: true},
			{name: '0', text: '0', pasted: true},
		]);
	});
});
