/**
The terminal's input bytes turned into named key presses, one per key, whatever way they
arrive: a burst of typing over SSH in one chunk (`ab<backspace>c`), an escape sequence
split across chunks, a bracketed paste.

Names: printable characters are themselves (`a`, `A`, `?`, `1`, `é`, `😀`); the space bar is
`space`; other keys are `up` `down` `left` `right` `pageup` `pagedown` `home` `end` `insert`
`delete` `return` `escape` `tab` `backspace` and `f1`-`f12`, with modifiers in the order
`ctrl+alt+shift+` (`ctrl+r`, `shift+tab`, `alt+left`, `ctrl+delete`). Backspace (DEL or
ctrl+h) and the forward Delete key (`ESC [3~`) are told apart by their bytes.

ESC then a key is what terminals send for alt+ that key, and also what Esc and a key typed
fast look like: it is `alt+` the key here, and the key pipeline reads an alt+ key that no
binding takes as Esc, then the key. ESC ESC is Esc, then whatever the second ESC starts
(Esc then an arrow arrives as ESC ESC [A). An ESC at the end of a chunk may be the Esc key or
the start of a sequence cut by the transport: the parser keeps it until the next chunk, or
until `flush` says no more input came.

Between the bracketed paste markers (`ESC [200~` … `ESC [201~`, which the terminal sends once
the UI turned the mode on), every character is text, marked `pasted`: a line break is
`return` (CRLF is one), a tab `tab`, and any other control character, ESC included, is
dropped, so a paste never runs a command.
*/
export type KeyPress = {
	/** The key's name, as keymap bindings spell it. */
	readonly name: string;
	/** What the key types into a text field: the character itself, or '' for a control key. */
	readonly text: string;
	/** Inside a bracketed paste: text, never a command (a pasted Enter is a line break). */
	readonly pasted?: true;
};

const escape = '\u001B';
const pasteEnd = `${escape}[201~`;

export type KeyParser = {
	/** The key presses a chunk completes, in order. */
	push: (chunk: string) => KeyPress[];
	/** Whether the input ended inside a key (an ESC that may start a sequence). */
	hasPending: () => boolean;
	/** No more input came: what was held is read as it stands (a lone ESC is the Esc key). */
	flush: () => KeyPress[];
};

export function createKeyParser(): KeyParser {
	let pending = '';
	let inPaste = false;

	const parse = (input: string, final: boolean): KeyPress[] => {
		const presses: KeyPress[] = [];
		let index = 0;
		while (index < input.length) {
			if (inPaste) {
				const end = input.indexOf(pasteEnd, index);
				if (end === -1) {
					// The end marker may be cut at the chunk's end: what could be its start waits.
					const held = final ? 0 : heldMarkerStart(input, index);
					presses.push(...pastedPresses(input.slice(index, input.length - held)));
					pending = input.slice(input.length - held);
					return presses;
				}

				presses.push(...pastedPresses(input.slice(index, end)));
				inPaste = false;
				index = end + pasteEnd.length;
				continue;
			}

			const character = input[index]!;
			if (character !== escape) {
				const point = String.fromCodePoint(input.codePointAt(index)!);
				// A pasted or quickly typed CRLF is one Enter.
				const length = character === '\r' && input[index + 1] === '\n' ? 2 : point.length;
				const press = characterPress(point);
				if (press !== undefined) {
					presses.push(press);
				}

				index += length;
				continue;
			}

			const sequence = readEscape(input, index);
			if (sequence === 'pending') {
				if (final) {
					presses.push(escapePress);
					index++;
					continue;
				}

				pending = input.slice(index);
				return presses;
			}

			if (sequence.kind === 'paste') {
				inPaste = true;
			} else if (sequence.press !== undefined) {
				presses.push(sequence.press);
			}

			index = sequence.next;
		}

		pending = '';
		return presses;
	};

	return {
		push(chunk) {
			return parse(pending + chunk, false);
		},
		hasPending: () => pending !== '',
		flush() {
			const held = pending;
			pending = '';
			return held === '' ? [] : parse(held, true);
		},
	};
}

const escapePress: KeyPress = {name: 'escape', text: ''};

/** How many characters at the end of `input` (from `from`) could begin the paste's end marker. */
function heldMarkerStart(input: string, from: number): number {
	for (let length = Math.min(pasteEnd.length - 1, input.length - from); length > 0; length--) {
		if (pasteEnd.startsWith(input.slice(input.length - length))) {
			return length;
		}
	}

	return 0;
}

function pastedPresses(text: string): KeyPress[] {
	const presses: KeyPress[] = [];
	for (const character of text.replaceAll('\r\n', '\n')) {
		if (character === '\r' || character === '\n') {
			presses.push({name: 'return', text: '', pasted: true});
		} else if (character === '\t') {
			presses.push({name: 'tab', text: '', pasted: true});
		} else if (!isControl(character)) {
			presses.push({name: character === ' ' ? 'space' : character, text: character, pasted: true});
		}
	}

	return presses;
}

function isControl(character: string): boolean {
	const code = character.codePointAt(0)!;
	return code < 0x20 || (code >= 0x7F && code <= 0x9F);
}

const controlNames: Readonly<Record<string, string>> = {
	'\r': 'return',
	// Ctrl+J: terminals send it for Enter in some modes, and pastes without the markers carry it.
	'\n': 'return',
	'\t': 'tab',
	'\b': 'backspace',
	'\u007F': 'backspace',
	'\u0000': 'ctrl+space',
};

/** A character typed outside a sequence; undefined for one that is no key (a C1 control). */
function characterPress(character: string): KeyPress | undefined {
	if (character === ' ') {
		return {name: 'space', text: ' '};
	}

	const name = controlNames[character];
	if (name !== undefined) {
		return {name, text: ''};
	}

	const code = character.codePointAt(0)!;
	if (code < 0x20) {
		// The caret notation: 0x01 is ctrl+a, 0x1C is ctrl+\.
		return {name: `ctrl+${String.fromCodePoint(code + 0x40).toLowerCase()}`, text: ''};
	}

	return code >= 0x80 && code <= 0x9F ? undefined : {name: character, text: character};
}

type Sequence = {kind: 'key'; press?: KeyPress; next: number} | {kind: 'paste'; next: number};

/** The escape sequence at `index` (an ESC), or 'pending' when the input ends inside it. */
function readEscape(input: string, index: number): Sequence | 'pending' {
	const next = input[index + 1];
	if (next === undefined) {
		return 'pending';
	}

	if (next === '[') {
		return readCsi(input, index);
	}

	if (next === 'O') {
		const final = input[index + 2];
		if (final === undefined) {
			return 'pending';
		}

		const name = ss3Names[final];
		return {kind: 'key', press: name === undefined ? undefined : {name, text: ''}, next: index + 3};
	}

	// ESC ESC, and ESC before a control key other than Enter and Backspace (which have alt+ forms), are Esc and then that key.
	if (next === escape || (next < ' ' && next !== '\r' && next !== '\n' && next !== '\b')) {
		return {kind: 'key', press: escapePress, next: index + 1};
	}

	// ESC and a character: alt+ that character.
	const point = String.fromCodePoint(input.codePointAt(index + 1)!);
	const length = next === '\r' && input[index + 2] === '\n' ? 2 : point.length;
	const base = characterPress(point);
	return {kind: 'key', press: base === undefined ? undefined : withAlt(base), next: index + 1 + length};
}

function withAlt(press: KeyPress): KeyPress {
	const name = press.name.startsWith('ctrl+') ? `ctrl+alt+${press.name.slice('ctrl+'.length)}` : `alt+${press.name}`;
	return {name, text: ''};
}

const ss3Names: Readonly<Record<string, string>> = {A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', P: 'f1', Q: 'f2', R: 'f3', S: 'f4'};
const csiLetterNames: Readonly<Record<string, string>> = {...ss3Names, Z: 'tab'};
const csiNumberNames: Readonly<Record<string, string>> = {
	1: 'home', 2: 'insert', 3: 'delete', 4: 'end', 5: 'pageup', 6: 'pagedown', 7: 'home', 8: 'end',
	11: 'f1', 12: 'f2', 13: 'f3', 14: 'f4', 15: 'f5', 17: 'f6', 18: 'f7', 19: 'f8', 20: 'f9', 21: 'f10', 23: 'f11', 24: 'f12',
};

/** `ESC [` parameters, intermediates and a final byte (ECMA-48). */
function readCsi(input: string, index: number): Sequence | 'pending' {
	let end = index + 2;
	// The Linux console's F1-F5 are ESC [ [ A-E.
	if (input[end] === '[') {
		end++;
	}

	while (end < input.length && isParameterOrIntermediate(input.charCodeAt(end))) {
		end++;
	}

	if (end >= input.length) {
		return 'pending';
	}

	const finalCode = input.charCodeAt(end);
	if (finalCode < 0x40 || finalCode > 0x7E) {
		// Not a sequence after all: the ESC and '[' are alt+[, and what follows is read afresh.
		return {kind: 'key', press: {name: 'alt+[', text: ''}, next: index + 2};
	}

	const next = end + 1;
	const parameters = input.slice(index + 2, end);
	const final = input[end]!;
	if (final === '~' && parameters === '200') {
		return {kind: 'paste', next};
	}

	const [first = '', modifier = '1'] = parameters.split(';');
	const name = final === '~' ? csiNumberNames[first] : final === 'u' ? codePointName(first) : /^\d*$/.test(first) ? csiLetterNames[final] : undefined;
	if (name === undefined) {
		// A sequence curlew has no use for (the paste's end marker outside a paste, a focus or mouse report).
		return {kind: 'key', next};
	}

	// Shift+tab is ESC [ Z: its shift is in the letter, not the parameters.
	const bits = (Number.parseInt(modifier, 10) || 1) - 1 + (final === 'Z' ? 1 : 0);
	const modifiers = ((bits & 4) === 0 ? '' : 'ctrl+') + ((bits & 2) === 0 ? '' : 'alt+') + ((bits & 1) === 0 ? '' : 'shift+');
	return {kind: 'key', press: {name: modifiers + name, text: ''}, next};
}

/** A key reported by its code point (`ESC [32;5u` is ctrl+space), as terminals that extend the protocol send some. */
function codePointName(code: string): string | undefined {
	const point = Number.parseInt(code, 10);
	if (!/^\d+$/.test(code) || point > 0x10_FFFF) {
		return undefined;
	}

	return point === 0x1B ? 'escape' : characterPress(String.fromCodePoint(point))?.name;
}

function isParameterOrIntermediate(code: number): boolean {
	return code >= 0x20 && code <= 0x3F;
}
