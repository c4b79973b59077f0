/**
The guard of a text field saved as it is typed (the URL, a body, a script) against another
window's change of the same field: see edit-conflict.ts. Its saves go through the app's
saver, which keeps one that met a conflict, so sending and quitting wait for the choice.
*/
import {useRef, useState} from 'react';
import {EditConflict} from './edit-conflict.js';

export type FieldGuard = {
	/** The text the editor is to show: the stored one it opened on, or the other window's once taken. */
	readonly loaded: {text: string; generation: number};
	/** Whether `text` differs from the stored text the field stands on: only then is there anything to save. */
	changes: (text: string) => boolean;
	/** Inside a store change: throws EditConflict when `storedNow` is not the text the field stands on. */
	check: (storedNow: string) => void;
	/** After a save: the field stands on `text` now. */
	saved: (text: string) => void;
	/** The conflict met by the last save, until it is answered. */
	readonly conflict: EditConflict | undefined;
	/** ctrl+o: the next save goes over the other window's text. */
	keepMine: () => void;
	/** ctrl+t: the field shows the other window's text and stands on it. */
	takeTheirs: () => void;
};

export function useFieldGuard(stored: string, what: string): FieldGuard {
	const standsOn = useRef(stored);
	const conflict = useRef<EditConflict | undefined>(undefined);
	const [loaded, setLoaded] = useState({text: stored, generation: 0});
	return {
		loaded,
		changes: text => text !== standsOn.current,
		check(storedNow) {
			if (storedNow !== standsOn.current) {
				conflict.current = new EditConflict(what, storedNow);
				throw conflict.current;
			}
		},
		saved(text) {
			standsOn.current = text;
			conflict.current = undefined;
		},
		get conflict() {
			return conflict.current;
		},
		keepMine() {
			standsOn.current = conflict.current?.theirs ?? standsOn.current;
			conflict.current = undefined;
		},
		takeTheirs() {
			const theirs = conflict.current?.theirs ?? standsOn.current;
			standsOn.current = theirs;
			conflict.current = undefined;
			setLoaded(previous => ({text: theirs, generation: previous.generation + 1}));
		},
	};
}
