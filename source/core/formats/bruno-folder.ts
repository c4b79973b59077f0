/**
Reads the files of a Bruno collection's folder for readBrunoCollection: bruno.json and
every .bru file (or, for a collection Bruno saved in YAML, opencollection.yml and every .yml
file), and every .js file (which its scripts may require), in folders at any depth, except
those the manifest says to ignore (node_modules and .git by default) and hidden folders. Of
`.env`, which holds secrets, only that it is there.
A link is read where it leads, only when that is inside the folder: a shared collection
must not pull in a file of the user's (~/.aws/credentials as a request). A link to a
folder is not followed; what it holds is read where it is, if inside.
*/
import {lstatSync, readdirSync, readlinkSync, realpathSync} from 'node:fs';
import path from 'node:path';
import {brunoLayoutOf, type BrunoFile} from './bruno-import.js';
import {FieldError} from './field-error.js';
import {cannotRead, newImportBudget, readImportFile, type ImportBudget} from './import-file.js';
import {parseOpenCollectionRoot} from './opencollection-yaml.js';

/**
@throws FieldError naming the file when the manifest names what to skip otherwise than as a
list of folder names, or a file cannot be read (see readImportFile) or leads out of the folder.
*/
export function readBrunoFolder(folder: string): BrunoFile[] {
	const root = realpathSync(folder);
	const budget = newImportBudget();
	const read = (relative: string) => readFileInside(root, relative, budget).toString('utf8');
	const layout = brunoLayoutOf(readdirSync(root)) ?? {manifest: 'bruno.json', extension: '.bru'};
	const manifest = read(layout.manifest);
	const files: BrunoFile[] = [{path: layout.manifest, text: manifest}];
	const ignored = new Set(layout.extension === '.bru' ? ignoredFolders(manifest) : ignoredYamlFolders(manifest));
	const pending = [''];
	while (pending.length > 0) {
		const relative = pending.pop()!;
		for (const entry of readdirSync(path.join(folder, relative), {withFileTypes: true})) {
			const entryPath = relative === '' ? entry.name : `${relative}/${entry.name}`;
			if (entry.isDirectory()) {
				if (!entry.name.startsWith('.') && !ignored.has(entryPath) && !ignored.has(entry.name)) {
					pending.push(entryPath);
				}
			} else if ((entry.name.endsWith(layout.extension) && entryPath !== layout.manifest) || entry.name.endsWith('.js')) {
				files.push({path: entryPath, text: read(entryPath)});
			} else if (entryPath === '.env') {
				files.push({path: entryPath, text: ''});
			}
		}
	}

	// The order readdir gives differs between file systems: sorted, an import is the same everywhere.
	return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The bytes of the file at `relative` in `root` (a path without links), or where its link leads if that is inside `root`. */
function readFileInside(root: string, relative: string, budget: ImportBudget): Buffer {
	const file = path.join(root, relative);
	let real: string;
	try {
		real = realpathSync(file);
	} catch (error) {
		throw new FieldError(relative, lstatSync(file, {throwIfNoEntry: false})?.isSymbolicLink() ? `is a link to ${readlinkSync(file)}, which cannot be read: ${cannotRead(error)}` : `cannot be read: ${cannotRead(error)}`);
	}

	const fromRoot = path.relative(root, real);
	if (fromRoot === '..' || fromRoot.startsWith(`..${path.sep}`) || path.isAbsolute(fromRoot)) {
		throw new FieldError(relative, `is a link to ${real}, outside the collection's folder: curlew reads only the files inside it; put a copy of the file in its place`);
	}

	return readImportFile(real, relative, budget, {noLinks: true});
}

const defaultIgnored = ['node_modules', '.git'];

/** What opencollection.yml's extensions.ignore lists; the default when it lists nothing or cannot be read (readBrunoCollection then says why). */
function ignoredYamlFolders(manifest: string): string[] {
	try {
		return parseOpenCollectionRoot({path: 'opencollection.yml', text: manifest}).ignore ?? defaultIgnored;
	} catch (error) {
		if (error instanceof FieldError) {
			return defaultIgnored;
		}

		throw error;
	}
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
		return defaultIgnored;
	}

	if (!Array.isArray(ignore) || ignore.some(entry => typeof entry !== 'string')) {
		throw new FieldError('bruno.json: ignore', 'expected a list of folder names');
	}

	return ignore as string[];
}
