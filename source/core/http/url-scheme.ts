/**
A URL as typed, with http:// put in front when it has no scheme, or why it cannot be sent.
Text that starts with `letters:` has a scheme (`mailto:x`, `https:/host`) unless a port follows
the colon (`localhost:8080/x`): a scheme is never filled in or guessed past, so a mistyped
`https:/host` is refused rather than sent over plain HTTP to a host named "https".
*/
export function withScheme(text: string): {url: string} | {problem: string} {
	const typed = /^(?<scheme>[a-z][a-z\d+.-]*:)(?<rest>.*)$/is.exec(text)?.groups;
	if (!typed || /^\d+(?:[/?#]|$)/.test(typed.rest!)) {
		return {url: `http://${text}`};
	}

	const scheme = typed.scheme!.toLowerCase();
	if (scheme !== 'http:' && scheme !== 'https:') {
		return {problem: unsupportedScheme(scheme)};
	}

	if (!typed.rest!.startsWith('//')) {
		return {problem: `The URL ${JSON.stringify(text)} needs two slashes after its scheme: write it as ${scheme}//${typed.rest!.replace(/^[/\\]*/, '')}`};
	}

	return {url: text};
}

/** Why a URL with this scheme (`ftp:`) is not sent. */
export function unsupportedScheme(scheme: string): string {
	return `URL scheme ${scheme} is not supported: use http:// or https://`;
}
