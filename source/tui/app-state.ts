/**
The app's state and its reducer: which pane has the keyboard, what is selected, which
mode the keys are in, the collection filter, the environment chosen per collection, the
request in flight, the last outcome per request and the messages for the user.

Pure: no store, no session, no Ink. What a text field holds while it is typed in lives in
its editor, not here, so typing re-renders the editor alone.
*/
import type {Pane} from './keymap.js';
import type {Header} from '../core/model.js';
import type {Scope} from '../core/scopes.js';
import type {Value} from '../core/values.js';

export const paneOrder: readonly Pane[] = ['collections', 'request', 'variables', 'response'];

export const requestTabs = ['headers', 'body', 'scripts', 'preview'] as const;
export type RequestTab = typeof requestTabs[number];

export type ScriptSlot = {owner: 'request' | 'collection'; phase: 'preRequest' | 'postResponse'};

/** A field of the request pane that a text editor has the keyboard of. */
export type EditTarget =
	| {kind: 'url'}
	| {kind: 'header'; index: number | 'new'}
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
	| {kind: 'variable-value'; variable: VariableTarget; valueKind: EditableKind};

export type ConfirmAction =
	| {kind: 'delete-collection'; collectionId: string}
	| {kind: 'delete-request'; collectionId: string; requestId: string}
	| {kind: 'delete-variable'; collectionId: string; variable: VariableKey; environmentId?: string}
	| {kind: 'delete-environment'; collectionId: string; environmentId: string}
	| {kind: 'delete-header'; collectionId: string; requestId: string; index: number; header: Header};

export type Mode =
	| {kind: 'navigating'}
	| {kind: 'editing'; target: EditTarget}
	| {kind: 'prompt'; label: string; initial: string; purpose: PromptPurpose; error?: string}
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
	/** How far the body or preview tab on screen scrolls: the last first line that still fills it. */
	requestScrollLimit: number;
	/** The selected variable of the variables pane; none picked yet is its first row. */
	selectedVariable?: VariableKey;
	/** Whether secret values are shown in clear in the variables pane. */
	revealSecrets: boolean;
	/**
	The kept response of the selected request the response pane shows, by its name in the
	history; undefined shows this session's last outcome, or with none the newest kept.
	*/
	keptShown?: string;
	/** Bumped by every change to what the store holds, so views read it again. */
	revision: number;
	/** Bumped by every change of mode: a field or prompt opened again is a new one, with its own editor. */
	modeSerial: number;
	nextMessageId: number;
};

export type AppAction<Outcome> =
	| {type: 'focus'; pane: Pane}
	| {type: 'focusNext'}
	| {type: 'focusPrevious'}
	| {type: 'select'; selection: Selection}
	| {type: 'toggleCollapsed'; collectionId: string; collapsed?: boolean}
	| {type: 'setMode'; mode: Mode}
	| {type: 'leaveMode'}
	| {type: 'promptError'; error: string}
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
	| {type: 'requestScrollLimit'; limit: number}
	| {type: 'selectVariable'; variable: VariableKey | undefined}
	| {type: 'toggleReveal'}
	| {type: 'stored'};

/** `environments`: the environment chosen in each collection when curlew last ran. */
export function createAppState<Outcome>(selection: Selection = {}, environments: AppState<Outcome>['environments'] = {}): AppState<Outcome> {
	return {
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
		requestScrollLimit: 0,
		revealSecrets: false,
		revision: 0,
		modeSerial: 0,
		nextMessageId: 1,
	};
}

export function appReducer<Outcome>(state: AppState<Outcome>, action: AppAction<Outcome>): AppState<Outcome> {
	switch (action.type) {
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
			return {...state, mode: action.mode, modeSerial: state.modeSerial + 1};
		}

		case 'leaveMode': {
			return state.mode.kind === 'navigating' ? state : {...state, mode: {kind: 'navigating'}, modeSerial: state.modeSerial + 1};
		}

		case 'promptError': {
			return state.mode.kind === 'prompt' ? {...state, mode: {...state.mode, error: action.error}} : state;
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

		case 'requestScrollLimit': {
			return state.requestScrollLimit === action.limit ? state : {...state, requestScrollLimit: action.limit};
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

/** The keymap's mode for the app's mode: only a text field being typed in is `edit`. */
export function keymapMode(mode: Mode): 'navigate' | 'edit' {
	return mode.kind === 'editing' || mode.kind === 'prompt' ? 'edit' : 'navigate';
}

/** The next item of a list after `current`, wrapping; the first when `current` is not in it. */
export function cycle<T>(items: readonly T[], current: T): T {
	return items[(items.indexOf(current) + 1) % items.length]!;
}
