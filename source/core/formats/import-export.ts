import type {Collection} from '../model.js';
import {StoreError} from '../store/store-error.js';
import type {Store} from '../store/store.js';
import {parseCollectionFile, serializeCollection} from './curlew-format.js';

/**
Adds the collection in a curlew file to the store. The whole file is checked first, so a
bad file changes nothing. A name already taken gains a suffix: "API (2)".
*/
export function importCollection(store: Store, text: string): Collection {
	return store.createCollection(parseCollectionFile(text));
}

/** The collection as a file, curlew's own unless another serializer is given; secret values are left out. */
export function exportCollection(store: Store, nameOrId: string, serialize: (collection: Collection) => string = serializeCollection): string {
	const collection = store.findCollection(nameOrId);
	if (collection === undefined) {
		const names = store.collections().map(existing => JSON.stringify(existing.name)).join(', ');
		throw new StoreError(`There is no collection named "${nameOrId}": ${names === '' ? 'the store has none' : `choose one of ${names}`}`);
	}

	return serialize(collection);
}
