import {describeJson, expectObject, FieldError, type JsonObject} from '../formats/field-error.js';
import {encodeValue, type Value} from '../values.js';
import {StoreError} from './store-error.js';

/** The layout the store writes. Each change to it adds a migration below. */
export const schemaVersion = 2;

type Migration = (document: JsonObject) => JsonObject;

/**
`migrations[n]` turns a version n document into version n + 1. A migration works on the
JSON as read, before it is checked, and the result is checked as the current version.
*/
export const migrations: readonly Migration[] = [
	/*
	Version 0 (no `schemaVersion`) kept variables as a name → value record of plain JSON,
	with no secret flags and no dates, and had no app settings. Variables become a list
	with values in the tagged storage form (so a user key starting with "$" is escaped),
	and the store counts as seeded so an existing user is not given the sample collection.
	*/
	document => {
		const collections = Array.isArray(document.collections) ? document.collections : [];
		return {
			...document,
			schemaVersion: 1,
			collections: collections.map(collection => {
				if (typeof collection !== 'object' || collection === null) {
					return collection as unknown;
				}

				const environments = (collection as JsonObject).environments;
				return {
					...collection,
					variables: variableList((collection as JsonObject).variables),
					environments: Array.isArray(environments)
						? environments.map(environment => typeof environment === 'object' && environment !== null ? {...environment, variables: variableList((environment as JsonObject).variables)} : environment as unknown)
						: environments,
				};
			}),
			settings: document.settings ?? {selectedEnvironments: {}, seeded: true},
		};
	},
	/*
	Version 2 adds what a version 1 document has none of: folders with variables; a request's
	variables, post-response variables, assertions, settings and auth; the body types
	multipart, file and graphql (with the body slots parts, file and variables); a
	collection's auth and its setting persistCookies. Nothing changes shape; the version goes
	up so that a curlew that knows only version 1 refuses the store, saying to upgrade, rather
	than keep it aside as damaged (an unknown body type) or drop the new keys on its next write.
	*/
	document => ({...document, schemaVersion: 2}),
];

function variableList(record: unknown): unknown {
	if (typeof record !== 'object' || record === null || Array.isArray(record)) {
		return record;
	}

	return Object.entries(record).map(([name, value]) => ({name, value: encodeValue(value as Value)}));
}

/** @returns the document in the current layout and the version it was read in. */
export function migrate(raw: unknown): {document: JsonObject; from: number} {
	const document = expectObject(raw, '');
	const version = document.schemaVersion ?? 0;
	if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
		throw new FieldError('schemaVersion', `expected a whole number, found ${describeJson(version)}`);
	}

	if (version > schemaVersion) {
		throw new StoreError(`The store was written by a newer curlew (schema ${version}; this one reads up to ${schemaVersion}): upgrade curlew. The file was left as it is.`);
	}

	let migrated = document;
	for (let step = version; step < schemaVersion; step++) {
		migrated = migrations[step]!(migrated);
	}

	return {document: migrated, from: version};
}
