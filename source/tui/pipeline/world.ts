/**
What the key pipeline reads besides the app state: the store's collections, the session's
runtime variables, the response history and the disk's free file names. Reading changes
nothing; every change goes through an effect.
*/
import type {Collection} from '../../core/model.js';
import {effectiveVariables, requestLayers, type EffectiveVariable} from '../../core/scopes.js';
import type {Session} from '../../core/session/session.js';
import type {StoredHistoryEntry} from '../../core/store/history.js';
import type {Store} from '../../core/store/store.js';
import type {AppContainer, TuiServices} from '../state/types.js';
import {keptEntry, keptFilters, keptNames} from '../panes/response/kept-response.js';
import {freeSavePath} from '../panes/response/save-body.js';

export type World = {
	collections: () => readonly Collection[];
	/** The variables in effect for a collection and its chosen environment, runtime included. */
	/** With `requestId`, that request's folders' variables and its own are in the chain too. */
	variablesInEffect: (collection: Collection, environmentId: string | undefined, requestId?: string) => EffectiveVariable[];
	/** The names of a request's kept responses, oldest first. */
	keptNames: (requestId: string) => string[];
	keptEntry: (requestId: string, name: string) => StoredHistoryEntry | undefined;
	/** The jq filters last applied to a request's responses, the most recent last. */
	keptFilters: (requestId: string) => string[];
	/** The secret texts of a collection and environment, runtime values included. */
	secrets: (collection: Collection, environmentId: string | undefined) => string[];
	/** A file name like `name` not taken yet in the working folder. */
	freeSavePath: (name: string) => string;
	env: Readonly<Record<string, string | undefined>> | undefined;
};

export function variablesInEffect(session: Session, collection: Collection, environmentId: string | undefined, requestId?: string): EffectiveVariable[] {
	const environment = collection.environments.find(candidate => candidate.id === environmentId);
	const request = requestId === undefined ? undefined : collection.requests.find(candidate => candidate.id === requestId);
	return effectiveVariables({
		collection: collection.variables,
		environment: environment?.variables ?? [],
		...requestLayers(collection, request),
		runtime: Object.fromEntries(session.runtimeOf(collection)),
	});
}

/**
The store's collections, read again only after a change (the state's `revision`): the
store reads its file on each call, and every pane needs them on every render.
*/
function collectionsOf(container: AppContainer, store: Store): Collection[] {
	const {revision} = container.getState();
	let cached = cache.get(container);
	if (cached?.revision !== revision) {
		cached = {revision, collections: store.collections()};
		cache.set(container, cached);
	}

	return cached.collections;
}

const cache = new WeakMap<AppContainer, {revision: number; collections: Collection[]}>();

export function createWorld(container: AppContainer, services: TuiServices): World {
	const {store, session} = services;
	return {
		collections: () => collectionsOf(container, store),
		variablesInEffect: (collection, environmentId, requestId) => variablesInEffect(session, collection, environmentId, requestId),
		keptNames: requestId => keptNames(store.history, requestId),
		keptEntry: (requestId, name) => keptEntry(store.history, requestId, name),
		keptFilters: requestId => keptFilters(store.history, requestId),
		secrets: (collection, environmentId) => session.secrets(collection, environmentId),
		freeSavePath: name => freeSavePath(name),
		env: services.env,
	};
}
