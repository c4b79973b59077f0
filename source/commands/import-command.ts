import {readFile} from 'node:fs/promises';
import process from 'node:process';
import type {Writable} from 'node:stream';
import {importCollection, type ImportResult} from '../core/formats/import-export.js';
import type {Collection} from '../core/model.js';
import type {Store} from '../core/store/store.js';
import {UsageError} from './parse-var.js';

/**
Adds the collection in `file` to the store, whole or not at all; a clashing name gains " (2)".
A request or environment named exactly like an earlier one of the file is renamed too, and
`stderr` says so: the user needs the new name to run it.
*/
export async function importCommand(store: Store, file: string, stderr: Writable = process.stderr): Promise<Collection> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
		throw new UsageError(`Cannot read ${file}: ${reason}`);
	}

	let imported: ImportResult;
	try {
		imported = importCollection(store, text);
	} catch (error) {
		throw new UsageError(`${file} is not a curlew collection: ${(error as Error).message}; nothing was imported`);
	}

	for (const {kind, from, to} of imported.renamed) {
		stderr.write(`curlew: ${kind} "${from}" was imported as "${to}": an earlier ${kind} in the file has that name\n`);
	}

	return imported.collection;
}
