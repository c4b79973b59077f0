/**
Who gets each key press. The app reads the terminal once (`useKeyPresses`) and hands every
press to the keyboard, which gives it to the field that has the keyboard (an editor, a
prompt, the help) or, when none has, back to the app.

A field takes keys with `useKeyboard` while it is drawn. It is bound to the owner the app
names at that moment (`ownerNow`), so an editor that was closed but is still drawn until
the next render takes nothing more: the keys after its last are the next owner's.

Keys for an owner that is not drawn yet (a prompt opened by the first key of a chunk,
typed fast over SSH, or while React batches renders) wait in the keyboard, in order, and
are handed to it as it starts taking keys.
*/
import {createContext, useContext, useLayoutEffect, useRef} from 'react';
import type {KeyPress} from './keys.js';

/**
Takes keys from the front of `presses` and returns the ones after the key that ended its
turn (Enter, Esc or a command that may have closed the field), or an empty list when it
took them all. The keyboard hands those back to it if it still has the keyboard, otherwise
to whoever has. Esc and a key typed fast read as one press: a field that leaves on the Esc
returns the key alone, first.
*/
export type TakeKeys = (presses: readonly KeyPress[]) => readonly KeyPress[];

export type KeyboardOptions = {
	/** Who has the keyboard now: an id that changes with each field opened, or undefined when the app has it. */
	ownerNow: () => string | undefined;
	/** Gets each key while no field has the keyboard. */
	unowned: (press: KeyPress) => void;
};

export type Keyboard = {
	/** Hands on the key presses of one input event, in order. */
	press: (presses: readonly KeyPress[]) => void;
	/** The field that has the keyboard now starts taking keys; returns what stops it. */
	register: (take: TakeKeys) => () => void;
};

export function createKeyboard({ownerNow, unowned}: KeyboardOptions): Keyboard {
	let taker: {owner: string | undefined; take: TakeKeys} | undefined;
	let waiting: KeyPress[] = [];
	let handing = false;

	// Keys are handed on one owner at a time; a field drawn while they are (a key opened it) joins in.
	const handOn = () => {
		if (handing) {
			return;
		}

		handing = true;
		try {
			while (waiting.length > 0) {
				const owner = ownerNow();
				if (owner === undefined) {
					unowned(waiting.shift()!);
				} else if (taker?.owner === owner) {
					waiting = [...taker.take(waiting)];
				} else {
					// Its field is not drawn yet: the keys wait for it.
					return;
				}
			}
		} finally {
			handing = false;
		}
	};

	return {
		press(presses) {
			waiting.push(...presses);
			handOn();
		},
		register(take) {
			const entry = {owner: ownerNow(), take};
			taker = entry;
			handOn();
			return () => {
				if (taker === entry) {
					taker = undefined;
				}
			};
		},
	};
}

const KeyboardContext = createContext<Keyboard | undefined>(undefined);

export const KeyboardProvider = KeyboardContext.Provider;

/**
Takes the keyboard's keys while mounted and `isActive` (default true). Registered as the
component is drawn (a layout effect), so keys that wait for it reach it before any later
input does. It is bound to the owner of that moment: each opening of a field must mount
anew (a React key of the app's mode serial, as the editors and the help have), or a field
closed and opened again in one chunk would keep the old binding, and the keys would wait
for it for ever.
*/
export function useKeyboard(take: TakeKeys, {isActive = true}: {isActive?: boolean} = {}): void {
	const keyboard = useContext(KeyboardContext);
	if (keyboard === undefined) {
		throw new Error('A component that takes keys must be rendered inside <KeyboardProvider>');
	}

	const takeRef = useRef(take);
	takeRef.current = take;
	useLayoutEffect(() => {
		if (!isActive) {
			return;
		}

		return keyboard.register(presses => takeRef.current(presses));
	}, [keyboard, isActive]);
}
