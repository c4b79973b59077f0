import type {Collection, Variable} from '../model.js';
import {secretNames} from '../secrets.js';
import {findCollectionByName} from '../store/find.js';
import type {Store} from '../store/store.js';
import {serializeCollection} from './curlew-format.js';

/**
The collection as a file, curlew's own unless another serializer is given; secret values are
left out. The collection is found as `curlew run` finds it (`findCollectionByName`). Apart
from the import code, so that `curlew export` loads none of the other formats' readers.
*/
export function exportCollection(store: Store, nameOrId: string, serialize: (collection: Collection) => string = serializeCollection): string {
	return serialize(withSecretNamesMarked(findCollectionByName(store.collections(), nameOrId)));
}

/** The collection with every variable of a name secret in any scope marked secret (see secretNames): the serializers leave out their values. */
function withSecretNamesMarked(collection: Collection): Collection {
	const secret = secretNames(collection);
	const marked = (variables: Variable[]) => variables.map(variable => secret.has(variable.name) ? {...variable, secret: true} : variable);
	return {
		...collection,
		variables: marked(collection.variables),
		environments: collection.environments.map(environment => ({...environment, variables: marked(environment.variables)})),
		requests: collection.requests.map(request => request.variables === undefined ? request : {...request, variables: marked(request.variables)}),
		...(collection.folders === undefined ? {} : {folders: collection.folders.map(folder => ({...folder, variables: marked(folder.variables)}))}),
	};
}
