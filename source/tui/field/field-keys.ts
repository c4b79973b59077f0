/**
The keys of the open field, whatever it edits (the URL, a header, a body, a script, a name,
a value, a filter, a search, a file path): one text buffer, one set of editing keys, one
way to take a paste. Pure: what the field's keys mean for what it edits (saving, sending,
searching) is the caller's (see `field-outcomes.ts`).

Inside a paste every key is text: a line break is a newline (a space in a one-line field),
a tab a tab (a space). Keys the keymap gives to the app while editing (send, cancel) come
back as a `command`, with the field as it stands at that key, so a send in the middle of a
burst sends what was typed before it.
*/
import type {FieldState} from '../app-state.js';
import {editActions} from '../edit-actions.js';
import {keyAfterEscape, type KeyPress} from '../keys.js';
import {matchCommand, type Command, type Pane} from '../keymap.js';
import {textBufferReducer, visibleSlice, type TextBufferAction} from '../text-buffer.js';

export type FieldBox = {width: number; height: number};

export type FieldKeyOptions = {
	singleLine: boolean;
	/** The pane the field sits in, for the keymap. */
	pane: Pane;
	/** Where the field is drawn: its view scrolls to keep the cursor in it, and page keys move by its rows. */
	box: FieldBox;
};

export type FieldKeyResult =
	/** The key edited the text or moved the cursor (or did nothing). */
	| {kind: 'typed'; field: FieldState}
	/** Enter in a one-line field, Esc in any: `next` is a key typed right after an Esc (the two read as alt+ it), for whoever has the keyboard then. */
	| {kind: 'submit' | 'leave'; field: FieldState; next?: KeyPress}
	/** A command of the app's that works while editing (send, cancel). */
	| {kind: 'command'; command: Command; field: FieldState};

export function fieldKey(field: FieldState, press: KeyPress, {singleLine, pane, box}: FieldKeyOptions): FieldKeyResult {
	const apply = (action: TextBufferAction): FieldKeyResult => ({kind: 'typed', field: withAction(field, action, box)});
	if (press.text !== '') {
		return apply({type: 'insert', text: press.text});
	}

	if (press.pasted === true) {
		if (press.name === 'return') {
			return apply({type: 'insert', text: '\n'});
		}

		return press.name === 'tab' ? apply({type: 'insert', text: singleLine ? ' ' : '\t'}) : {kind: 'typed', field};
	}

	// Shift adds nothing here (no selection): shift+end is end, shift+return a newline. Shift+tab is no tab: it would insert one where people mean to go back.
	const command = matchCommand(press.name, pane, 'edit')
		?? (press.name === 'shift+tab' ? undefined : matchCommand(press.name.replace('shift+', ''), pane, 'edit'));
	if (command === undefined) {
		/*
		Esc and a printable key typed quickly arrive as the bytes of alt+ that key. An alt+ key
		bound here (alt+b, alt+f, alt+backspace) is that command, so Esc then b typed fast moves
		a word left: terminals send the same bytes for both, and the binding wins. Any other is
		the Esc that leaves and the key that follows it, which goes to whoever has the keyboard next.
		*/
		const next = keyAfterEscape(press);
		return next === undefined ? {kind: 'typed', field} : {kind: 'leave', field, next};
	}

	const action = editActions[command];
	if (action !== undefined) {
		return apply(action);
	}

	switch (command) {
		case 'edit.pageUp':
		case 'edit.pageDown': {
			const rows = Math.max(1, box.height - 1);
			return apply(command === 'edit.pageUp' ? {type: 'pageUp', rows} : {type: 'pageDown', rows});
		}

		case 'edit.tab': {
			return singleLine ? {kind: 'typed', field} : apply({type: 'insert', text: '\t'});
		}

		case 'edit.newline': {
			return singleLine ? {kind: 'submit', field} : apply({type: 'newline'});
		}

		case 'edit.leave': {
			return {kind: 'leave', field};
		}

		default: {
			return {kind: 'command', command, field};
		}
	}
}

/** The field after an edit, its view scrolled just enough to keep the cursor in sight. */
function withAction(field: FieldState, action: TextBufferAction, box: FieldBox): FieldState {
	const buffer = textBufferReducer(field.buffer, action);
	if (buffer === field.buffer) {
		return field;
	}

	// From where the view is now: a field drawn for the first time scrolled to its cursor (at the end of a long text).
	const shown = visibleSlice(field.buffer, {...box, scrollTop: field.scrollTop, scrollLeft: field.scrollLeft});
	const slice = visibleSlice(buffer, {...box, scrollTop: shown.scrollTop, scrollLeft: shown.scrollLeft});
	// New lines mean an edit. Comparing the texts would read every line at each key.
	const edited = field.edited || buffer.lines !== field.buffer.lines;
	return {...field, buffer, edited, scrollTop: slice.scrollTop, scrollLeft: slice.scrollLeft};
}
