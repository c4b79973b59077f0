/**
The cookies tab's rows: the selected collection's cookie jar, by domain, path and name, each
with its value (masked when its name looks like a login's) and when it expires. Shared by the
tab's view and its keys, so the row a key acts on is the row shown.
*/
import type {CookieInfo} from '../../../core/session/collection-cookies.js';
import {mask} from '../../../core/secrets.js';
import {oneLine} from '../../../core/visible-text.js';
import type {TuiState} from '../../state/types.js';

export type CookieRow = {cookie: CookieInfo; domain: string; path: string; name: string; value: string; expires: string};

/**
A cookie whose name says it holds a login (a session id, a token, a key, a password, a CSRF
token) is shown masked, as a secret variable is, unless the user reveals secrets.
*/
const secretName = /sess|sid|token|auth|key|secret|pass|jwt|csrf|xsrf|login|remember|credential/i;

/** The selected collection's cookies, once read (undefined while they are read, or with no collection selected). */
export function jarCookies(state: Pick<TuiState, 'cookies' | 'selection'>): readonly CookieInfo[] | undefined {
	const {cookies, selection} = state;
	return cookies !== undefined && cookies.of.collectionId === selection.collectionId ? cookies.list : undefined;
}

export function cookieRows(cookies: readonly CookieInfo[], revealSecrets: boolean): CookieRow[] {
	return cookies.map(cookie => ({
		cookie,
		domain: oneLine(cookie.domain),
		path: oneLine(cookie.path),
		name: oneLine(cookie.name),
		value: revealSecrets || !secretName.test(cookie.name) ? oneLine(cookie.value) : mask,
		// Swedish dates read as ISO 8601, in the local time zone.
		expires: cookie.expires === undefined ? 'session' : new Date(cookie.expires).toLocaleString('sv-SE'),
	}));
}
