/**
Reads the files of a Bruno collection's folder for readBrunoCollection: bruno.json and
every .bru file, in folders at any depth, except those bruno.json's `ignore` lists
(node_modules and .git by default) and hidden folders. Of `.env`, which holds secrets,
only that it is there.
*/
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {BrunoFile} from './bruno-import.js';
import {FieldError} from './field-error.js';

/** @throws FieldError when bruno.json cannot be read as JSON naming what to skip. */
export function readBrunoFolder(folder: string): BrunoFile[] {
	const manifest = readFileSync(path.join(folder, 'bruno.json'), 'utf8');
	const files: BrunoFile[] = [{path: 'bruno.json', text: manifest}];
	const ignored = new Set(ignoredFolders(manifest));
	const pending = [''];
	while (pending.length > 0) {
		const relative = pending.pop()!;
		for (const entry of readdirSync(path.join(folder, relative), {withFileTypes: true})) {
			const entryPath = relative === '' ? entry.name : `${relative}/${entry.name}`;
			if (entry.isDirectory()) {
				if (!entry.name.startsWith('.') && !ignored.has(entryPath) && !ignored.has(entry.name)) {
					pending.push(entryPath);
				}
			} else if (entry.name.endsWith('.bru')) {
				files.push({path: entryPath, text: readFileSync(path.join(folder, entryPath), 'utf8')});
			} else if (entryPath === '.env') {
				files.push({path: entryPath, text: ''});
			}
		}
	}

	// The order readdir gives differs between file systems: sorted, an import is the same everywhere.
	return files.sort((a, b) => a.path.localeCompare(b.path));
}

function ignoredFolders(manifest: string): string[] {
	let ignore: unknown;
	try {
		ignore = (JSON.parse(manifest) as {ignore?: unknown}).ignore;
	} catch {
		// readBrunoCollection names the syntax error with its line and column.
		return [];
	}

	if (ignore === undefined) {
		return ['node_modules', '.git'];
	}

	if (!Array.isArray(ignore) || ignore.some(entry => typeof entry !== 'string')) {
		throw new FieldError('bruno.json: ignore', 'expected a list of folder names');
	}

	return ignore as string[];
}
