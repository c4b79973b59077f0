/**
The app's state container and the services it works with, shared through React context.

State changes go through `appReducer` synchronously (`dispatch` updates the current state
at once), so every key of a stdin chunk sees what the keys before it did, even before
React renders again.
*/
import {createContext, useContext, useMemo, useSyncExternalStore, type ReactNode} from 'react';
import type {Collection} from '../core/model.js';
import type {Session, SendOutcome} from '../core/session/session.js';
import {appReducer, createAppState, type AppAction, type AppState, type Selection} from './app-state.js';
import type {Command} from './keymap.js';
import {createDebouncedSaver, type DebouncedSaver} from './panes/debounced-saver.js';
import {EditConflict} from './panes/edit-conflict.js';
import {StoreUnavailableError} from '../core/store/store-error.js';
import type {Store} from '../core/store/store.js';

export type TuiState = AppState<SendOutcome>;
export type TuiAction = AppAction<SendOutcome>;

export type TuiServices = {
	store: Store;
	session: Session;
	/** Read for EDITOR, VISUAL, NO_COLOR and `{{process.env.NAME}}`. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Hands the terminal to a child program (the external editor) and takes it back. */
	terminal?: TerminalHandover;
	/** Ends the app: restore the terminal, flush, exit. */
	quit?: () => void;
};

export type TerminalHandover = {
	suspend: () => void;
	resume: () => void;
	/** Stops curlew for the shell's job control (ctrl+z) and takes the screen back when it continues. */
	stopForShell?: () => void;
	/**
	The app gives the way to draw its whole frame again, which a screen taken back needs when
	nothing in it changed; returns a function that takes it back.
	*/
	setRedraw?: (redraw: () => void) => () => void;
};

export type AppContainer = {
	getState: () => TuiState;
	dispatch: (action: TuiAction) => void;
	subscribe: (listener: () => void) => () => void;
};

/**
The store's collections, read again only after a change (the state's `revision`): the
store reads its file on each call, and every pane needs them on every render.
*/
export function collectionsOf(container: AppContainer, store: Store): Collection[] {
	const {revision} = container.getState();
	let cached = cache.get(container);
	if (cached?.revision !== revision) {
		cached = {revision, collections: store.collections()};
		cache.set(container, cached);
	}

	return cached.collections;
}

const cache = new WeakMap<AppContainer, {revision: number; collections: Collection[]}>();

/**
The app's saver of typed text. A save the store cannot write for now (a full disk, a folder
not writable) is kept and tried again with the next change, and the status bar says so; so
is one that found its field changed by another window, until the user chooses (see
edit-conflict.ts). One the store refuses (the request was deleted in another window) is
said, and the app goes on.
*/
export function createSaver(container: AppContainer): DebouncedSaver {
	return createDebouncedSaver(300, {
		keepOnError: error => error instanceof StoreUnavailableError || error instanceof EditConflict,
		onError(error, kept) {
			const reason = errorText(error);
			const text = error instanceof EditConflict ? reason : kept ? `Not saved yet: ${reason}. The edit is kept, and saved with your next change` : `Not saved: ${reason}`;
			container.dispatch({type: 'message', text, tone: 'error'});
		},
	});
}

export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export function createAppContainer(selection?: Selection, environments?: TuiState['environments']): AppContainer {
	let state: TuiState = createAppState<SendOutcome>(selection, environments);
	const listeners = new Set<() => void>();
	return {
		getState: () => state,
		dispatch(action) {
			const next = appReducer(state, action);
			if (next !== state) {
				state = next;
				for (const listener of listeners) {
					listener();
				}
			}
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
	};
}

/** What editors hand back to the app: keys that work while editing, and the saver of typed text. */
export type AppActions = {
	saver: DebouncedSaver;
	/** Runs a command of the app (send, cancel) from inside an editor. */
	runCommand: (command: Command) => void;
};

type ContextValue = {container: AppContainer; services: TuiServices; actions: AppActions};

const AppContext = createContext<ContextValue | undefined>(undefined);

export function AppProvider({container, services, actions, children}: ContextValue & {children: ReactNode}) {
	const value = useMemo(() => ({container, services, actions}), [container, services, actions]);
	return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

function useContextValue(): ContextValue {
	const value = useContext(AppContext);
	if (value === undefined) {
		throw new Error('curlew\'s panes must be rendered inside <AppProvider>');
	}

	return value;
}

export function useServices(): TuiServices {
	return useContextValue().services;
}

export function useActions(): AppActions {
	return useContextValue().actions;
}

export function useContainer(): AppContainer {
	return useContextValue().container;
}

/** The app state, re-rendering when it changes. */
export function useAppState(): TuiState {
	const {container} = useContextValue();
	return useSyncExternalStore(container.subscribe, container.getState);
}

/** The collections as of the current state. */
export function useCollections(): Collection[] {
	const {container, services} = useContextValue();
	useAppState();
	return collectionsOf(container, services.store);
}
