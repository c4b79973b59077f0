/**
The app's state and its reducer: which pane has the keyboard, what is selected, which
mode the keys are in, the collection filter, the environment chosen per collection, the
request in flight, the last outcome per request and the messages for the user.

Pure: no store, no session, no Ink. The open field's text buffer is here too (`field`), and
each pane's view state; components read the slices they draw through selectors, so typing
re-renders the field alone.
*/
import type {Mode as KeymapMode, Pane} from './keymap.js';
import type {Header} from '../core/model.js';
import type {Scope} from '../core/scopes.js';
import type {Value} from '../core/values.js';
import {createTextBuffer, type TextBufferState} from './text-buffer.js';
import {minimumColumns, minimumRows} from './layout.js';
import type {HttpResponse} from '../core/http/types.js';
import type {FormattedBody} from './panes/response/format-body.js';
import type {PaneState} from './panes/response/pane-state.js';
import type {Preview} from '../core/session/session.js';

export const paneOrder: readonly Pane[] = ['collections', 'request', 'variables', 'response'];

export const requestTabs = ['headers', 'body', 'scripts', 'preview'] as const;
export type RequestTab = typeof requestTabs[number];

export type ScriptSlot = {owner: 'request' | 'collection'; phase: 'preRequest' | 'postResponse'};

/** A field of the request pane that a text editor has the keyboard of. */
export type EditTarget =
	| {kind: 'url'}
	/** `previous`: the header as the field opened on it (another window may change the list meanwhile). */
	| {kind: 'header'; index: number | 'new'; previous?: Header}
	| {kind: 'body'}
	| {kind: 'script'; slot: ScriptSlot};

/** The kinds a variable is edited as; JSON covers objects and arrays (and null). */
export const editableKinds = ['string', 'number', 'boolean', 'json', 'date'] as const;
export type EditableKind = typeof editableKinds[number];

export type VariableTarget = {
	collectionId: string;
	scope: Scope;
	/** Set for the environment scope. */
	environmentId?: string;
	name: string;
	isNew: boolean;
	secret?: boolean;
	/**
	The value stored when its prompt opened (none for a new variable): a value another window
	stored since is a conflict (see edit-conflict.ts). A runtime variable has none to compare.
	*/
	opened?: Value;
};

/** A variable of the variables pane, known by where it lives and its name, not by its row. */
export type VariableKey = {scope: Scope; name: string};

export type PromptPurpose =
	| {kind: 'filter'}
	| {kind: 'new-collection'}
	| {kind: 'new-request'; collectionId: string}
	| {kind: 'new-environment'; collectionId: string}
	| {kind: 'rename-environment'; collectionId: string; environmentId: string}
	| {kind: 'rename-collection'; collectionId: string}
	| {kind: 'rename-request'; collectionId: string; requestId: string}
	| {kind: 'variable-name'; collectionId: string; environmentId?: string}
	| {kind: 'variable-value'; variable: VariableTarget; valueKind: EditableKind}
	/** The response pane's own prompts, drawn in its footer. */
	| {kind: 'search'}
	| {kind: 'save'};

export type ConfirmAction =
	| {kind: 'delete-collection'; collectionId: string}
	| {kind: 'delete-request'; collectionId: string; requestId: string}
	| {kind: 'delete-variable'; collectionId: string; variable: VariableKey; environmentId?: string}
	| {kind: 'delete-environment'; collectionId: string; environmentId: string}
	| {kind: 'delete-header'; collectionId: string; requestId: string; index: number; header: Header};

/**
The text being typed in the open field (a request field or a prompt): every field is edited
by the same text buffer, so every one has the same keys, undo and paste.
*/
export type FieldState = {
	readonly buffer: TextBufferState;
	/** The text the field opened with. */
	readonly original: string;
	/**
	The stored text the field stands on: the one it opened on, or last saved. A save that finds
	another text stored there is a conflict with another window (see edit-conflict.ts).
	*/
	readonly standsOn: string;
	/** The other window's text, while a save met it and the user has not chosen (ctrl+o, ctrl+t); undefined theirs when it was deleted. */
	readonly conflict?: {theirs: string | undefined};
	/** Whether a key changed the text since it opened. */
	readonly edited: boolean;
	/** Where its view starts: it moves only as far as the cursor needs. */
	readonly scrollTop: number;
	readonly scrollLeft: number;
};

export function createField(text: string, singleLine: boolean): FieldState {
	return {buffer: createTextBuffer(text, {singleLine}), original: text, standsOn: text, edited: false, scrollTop: 0, scrollLeft: 0};
}

export type Mode =
	| {kind: 'navigating'}
	| {kind: 'editing'; target: EditTarget; field: FieldState}
	| {kind: 'prompt'; label: string; purpose: PromptPurpose; field: FieldState; error?: string}
	| {kind: 'confirm'; question: string; action: ConfirmAction}
	| {kind: 'pick-kind'; variable: VariableTarget; valueKind: EditableKind}
	| {kind: 'help'}
	| {kind: 'messages'};

export type Selection = {collectionId?: string; requestId?: string};

export type InFlight = {
	collectionId: string;
	requestId: string;
	/** Milliseconds since the epoch. */
	startedAt: number;
	controller: AbortController;
	/**
	The response as it arrives: written by the send at each chunk and read by the status line
	at its tick, so a body that streams in costs no renders of its own.
	*/
	progress: {status?: number; bytes: number};
};

export type Tone = 'info' | 'warning' | 'error';
export type Message = {id: number; text: string; tone: Tone};

/** How many of the session's messages are kept for the messages overlay: the oldest go first. */
export const keptMessages = 100;

/** The unresolved placeholders of a request were warned of, as of a store revision: ctrl+r again, with no edit between, sends anyway. */
export type SendWarning = {requestId: string; count: number; revision: number};

export type AppState<Outcome> = {
	/** The terminal's size. */
	size: {columns: number; rows: number};
	/**
	The size the panes are laid out for: the terminal's, or while it is too small for them,
	the last that was not (the panes stay as they were, hidden, until it is large enough again).
	*/
	drawnSize: {columns: number; rows: number};
	focus: Pane;
	selection: Selection;
	/** Collections whose requests are hidden in the tree. */
	collapsed: readonly string[];
	mode: Mode;
	filter: string;
	/** The environment chosen in each collection, by collection id. */
	environments: Readonly<Record<string, string | undefined>>;
	inFlight?: InFlight;
	/** The last outcome of each request, by request id. */
	outcomes: Readonly<Record<string, Outcome>>;
	sendWarning?: SendWarning;
	/** The message the status bar shows; any key of the app's dismisses it. */
	message?: Message;
	/** The session's last messages, the oldest first, dismissed or not: the messages overlay shows each whole. */
	messages: readonly Message[];
	requestTab: RequestTab;
	/** The selected row of the request pane's tab; in the body and preview tabs, the first line shown. */
	requestRow: number;
	/** The selected variable of the variables pane; none picked yet is its first row. */
	selectedVariable?: VariableKey;
	/** Whether secret values are shown in clear in the variables pane. */
	revealSecrets: boolean;
	/**
	The kept response of the selected request the response pane shows, by its name in the
	history; undefined shows this session's last outcome, or with none the newest kept.
	*/
	keptShown?: string;
	/** The response pane's tab, scroll and search per tab, and its last message; none before it is first drawn. */
	response?: PaneState;
	/** A large body formatted whole, which takes the place of its start in the body tab. */
	formattedBody?: {response: HttpResponse; body: FormattedBody};
	/** The large body being formatted whole now. */
	formatting?: HttpResponse;
	/**
	The selected request resolved as it would be sent, for the Preview tab: `of` says for which
	request, store revision and environment, so a stale one is resolved again.
	*/
	preview?: {of: PreviewKey; preview: Preview};
	/** The preview being resolved now. */
	previewing?: PreviewKey;
	/** Settings text the user wrote in $EDITOR and curlew refused, by collection: opened again to correct, not retype. */
	refusedSettings: Readonly<Record<string, string>>;
	/** The first row the help or messages overlay shows. */
	overlayTop: number;
	/** The first row the collections tree and the variables list show: each moves only as far as its selection needs. */
	listTops: {collections: number; variables: number};
	/** Bumped by every change to what the store holds, so views read it again. */
	revision: number;
	/** Bumped by every change of mode: a field or prompt opened again is a new one, with its own editor. */
	modeSerial: number;
	nextMessageId: number;
};

export type AppAction<Outcome> =
	| {type: 'resize'; columns: number; rows: number}
	| {type: 'focus'; pane: Pane}
	| {type: 'focusNext'}
	| {type: 'focusPrevious'}
	| {type: 'select'; selection: Selection}
	| {type: 'toggleCollapsed'; collectionId: string; collapsed?: boolean}
	| {type: 'setMode'; mode: Mode}
	| {type: 'leaveMode'}
	| {type: 'promptError'; error: string}
	| {type: 'field'; field: FieldState}
	/** What a save of the field opened at `modeSerial` found: saved (the field stands on `text` now), or another window's text. */
	| {type: 'fieldSaved'; modeSerial: number; text: string}
	| {type: 'fieldConflict'; modeSerial: number; theirs: string | undefined}
	| {type: 'overlayTop'; top: number}
	| {type: 'refusedSettings'; collectionId: string; text: string | undefined}
	| {type: 'response'; response: PaneState}
	| {type: 'formatting'; response: HttpResponse}
	| {type: 'bodyFormatted'; response: HttpResponse; body: FormattedBody}
	| {type: 'previewing'; of: PreviewKey}
	| {type: 'previewResolved'; of: PreviewKey; preview: Preview}
	| {type: 'listTop'; list: keyof AppState<Outcome>['listTops']; top: number}
	| {type: 'setFilter'; filter: string}
	| {type: 'setEnvironment'; collectionId: string; environmentId: string | undefined}
	| {type: 'sendStarted'; inFlight: InFlight}
	| {type: 'showKept'; name: string | undefined}
	| {type: 'sendFinished'; requestId: string; outcome: Outcome}
	| {type: 'sendWarned'; warning: SendWarning}
	| {type: 'message'; text: string; tone?: Tone}
	| {type: 'dismissMessage'}
	| {type: 'requestTab'; tab: RequestTab}
	| {type: 'requestRow'; row: number}
	| {type: 'selectVariable'; variable: VariableKey | undefined}
	| {type: 'toggleReveal'}
	| {type: 'stored'};

/** `environments`: the environment chosen in each collection when curlew last ran. */
export function createAppState<Outcome>(selection: Selection = {}, environments: AppState<Outcome>['environments'] = {}, size = {columns: 80, rows: 24}): AppState<Outcome> {
	return {
		size,
		drawnSize: fits(size) ? size : {columns: Math.max(size.columns, minimumColumns), rows: Math.max(size.rows, minimumRows)},
		focus: 'collections',
		selection,
		collapsed: [],
		mode: {kind: 'navigating'},
		filter: '',
		environments,
		outcomes: {},
		messages: [],
		requestTab: 'body',
		requestRow: 0,
		revealSecrets: false,
		refusedSettings: {},
		overlayTop: 0,
		listTops: {collections: 0, variables: 0},
		revision: 0,
		modeSerial: 0,
		nextMessageId: 1,
	};
}

export function appReducer<Outcome>(state: AppState<Outcome>, action: AppAction<Outcome>): AppState<Outcome> {
	switch (action.type) {
		case 'resize': {
			if (state.size.columns === action.columns && state.size.rows === action.rows) {
				return state;
			}

			const size = {columns: action.columns, rows: action.rows};
			return {...state, size, drawnSize: fits(size) ? size : state.drawnSize};
		}

		case 'focus': {
			return state.focus === action.pane ? state : {...state, focus: action.pane};
		}

		case 'focusNext':
		case 'focusPrevious': {
			const step = action.type === 'focusNext' ? 1 : paneOrder.length - 1;
			return {...state, focus: paneOrder[(paneOrder.indexOf(state.focus) + step) % paneOrder.length]!};
		}

		case 'select': {
			const sameRequest = action.selection.requestId === state.selection.requestId;
			const {collectionId, requestId} = action.selection;
			// A selected request is always in sight: its collection opens.
			const opens = requestId !== undefined && collectionId !== undefined && state.collapsed.includes(collectionId);
			return {
				...state,
				selection: action.selection,
				collapsed: opens ? state.collapsed.filter(id => id !== collectionId) : state.collapsed,
				requestRow: sameRequest ? state.requestRow : 0,
				selectedVariable: action.selection.collectionId === state.selection.collectionId ? state.selectedVariable : undefined,
				sendWarning: sameRequest ? state.sendWarning : undefined,
				keptShown: sameRequest ? state.keptShown : undefined,
			};
		}

		case 'toggleCollapsed': {
			const isCollapsed = state.collapsed.includes(action.collectionId);
			const collapse = action.collapsed ?? !isCollapsed;
			if (collapse === isCollapsed) {
				return state;
			}

			return {...state, collapsed: collapse ? [...state.collapsed, action.collectionId] : state.collapsed.filter(id => id !== action.collectionId)};
		}

		case 'setMode': {
			return {...state, mode: action.mode, modeSerial: state.modeSerial + 1, overlayTop: 0};
		}

		case 'leaveMode': {
			return state.mode.kind === 'navigating' ? state : {...state, mode: {kind: 'navigating'}, modeSerial: state.modeSerial + 1};
		}

		case 'promptError': {
			return state.mode.kind === 'prompt' ? {...state, mode: {...state.mode, error: action.error}} : state;
		}

		case 'field': {
			return state.mode.kind === 'editing' || state.mode.kind === 'prompt' ? {...state, mode: {...state.mode, field: action.field}} : state;
		}

		case 'refusedSettings': {
			const {[action.collectionId]: _previous, ...others} = state.refusedSettings;
			return {...state, refusedSettings: action.text === undefined ? others : {...others, [action.collectionId]: action.text}};
		}

		case 'response': {
			return state.response === action.response ? state : {...state, response: action.response};
		}

		case 'formatting': {
			return {...state, formatting: action.response};
		}

		case 'bodyFormatted': {
			return {...state, formattedBody: {response: action.response, body: action.body}, formatting: state.formatting === action.response ? undefined : state.formatting};
		}

		case 'previewing': {
			return {...state, previewing: action.of};
		}

		case 'previewResolved': {
			return {...state, preview: {of: action.of, preview: action.preview}, previewing: state.previewing !== undefined && samePreviewKey(state.previewing, action.of) ? undefined : state.previewing};
		}

		case 'fieldSaved':
		case 'fieldConflict': {
			if (state.modeSerial !== action.modeSerial || (state.mode.kind !== 'editing' && state.mode.kind !== 'prompt')) {
				return state;
			}

			const field: FieldState = action.type === 'fieldSaved'
				? {...state.mode.field, standsOn: action.text, conflict: undefined}
				: {...state.mode.field, conflict: {theirs: action.theirs}};
			return {...state, mode: {...state.mode, field}};
		}

		case 'overlayTop': {
			return state.overlayTop === action.top ? state : {...state, overlayTop: action.top};
		}

		case 'listTop': {
			return state.listTops[action.list] === action.top ? state : {...state, listTops: {...state.listTops, [action.list]: action.top}};
		}

		case 'setFilter': {
			return state.filter === action.filter ? state : {...state, filter: action.filter};
		}

		case 'setEnvironment': {
			return {...state, environments: {...state.environments, [action.collectionId]: action.environmentId}, revision: state.revision + 1};
		}

		case 'sendStarted': {
			return {...state, inFlight: action.inFlight, sendWarning: undefined, keptShown: undefined};
		}

		case 'showKept': {
			return {...state, keptShown: action.name};
		}

		case 'sendFinished': {
			const inFlight = state.inFlight?.requestId === action.requestId ? undefined : state.inFlight;
			return {...state, inFlight, outcomes: {...state.outcomes, [action.requestId]: action.outcome}, revision: state.revision + 1};
		}

		case 'sendWarned': {
			return {...state, sendWarning: action.warning};
		}

		case 'message': {
			const message: Message = {id: state.nextMessageId, text: action.text, tone: action.tone ?? 'info'};
			return {...state, message, messages: [...state.messages, message].slice(-keptMessages), nextMessageId: state.nextMessageId + 1};
		}

		case 'dismissMessage': {
			return state.message === undefined ? state : {...state, message: undefined};
		}

		case 'requestTab': {
			return state.requestTab === action.tab ? state : {...state, requestTab: action.tab, requestRow: 0};
		}

		case 'requestRow': {
			return {...state, requestRow: Math.max(0, action.row)};
		}

		case 'selectVariable': {
			const same = state.selectedVariable?.scope === action.variable?.scope && state.selectedVariable?.name === action.variable?.name;
			return same ? state : {...state, selectedVariable: action.variable};
		}

		case 'toggleReveal': {
			return {...state, revealSecrets: !state.revealSecrets};
		}

		case 'stored': {
			return {...state, revision: state.revision + 1};
		}
	}
}

/** What a preview was resolved for. */
export type PreviewKey = {requestId: string; revision: number; environmentId?: string};

export function samePreviewKey(a: PreviewKey, b: PreviewKey): boolean {
	return a.requestId === b.requestId && a.revision === b.revision && a.environmentId === b.environmentId;
}

/** Whether the terminal is large enough for the panes. */
export function fits(size: {columns: number; rows: number}): boolean {
	return size.columns >= minimumColumns && size.rows >= minimumRows;
}

/** The open field, if a request field or a prompt is being typed in. */
export function openField(mode: Mode): FieldState | undefined {
	return mode.kind === 'editing' || mode.kind === 'prompt' ? mode.field : undefined;
}

/** The keymap's mode for the app's mode: a text field being typed in is `edit`, a question or an overlay has keys of its own. */
export function keymapMode(mode: Mode): KeymapMode {
	switch (mode.kind) {
		case 'editing':
		case 'prompt': {
			return 'edit';
		}

		case 'confirm': {
			return 'confirm';
		}

		case 'pick-kind': {
			return 'pickKind';
		}

		case 'help':
		case 'messages': {
			return 'pager';
		}

		case 'navigating': {
			return 'navigate';
		}
	}
}

/** The next item of a list after `current`, wrapping; the first when `current` is not in it. */
export function cycle<T>(items: readonly T[], current: T): T {
	return items[(items.indexOf(current) + 1) % items.length]!;
}
