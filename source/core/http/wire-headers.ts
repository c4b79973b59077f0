import {userAgent} from './user-agent.js';

export type HeaderPairs = ReadonlyArray<readonly [name: string, value: string]>;
type GotHeaders = Record<string, string | string[] | undefined>;

const tokenPattern = /^[!#$%&'*+\-.^_`|~\dA-Za-z]+$/;
/*
Values go out as UTF-8, so any text can be sent but control characters (tab aside), which
would end or garble the header line, and lone surrogates, which are no text.
*/
// eslint-disable-next-line no-control-regex
const forbiddenValueCharacter = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const beyondAscii = /[^\u0000-\u007F]/;

/** Why a header cannot be sent, in words for the user; undefined when every header is fine. */
export function headerProblem(headers: HeaderPairs): string | undefined {
	for (const [name, value] of headers) {
		if (!tokenPattern.test(name)) {
			return `Header name ${JSON.stringify(name)} is invalid: use letters, digits and ! # $ % & ' * + - . ^ _ \` | ~`;
		}

		const character = forbiddenValueCharacter.exec(value)?.[0];
		if (character !== undefined) {
			const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
			return `Header ${name} has the character ${codePoint} in its value, which HTTP headers cannot carry: remove it or percent-encode the value`;
		}
	}

	return undefined;
}

/**
The headers as got should see them: lower-cased names, repeated names as arrays, and a
User-Agent only when the user gave none. got decides from this record what to add
(Accept-Encoding, Content-Length) and what to drop on a redirect.
*/
export function gotHeadersOf(headers: HeaderPairs): GotHeaders {
	const record: Record<string, string[]> = {};
	for (const [name, value] of headers) {
		(record[name.toLowerCase()] ??= []).push(value);
	}

	const result: GotHeaders = {};
	for (const [name, values] of Object.entries(record)) {
		result[name] = values.length === 1 ? values[0] : values;
	}

	result['user-agent'] ??= userAgent;
	return result;
}

/**
The header lines for the wire, as Node's raw `[name, value, name, value, ...]` array, which Node
sends verbatim. got lower-cases names and cannot keep repeated names apart from their order, so
the user's own pairs are written back here: their spelling, order and repeats, for each name got
still sends (a redirect may have dropped some). Host comes first, then the user's pairs, then
what got added.
*/
export function wireHeaders(user: HeaderPairs, sent: GotHeaders, url: URL): string[] {
	const userNames = new Set(user.map(([name]) => name.toLowerCase()));
	const lines: string[] = [];
	if (!userNames.has('host') || sent.host === undefined) {
		lines.push('Host', url.host);
	}

	for (const [name, value] of user) {
		if (sent[name.toLowerCase()] !== undefined) {
			lines.push(name, utf8ForNode(value));
		}
	}

	for (const [name, value] of Object.entries(sent)) {
		if (value === undefined || userNames.has(name)) {
			continue;
		}

		for (const each of Array.isArray(value) ? value : [value]) {
			lines.push(canonicalName(name), String(each));
		}
	}

	return lines;
}

/**
The value as Node should be given it for its UTF-8 bytes to go out: Node writes each character
of a header as one Latin-1 byte, so each byte of the UTF-8 is given as the character of that
code. Without this, "é" would go out as the one byte E9, which no UTF-8 reader takes for é.
*/
function utf8ForNode(value: string): string {
	return beyondAscii.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

/** `content-length` -> `Content-Length`, the spelling most servers' logs show. */
function canonicalName(name: string): string {
	return name.replaceAll(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}
