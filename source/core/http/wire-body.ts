import fs from 'node:fs';
import path from 'node:path';
import type {Readable} from 'node:stream';
import type {PreparedBody, PreparedPart} from './types.js';

/** The body as got takes it, and its length in bytes when curlew must say it (a stream's). */
export type WireBody = {body: Buffer | FormData | Readable; length?: number};

/**
The body got is to send, its files opened now: a multipart form becomes a spec FormData
(got encodes it with form-data-encoder, which writes the boundary into the Content-Type and
counts the Content-Length), each file part a Blob of the file on disk, read as it is sent; a
file body is a stream of the file with its size as its length. A file that cannot be read is
a problem in words for the user, and nothing is sent. A relative path is read from the
current folder.
*/
export async function wireBody(body: PreparedBody): Promise<WireBody | {problem: string}> {
	if (typeof body === 'string') {
		return {body: Buffer.from(body)};
	}

	if (body instanceof Uint8Array) {
		return {body: Buffer.from(body.buffer, body.byteOffset, body.byteLength)};
	}

	if ('file' in body) {
		const opened = await openFile(body.file, 'The body\'s file');
		if ('problem' in opened) {
			return opened;
		}

		return {body: opened.handle.createReadStream(), length: opened.size};
	}

	const form = new FormData();
	for (const part of body.multipart) {
		const appended = await appendPart(form, part);
		if (appended !== undefined) {
			return {problem: appended};
		}
	}

	return {body: form};
}

/** Adds `part` to `form`; returns why it could not be (a file not readable). */
async function appendPart(form: FormData, part: PreparedPart): Promise<string | undefined> {
	if ('value' in part) {
		// A spec FormData gives a string part no Content-Type: one with its own goes as a Blob, which the encoder writes with it.
		if (part.contentType === undefined) {
			form.append(part.name, part.value);
		} else {
			form.append(part.name, new Blob([part.value], {type: part.contentType}));
		}

		return undefined;
	}

	const opened = await openFile(part.file, `The file of multipart part "${part.name}"`);
	if ('problem' in opened) {
		return opened.problem;
	}

	// Read again, lazily, as the form is sent: the check above only made sure it can be.
	await opened.handle.close();
	const type = part.contentType ?? (await import('./file-type.js')).fileType(part.file);
	form.append(part.name, await fs.openAsBlob(path.resolve(part.file), {type}), path.basename(part.file));
	return undefined;
}

type OpenedFile = {handle: fs.promises.FileHandle; size: number};

/** Opens a regular file for reading; `what` starts the sentence that says why it cannot be. */
async function openFile(file: string, what: string): Promise<OpenedFile | {problem: string}> {
	const full = path.resolve(file);
	const shown = file === full ? `"${file}"` : `"${file}" (${full})`;
	let handle: fs.promises.FileHandle | undefined;
	try {
		handle = await fs.promises.open(full, 'r');
		const stat = await handle.stat();
		if (!stat.isFile()) {
			await handle.close();
			return {problem: `${what} ${shown} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}: nothing was sent; give the path of a file`};
		}

		return {handle, size: stat.size};
	} catch (error) {
		await handle?.close();
		const code = (error as NodeJS.ErrnoException).code;
		const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' || code === 'EPERM' ? 'cannot be read (permission denied)' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${(error as Error).message})`;
		return {problem: `${what} ${shown} ${why}: nothing was sent; check the path in the request's body (a relative path is read from the folder curlew runs in)`};
	}
}
