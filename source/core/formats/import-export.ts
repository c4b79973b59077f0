import type {Collection} from '../model.js';
import {findCollectionByName} from '../store/find.js';
import type {Store} from '../store/store.js';
import {parseCollectionFile, serializeCollection} from './curlew-format.js';

/** A request or environment that an import named otherwise than its file did. */
export type ImportRename = {kind: 'request' | 'environment'; from: string; to: string};

export type ImportResult = {
	collection: Collection;
	/** In the file's order, environments first; the collection's own new name is `collection.name`. */
	renamed: ImportRename[];
};

/**
Adds the collection in a curlew file to the store. The whole file is checked first, so a
bad file changes nothing. A name already taken gains a suffix: "API (2)"; so does a
request or environment named exactly like an earlier one of the file, which the result
lists, so that the user learns the name to run it by.
*/
export function importCollection(store: Store, text: string): ImportResult {
	const file = parseCollectionFile(text);
	const collection = store.createCollection(file);
	return {
		collection,
		renamed: [...renamesOf('environment', file.environments, collection.environments), ...renamesOf('request', file.requests, collection.requests)],
	};
}

/** The store keeps the file's order, so the items pair up by position. */
function renamesOf(kind: ImportRename['kind'], inFile: ReadonlyArray<{name: string}>, imported: ReadonlyArray<{name: string}>): ImportRename[] {
	return inFile.flatMap(({name}, index) => {
		const to = imported[index]!.name;
		return to === name ? [] : [{kind, from: name, to}];
	});
}

/**
The collection as a file, curlew's own unless another serializer is given; secret values are
left out. The collection is found as `curlew run` finds it (`findCollectionByName`).
*/
export function exportCollection(store: Store, nameOrId: string, serialize: (collection: Collection) => string = serializeCollection): string {
	return serialize(findCollectionByName(store.collections(), nameOrId));
}
