/**
What a pane's command handler works with: the app container (read the state afresh for
every key, as earlier keys of the same chunk may have changed it), the services, and the
saver of typed text.
*/
import type {Collection, Request} from '../../core/model.js';
import {collectionsOf, type AppContainer, type TuiServices, type TuiState} from '../app-context.js';
import type {Tone} from '../app-state.js';
import {editExternally} from '../external-editor.js';
import type {DebouncedSaver} from './debounced-saver.js';

export type CommandContext = {
	container: AppContainer;
	services: TuiServices;
	saver: DebouncedSaver;
	/** Rows a page key moves in the focused pane. */
	pageRows: number;
};

export function stateOf(context: CommandContext): TuiState {
	return context.container.getState();
}

export function collectionsNow(context: CommandContext): Collection[] {
	return collectionsOf(context.container, context.services.store);
}

export function say(context: CommandContext, text: string, tone: Tone = 'info'): void {
	context.container.dispatch({type: 'message', text, tone});
}

export type Selected = {collection?: Collection; request?: Request};

export function selectedOf(collections: readonly Collection[], state: Pick<TuiState, 'selection'>): Selected {
	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const request = collection?.requests.find(candidate => candidate.id === state.selection.requestId);
	return {collection, request};
}

export function selectedNow(context: CommandContext): Selected {
	return selectedOf(collectionsNow(context), stateOf(context));
}

/**
Runs a change through the store and tells the views to read it again. A store error (a
name taken, a file that cannot be written) is not thrown: `refused` says it, by default in
the status bar (a prompt passes its own error instead, which goes when the prompt does).
Typed text the store could not write before is tried again first: it came first.
*/
export function storeChange<T>(context: CommandContext, change: () => T, refused = (message: string, _error: unknown) => {
	say(context, message, 'error');
}): T | undefined {
	context.saver.retry();
	try {
		return change();
	} catch (error) {
		refused(error instanceof Error ? error.message : String(error), error);
		return undefined;
	} finally {
		context.container.dispatch({type: 'stored'});
	}
}

/**
`text` edited in $EDITOR, the terminal handed over meanwhile: the edited text, or undefined
when the editor failed or changed nothing (both said in the status bar).
*/
export function editInEditor(context: CommandContext, text: string, extension: string): string | undefined {
	const {services} = context;
	const result = editExternally(text, {env: services.env, extension, suspend: services.terminal?.suspend, resume: services.terminal?.resume});
	if (result.kind === 'failed') {
		say(context, result.message, 'error');
		return undefined;
	}

	if (result.kind === 'unchanged') {
		say(context, result.note === undefined ? 'Nothing changed in the editor' : `Nothing changed in the editor. ${result.note}`);
		return undefined;
	}

	if (result.note !== undefined) {
		say(context, result.note);
	}

	return result.text;
}
