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
	let bytes: Buffer;
	try {
		bytes = await readFile(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
		throw new UsageError(`Cannot read ${file}: ${reason}`);
	}

	if (isUtf16(bytes)) {
		throw new UsageError(`${file} is saved as UTF-16 text, and curlew reads collection files as UTF-8: save it as UTF-8 (Windows PowerShell's > writes UTF-16; pipe to Out-File -Encoding utf8 instead) and import it again; nothing was imported`);
	}

	let imported: ImportResult;
	try {
		imported = importCollection(store, bytes.toString('utf8'));
	} catch (error) {
		throw new UsageError(`${file} is not a curlew collection: ${(error as Error).message}; nothing was imported`);
	}

	for (const {kind, from, to} of imported.renamed) {
		stderr.write(`curlew: ${kind} "${from}" was imported as "${to}": an earlier ${kind} in the file has that name\n`);
	}

	return imported.collection;
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
