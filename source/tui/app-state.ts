/**
The app's state and its reducer: which pane has the keyboard, what is selected, which
mode the keys are in, the collection filter, the environment chosen per collection, the
request in flight, the last outcome per request and the messages for the user.

Pure: no store, no session, no Ink. The open field's text buffer is here too (`field`), and
each pane's view state; components read the slices they draw through selectors, so typing
re-renders the field alone.
*/
import type {Pane} from './keymap.js';
import {defaultArrangement, layoutKind, minimumSize, type PaneArrangement} from './layout.js';
import type {HttpResponse} from '../core/http/types.js';
import type {FormattedBody} from './panes/response/format-body.js';
import type {PaneState, Tab as ResponseTab} from './panes/response/pane-state.js';
import type {FilteredBody} from './panes/response/filtered-body.js';
import type {ArrivingBody} from './panes/response/arriving-body.js';
import type {CookieInfo} from '../core/session/collection-cookies.js';
import {sameCookieJarKey, type CookieJarKey} from './panes/response/cookie-jar-key.js';
import type {Preview} from '../core/session/session.js';
import type {InspectorState, VariableKey} from './panes/variables/variable-types.js';
import type {FieldState, Mode} from './state/mode.js';

export const paneOrder: readonly Pane[] = ['collections', 'request', 'variables', 'response'];

export const requestTabs = ['headers', 'body', 'scripts', 'preview'] as const;
export type RequestTab = typeof requestTabs[number];

export type {ConfirmAction, EditTarget, FieldState, Mode, PromptPurpose, ScriptSlot} from './state/mode.js';
export {createField, keymapMode, openField} from './state/mode.js';

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
	/** The variables pane shows only the variables whose name has this. */
	variableFilter: string;
	/** The variables pane's inspector, while the keys are in it. */
	inspector?: InspectorState;
	/**
	Value texts the user wrote and curlew refused (JSON that does not parse), by variable (see
	draftKeyOf): the field or $EDITOR opens on them again, to correct rather than retype.
	*/
	valueDrafts: Readonly<Record<string, string>>;
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
	/** The jq filter applied to each request's body in this session, by request id. */
	bodyFilters: Readonly<Record<string, string>>;
	/** What the filter of the selected request made of the response shown (or is making of it). */
	filtered?: FilteredBody;
	/** The start of the body of the request in flight, as it arrives. */
	arriving?: ArrivingBody;
	/**
	The selected request resolved as it would be sent, for the Preview tab: `of` says for which
	request, store revision and environment, so a stale one is resolved again.
	*/
	preview?: {of: PreviewKey; preview: Preview};
	/** The preview being resolved now. */
	previewing?: PreviewKey;
	/** The selected collection's cookies, for the response pane's cookies tab. */
	cookies?: {of: CookieJarKey; list: readonly CookieInfo[]};
	/** The cookies being read now. */
	cookiesLoading?: CookieJarKey;
	/** Text the user wrote in $EDITOR and curlew refused, by the id of the collection (its settings) or the request (its details): opened again to correct, not retype. */
	refusedEditorTexts: Readonly<Record<string, string>>;
	/** The first row the help or messages overlay, or the palette's list, shows. */
	overlayTop: number;
	/** The first row the collections tree and the variables list show: each moves only as far as its selection needs. */
	listTops: {collections: number; variables: number};
	/** How the user arranged the panes (zoom, side by side, the split): remembered between runs. */
	arrangement: PaneArrangement;
	/** The response tab the user chose for each request, by request id: a send shows it, or the body. */
	chosenResponseTabs: Readonly<Record<string, ResponseTab>>;
	/** What was last handed to the store to show again at the next start (see remembered-view.ts). */
	remembered?: RememberedView;
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
	/** What is wrong with the prompt's text; undefined once it changed. */
	| {type: 'promptError'; error: string | undefined}
	| {type: 'field'; field: FieldState}
	/** What a save of the field opened at `modeSerial` found: saved (the field stands on `text` now), or another window's text. */
	| {type: 'fieldSaved'; modeSerial: number; text: string}
	| {type: 'fieldConflict'; modeSerial: number; theirs: string | undefined}
	| {type: 'overlayTop'; top: number}
	| {type: 'refusedEditorTexts'; ownerId: string; text: string | undefined}
	| {type: 'response'; response: PaneState}
	| {type: 'formatting'; response: HttpResponse}
	| {type: 'bodyFormatted'; response: HttpResponse; body: FormattedBody}
	| {type: 'setBodyFilter'; requestId: string; filter: string | undefined}
	| {type: 'bodyFiltered'; filtered: FilteredBody | undefined}
	| {type: 'bodyArriving'; arriving: ArrivingBody}
	| {type: 'cookiesLoading'; of: CookieJarKey}
	| {type: 'cookiesLoaded'; of: CookieJarKey; list: readonly CookieInfo[]}
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
	| {type: 'setVariableFilter'; filter: string}
	| {type: 'inspector'; inspector: InspectorState | undefined}
	| {type: 'valueDraft'; key: string; text: string | undefined}
	| {type: 'toggleReveal'}
	| {type: 'arrange'; arrangement: PaneArrangement}
	| {type: 'responseTabChosen'; requestId: string; tab: ResponseTab}
	| {type: 'remembered'; view: RememberedView}
	| {type: 'stored'};

/** What the app shows again at start, from when it was last left (see remembered-view.ts). */
export type RestoredView = {focus?: Pane; requestTab?: RequestTab; responseTab?: ResponseTab; arrangement?: PaneArrangement};

/** What is remembered between runs of the UI: the selection, the focused pane, the tabs and the arrangement. */
export type RememberedView = {
	collectionId?: string;
	requestId?: string;
	pane: Pane;
	requestTab: RequestTab;
	responseTab: ResponseTab;
	arrangement: PaneArrangement;
};

/** `environments`: the environment chosen in each collection when curlew last ran; `restored`: the pane, tabs and arrangement then. */
export function createAppState<Outcome>(selection: Selection = {}, environments: AppState<Outcome>['environments'] = {}, size = {columns: 80, rows: 24}, restored: RestoredView = {}): AppState<Outcome> {
	const {requestId} = selection;
	const state: AppState<Outcome> = {
		size,
		drawnSize: fits(size) ? size : {columns: Math.max(size.columns, minimumSize.columns), rows: Math.max(size.rows, minimumSize.rows)},
		focus: restored.focus ?? 'collections',
		selection,
		collapsed: [],
		mode: {kind: 'navigating'},
		filter: '',
		environments,
		outcomes: {},
		bodyFilters: {},
		messages: [],
		requestTab: restored.requestTab ?? 'body',
		requestRow: 0,
		revealSecrets: false,
		variableFilter: '',
		valueDrafts: {},
		refusedEditorTexts: {},
		overlayTop: 0,
		listTops: {collections: 0, variables: 0},
		arrangement: restored.arrangement ?? defaultArrangement,
		chosenResponseTabs: requestId === undefined || restored.responseTab === undefined ? {} : {[requestId]: restored.responseTab},
		revision: 0,
		modeSerial: 0,
		nextMessageId: 1,
	};
	return {...state, remembered: {...selection, pane: state.focus, requestTab: state.requestTab, responseTab: restored.responseTab ?? 'body', arrangement: state.arrangement}};
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
				...(action.selection.collectionId === state.selection.collectionId ? {} : {selectedVariable: undefined, variableFilter: '', inspector: undefined}),
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
			const {mode} = state;
			return mode.kind === 'editing' || mode.kind === 'prompt' || mode.kind === 'help' || mode.kind === 'palette' ? {...state, mode: {...mode, field: action.field}} : state;
		}

		case 'refusedEditorTexts': {
			const {[action.ownerId]: _previous, ...others} = state.refusedEditorTexts;
			return {...state, refusedEditorTexts: action.text === undefined ? others : {...others, [action.ownerId]: action.text}};
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

		case 'setBodyFilter': {
			const {[action.requestId]: _previous, ...others} = state.bodyFilters;
			return {...state, bodyFilters: action.filter === undefined ? others : {...others, [action.requestId]: action.filter}};
		}

		case 'bodyFiltered': {
			return state.filtered === action.filtered ? state : {...state, filtered: action.filtered};
		}

		case 'bodyArriving': {
			return state.inFlight?.requestId === action.arriving.requestId ? {...state, arriving: action.arriving} : state;
		}

		case 'cookiesLoading': {
			return {...state, cookiesLoading: action.of};
		}

		case 'cookiesLoaded': {
			return {...state, cookies: {of: action.of, list: action.list}, cookiesLoading: state.cookiesLoading !== undefined && sameCookieJarKey(state.cookiesLoading, action.of) ? undefined : state.cookiesLoading};
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
			// The response shows in its body tab, unless the user chose another tab for this request.
			const tab = state.chosenResponseTabs[action.inFlight.requestId] ?? 'body';
			const response = state.response === undefined || state.response.tab === tab ? state.response : {...state.response, tab};
			return {...state, inFlight: action.inFlight, sendWarning: undefined, keptShown: undefined, arriving: undefined, response};
		}

		case 'showKept': {
			return {...state, keptShown: action.name};
		}

		case 'sendFinished': {
			const inFlight = state.inFlight?.requestId === action.requestId ? undefined : state.inFlight;
			const arriving = state.arriving?.requestId === action.requestId ? undefined : state.arriving;
			return {...state, inFlight, arriving, outcomes: {...state.outcomes, [action.requestId]: action.outcome}, revision: state.revision + 1};
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
			// The inspector follows the selection, from the top of the new value.
			return same ? state : {...state, selectedVariable: action.variable, inspector: state.inspector && {line: 0, top: 0}};
		}

		case 'setVariableFilter': {
			return state.variableFilter === action.filter ? state : {...state, variableFilter: action.filter};
		}

		case 'inspector': {
			const same = state.inspector === action.inspector || (state.inspector?.line === action.inspector?.line && state.inspector?.top === action.inspector?.top);
			return same ? state : {...state, inspector: action.inspector};
		}

		case 'valueDraft': {
			const {[action.key]: _previous, ...others} = state.valueDrafts;
			return {...state, valueDrafts: action.text === undefined ? others : {...others, [action.key]: action.text}};
		}

		case 'toggleReveal': {
			return {...state, revealSecrets: !state.revealSecrets};
		}

		case 'arrange': {
			return {...state, arrangement: action.arrangement};
		}

		case 'responseTabChosen': {
			return {...state, chosenResponseTabs: {...state.chosenResponseTabs, [action.requestId]: action.tab}};
		}

		case 'remembered': {
			return {...state, remembered: action.view};
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

/** Whether the terminal is large enough for the panes, one at a time at least. */
export function fits(size: {columns: number; rows: number}): boolean {
	return layoutKind(size.columns, size.rows) !== undefined;
}

/** The next item of a list after `current`, wrapping; the first when `current` is not in it. */
export function cycle<T>(items: readonly T[], current: T): T {
	return items[(items.indexOf(current) + 1) % items.length]!;
}
