/**
Each pane's title and what its title row says after it: drawn in the pane's frame, and in
the status bar when the pane is drawn alone and bare (zoomed, or on a small terminal).
*/
import type {Collection} from '../../core/model.js';
import type {TuiState} from '../app-context.js';
import type {Pane} from '../keymap.js';
import type {World} from '../pipeline/world.js';
import {selectedOf} from '../selection.js';
import {keptLabel} from './response/kept-label.js';
import {shownResponse, type ShownResponse} from './response/shown-response.js';

export const paneTitles: Readonly<Record<Pane, string>> = {collections: 'Collections', request: 'Request', variables: 'Variables', response: 'Response'};

/** The collections pane's: the environment of the selected collection, or that it has none chosen. */
export function collectionsDetail(collections: readonly Collection[], state: Pick<TuiState, 'selection' | 'environments'>): string | undefined {
	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const environment = collection?.environments.find(candidate => candidate.id === state.environments[collection.id]);
	if (environment !== undefined) {
		return `[${environment.name}]`;
	}

	return collection !== undefined && collection.environments.length > 0 ? '[no env]' : undefined;
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
		request: () => selectedOf(collections, state).request?.name,
		variables: () => (state.revealSecrets ? 'secrets shown' : undefined),
		response: () => responseDetail(shownResponse(state, world), collections, state),
	};
	const detail = details[pane]();
	return detail === undefined ? paneTitles[pane] : `${paneTitles[pane]} ${detail}`;
}
