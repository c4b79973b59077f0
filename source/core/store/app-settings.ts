import {expectArray, expectBoolean, expectObject, expectString, FieldError, fieldPath} from '../formats/field-error.js';
import {envEntryProblem} from '../interpolate/env-allowance.js';

/** What curlew remembers between runs that is not part of a collection. */
export type AppSettings = {
	/** Collection id → the id of its selected environment. */
	selectedEnvironments: Record<string, string>;
	lastCollectionId?: string;
	lastRequestId?: string;
	/** The "Getting started" collection was made once; deleting it does not bring it back. */
	seeded: boolean;
	/**
	The environment variables `{{process.env.NAME}}` may read, in any collection: names, and
	prefixes ending in `*`. Only the user sets them (`curlew env allow`); no collection can.
	*/
	allowedEnv: string[];
};

export function defaultAppSettings(): AppSettings {
	return {selectedEnvironments: {}, seeded: false, allowedEnv: []};
}

export function readAppSettings(value: unknown, field: string): AppSettings {
	if (value === undefined) {
		return defaultAppSettings();
	}

	const object = expectObject(value, field);
	const settings = defaultAppSettings();
	if (object.selectedEnvironments !== undefined) {
		const selectedField = fieldPath(field, 'selectedEnvironments');
		for (const [collectionId, environmentId] of Object.entries(expectObject(object.selectedEnvironments, selectedField))) {
			settings.selectedEnvironments[collectionId] = expectString(environmentId, fieldPath(selectedField, collectionId));
		}
	}

	for (const key of ['lastCollectionId', 'lastRequestId'] as const) {
		if (object[key] !== undefined) {
			settings[key] = expectString(object[key], fieldPath(field, key));
		}
	}

	if (object.seeded !== undefined) {
		settings.seeded = expectBoolean(object.seeded, fieldPath(field, 'seeded'));
	}

	if (object.allowedEnv !== undefined) {
		const allowedField = fieldPath(field, 'allowedEnv');
		settings.allowedEnv = expectArray(object.allowedEnv, allowedField).map((entry, index) => {
			const entryField = fieldPath(allowedField, index);
			const problem = envEntryProblem(expectString(entry, entryField));
			if (problem !== undefined) {
				throw new FieldError(entryField, problem);
			}

			return entry as string;
		});
	}

	return settings;
}
