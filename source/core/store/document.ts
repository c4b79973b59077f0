import {FieldError, fieldPath, optionalArray, type JsonObject} from '../formats/field-error.js';
import {readEncodedValue} from '../formats/encoded-value.js';
import {readCollection, type ModelReadOptions} from '../formats/read-model.js';
import type {Collection, Request, Variable} from '../model.js';
import {encodeValue} from '../values.js';
import {defaultAppSettings, readAppSettings, type AppSettings} from './app-settings.js';
import {schemaVersion} from './migrations.js';

/**
Everything in the store's file. On disk it is
`{"schemaVersion": 2, "collections": [...], "settings": {...}}`: collections as in the
model with ids, every variable value (of the collection, its environments, folders and
requests) in the tagged storage form of values.ts.
*/
export type StoreDocument = {
	collections: Collection[];
	settings: AppSettings;
};

export function emptyDocument(): StoreDocument {
	return {collections: [], settings: defaultAppSettings()};
}

const storedModel: ModelReadOptions = {
	ids: 'stored',
	readValue: (entry, field) => readEncodedValue(entry.value, fieldPath(field, 'value')),
};

/** Checks a document in the current layout; a FieldError names the first bad field. */
export function readDocument(raw: JsonObject): StoreDocument {
	const collections = optionalArray(raw, 'collections', '').map((collection, index) => readCollection(collection, fieldPath('collections', index), storedModel));
	checkUniqueIds(collections);
	return {collections, settings: readAppSettings(raw.settings, 'settings')};
}

export function encodeDocument(document: StoreDocument): JsonObject {
	return {
		schemaVersion,
		collections: document.collections.map(collection => ({
			...collection,
			variables: encodeVariables(collection.variables),
			environments: collection.environments.map(environment => ({...environment, variables: encodeVariables(environment.variables)})),
			requests: collection.requests.map(encodeRequest),
			...(collection.folders === undefined ? {} : {folders: collection.folders.map(folder => ({...folder, variables: encodeVariables(folder.variables)}))}),
		})),
		settings: document.settings,
	};
}

export function serializeDocument(document: StoreDocument): string {
	return `${JSON.stringify(encodeDocument(document), undefined, '\t')}\n`;
}

function encodeRequest(request: Request): Request | JsonObject {
	return request.variables === undefined ? request : {...request, variables: encodeVariables(request.variables)};
}

function encodeVariables(variables: Variable[]): JsonObject[] {
	return variables.map(({name, value, secret}) => secret ? {name, value: encodeValue(value), secret} : {name, value: encodeValue(value)});
}

/* Request ids name the history files, so they must be unique across the whole store. */
function checkUniqueIds(collections: Collection[]): void {
	const collectionIds = new Set<string>();
	const requestIds = new Set<string>();
	for (const [index, collection] of collections.entries()) {
		const field = fieldPath('collections', index);
		if (collectionIds.has(collection.id)) {
			throw new FieldError(fieldPath(field, 'id'), `${JSON.stringify(collection.id)} is used by an earlier collection: ids must be unique`);
		}

		collectionIds.add(collection.id);
		for (const [requestIndex, request] of collection.requests.entries()) {
			if (requestIds.has(request.id)) {
				throw new FieldError(fieldPath(fieldPath(fieldPath(field, 'requests'), requestIndex), 'id'), `${JSON.stringify(request.id)} is used by an earlier request: ids must be unique`);
			}

			requestIds.add(request.id);
		}

		const environmentIds = new Set<string>();
		for (const [environmentIndex, environment] of collection.environments.entries()) {
			if (environmentIds.has(environment.id)) {
				throw new FieldError(fieldPath(fieldPath(fieldPath(field, 'environments'), environmentIndex), 'id'), `${JSON.stringify(environment.id)} is used by an earlier environment: ids must be unique`);
			}

			environmentIds.add(environment.id);
		}
	}
}

