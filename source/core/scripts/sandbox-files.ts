/*
Where the code that runs inside the sandbox is: dist/sandbox/ of curlew's own package, which
`npm run build` writes (scripts/build-sandbox.js) and the test setup writes again. Found from
this module's place, whether it runs from source/ (tests), dist/core/ (the library) or the
CLI's bundle in dist/: the package's folder is the nearest one above whose package.json names curlew.
*/
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

/** The script API's parts, by name (see source/core/scripts/sandbox/): each a text that evaluates to its module's default export. */
export type SandboxParts = Record<string, string> & {prelude: string};

export type SandboxFiles = {parts: SandboxParts; librariesFolder: string};

let found: SandboxFiles | undefined;

export function sandboxFiles(): SandboxFiles {
	if (found === undefined) {
		const folder = join(packageFolder(), 'dist', 'sandbox');
		const partsFile = join(folder, 'parts.json');
		if (!existsSync(partsFile)) {
			throw new Error(`${partsFile} is missing: run npm run build, which builds the code scripts run with`);
		}

		found = {parts: JSON.parse(readFileSync(partsFile, 'utf8')) as SandboxParts, librariesFolder: join(folder, 'libraries')};
	}

	return found;
}

function packageFolder(): string {
	let folder = dirname(fileURLToPath(import.meta.url));
	for (;;) {
		const manifest = join(folder, 'package.json');
		if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as {name?: string}).name === 'curlew') {
			return folder;
		}

		const parent = dirname(folder);
		if (parent === folder) {
			throw new Error('curlew\'s package folder was not found above ' + fileURLToPath(import.meta.url));
		}

		folder = parent;
	}
}
