/**
What a key in the help leaves for the key pipeline to do: the overlay's keys are pure and
know nothing of the panes' handlers, which the pipeline calls.
*/
import type {KeyPress} from '../keys.js';
import type {Command} from '../keymap.js';

export type OverlayOutcome =
	/** The key was the overlay's. */
	| {kind: 'done'}
	/** A command for the app, as if its key were pressed where the keyboard is. */
	| {kind: 'command'; command: Command}
	/** The key typed right after an Esc that closed the overlay (the two read as alt+ it): for whoever has the keyboard now. */
	| {kind: 'next'; press: KeyPress};

export const overlayDone: OverlayOutcome = {kind: 'done'};
