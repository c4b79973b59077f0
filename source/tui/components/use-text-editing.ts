/**
The keyboard half of the text editors: Ink's input, split into key presses, applied to a
text buffer held in this component's own state (so typing re-renders the editor only).

Every key of a chunk is applied in order: a burst of typing from SSH, a paste, or text
mixed with control keys. Keys the keymap gives to the app while editing (send, cancel)
go to `onCommand` with the text as it stands at that key, after `onChange`, so a send in
the middle of a burst sends what was typed before it.
*/
import {useCallback, useRef, useState} from 'react';
import {editActions} from '../edit-actions.js';
import {isPasteMarker, keyAfterEscape, useKeyPresses, type KeyPress} from '../keys.js';
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
	usually `onChange` texts coming back late (from a debounced save) and would undo the
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
	/** After each stdin chunk that changed the text, with the whole text. */
	onChange?: (text: string) => void;
	/**
	Esc: the field is left, with its final text. `pending` holds the keys that came after
	the Esc in the same chunk: they belong to whatever has the keyboard next.
	*/
	onLeave: (text: string, pending: readonly KeyPress[]) => void;
	/**
	Enter in a one-line editor, with the keys after it in the same chunk. Default: `onLeave`.
	Returns 'kept' when the text is refused and the field stays open; otherwise it closed.
	*/
	onSubmit?: (text: string, pending: readonly KeyPress[]) => 'kept' | void;
	/**
	ctrl+r, ctrl+c (the keymap's commands that work while editing), with the text and the keys
	after the command in the same chunk. Returning 'left' says the field closed: those keys are
	then the caller's, as after Enter or Esc. Otherwise the editor goes on typing them.
	*/
	onCommand?: (command: Command, text: string, pending: readonly KeyPress[]) => 'left' | void;
};

export function useTextEditing(options: TextEditingOptions): TextBufferState {
	const {singleLine} = options;
	const [state, setState] = useState(() => createTextBuffer(options.value, {singleLine}));
	const stateRef = useRef(state);
	const reportedText = useRef(textOf(state));
	/*
	Closed by Enter, Esc or a command: the field is drawn until the next render, and the keys
	of the same chunk still reach it then. They are the next owner's (handed on with the
	close), so it takes none: each opening of a field is a new editor.
	*/
	const closed = useRef(false);
	const optionsRef = useRef(options);
	optionsRef.current = options;

	const handlePresses = useCallback((presses: readonly KeyPress[]) => {
		if (closed.current) {
			return;
		}

		const {pane, pageRows, onChange, onSubmit, onCommand} = optionsRef.current;
		const onLeave = (text: string, pending: readonly KeyPress[]) => {
			closed.current = true;
			optionsRef.current.onLeave(text, pending);
		};

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

		/** Publishes the text so far, before a callback that may act on it. */
		const commit = (): string => {
			flushTyped();
			const linesChanged = current.lines !== stateRef.current.lines;
			stateRef.current = current;
			setState(current);
			// Joining a large body costs time: only when an edit (or undo) made new lines.
			if (linesChanged) {
				const text = textOf(current);
				if (text !== reportedText.current) {
					reportedText.current = text;
					onChange?.(text);
				}
			}

			return reportedText.current;
		};

		for (const [index, press] of presses.entries()) {
			const rest = () => presses.slice(index + 1);
			if (isPasteMarker(press)) {
				continue;
			}

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
					onLeave(commit(), [next, ...rest()]);
					return;
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

					if (onSubmit === undefined) {
						onLeave(commit(), rest());
					} else {
						closed.current = true;
						closed.current = onSubmit(commit(), rest()) !== 'kept';
					}

					return;
				}

				case 'edit.leave': {
					onLeave(commit(), rest());
					return;
				}

				default: {
					if (onCommand?.(command, commit(), rest()) === 'left') {
						closed.current = true;
						return;
					}
				}
			}
		}

		commit();
	}, [singleLine]);

	useKeyPresses(handlePresses, {isActive: options.isActive ?? true});
	return state;
}
