/**
Each pane's title and what its title row says after it: drawn in the pane's frame, and in
the status bar when the pane is drawn alone and bare (zoomed, or on a small terminal).
*/
import type {Collection, Environment, Request} from '../../core/model.js';
import type {TuiState} from '../app-context.js';
import type {Pane} from '../keymap.js';
import type {World} from '../pipeline/world.js';
import {selectedOf} from '../selection.js';
import {keptLabel} from './response/kept-label.js';
import {shownResponse, type ShownResponse} from './response/shown-response.js';

export const paneTitles: Readonly<Record<Pane, string>> = {collections: 'Collections', request: 'Request', variables: 'Variables', response: 'Response'};

/** The collections pane's: the environment of the selected collection, or that it has none chosen. */
export function collectionsDetail(collections: readonly Collection[], state: Pick<TuiState, 'selection' | 'environments'>): string | undefined {
	return environmentTag(collections.find(candidate => candidate.id === state.selection.collectionId), state);
}

/** The environment in use for `collection`, in brackets: `[staging]`, `[no env]`; nothing for a collection without environments. */
export function environmentTag(collection: Collection | undefined, state: Pick<TuiState, 'environments'>): string | undefined {
	const environment = environmentInUse(collection, state);
	return environment === undefined ? undefined : environment === 'none' ? '[no env]' : `[${environment.name}]`;
}

/** The environment `collection`'s requests are sent in, `none` when it has environments but none is chosen. */
export function environmentInUse(collection: Collection | undefined, state: Pick<TuiState, 'environments'>): Environment | 'none' | undefined {
	if (collection === undefined || collection.environments.length === 0) {
		return undefined;
	}

	return collection.environments.find(candidate => candidate.id === state.environments[collection.id]) ?? 'none';
}

/** The request pane's: the request's name, then the environment it is sent in. */
export function requestDetail(collection: Collection | undefined, request: Request | undefined, state: Pick<TuiState, 'environments'>): string | undefined {
	if (request === undefined) {
		return undefined;
	}

	const tag = environmentTag(collection, state);
	return tag === undefined ? request.name : `${request.name} ${tag}`;
}

/** The response pane's: the request the response is of, and for a kept one when it was sent. */
export function responseDetail(shown: ShownResponse, collections: readonly Collection[], state: Pick<TuiState, 'selection' | 'keptShown'>): string | undefined {
	if (shown.kept === undefined) {
		return shown.outcome?.request.name;
	}

	const name = shown.outcome?.request.name ?? selectedOf(collections, state).request?.name;
	return `${name ?? ''} · ${keptLabel(shown.kept, state.keptShown === undefined)}`;
}

/** The pane's title and detail on one line. */
export function headingOf(pane: Pane, state: TuiState, world: World): string {
	const collections = world.collections();
	const details: Record<Pane, () => string | undefined> = {
		collections: () => collectionsDetail(collections, state),
		request: () => {
			const {collection, request} = selectedOf(collections, state);
			return requestDetail(collection, request, state);
		},
		variables: () => (state.revealSecrets ? 'secrets shown' : undefined),
		response: () => responseDetail(shownResponse(state, world), collections, state),
	};
	const detail = details[pane]();
	return detail === undefined ? paneTitles[pane] : `${paneTitles[pane]} ${detail}`;
}
