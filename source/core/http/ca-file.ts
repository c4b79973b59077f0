import fs from 'node:fs';

/** The PEM text of a collection's extra CA file, or why it cannot be used, said for the user. */
export async function readCaFile(file: string): Promise<{pem: string} | {problem: string}> {
	try {
		// fs.promises loads at its first use: most sends read no CA file, and every send loads this module.
		const pem = await fs.promises.readFile(file, 'utf8');
		if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
			return {problem: `CA file ${file} holds no PEM certificate: point the collection's CA file at a PEM file (-----BEGIN CERTIFICATE-----)`};
		}

		return {pem};
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why = code === 'ENOENT' ? 'it does not exist' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
		return {problem: `Cannot read the CA file ${file} (${why}): fix the CA file path in the collection settings`};
	}
}
