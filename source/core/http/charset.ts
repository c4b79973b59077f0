/**
The text encoding a Content-Type names, when it is not UTF-8: `text/plain; charset=iso-8859-1`
gives `iso-8859-1`. Only encodings TextDecoder reads count; any other name, and none, mean
UTF-8, the default of JSON and of most APIs.
*/
export function declaredCharset(contentType: string): string | undefined {
	const name = /;\s*charset\s*=\s*"?(?<name>[^";\s]+)"?/i.exec(contentType)?.groups?.name;
	if (name === undefined) {
		return undefined;
	}

	try {
		const {encoding} = new TextDecoder(name);
		return encoding === 'utf-8' ? undefined : encoding;
	} catch {
		return undefined;
	}
}

/** A response body as text: in its declared charset, else UTF-8 (bytes that are not, as U+FFFD). */
export function decodeBody(body: Uint8Array, contentType: string): string {
	return new TextDecoder(declaredCharset(contentType) ?? 'utf-8').decode(body);
}
