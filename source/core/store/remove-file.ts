import fs from 'node:fs';

/**
Removes a file that another curlew may have removed first. unlink, where fs.rmSync would load
Node's rimraf for it, a part of every write's time.
*/
export function removeFile(file: string): void {
	try {
		fs.unlinkSync(file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
			throw error;
		}
	}
}
