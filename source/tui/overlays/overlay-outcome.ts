/**
What a key in the help or the command palette leaves for the key pipeline to do: the
overlays' keys are pure and know nothing of the panes' handlers, which the pipeline calls.
*/
import type {KeyPress} from '../keys.js';
import type {Command, Pane} from '../keymap.js';

export type OverlayOutcome =
	/** The key was the overlay's. */
	| {kind: 'done'}
	/** A command for the app, as if its key were pressed in `pane` (focused first), or where the keyboard is. */
	| {kind: 'command'; command: Command; pane?: Pane}
	/** The key typed right after an Esc that closed the overlay (the two read as alt+ it): for whoever has the keyboard now. */
	| {kind: 'next'; press: KeyPress};

export const overlayDone: OverlayOutcome = {kind: 'done'};
