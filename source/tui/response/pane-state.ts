/**
Everything the response pane remembers between keystrokes, and how keys change it: the
tab, a viewport per scrollable tab, the one-line prompt (search, save path) and the last
message. Pure: side effects (writing the file, the clipboard) come back as an `effect` for
the component to run.
*/
import {escapeThenKey, type KeyPress} from '../keys.js';
import {editActions} from '../edit-actions.js';
import {matchCommand, type Command} from '../keymap.js';
import {createTextBuffer, textBufferReducer, textOf, type TextBufferAction, type TextBufferState} from '../text-buffer.js';
import type {TextDocument} from './text-document.js';
import {createViewport, isAtBottom, viewportReducer, type ViewportAction, type ViewportState} from './viewport.js';

export const tabs = ['body', 'headers', 'timing', 'console'] as const;
export type Tab = typeof tabs[number];
export type ScrollableTab = Exclude<Tab, 'timing'>;
export const scrollableTabs: readonly ScrollableTab[] = ['body', 'headers', 'console'];

export type PaneDocuments = Readonly<Record<ScrollableTab, TextDocument>>;
export type ViewSizes = Readonly<Record<ScrollableTab, {height: number; width: number}>>;

/** The one-line prompt: what it is for, and its text being edited (cursor, word moves, undo as in every field). */
export type Prompt = {kind: 'search' | 'save'; buffer: TextBufferState};

function openPrompt(kind: Prompt['kind'], text = ''): Prompt {
	return {kind, buffer: createTextBuffer(text, {singleLine: true})};
}

function promptText(prompt: Prompt): string {
	return textOf(prompt.buffer);
}
export type PaneMessage = {text: string; tone: 'info' | 'error'};

export type PaneState = {
	tab: Tab;
	views: Readonly<Record<ScrollableTab, ViewportState>>;
	prompt?: Prompt;
	message?: PaneMessage;
	/** A path that could not be saved to: the next save prompt offers it again, to correct rather than retype. */
	failedSavePath?: string;
};

export type PaneEffect = {type: 'save'; path: string} | {type: 'copy'};

export type PaneContext = {
	/** Bytes in the response body; undefined before a response (or after a failure). */
	bodyBytes: number | undefined;
	/** What the save prompt offers first: asked only as it opens, since it looks at the disk for a free name. */
	defaultSavePath: () => string;
};

export function createPaneState(documents: PaneDocuments, sizes: ViewSizes): PaneState {
	return {
		tab: 'body',
		views: {
			body: createViewport(documents.body, sizes.body),
			headers: createViewport(documents.headers, sizes.headers),
			console: createViewport(documents.console, sizes.console),
		},
	};
}

/** Follows new documents (a new response, more console output) and a new pane size; keeps wrapping as the user set it. */
export function syncPane(state: PaneState, documents: PaneDocuments, sizes: ViewSizes): PaneState {
	let changed = false;
	const views = {...state.views};
	for (const tab of scrollableTabs) {
		const view = state.views[tab];
		const size = sizes[tab];
		const next = view.document === documents[tab]
			? viewportReducer(view, {type: 'resize', ...size})
			: replaceDocument(view, documents[tab], size);
		if (next !== view) {
			views[tab] = next;
			changed = true;
		}
	}

	return changed ? {...state, views} : state;
}

/**
A new document starts at its top, unless it completes the preview on screen (the whole of
a large body after its first screens): then the reader keeps their place and search.
*/
function replaceDocument(view: ViewportState, document: TextDocument, size: ViewSizes[ScrollableTab]): ViewportState {
	const fresh = createViewport(document, {...size, wrap: view.wrap});
	if (view.document.partial !== true) {
		return fresh;
	}

	// At the end of the preview (G), the reader wanted the end: the whole body's.
	if (isAtBottom(view)) {
		return viewportReducer(fresh, {type: 'bottom'});
	}

	const kept = {...fresh, scrollTop: view.scrollTop, left: view.left};
	return view.search === undefined ? kept : viewportReducer(kept, {type: 'search', query: view.search.query});
}

const viewActions: Partial<Record<Command, ViewportAction>> = {
	'nav.down': {type: 'down'},
	'nav.up': {type: 'up'},
	'nav.pageDown': {type: 'pageDown'},
	'nav.pageUp': {type: 'pageUp'},
	'nav.top': {type: 'top'},
	'nav.bottom': {type: 'bottom'},
	'nav.left': {type: 'left'},
	'nav.right': {type: 'right'},
	'response.wrap': {type: 'toggleWrap'},
	'response.next': {type: 'nextMatch'},
	'response.previous': {type: 'previousMatch'},
};

function withView(state: PaneState, action: ViewportAction): PaneState {
	if (state.tab === 'timing') {
		return state;
	}

	const view = state.views[state.tab];
	const next = viewportReducer(view, action);
	return next === view ? state : {...state, views: {...state.views, [state.tab]: next}};
}

function switchTab(state: PaneState, step: 1 | -1): PaneState {
	const index = tabs.indexOf(state.tab);
	return {...state, tab: tabs[(index + step + tabs.length) % tabs.length]!};
}

type Step = Omit<PaneKeyResult, 'left'>;

function missingBody(context: PaneContext, verb: 'save' | 'copy'): PaneMessage | undefined {
	if (context.bodyBytes === undefined) {
		return {text: `No response to ${verb} yet: ctrl+r sends the request`, tone: 'info'};
	}

	return context.bodyBytes === 0 ? {text: `The response body is empty: nothing to ${verb}`, tone: 'info'} : undefined;
}

function navigateKey(state: PaneState, press: KeyPress, context: PaneContext): Step {
	if (press.name === 'escape') {
		return {state: withView(state, {type: 'clearSearch'})};
	}

	const command = matchCommand(press.name, 'response', 'navigate');
	if (command === undefined) {
		return {state};
	}

	const viewAction = viewActions[command];
	if (viewAction !== undefined) {
		return {state: withView(state, viewAction)};
	}

	switch (command) {
		case 'response.tab': {
			return {state: switchTab(state, 1)};
		}

		case 'response.previousTab': {
			return {state: switchTab(state, -1)};
		}

		case 'response.search': {
			return state.tab === 'timing'
				? {state: {...state, message: {text: 'The timing tab has nothing to search: switch tabs with t', tone: 'info'}}}
				: {state: {...state, prompt: openPrompt('search')}};
		}

		case 'response.save': {
			const missing = missingBody(context, 'save');
			return missing === undefined
				? {state: {...state, prompt: openPrompt('save', state.failedSavePath ?? context.defaultSavePath())}}
				: {state: {...state, message: missing}};
		}

		case 'response.copy': {
			const missing = missingBody(context, 'copy');
			return missing === undefined ? {state, effect: {type: 'copy'}} : {state: {...state, message: missing}};
		}

		default: {
			return {state};
		}
	}
}

function submitPrompt(state: PaneState, prompt: Prompt): Step {
	const closed = {...state, prompt: undefined};
	const text = promptText(prompt);
	if (prompt.kind === 'save') {
		return {state: closed, effect: {type: 'save', path: text}};
	}

	const searched = withView(closed, {type: 'search', query: text});
	const view = searched.tab === 'timing' ? undefined : searched.views[searched.tab];
	if (text !== '' && view?.search?.matches.offsets.length === 0) {
		return {state: {...searched, message: {text: `No match for "${text}"`, tone: 'info'}}};
	}

	return {state: searched};
}

function promptKey(state: PaneState, prompt: Prompt, press: KeyPress): Step {
	const edit = (action: TextBufferAction): Step => ({state: {...state, prompt: {...prompt, buffer: textBufferReducer(prompt.buffer, action)}}});
	switch (press.name) {
		case 'return': {
			return submitPrompt(state, prompt);
		}

		case 'escape': {
			return {state: {...state, prompt: undefined}};
		}

		case 'ctrl+u': {
			return edit({type: 'setText', text: ''});
		}

		default: {
			const command = matchCommand(press.name, 'response', 'edit');
			const action = command === undefined ? undefined : editActions[command];
			if (action !== undefined) {
				return edit(action);
			}

			return press.text === '' ? {state} : edit({type: 'insert', text: press.text});
		}
	}
}

/** A key of a paste: text for an open prompt (a line break or tab a space), nothing without one. */
function pastedKey(state: PaneState, press: KeyPress): PaneState {
	const text = press.text === '' && (press.name === 'return' || press.name === 'tab') ? ' ' : press.text;
	if (state.prompt === undefined || text === '') {
		return state;
	}

	return {...state, prompt: {...state.prompt, buffer: textBufferReducer(state.prompt.buffer, {type: 'insert', text})}};
}

/** What one key did to the pane: its new state, what must be done outside, and the key left for the app. */
export type PaneKeyResult = {state: PaneState; effect?: PaneEffect; left?: KeyPress};

/**
Takes one key if it is the pane's: its own commands and moves, Esc, a paste, and every key
while its prompt is open but the app's keys for any field (ctrl+r, ctrl+c). Any other key
is `left` for the app, as is the key after an Esc the pane took when the two came fast
enough to read as alt+ that key. Every key but a paste's clears the pane's message.
*/
export function paneKey(state: PaneState, press: KeyPress, context: PaneContext): PaneKeyResult {
	if (press.pasted === true) {
		return {state: pastedKey(state, press)};
	}

	const cleared = state.message === undefined ? state : {...state, message: undefined};
	const command = matchCommand(press.name, 'response', cleared.prompt === undefined ? 'navigate' : 'edit');
	const keys = command === undefined ? escapeThenKey(press) : undefined;
	if (keys !== undefined) {
		// Esc and a key typed fast read as alt+ that key: where no alt+ key is bound, they are Esc and then the key.
		return paneKey(paneKey(cleared, keys[0], context).state, keys[1], context);
	}

	if (command?.startsWith('app.') === true) {
		return {state: cleared, left: press};
	}

	if (cleared.prompt !== undefined) {
		return promptKey(cleared, cleared.prompt, press);
	}

	const own = press.name === 'escape' || command?.startsWith('response.') === true || command?.startsWith('nav.') === true;
	return own ? navigateKey(cleared, press, context) : {state: cleared, left: press};
}
