// The built curlew keeps V8's code cache in the user's cache folder (see source/bin.ts): the tests give it a folder of their own, removed after them, so that a test run writes nothing into the home folder.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
	const directory = mkdtempSync(path.join(tmpdir(), 'curlew-test-cache-'));
	process.env.XDG_CACHE_HOME = directory;
	return () => {
		rmSync(directory, {recursive: true, force: true});
	};
}
