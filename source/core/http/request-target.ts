/**
The request-target (path and query) as the URL was written. A URL parser removes `.` and `..`
segments (`/a/./b/../c` becomes `/a/c`, and so do their encoded forms `%2e`); curl does too,
unless --path-as-is. curlew sends the path as written, as Postman does: an API that gives
those segments a meaning, or a test of a server's handling of them, gets what was typed.
Only what cannot go on the wire is percent-encoded, as the URL parser encodes it (spaces,
quotes, angle brackets, backticks, braces, controls, non-ASCII); a `%` stays as it is, so a
value already encoded is not encoded again.
*/
import type {PreparedRequest} from './types.js';

// eslint-disable-next-line no-control-regex
const notOnTheWire = /[\u0000-\u0020"<>`{}\u007F-\u{10FFFF}]/gu;

/**
The path and query of `written` (an http(s) URL with its scheme) as written, where it differs
from what the parser made of it (`url`); undefined where it does not, or where the URL's
shape leaves room for doubt (a backslash before its path, which the parser reads as a slash).
*/
export function requestTargetAsWritten(written: string, url: URL): string | undefined {
	const afterScheme = written.indexOf('//') + 2;
	const authorityEnd = afterScheme + written.slice(afterScheme).search(/[/?#\\]|$/);
	if (written[authorityEnd] === '\\') {
		return undefined;
	}

	const pathEnd = authorityEnd + written.slice(authorityEnd).search(/[?#]|$/);
	const path = written.slice(authorityEnd, pathEnd).replaceAll('\\', '/');
	if (path === '') {
		return undefined;
	}

	const target = `${path.replaceAll(notOnTheWire, character => encodeURIComponent(character))}${url.search}`;
	return target === `${url.pathname}${url.search}` ? undefined : target;
}

/** The URL as it goes on the wire, fragment aside: its path as written where that differs from the parsed one. */
export function urlAsSent({url, target}: Pick<PreparedRequest, 'url' | 'target'>): string {
	if (target === undefined) {
		return url.href;
	}

	const parsedTarget = `${url.pathname}${url.search}${url.hash}`;
	return `${url.href.slice(0, url.href.length - parsedTarget.length)}${target}${url.hash}`;
}
