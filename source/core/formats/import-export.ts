import path from 'node:path';
import type {Collection, Environment} from '../model.js';
import {findCollectionByName} from '../store/find.js';
import type {Store} from '../store/store.js';
import {parseCollectionFile} from './curlew-format.js';
import {readCurlCommands} from './curl-import.js';
import {readBrunoFolder} from './bruno-folder.js';
import {readBrunoCollection} from './bruno-import.js';
import {detectFormat, type ImportFormat} from './detect-format.js';
import {envNote} from './env-note.js';
import {FieldError} from './field-error.js';
import type {ImportedCollection, ImportedEnvironment} from './imported.js';
import {maxFileDepth, parseJsonText} from './json-text.js';
import {readPostmanCollection, readPostmanEnvironment} from './postman-import.js';
import {weakenedRequestSettingsNotes, weakenedSettingsNotes} from './settings-notes.js';

/** A request or environment that an import named otherwise than its file did. */
export type ImportRename = {kind: 'request' | 'environment'; from: string; to: string};

export type ImportResult = {
	collection: Collection;
	/** In the file's order, environments first; the collection's own new name is `collection.name`. */
	renamed: ImportRename[];
	/** What was left out or needs porting, one line each (none for curlew's own format). */
	notes: string[];
};

export type EnvironmentImportResult = {
	/** The collection the environment was added to. */
	collection: Collection;
	environment: Environment;
	renamed: ImportRename[];
	notes: string[];
};

/**
Reads text in `format` (see detectFormat), checking all of it before anything is stored.
`fileName` names a collection whose file has no name for it (curl commands, a Postman
collection without `info`); `folder`, the folder the text was read from, is where the
relative file paths of its bodies are read from (they are stored absolute).
@throws FieldError or JsonSyntaxError saying what is wrong and where.
*/
export function readImportText(text: string, format: Exclude<ImportFormat, 'bruno'>, fileName: string, folder?: string): ImportedCollection | ImportedEnvironment {
	switch (format) {
		case 'curlew': {
			return withSettingsNotes({collection: parseCollectionFile(text), notes: []});
		}

		case 'postman': {
			return withSettingsNotes(readPostmanCollection(parseJsonText(text, maxFileDepth), {fileName, folder}));
		}

		case 'postman-environment': {
			return readPostmanEnvironment(parseJsonText(text, maxFileDepth));
		}

		case 'curl': {
			return withSettingsNotes(readCurlCommands(text, fileName, {folder}));
		}
	}
}

/**
Reads a folder in `format` (see detectFolderFormat: a Bruno collection), checking all of it
before anything is stored.
@throws FieldError saying what is wrong and in which file.
*/
export function readImportFolder(folder: string, format: 'bruno'): ImportedCollection {
	switch (format) {
		case 'bruno': {
			return withSettingsNotes(readBrunoCollection(readBrunoFolder(folder), {folder: path.resolve(folder)}));
		}
	}
}

/** The notes on the settings that weaken a guard come first: they matter before anything is sent. */
function withSettingsNotes(imported: ImportedCollection): ImportedCollection {
	const {collection, settingSources, notes} = imported;
	return {...imported, notes: [...weakenedSettingsNotes(collection.settings, settingSources), ...weakenedRequestSettingsNotes(collection), ...notes]};
}

/**
Adds the collection in a file (curlew's own, Postman's or curl commands) to the store. The
whole file is checked first, so a bad file changes nothing. `fileName` names a collection of
curl commands.
@throws FieldError for an environment file, which goes into a collection: see importEnvironment.
*/
export function importCollection(store: Store, text: string, fileName = 'imported'): ImportResult {
	const imported = readImportText(text, detectFormat(text), fileName);
	if (!('collection' in imported)) {
		throw new FieldError('', 'it is an environment, not a collection: import it into a collection with importEnvironment');
	}

	return storeCollection(store, imported);
}

/**
Adds a collection that was read to the store. A name already taken gains a suffix: "API
(2)"; so does a request or environment named exactly like an earlier one of the file, which
the result lists, so that the user learns the name to run it by.
*/
export function storeCollection(store: Store, {collection: read, notes}: ImportedCollection): ImportResult {
	const collection = store.createCollection(read);
	return {
		collection,
		renamed: [...renamesOf('environment', read.environments, collection.environments), ...renamesOf('request', read.requests, collection.requests)],
		notes: withEnvNote(notes, envNote({collection: read}, store.settings().allowedEnv)),
	};
}

/**
Adds the environment in `text` (a Postman environment) to the collection named `into`,
found as `curlew run` finds it; a name the collection has already gains a suffix.
@throws FieldError for a file that is not an environment, StoreError when no collection matches.
*/
export function importEnvironment(store: Store, into: string, text: string): EnvironmentImportResult {
	const imported = readImportText(text, detectFormat(text), 'environment');
	if (!('environment' in imported)) {
		throw new FieldError('', 'it is a collection, not an environment: import it without naming a collection to put it into');
	}

	return storeEnvironment(store, into, imported);
}

export function storeEnvironment(store: Store, into: string, {environment: read, notes}: ImportedEnvironment): EnvironmentImportResult {
	const target = findCollectionByName(store.collections(), into);
	const environment = store.addEnvironment(target.id, read);
	return {
		collection: store.getCollection(target.id)!,
		environment,
		renamed: renamesOf('environment', [read], [environment]),
		notes: withEnvNote(notes, envNote({environment: read}, store.settings().allowedEnv)),
	};
}

function withEnvNote(notes: string[], note: string | undefined): string[] {
	return note === undefined ? notes : [...notes, note];
}

/** The store keeps the file's order, so the items pair up by position. */
function renamesOf(kind: ImportRename['kind'], inFile: ReadonlyArray<{name: string}>, imported: ReadonlyArray<{name: string}>): ImportRename[] {
	return inFile.flatMap(({name}, index) => {
		const to = imported[index]!.name;
		return to === name ? [] : [{kind, from: name, to}];
	});
}
