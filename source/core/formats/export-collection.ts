import type {Collection} from '../model.js';
import {findCollectionByName} from '../store/find.js';
import type {Store} from '../store/store.js';
import {serializeCollection} from './curlew-format.js';

/**
The collection as a file, curlew's own unless another serializer is given; secret values are
left out. The collection is found as `curlew run` finds it (`findCollectionByName`). Apart
from the import code, so that `curlew export` loads none of the other formats' readers.
*/
export function exportCollection(store: Store, nameOrId: string, serialize: (collection: Collection) => string = serializeCollection): string {
	return serialize(findCollectionByName(store.collections(), nameOrId));
}
