/**
The app's one state container and the services it works with, shared through React context.

Every change of state goes through the container synchronously, so every key of a stdin
chunk sees what the keys before it did, even before React renders again. Components read
the slices they draw through `useAppSelector`, and re-render only when their slice changes:
moving the focus does not draw the body being edited again.
*/
import {createContext, useContext, useMemo, useSyncExternalStore, type ReactNode} from 'react';
import type {Collection} from '../core/model.js';
import type {Session, SendOutcome} from '../core/session/session.js';
import {appReducer, createAppState, type AppAction, type AppState, type Selection} from './app-state.js';
import type {Store} from '../core/store/store.js';
import type {World} from './pipeline/world.js';

export type TuiState = AppState<SendOutcome>;
export type TuiAction = AppAction<SendOutcome>;

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

export type TuiServices = {
	store: Store;
	session: Session;
	/** Read for EDITOR, VISUAL, NO_COLOR and `{{process.env.NAME}}`. Default `process.env`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Hands the terminal to a child program (the external editor) and takes it back. */
	terminal?: TerminalHandover;
};

export type AppContainer = {
	getState: () => TuiState;
	dispatch: (action: TuiAction) => void;
	/** Puts a state the key pipeline worked out in place. */
	setState: (state: TuiState) => void;
	subscribe: (listener: () => void) => () => void;
};

export function createAppContainer(selection?: Selection, environments?: TuiState['environments'], size?: TuiState['size']): AppContainer {
	let state: TuiState = createAppState<SendOutcome>(selection, environments, size);
	const listeners = new Set<() => void>();
	const setState = (next: TuiState) => {
		if (next !== state) {
			state = next;
			for (const listener of [...listeners]) {
				listener();
			}
		}
	};

	return {
		getState: () => state,
		dispatch(action) {
			setState(appReducer(state, action));
		},
		setState,
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
	};
}

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

type ContextValue = {container: AppContainer; services: TuiServices; world: World};

const AppContext = createContext<ContextValue | undefined>(undefined);

export function AppProvider({container, services, world, children}: ContextValue & {children: ReactNode}) {
	const value = useMemo(() => ({container, services, world}), [container, services, world]);
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

/** What the views read besides the state: the store's collections, the session's runtime variables, the history. */
export function useWorld(): World {
	return useContextValue().world;
}

export function useContainer(): AppContainer {
	return useContextValue().container;
}

/**
A slice of the app state, re-rendering only when it changes (by `Object.is`). The selector
must return a value already in the state, or a primitive: a new object at each call would
never compare equal.
*/
export function useAppSelector<T>(selector: (state: TuiState) => T): T {
	const {container} = useContextValue();
	return useSyncExternalStore(container.subscribe, () => selector(container.getState()));
}

/** The collections as of the current state, re-rendering when the store changes. */
export function useCollections(): Collection[] {
	const {container, services} = useContextValue();
	useAppSelector(state => state.revision);
	return collectionsOf(container, services.store);
}
