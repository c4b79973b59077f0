/**
Keys that arrive in the same stdin chunk as the key that opens a field (a prompt, an
editor, the help) reach the app before that field's own input handler exists. They are
written back as terminal input once it does, so none is lost: `n` then a name then Enter,
typed fast over SSH, names the request.
*/
import {pasteEndSequence, pasteStartSequence, type KeyPress} from '../keys.js';

const pasteMarkers: Readonly<Record<string, string>> = {
	pasteStart: pasteStartSequence,
	pasteEnd: pasteEndSequence,
};

/** Keys xterm sends as `ESC [ 1 ; modifiers <final>`, or `ESC [ <final>` alone. */
const finalBytes: Readonly<Record<string, string>> = {up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F'};

/** Keys xterm sends as `ESC [ <number> ; modifiers ~`, or `ESC [ <number> ~` alone. */
const tildeNumbers: Readonly<Record<string, number>> = {insert: 2, delete: 3, pageup: 5, pagedown: 6};

/** The byte of a key that has one of its own. */
const keyBytes: Readonly<Record<string, string>> = {return: '\r', tab: '\t', backspace: '\u007F', escape: '\u001B', space: ' '};

/**
alt+ these is ESC and the key's byte, as xterm sends it: the only alt+ keys that read back
as alt+ (see `keys.ts`). ESC and any other key reads as Esc, then that key.
*/
const escapedKeys = /^(?:[a-zA-Z\d]|return|backspace|space)$/;

/** ctrl+ these is a control byte that reads back as the same key: ctrl+h, i, j and m read as backspace, tab and Enter. */
const controlLetters = /^[a-gkln-z]$/;

/**
The bytes a terminal sends for a key press, as `keys.ts` names it, such that `keys.ts`
reads them back as the same press. Keys with modifiers that xterm has no bytes for
(shift+return, alt+tab, ctrl+alt+x, alt+?) are written as terminals with the kitty
keyboard protocol send them, `ESC [ <code point> ; modifiers u`, which Ink reads too.
*/
export function encodeKeyPress(press: KeyPress): string {
	if (press.text !== '') {
		return press.text;
	}

	const marker = pasteMarkers[press.name];
	if (marker !== undefined) {
		return marker;
	}

	const [, modifiers = '', base = ''] = /^((?:ctrl\+|alt\+|shift\+)*)(.+)$/u.exec(press.name) ?? [];
	// xterm's modifier parameter: 1 + shift(1) + alt(2) + ctrl(4).
	const parameter = 1 + (modifiers.includes('shift+') ? 1 : 0) + (modifiers.includes('alt+') ? 2 : 0) + (modifiers.includes('ctrl+') ? 4 : 0);
	const final = finalBytes[base];
	if (final !== undefined) {
		return parameter === 1 ? `\u001B[${final}` : `\u001B[1;${parameter}${final}`;
	}

	const number = tildeNumbers[base];
	if (number !== undefined) {
		return parameter === 1 ? `\u001B[${number}~` : `\u001B[${number};${parameter}~`;
	}

	const bytes = keyBytes[base] ?? base;
	if (modifiers === '') {
		return bytes;
	}

	if (press.name === 'shift+tab') {
		return '\u001B[Z';
	}

	if (modifiers === 'alt+' && escapedKeys.test(base)) {
		return `\u001B${bytes}`;
	}

	if (modifiers === 'ctrl+' && controlLetters.test(base)) {
		return String.fromCodePoint(base.codePointAt(0)! - 0x60);
	}

	return `\u001B[${bytes.codePointAt(0)!};${parameter}u`;
}
