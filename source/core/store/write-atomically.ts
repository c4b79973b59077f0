import fs from 'node:fs';
import path from 'node:path';

/**
Writes a whole file so that a reader sees the old text or the new, never half: a temporary
file beside it, flushed to disk, then renamed over it. Mode 0600: responses can hold
tokens. The folder is created (0700) when missing.
*/
export function writeAtomically(filePath: string, text: string): void {
	fs.mkdirSync(path.dirname(filePath), {recursive: true, mode: 0o700});
	const temporary = `${filePath}.${process.pid}.tmp`;
	const descriptor = fs.openSync(temporary, 'w', 0o600);
	try {
		fs.writeFileSync(descriptor, text);
		fs.fsyncSync(descriptor);
	} finally {
		fs.closeSync(descriptor);
	}

	fs.renameSync(temporary, filePath);
}
