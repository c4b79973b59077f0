/**
A document of the user's (a collection's settings, a request's details) edited in `$EDITOR`
as JSON: read whole before anything is kept, and a text curlew refuses is kept in the state
under its owner's id, so that the next `o` opens it again, to correct rather than retype.
*/
import type {Step} from './pipeline/step.js';

export type EditedDocument<T> = {
	/** The collection's or the request's id. */
	ownerId: string;
	/** The document as it stands, written when no refused text waits. */
	written: () => string;
	/** @throws an error whose message says what is wrong, where. */
	read: (text: string) => T;
	/** Keeps what was read, and says so. */
	keep: (value: T, next: Step) => void;
	/** The start of the message that a text was refused, before the reason. */
	refused: string;
};

export function editDocument<T>(step: Step, document: EditedDocument<T>): void {
	const {ownerId} = document;
	step.effect({
		type: 'editExternally',
		text: step.state.refusedEditorTexts[ownerId] ?? document.written(),
		extension: 'json',
		then(written, next) {
			let value: T;
			try {
				value = document.read(written);
			} catch (error) {
				next.dispatch({type: 'refusedEditorTexts', ownerId, text: written});
				// The way back first: a long reason is cut at the terminal's width.
				next.say(`${document.refused} (o opens your text again): ${(error as Error).message}`, 'error');
				return;
			}

			next.dispatch({type: 'refusedEditorTexts', ownerId, text: undefined});
			document.keep(value, next);
		},
	});
}
