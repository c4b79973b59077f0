/**
Ink's `useInput(input, key)` turned into named key presses, one per key.

Ink splits a stdin chunk at escape sequences, but a run of plain characters reaches
`useInput` as one `input` string even when control characters sit inside it: over SSH,
`ab<backspace>c` typed quickly arrives as `input === 'ab\x7Fc'` with no key flag set.
`keyPresses` splits such a run so that no key is lost and each control key keeps its
meaning.

Names: printable characters are themselves (`a`, `A`, `?`, `1`, `é`, `😀`); the space bar
is `space`; other keys are `up` `down` `left` `right` `pageup` `pagedown` `home` `end`
`return` `escape` `tab` `backspace`, with modifiers in the order `ctrl+alt+shift+`
(`ctrl+r`, `shift+tab`, `alt+left`, `alt+b`). Bracketed paste markers, when the terminal
sends them, are `pasteStart` and `pasteEnd`.

Ink reports both the Backspace key (DEL, 0x7F) and the forward Delete key (`ESC [3~`) as
`key.delete` with no way to tell them apart, so both are `backspace` here; editors offer
ctrl+d for a forward delete.
*/
import type {Key} from 'ink';

export type KeyPress = {
	/** The key's name, as keymap bindings spell it. */
	readonly name: string;
	/** What the key types into a text field: the character itself, or '' for a control key. */
	readonly text: string;
};

const pasteStartMarker = '[200~';
const pasteEndMarker = '[201~';

export function keyPresses(input: string, key: Key): KeyPress[] {
	const named = namedKey(input, key);
	if (named !== undefined) {
		return named === '' ? [] : [{name: modifiers(key, named) + named, text: ''}];
	}

	if (input === pasteStartMarker) {
		return [{name: 'pasteStart', text: ''}];
	}

	if (input === pasteEndMarker) {
		return [{name: 'pasteEnd', text: ''}];
	}

	if (key.ctrl && input.length === 1) {
		return [{name: `ctrl+${key.meta ? 'alt+' : ''}${input.toLowerCase()}`, text: ''}];
	}

	if (key.meta && Array.from(input).length === 1) {
		return [{name: `alt+${input}`, text: ''}];
	}

	// A pasted CRLF is one line break, not two Enters.
	return Array.from(input.replaceAll('\r\n', '\r'), character => characterPress(character));
}

/** The name of a key Ink flags, '' for a key Ink flags as none of its names (F-keys), or undefined for typed characters. */
function namedKey(input: string, key: Key): string | undefined {
	if (key.upArrow) {
		return 'up';
	}

	if (key.downArrow) {
		return 'down';
	}

	if (key.leftArrow) {
		return 'left';
	}

	if (key.rightArrow) {
		return 'right';
	}

	if (key.pageUp) {
		return 'pageup';
	}

	if (key.pageDown) {
		return 'pagedown';
	}

	if (key.home) {
		return 'home';
	}

	if (key.end) {
		return 'end';
	}

	if (key.return) {
		return 'return';
	}

	if (key.escape) {
		return 'escape';
	}

	if (key.tab) {
		return 'tab';
	}

	if (key.backspace || key.delete) {
		return 'backspace';
	}

	return input === '' ? '' : undefined;
}

function modifiers(key: Key, name: string): string {
	// Ink sets `meta` for the escape key itself, which is no modifier.
	const alt = key.meta && name !== 'escape';
	return (key.ctrl ? 'ctrl+' : '') + (alt ? 'alt+' : '') + (key.shift ? 'shift+' : '');
}

const controlNames: Readonly<Record<string, string>> = {
	'\r': 'return',
	// Ctrl+J: terminals send it for Enter in some modes, and pastes may carry it.
	'\n': 'return',
	'\t': 'tab',
	'\b': 'backspace',
	'\u007F': 'backspace',
	' ': 'space',
};

function characterPress(character: string): KeyPress {
	const name = controlNames[character];
	if (name !== undefined) {
		return {name, text: name === 'space' ? ' ' : ''};
	}

	const code = character.codePointAt(0)!;
	if (code < 0x20) {
		// The caret notation: 0x01 is ctrl+a, 0x1C is ctrl+\.
		return {name: `ctrl+${String.fromCodePoint(code + 0x40).toLowerCase()}`, text: ''};
	}

	return {name: character, text: character};
}
