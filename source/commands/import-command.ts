import {readFile} from 'node:fs/promises';
import {importCollection} from '../core/formats/import-export.js';
import type {Collection} from '../core/model.js';
import type {Store} from '../core/store/store.js';
import {UsageError} from './parse-var.js';

/** Adds the collection in `file` to the store, whole or not at all; a clashing name gains " (2)". */
export async function importCommand(store: Store, file: string): Promise<Collection> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
		throw new UsageError(`Cannot read ${file}: ${reason}`);
	}

	try {
		return importCollection(store, text);
	} catch (error) {
		throw new UsageError(`${file} is not a curlew collection: ${(error as Error).message}; nothing was imported`);
	}
}
