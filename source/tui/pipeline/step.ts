/**
What one key (or one finished effect) does: the next state, worked out from the state as the
keys before left it, and the effects to perform after, as data (a store change, a save, send,
copy, $EDITOR...). Building a step changes nothing outside it: one runner performs the effects
(see `run-effects.ts`), and what an effect's result means for the state comes back through
its continuation, which works on a new step as a key would.
*/
import type {HttpResponse} from '../../core/http/types.js';
import {appReducer, type PreviewKey, type RememberedView, type Tone} from '../app-state.js';
import type {TuiAction, TuiServices, TuiState} from '../state/types.js';
import type {World} from './world.js';
import type {TextDocument} from '../panes/response/text-document.js';

export class Step {
	readonly effects: Effect[] = [];

	constructor(public state: TuiState) {}

	dispatch(action: TuiAction): void {
		this.state = appReducer(this.state, action);
	}

	effect(effect: Effect): void {
		this.effects.push(effect);
	}

	say(text: string, tone: Tone = 'info'): void {
		this.dispatch({type: 'message', text, tone});
	}
}

/** Goes on from an effect's result: changes the state and asks for more effects, as a key does. */
export type Continuation<T> = (result: T, step: Step, world: World) => void;

/** Why a change was not made: the sentence for the user, and the error itself. */
export type Refusal = {message: string; error: unknown};

export type Effect =
	/** A change through the store or the session; `refused` gets why the store refused it (nothing was changed then). */
	| {type: 'change'; run: (services: TuiServices) => unknown; then?: Continuation<unknown>; refused?: Continuation<Refusal>}
	/**
	Text typed in a field, saved a moment after the last key (or, held, only when the saves are
	flushed). One per key. `write` returns the text it saved when it is the open field's (the
	field opened at `modeSerial`), which then stands on it; another window's text met there
	(EditConflict) is the field's conflict.
	*/
	| {type: 'save'; key: string; held?: true; modeSerial?: number; write: (services: TuiServices) => string | void}
	/** Drops the save held or waiting for `key`: its field closed, and saved or chose not to. */
	| {type: 'dropSave'; key: string}
	/** Runs every save waiting now; `then` gets why those that did not go through did not. */
	| {type: 'flushSaves'; then?: Continuation<readonly unknown[]>}
	/** Sends the selected request. */
	| {type: 'send'}
	/** Cancels the request in flight; with none, quits. */
	| {type: 'cancel'}
	| {type: 'quit'}
	/** ctrl+z: hands the terminal to the shell until `fg`. */
	| {type: 'suspend'}
	/** Copies bytes to the clipboard through the terminal (OSC 52). */
	| {type: 'copy'; bytes: Uint8Array}
	| {type: 'saveFile'; path: string; bytes: Uint8Array; fileName: string}
	/** Opens `text` in $EDITOR; `then` gets what was saved there, when it was changed. */
	| {type: 'editExternally'; text: string; extension: string; then: Continuation<string>}
	/** Formats a large body whole, a few milliseconds at a time; `cutShort`: it is only the start of the body (see ShownResponse). */
	| {type: 'formatBody'; response: HttpResponse; cutShort: boolean}
	/** Runs the jq filter on the response's body, off the key path; a filter still running is stopped first. */
	| {type: 'filterBody'; response: HttpResponse; filter: string}
	/** Stops the jq filter that runs, if one does. */
	| {type: 'stopFilter'}
	/** Hands a document of the body tab to $PAGER (the terminal goes to it until it quits). */
	| {type: 'page'; document: TextDocument}
	/** Resolves the selected request as it would be sent, once the keys waiting are handled. */
	| {type: 'resolvePreview'; of: PreviewKey}
	/** The view to show again at the next start: written when the app is left (see remembered-view.ts). */
	| {type: 'rememberView'; view: RememberedView};

/** A change through the store or the session, its result handed on typed. */
export function change<T>(run: (services: TuiServices) => T, then?: Continuation<T>, refused?: Continuation<Refusal>): Effect {
	return {type: 'change', run, then: then as Continuation<unknown> | undefined, refused};
}
