import {accessSync, constants, statSync} from 'node:fs';
import path from 'node:path';

/** Whether an executable file of that name is in one of the folders of `searchPath` (a PATH). */
export function isOnPath(name: string, searchPath: string): boolean {
	return searchPath.split(path.delimiter).some(folder => {
		if (folder === '') {
			return false;
		}

		try {
			accessSync(path.join(folder, name), constants.X_OK);
			return statSync(path.join(folder, name)).isFile();
		} catch {
			return false;
		}
	});
}
