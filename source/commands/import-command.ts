import {stat} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import type {Writable} from 'node:stream';
import {detectFolderFormat, detectFormat, importFormatNames, type ImportFormat} from '../core/formats/detect-format.js';
import {FieldError} from '../core/formats/field-error.js';
import {cannotRead, newImportBudget, readImportFile} from '../core/formats/import-file.js';
import {readImportFolder, readImportText, storeCollection, storeEnvironment, type EnvironmentImportResult} from '../core/formats/import-export.js';
import {JsonSyntaxError} from '../core/formats/json-text.js';
import type {ImportedCollection, ImportedEnvironment} from '../core/formats/imported.js';
import type {Collection} from '../core/model.js';
import {StoreError} from '../core/store/store-error.js';
import type {Store} from '../core/store/store.js';
import {oneLine} from '../core/visible-text.js';
import {UsageError} from './parse-var.js';

export type ImportOptions = {
	/** The collection a Postman environment goes into; only for environment files. */
	into?: string;
};

/**
Adds what `file` holds to the store, whole or not at all: a collection (curlew's own,
Postman's, curl commands, or a Bruno collection's folder), or with `into` an environment
into that collection. A clashing name gains " (2)".
`stderr` gets the "Imported …" line, then one line per rename (the user needs the new name
to run it) and per note (what was left out or needs porting).
*/
export async function importCommand(store: Store, file: string, {into}: ImportOptions = {}, stderr: Writable = process.stderr): Promise<Collection> {
	const folder = await isFolder(file);
	const text = folder ? '' : readText(file);
	let format: ImportFormat | undefined;
	let imported: ImportedCollection | ImportedEnvironment;
	try {
		if (folder) {
			format = detectFolderFormat(file);
			imported = readImportFolder(file, format);
		} else {
			format = detectFormat(text);
			imported = readImportText(text, format, file, path.dirname(path.resolve(file)));
		}
	} catch (error) {
		throw new UsageError(`${file} ${whatCannotBeImported(format, error)}; nothing was imported`);
	}

	const write = (line: string) => stderr.write(`${oneLine(line)}\n`);
	if ('environment' in imported) {
		if (into === undefined) {
			throw new UsageError(`${file} is ${importFormatNames[format]}, which goes into a collection: curlew import ${file} --into <collection>; nothing was imported`);
		}

		let stored: EnvironmentImportResult;
		try {
			stored = storeEnvironment(store, into, imported);
		} catch (error) {
			if (error instanceof StoreError) {
				throw new UsageError(`Cannot import ${file} into "${into}": ${error.message}; nothing was imported`);
			}

			throw error;
		}

		const {collection, environment, renamed, notes} = stored;
		write(`Imported environment "${environment.name}" into "${collection.name}" with ${count(environment.variables.length, 'variable')}`);
		for (const {from, to} of renamed) {
			write(`curlew: environment "${from}" was imported as "${to}": the collection has an environment of that name`);
		}

		writeNotes(notes, write);
		return collection;
	}

	if (into !== undefined) {
		throw new UsageError(`--into names the collection an environment goes into, and ${file} is ${importFormatNames[format]}: import it without --into; nothing was imported`);
	}

	const {collection, renamed, notes} = storeCollection(store, imported);
	write(`Imported "${collection.name}" with ${count(collection.requests.length, 'request')}`);
	for (const {kind, from, to} of renamed) {
		write(`curlew: ${kind} "${from}" was imported as "${to}": an earlier ${kind} in the file has that name`);
	}

	writeNotes(notes, write);
	return collection;
}

/** What a file is and why it cannot be imported: `is a Postman collection that is not valid JSON: at line 3, …`. */
function whatCannotBeImported(format: ImportFormat | undefined, error: unknown): string {
	// Told no format: a file of broken JSON is read as curlew's; anything else says what it is, or what curlew imports.
	if (format === undefined) {
		return `${error instanceof JsonSyntaxError ? 'is not a curlew collection' : 'cannot be imported'}: ${(error as Error).message}`;
	}

	if (error instanceof JsonSyntaxError && format !== 'curlew') {
		return `is ${importFormatNames[format]} that is not valid JSON: at line ${error.line}, column ${error.column}: ${error.problem}`;
	}

	return `${format === 'curlew' ? 'is not a curlew collection' : `is ${importFormatNames[format]} curlew cannot import`}: ${(error as Error).message}`;
}

function writeNotes(notes: readonly string[], write: (line: string) => void): void {
	for (const note of notes) {
		write(`note: ${note}`);
	}
}

function count(number: number, what: string): string {
	return `${number} ${what}${number === 1 ? '' : 's'}`;
}

async function isFolder(file: string): Promise<boolean> {
	try {
		return (await stat(file)).isDirectory();
	} catch (error) {
		throw new UsageError(`Cannot read ${file}: ${cannotRead(error)}`);
	}
}

function readText(file: string): string {
	let bytes: Buffer;
	try {
		bytes = readImportFile(file, file, newImportBudget());
	} catch (error) {
		if (error instanceof FieldError) {
			throw new UsageError(`${file} ${error.problem}; nothing was imported`);
		}

		throw error;
	}

	if (isUtf16(bytes)) {
		throw new UsageError(`${file} is saved as UTF-16 text, and curlew reads collection files as UTF-8: save it as UTF-8 (Windows PowerShell's > writes UTF-16; pipe to Out-File -Encoding utf8 instead) and import it again; nothing was imported`);
	}

	return bytes.toString('utf8');
}

/**
A UTF-16 byte order mark (FF FE or FE FF), or a NUL beside the first character: JSON text
starts with an ASCII character, which UTF-16 writes as that byte and a zero, whereas UTF-8
JSON holds no NUL byte at all.
*/
function isUtf16(bytes: Buffer): boolean {
	const [first, second] = bytes;
	if ((first === 0xFF && second === 0xFE) || (first === 0xFE && second === 0xFF)) {
		return true;
	}

	return second !== undefined && (first === 0) !== (second === 0);
}
