import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/**
curlew's version, from its package.json: the nearest one above this module named "curlew".
Searched for rather than at a fixed relative path, so it is found from source/, from
dist/ and from the bundled CLI alike.
*/
function findVersion(): string {
	let folder = path.dirname(fileURLToPath(import.meta.url));
	for (;;) {
		try {
			const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {name?: string; version?: string};
			if (manifest.name === 'curlew' && typeof manifest.version === 'string') {
				return manifest.version;
			}
		} catch {
			// No readable package.json here: look one folder up.
		}

		const parent = path.dirname(folder);
		if (parent === folder) {
			return '0.0.0';
		}

		folder = parent;
	}
}

export const version = findVersion();
