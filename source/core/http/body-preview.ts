import path from 'node:path';
import type {PreparedBody} from './types.js';

/**
The body as the Preview shows it: its text; for a body whose bytes are read when it is sent,
what it is made of, a line for each part (a text part's value may run over more).
*/
export function bodyPreview(body: PreparedBody): string {
	if (typeof body === 'string') {
		return body;
	}

	if (body instanceof Uint8Array) {
		return new TextDecoder().decode(body);
	}

	if ('file' in body) {
		return `The bytes of the file ${path.resolve(body.file)}, read when the request is sent`;
	}

	const lines = [`A multipart/form-data body of ${body.multipart.length} part${body.multipart.length === 1 ? '' : 's'}, encoded when the request is sent:`];
	for (const part of body.multipart) {
		const type = part.contentType === undefined ? '' : ` (${part.contentType})`;
		lines.push('value' in part ? `${part.name}${type}: ${part.value}` : `${part.name}${type}: the file ${path.resolve(part.file)}`);
	}

	return lines.join('\n');
}
