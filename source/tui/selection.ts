/** The collection and request the app state selects, looked up in the collections. */
import type {Collection, Request} from '../core/model.js';
import type {Selection} from './app-state.js';

export type Selected = {collection?: Collection; request?: Request};

export function selectedOf(collections: readonly Collection[], state: {selection: Selection}): Selected {
	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const request = collection?.requests.find(candidate => candidate.id === state.selection.requestId);
	return {collection, request};
}
