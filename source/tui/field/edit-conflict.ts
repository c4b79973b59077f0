/**
Two windows editing the same field: a field remembers the stored value it opened on (or
last saved), and a save that finds another value stored there throws EditConflict instead
of writing. The field stays open and says so, offering `edit.keepMine` (save this
window's text over the other's) and `edit.takeTheirs` (put the other's text in the field).
*/
import {oneLine} from '../../core/visible-text.js';
import {keyLabel, keysFor} from '../keymap.js';

export class EditConflict extends Error {
	override name = 'EditConflict';

	/**
	@param what the field, as a sentence names it: `the URL`, `header X-Tag`
	@param theirs what the other window stored there, as text; undefined when it deleted it
	*/
	constructor(readonly what: string, readonly theirs: string | undefined) {
		const change = theirs === undefined ? 'deleted in another curlew window' : `changed in another curlew window, to ${preview(theirs)}`;
		super(`${keyLabel(keysFor('edit.keepMine')[0]!)} keeps yours, ${keyLabel(keysFor('edit.takeTheirs')[0]!)} takes theirs: ${what} was ${change}`);
	}
}

/** The other window's text on one line, cut short: the field shows it whole once taken. */
function preview(text: string): string {
	const line = oneLine(text);
	return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}

/** Whether a key of the editor is one of the two answers to a conflict. */
export function isConflictChoice(command: string): command is 'edit.keepMine' | 'edit.takeTheirs' {
	return command === 'edit.keepMine' || command === 'edit.takeTheirs';
}
