/**
Secret variables are masked wherever curlew shows or prints what it resolved: the
request preview, the headless CLI's output, the variables pane.
*/
import {domainToASCII} from 'node:url';
import type {SendResult, SentRequest} from './http/types.js';
import type {Collection, Variable} from './model.js';
import type {Value, Variables} from './values.js';

export const mask = '••••••';

/**
The names marked secret in any scope of the collection: its own, an environment's, a folder's
or a request's. A value of such a name is a secret wherever it is kept: a token a login script
set, pinned into another scope than the secret it stood for, is as secret.
*/
export function secretNames(collection: Pick<Collection, 'variables' | 'environments' | 'folders' | 'requests'>): Set<string> {
	const all = [
		collection.variables,
		...collection.environments.map(environment => environment.variables),
		...(collection.folders ?? []).map(folder => folder.variables),
		...collection.requests.map(request => request.variables ?? []),
	].flat();
	return new Set(all.filter(variable => variable.secret).map(variable => variable.name));
}

/**
The texts the variables marked secret in `variables` can put into a request: their strings,
or the leaves of their objects or arrays. A secret's value in `scope` counts too: a script or
`--var` may give it a value at run time (a token from a login) that hides the stored one.
*/
export function secretTexts(variables: readonly Variable[], scope: Variables = {}): string[] {
	const texts = new Set<string>();
	const collect = (value: Value) => {
		if (value === null) {
			return;
		}

		if (typeof value === 'string') {
			// In a URL, a `#` starts the fragment: what comes before it is sent (and shown) apart from the rest.
			const beforeFragment = value.includes('#') ? [value.slice(0, value.indexOf('#'))] : [];
			for (const text of [value, ...beforeFragment]) {
				for (const form of encodedForms(text)) {
					// Very short values would mask ordinary text all over the place.
					if (form.length >= 3) {
						texts.add(form);
					}
				}
			}
		} else if (typeof value === 'number') {
			if (String(value).length >= 3) {
				texts.add(String(value));
			}
		} else if (Array.isArray(value)) {
			value.forEach(collect);
		} else if (typeof value === 'object' && !(value instanceof Date)) {
			Object.values(value).forEach(collect);
		}
	};

	for (const variable of variables) {
		if (variable.secret) {
			collect(variable.value);
			if (Object.hasOwn(scope, variable.name)) {
				collect(scope[variable.name]!);
			}
		}
	}

	// Longest first, so a secret that contains another is masked whole.
	return [...texts].sort((a, b) => b.length - a.length);
}

/**
A string as it can appear in a request: as is, percent-encoded in a URL's path or query (as
the URL parser writes it, and as encodeURIComponent does), form-encoded, escaped inside a
JSON string, and as a URL's host (lower case, international names in punycode). Masking
only the raw text let "p@ss word" show as p@ss%20word in a URL.
*/
function encodedForms(text: string): Set<string> {
	const forms = new Set([text, encodeURIComponent(text), new URLSearchParams({v: text}).toString().slice(2), JSON.stringify(text).slice(1, -1), text.toLowerCase()]);
	const host = domainToASCII(text);
	if (host !== '') {
		forms.add(host);
	}

	const url = new URL('http://secret.invalid/');
	url.pathname = `/${text}`;
	url.search = `?${text}`;
	forms.add(url.pathname.slice(1));
	forms.add(url.search.slice(1));
	return forms;
}

/** Replaces every occurrence of each secret text with the mask. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
	let masked = text;
	for (const secret of secrets) {
		if (masked.includes(secret)) {
			masked = masked.split(secret).join(mask);
		}
	}

	return masked;
}

/**
`bytes` with every secret text's UTF-8 bytes replaced by the mask's: for a body as it is
written (the history's), whatever its encoding around them.
*/
export function maskSecretBytes(bytes: Uint8Array, secrets: readonly string[]): Uint8Array {
	let masked = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const replacement = Buffer.from(mask);
	for (const secret of secrets) {
		const needle = Buffer.from(secret);
		let at = masked.indexOf(needle);
		if (at === -1) {
			continue;
		}

		const parts: Buffer[] = [];
		let from = 0;
		while (at !== -1) {
			parts.push(masked.subarray(from, at), replacement);
			from = at + needle.byteLength;
			at = masked.indexOf(needle, from);
		}

		parts.push(masked.subarray(from));
		masked = Buffer.concat(parts);
	}

	return new Uint8Array(masked.buffer, masked.byteOffset, masked.byteLength);
}

/**
A send's result with the secrets masked where it shows them: a failure's message, the URLs and
the request as sent. The response body stays as received.
*/
export function maskResult(result: SendResult, secrets: readonly string[]): SendResult {
	if (secrets.length === 0) {
		return result;
	}

	const mask = (text: string) => maskSecrets(text, secrets);
	const sent = result.sent === undefined ? {} : {sent: maskSent(result.sent, secrets)};
	return result.kind === 'failure'
		? {...result, message: mask(result.message), ...sent}
		: {...result, url: mask(result.url), redirects: result.redirects.map(url => mask(url)), ...sent};
}

/** The request as sent with every secret masked: in its request lines, its headers (a basic login's too) and its body. */
export function maskSent(sent: SentRequest, secrets: readonly string[]): SentRequest {
	const hops = sent.hops.map(hop => ({
		...hop,
		requestLine: maskSecrets(hop.requestLine, secrets),
		headers: hop.headers.map(([name, value]): [string, string] => [maskSecrets(name, secrets), maskCredentials(maskSecrets(value, secrets), secrets)]),
	}));
	return sent.body === undefined ? {...sent, hops} : {...sent, hops, body: maskSecretBytes(sent.body, secrets)};
}

const basicCredentials = /^(basic\s+)([A-Za-z\d+/]+=*)$/i;

/** `Basic <base64 of user:password>` whose decoded form holds a secret is masked whole: base64 hides it from plain masking. */
function maskCredentials(value: string, secrets: readonly string[]): string {
	const match = basicCredentials.exec(value);
	if (match === null) {
		return value;
	}

	const decoded = Buffer.from(match[2]!, 'base64').toString('utf8');
	return secrets.some(secret => decoded.includes(secret)) ? `${match[1]!}${mask}` : value;
}
