/**
The keyboard half of the text editors: Ink's input, split into key presses, applied to a
text buffer held in this component's own state (so typing re-renders the editor only).
The whole text is joined only when someone reads it: joining a 2.5 MB body of 40,000
lines costs more than the rest of a keystroke.

Every key of a chunk is applied in order: a burst of typing from SSH, a paste, or text
mixed with control keys. Keys the keymap gives to the app while editing (send, cancel)
go to `onCommand` with the text as it stands at that key, after `onEdit`, so a send in
the middle of a burst sends what was typed before it.

Enter, Esc and commands end the editor's turn: the keys after them go back to the
keyboard, which hands them to the editor again if it is still open (a refused text, a
cancel) and to whoever has the keyboard otherwise (see `keyboard.ts`).
*/
import {useCallback, useRef, useState} from 'react';
import {editActions} from '../edit-actions.js';
import {useKeyboard} from '../keyboard.js';
import {keyAfterEscape, type KeyPress} from '../keys.js';
import {matchCommand, type Command, type Pane} from '../keymap.js';
import {
	createTextBuffer,
	textBufferReducer,
	textOf,
	type TextBufferAction,
	type TextBufferState,
} from '../text-buffer.js';

export type TextEditingOptions = {
	/**
	The text to edit, read when the editor mounts. Later values are ignored: they are
	usually edited texts coming back late (from a debounced save) and would undo the
	keys typed since. To load another text, mount a new editor (a new React `key`).
	*/
	value: string;
	singleLine: boolean;
	/** The pane the editor sits in, for the keymap. */
	pane: Pane;
	/** Whether the editor has the keyboard. Default true. */
	isActive?: boolean;
	/** Rows moved by page up/down. */
	pageRows: number;
	/**
	After each stdin chunk that changed the text. `read` joins the text as it stands after
	that chunk, whenever it is called: a debounced save calls it once, when it runs.
	*/
	onEdit?: (read: () => string) => void;
	/** Esc: the field is left, with its final text. */
	onLeave: (text: string) => void;
	/** Enter in a one-line editor, with the final text. Default: `onLeave`. */
	onSubmit?: (text: string) => void;
	/** ctrl+r, ctrl+c (the keymap's commands that work while editing), with the text as it stands. */
	onCommand?: (command: Command, text: string) => void;
};

export function useTextEditing(options: TextEditingOptions): TextBufferState {
	const {singleLine} = options;
	const [state, setState] = useState(() => createTextBuffer(options.value, {singleLine}));
	const stateRef = useRef(state);
	const reportedLines = useRef(state.lines);
	const optionsRef = useRef(options);
	optionsRef.current = options;

	const takePresses = useCallback((presses: readonly KeyPress[]): readonly KeyPress[] => {
		const {pane, pageRows, onEdit, onLeave, onSubmit = onLeave, onCommand} = optionsRef.current;
		let current = stateRef.current;
		let typed = '';

		const apply = (action: TextBufferAction) => {
			current = textBufferReducer(current, action);
		};

		const flushTyped = () => {
			if (typed !== '') {
				apply({type: 'insert', text: typed});
				typed = '';
			}
		};

		/** Shows the keys so far and tells `onEdit` when they changed the text. */
		const publish = () => {
			flushTyped();
			stateRef.current = current;
			setState(current);
			// New lines mean an edit. Comparing the texts would read every line at each key; an
			// edit that gives the same text back (x then backspace, in one chunk) is told too.
			if (current.lines !== reportedLines.current) {
				reportedLines.current = current.lines;
				const edited = current;
				onEdit?.(() => textOf(edited));
			}
		};

		/** Publishes the keys so far, before a callback that acts on the text, and returns the text. */
		const commit = (): string => {
			publish();
			return textOf(current);
		};

		for (const [index, press] of presses.entries()) {
			const rest = () => presses.slice(index + 1);
			if (press.text !== '') {
				typed += press.text;
				continue;
			}

			// Inside a bracketed paste, Enter and Tab are text, and no other key is a command.
			if (press.pasted === true) {
				// A pasted ESC is dropped; the character it came with is text.
				const afterEscape = keyAfterEscape(press);
				if (afterEscape !== undefined && afterEscape.text !== '') {
					typed += afterEscape.text;
				} else if (press.name === 'return') {
					typed += '\n';
				} else if (press.name === 'tab') {
					typed += singleLine ? ' ' : '\t';
				}

				continue;
			}

			// Shift adds nothing here (no selection): shift+end is end, shift+return a newline.
			// Shift+tab is no tab: it would insert one where people mean to go back.
			const command = matchCommand(press.name, pane, 'edit')
				?? (press.name === 'shift+tab' ? undefined : matchCommand(press.name.replace('shift+', ''), pane, 'edit'));
			if (command === undefined) {
				/*
				Esc and a printable key typed quickly arrive as the bytes of alt+ that key. An
				alt+ key bound here (alt+b, alt+f, alt+backspace) is that command, so Esc then b
				typed fast moves a word left: terminals send the same bytes for both, and the
				binding wins. Any other is the Esc that leaves and the key that follows it, which
				goes to the app (Esc then ? opens the help).
				*/
				const next = keyAfterEscape(press);
				if (next !== undefined) {
					onLeave(commit());
					return [next, ...rest()];
				}

				continue;
			}

			const action = editActions[command];
			if (action !== undefined) {
				flushTyped();
				apply(action);
				continue;
			}

			switch (command) {
				case 'edit.pageUp':
				case 'edit.pageDown': {
					flushTyped();
					apply({type: command === 'edit.pageUp' ? 'pageUp' : 'pageDown', rows: pageRows});
					break;
				}

				case 'edit.tab': {
					if (!singleLine) {
						typed += '\t';
					}

					break;
				}

				case 'edit.newline': {
					if (!singleLine) {
						flushTyped();
						apply({type: 'newline'});
						break;
					}

					onSubmit(commit());
					return rest();
				}

				case 'edit.leave': {
					onLeave(commit());
					return rest();
				}

				default: {
					onCommand?.(command, commit());
					return rest();
				}
			}
		}

		publish();
		return [];
	}, [singleLine]);

	useKeyboard(takePresses, {isActive: options.isActive});
	return state;
}
