import {expectArray, expectBoolean, expectObject, expectString, FieldError, fieldPath} from '../formats/field-error.js';
import {envEntryProblem} from '../interpolate/env-allowance.js';

/** What curlew remembers between runs that is not part of a collection. */
export type AppSettings = {
	/** Collection id → the id of its selected environment. */
	selectedEnvironments: Record<string, string>;
	lastCollectionId?: string;
	lastRequestId?: string;
	/** What the terminal UI showed when it was last left, besides the selection, to show it again. */
	screen?: ScreenSettings;
	/** The "Getting started" collection was made once; deleting it does not bring it back. */
	seeded: boolean;
	/**
	The environment variables `{{process.env.NAME}}` may read, in any collection: names, and
	prefixes ending in `*`. Only the user sets them (`curlew env allow`); no collection can.
	*/
	allowedEnv: string[];
};

/**
The terminal UI's last pane, tabs and arrangement of its panes. The UI checks the names when
it reads them (one it no longer knows is passed over); here each is kept only when of its type.
*/
export type ScreenSettings = {
	pane?: string;
	requestTab?: string;
	responseTab?: string;
	zoomed?: boolean;
	sideBySide?: boolean;
	/** The request's share of the room it shares with the response, between 0 and 1. */
	requestShare?: number;
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

	if (object.screen !== undefined) {
		settings.screen = readScreenSettings(object.screen);
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

/**
A view setting of the wrong type is passed over rather than refused: refusing it would set
the whole store aside as damaged, for the sake of which pane had the keyboard.
*/
function readScreenSettings(value: unknown): ScreenSettings {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return {};
	}

	const entries = value as Record<string, unknown>;
	const screen: ScreenSettings = {};
	for (const key of ['pane', 'requestTab', 'responseTab'] as const) {
		if (typeof entries[key] === 'string') {
			screen[key] = entries[key];
		}
	}

	for (const key of ['zoomed', 'sideBySide'] as const) {
		if (typeof entries[key] === 'boolean') {
			screen[key] = entries[key];
		}
	}

	const share = entries.requestShare;
	if (typeof share === 'number' && share > 0 && share < 1) {
		screen.requestShare = share;
	}

	return screen;
}
