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
(`ctrl+r`, `shift+tab`, `alt+left`, `alt+b`). Bracketed paste markers, which the terminal
sends around a paste once `enterFullscreen` turned the mode on, are `pasteStart` and
`pasteEnd`.

Esc and a key typed quickly arrive as one sequence, ESC and the key, which terminals also
send for alt+key. Ink flags it as alt (`meta`) for a letter, a digit, space, Enter and
Backspace, but takes the ESC off any other key without a word, so that Esc then `?`
would read as a bare `?`. `useKeyPresses` sees the bytes Ink got and names such a
sequence as what it most likely was: `escape`, then the key. Esc then an arrow arrives as
two ESCs and the arrow's sequence, which Ink reads as alt+arrow: that too is `escape`, then
the arrow.

Ink reports both the Backspace key (DEL, 0x7F) and the forward Delete key (`ESC [3~`, with
modifiers `ESC [3;5~`) as `key.delete`; the event's bytes tell them apart, so the first is
`backspace` and the second `delete`.
*/
import {useCallback, useEffect, useRef} from 'react';
import {useInput, useStdin, type Key} from 'ink';

export type KeyPress = {
	/** The key's name, as keymap bindings spell it. */
	readonly name: string;
	/** What the key types into a text field: the character itself, or '' for a control key. */
	readonly text: string;
	/** Inside a bracketed paste: text, never a command (a pasted Enter is a line break). */
	readonly pasted?: true;
};

const escapePress: KeyPress = {name: 'escape', text: ''};
const pasteStartMarker = '[200~';
const pasteEndMarker = '[201~';
/** The bytes of the markers, as the terminal sends them (Ink hands them over without the ESC). */
export const pasteStartSequence = `\u001B${pasteStartMarker}`;
export const pasteEndSequence = `\u001B${pasteEndMarker}`;

/** Whether `press` is a marker the terminal sends around a paste, not a key of it. */
export function isPasteMarker(press: KeyPress): boolean {
	return press.name === 'pasteStart' || press.name === 'pasteEnd';
}

export type KeyPressOptions = {
	/** Whether the handler gets keys. Default true. */
	isActive?: boolean;
};

type InputEvents = ReturnType<typeof useStdin>['internal_eventEmitter'];

/**
Whether the input is inside a bracketed paste, kept once per input stream: a paste may span
chunks, and start while one component has the keyboard and end while another has it. Its
listener is put first, so it has seen each event's bytes before any handler reads them.
*/
const pastes = new WeakMap<InputEvents, {inside: boolean}>();

function pasteOf(inputEvents: InputEvents): {inside: boolean} {
	let paste = pastes.get(inputEvents);
	if (paste === undefined) {
		const tracked = {inside: false};
		inputEvents.prependListener('input', (data: string) => {
			if (data === pasteStartSequence || data === pasteEndSequence) {
				tracked.inside = data === pasteStartSequence;
			}
		});
		pastes.set(inputEvents, tracked);
		paste = tracked;
	}

	return paste;
}

/** Ink's `useInput`, with each input event's keys as key presses; the keys of a paste are marked `pasted`. */
export function useKeyPresses(onPresses: (presses: KeyPress[]) => void, options: KeyPressOptions = {}): void {
	const {internal_eventEmitter: inputEvents} = useStdin();
	const isActive = options.isActive ?? true;
	const sequence = useRef('');
	const paste = pasteOf(inputEvents);
	const onInput = useCallback((input: string, key: Key) => {
		const presses = keyPresses(input, key, sequence.current);
		onPresses(paste.inside ? presses.map(press => isPasteMarker(press) ? press : {...press, pasted: true}) : presses);
	}, [onPresses, paste]);
	// Subscribed right before `useInput`'s own listener, and again each time that one is, so it
	// records each event's bytes just before they are handled, replayed events included.
	useEffect(() => {
		if (!isActive) {
			return;
		}

		const record = (data: string) => {
			sequence.current = data;
		};

		inputEvents.on('input', record);
		return () => {
			inputEvents.off('input', record);
		};
	}, [inputEvents, isActive, onInput]);
	useInput(onInput, {isActive});
}

/**
The key presses of one Ink input event. `sequence` is the event's bytes as Ink got them
(see `useKeyPresses`); without it, an Esc that Ink took off a key is lost.
*/
export function keyPresses(input: string, key: Key, sequence = ''): KeyPress[] {
	const named = namedKey(input, key, sequence);
	if (named !== undefined) {
		// Esc then an arrow (or another named key) typed fast: ESC and the key's own sequence, which
		// Ink reads as alt+ that key. A terminal's alt+arrow is one sequence (ESC [1;3D), never two ESCs.
		if (key.meta && named !== 'escape' && named !== '' && sequence.startsWith('\u001B\u001B')) {
			return [escapePress, {name: modifiers({...key, meta: false}, named) + named, text: ''}];
		}

		return named === '' ? [] : [{name: modifiers(key, named) + named, text: ''}];
	}

	if (input === pasteStartMarker) {
		return [{name: 'pasteStart', text: ''}];
	}

	if (input === pasteEndMarker) {
		return [{name: 'pasteEnd', text: ''}];
	}

	if (!key.meta && sequence === `\u001B${input}` && input !== '') {
		return [escapePress, ...keyPresses(input, key)];
	}

	if ((key.ctrl || key.meta) && Array.from(input).length === 1) {
		// Ink hands ctrl+letter over as the letter.
		const base = characterPress(key.ctrl ? input.toLowerCase() : input).name;
		return [{name: (key.ctrl ? 'ctrl+' : '') + (key.meta ? 'alt+' : '') + base, text: ''}];
	}

	// A pasted CRLF is one line break, not two Enters.
	return Array.from(input.replaceAll('\r\n', '\r'), character => characterPress(character));
}

/** The name of a key Ink flags, '' for a key Ink flags as none of its names (F-keys), or undefined for typed characters. */
function namedKey(input: string, key: Key, sequence: string): string | undefined {
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

	if (key.delete && forwardDelete.test(sequence)) {
		return 'delete';
	}

	if (key.backspace || key.delete) {
		return 'backspace';
	}

	return input === '' ? '' : undefined;
}

/** The forward Delete key's sequence, plain or with modifiers (`ESC [3;5~` is ctrl+Delete), as VT220 terminals send it. */
// eslint-disable-next-line no-control-regex
const forwardDelete = /^\u001B+\[3(?:;\d+)?~$/;

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

/**
Esc then `press`, when `press` is what Esc and a key typed fast read as (see keyAfterEscape)
and no alt+ binding takes it: the two keys the user pressed. Undefined for any other press.
*/
export function escapeThenKey(press: KeyPress): [KeyPress, KeyPress] | undefined {
	const next = keyAfterEscape(press);
	return next === undefined ? undefined : [escapePress, next];
}

/**
The key typed after an Esc, when Esc and a printable key or Enter came fast enough to read
as alt+ that key (`alt+?`, `alt+space`, `alt+x`, `alt+return`), or undefined for any other
press.
*/
export function keyAfterEscape(press: KeyPress): KeyPress | undefined {
	if (press.name === 'alt+space') {
		return {name: 'space', text: ' '};
	}

	if (press.name === 'alt+return') {
		return {name: 'return', text: ''};
	}

	const character = /^alt\+(\P{C})$/u.exec(press.name)?.[1];
	return character === undefined ? undefined : {name: character, text: character};
}
