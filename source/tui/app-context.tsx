/**
The app's one state container and the services it works with, shared through React context.

Every change of state goes through the container synchronously, so every key of a stdin
chunk sees what the keys before it did, even before React renders again. Components read
the slices they draw through `useAppSelector`, and re-render only when their slice changes:
moving the focus does not draw the body being edited again.
*/
import {createContext, useContext, useMemo, useSyncExternalStore, type ReactNode} from 'react';
import type {Collection} from '../core/model.js';
import type {SendOutcome} from '../core/session/session.js';
import {appReducer, createAppState, type RestoredView, type Selection} from './app-state.js';
import type {World} from './pipeline/world.js';
import type {AppContainer, TuiServices, TuiState} from './state/types.js';

export type {AppContainer, TerminalHandover, TuiAction, TuiServices, TuiState} from './state/types.js';

export function createAppContainer(selection?: Selection, environments?: TuiState['environments'], size?: TuiState['size'], restored?: RestoredView): AppContainer {
	let state: TuiState = createAppState<SendOutcome>(selection, environments, size, restored);
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
export function useCollections(): readonly Collection[] {
	const {world} = useContextValue();
	useAppSelector(state => state.revision);
	return world.collections();
}
