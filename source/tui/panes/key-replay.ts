/**
Keys that arrive in the same stdin chunk as the key that opens a field (a prompt, an
editor, the help) reach the app before that field's own input handler exists. They are
written back as terminal input once it does, so none is lost: `n` then a name then Enter,
typed fast over SSH, names the request.
*/
import type {KeyPress} from '../keys.js';

const plainSequences: Readonly<Record<string, string>> = {
	return: '\r',
	tab: '\t',
	'shift+tab': '\u001B[Z',
	backspace: '\u007F',
	escape: '\u001B',
	pageup: '\u001B[5~',
	pagedown: '\u001B[6~',
};

const finalBytes: Readonly<Record<string, string>> = {up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F'};

/** The bytes a terminal sends for a key press, as `keys.ts` names it. */
export function encodeKeyPress(press: KeyPress): string {
	if (press.text !== '') {
		return press.text;
	}

	const plain = plainSequences[press.name];
	if (plain !== undefined) {
		return plain;
	}

	const parts = press.name.split('+');
	const base = parts.at(-1)!;
	const modifiers = new Set(parts.slice(0, -1));
	const final = finalBytes[base];
	if (final !== undefined) {
		// xterm's modifier parameter: 1 + shift(1) + alt(2) + ctrl(4).
		const parameter = 1 + (modifiers.has('shift') ? 1 : 0) + (modifiers.has('alt') ? 2 : 0) + (modifiers.has('ctrl') ? 4 : 0);
		return parameter === 1 ? `\u001B[${final}` : `\u001B[1;${parameter}${final}`;
	}

	if (modifiers.has('ctrl') && base.length === 1) {
		const code = base.toUpperCase().codePointAt(0)! - 0x40;
		const control = code >= 0 && code < 0x20 ? String.fromCodePoint(code) : base;
		return modifiers.has('alt') ? `\u001B${control}` : control;
	}

	if (modifiers.has('alt')) {
		return `\u001B${base}`;
	}

	return base === 'space' ? ' ' : base;
}
