import fs from 'node:fs';

/**
Renames a damaged file to `<file>.corrupt-<time>` (colons in the ISO time become dashes,
which every file system accepts) and returns the new path. The file is never deleted.
*/
export function keepAside(file: string, now = new Date()): string {
	const base = `${file}.corrupt-${now.toISOString().replaceAll(':', '-')}`;
	let target = base;
	for (let attempt = 2; fs.existsSync(target); attempt++) {
		target = `${base}-${attempt}`;
	}

	fs.renameSync(file, target);
	return target;
}
