/** A store operation that cannot be done: the message says why and what to do. */
export class StoreError extends Error {
	override name = 'StoreError';
}

/**
The store's files cannot be used for now: the file system refused (a full disk, no
permission, a folder in the way) or another curlew held them too long. Unlike a refused
change, the same change can succeed later, once that is dealt with: keep it and try again.
*/
export class StoreUnavailableError extends StoreError {
	override name = 'StoreUnavailableError';
}

const whatToDo: Readonly<Record<string, (path: string) => string>> = {
	EACCES: path => `curlew may not use ${path}: permission denied. Give yourself read and write access to it and to its folder, or set CURLEW_CONFIG_DIR to a folder of your own`,
	EROFS: path => `${path} is on a read-only file system: set CURLEW_CONFIG_DIR to a folder curlew may write in`,
	EISDIR: path => `${path} is a folder where curlew keeps a file: move the folder away, or set CURLEW_CONFIG_DIR to another folder`,
	// mkdir of a folder that is a file.
	EEXIST: path => `${path} is a file where curlew needs a folder: move that file away, or set CURLEW_CONFIG_DIR to another folder`,
	ENOTDIR: path => `a part of ${path} is a file where curlew needs a folder: move that file away, or set CURLEW_CONFIG_DIR to another folder`,
	// Only a write fails so, and a write that fails leaves the file as it was.
	ENOSPC: path => `no space is left on the device for ${path}: nothing was changed; free some space, then try again`,
	EDQUOT: path => `your disk quota is used up, so curlew cannot write ${path}: nothing was changed; free some space, then try again`,
	EFBIG: path => `${path} would pass the largest file this process may write (ulimit -f): nothing was changed; raise that limit, then try again`,
};

/**
A file system error as a StoreUnavailableError that says what to do (`EACCES: permission denied, open
'…'` tells a user nothing), or undefined for another error. `path` names the file when the
error does not.
*/
export function fileStoreError(error: unknown, path: string): StoreUnavailableError | undefined {
	const {code, path: errorPath} = (error ?? {}) as NodeJS.ErrnoException;
	const advice = code === undefined ? undefined : whatToDo[code === 'EPERM' ? 'EACCES' : code];
	return advice === undefined ? undefined : new StoreUnavailableError(advice(errorPath ?? path));
}
