/**
The keys the UI reads, and how Esc typed fast before a key is told apart from alt+ that key.

The terminal's input is read and parsed once (`input/key-reader.ts`, `input/parse-keys.ts`);
`useKeyPresses` hands a component the key presses of each chunk, in order.

Esc and a printable key typed fast arrive as one sequence, ESC and the key, the same bytes
a terminal sends for alt+ that key: the parser names them alt+ the key, and where no alt+
binding takes it, `escapeThenKey` reads it as the two keys the user most likely pressed.
*/
import {useEffect, useEffectEvent} from 'react';
import {useStdin} from 'ink';
import {keyReaderFor} from './input/key-reader.js';
import type {KeyPress} from './input/parse-keys.js';

export type {KeyPress} from './input/parse-keys.js';

export type KeyPressOptions = {
	/** Whether the handler gets keys. Default true. */
	isActive?: boolean;
};

const escapePress: KeyPress = {name: 'escape', text: ''};

/** The key presses of each chunk the terminal sends, in order; the keys of a paste are marked `pasted`. */
export function useKeyPresses(onPresses: (presses: KeyPress[]) => void, options: KeyPressOptions = {}): void {
	const {stdin} = useStdin();
	const isActive = options.isActive ?? true;
	const handle = useEffectEvent((presses: readonly KeyPress[]) => {
		onPresses([...presses]);
	});
	useEffect(() => {
		if (!isActive) {
			return;
		}

		return keyReaderFor(stdin).subscribe(presses => {
			handle(presses);
		});
	}, [stdin, isActive]);
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
