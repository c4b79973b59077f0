/**
A collection's cookie jar: what the Set-Cookie headers of its responses gave, sent back with
its later requests as a browser would (domain, path, expiry, Secure), for the session; kept in
a file beside the store when the collection's setting persistCookies says so.

tough-cookie keeps the jar: it is RFC 6265's reference implementation for Node, got takes
one as its cookieJar, and Postman's and Bruno's runtimes use it too.
*/
import fs from 'node:fs';
import {Cookie, CookieJar} from 'tough-cookie';
import {keepAside} from '../store/keep-aside.js';
import {removeFile} from '../store/remove-file.js';
import {writeAtomically} from '../store/write-atomically.js';
import type {ScriptCookie} from '../scripts/types.js';

/** A cookie as the UI and scripts see it. */
export type CookieInfo = ScriptCookie;

/** A cookie a script or the UI sets: a Set-Cookie line, or its parts. */
export type NewCookie = string | {name: string; value: string; domain?: string; path?: string; expires?: Date | string; secure?: boolean; httpOnly?: boolean; sameSite?: 'strict' | 'lax' | 'none'};

export class CollectionCookies {
	readonly jar: CookieJar;

	/**
	@param file the jar's file (read now when `persist`, written by save when it is still on).
	A file that is not a jar is kept aside (`*.corrupt-<time>`) and the jar starts empty.
	*/
	constructor(private readonly file: string, persist: boolean) {
		this.jar = (persist ? readJar(file) : undefined) ?? newJar();
	}

	/** Every cookie in the jar, expired ones aside, by domain, path and name. */
	async list(): Promise<CookieInfo[]> {
		const now = Date.now();
		const cookies = (await this.jar.store.getAllCookies()).filter(cookie => (cookie.expiryTime() ?? Number.POSITIVE_INFINITY) > now);
		return cookies.map(cookie => infoOf(cookie)).sort((a, b) => a.domain.localeCompare(b.domain) || a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
	}

	/** The cookies a request to `url` would send, in the order they go. */
	async forUrl(url: string): Promise<CookieInfo[]> {
		return (await this.jar.getCookies(url)).map(cookie => infoOf(cookie));
	}

	/**
	Sets a cookie as if `url`'s response had sent it.
	@returns why it was refused (a domain that is not `url`'s, a bad line), in words; undefined when set.
	*/
	async set(url: string, cookie: NewCookie): Promise<string | undefined> {
		try {
			await this.jar.setCookie(typeof cookie === 'string' ? cookie : setCookieLine(cookie), url);
			return undefined;
		} catch (error) {
			return `The cookie was not set: ${(error as Error).message}`;
		}
	}

	/** Removes the cookie `name` that a request to `url` would send, or all of them when no name is given. */
	async delete(url: string, name?: string): Promise<void> {
		for (const cookie of await this.jar.getCookies(url)) {
			if (name === undefined || cookie.key === name) {
				await this.jar.store.removeCookie(cookie.domain, cookie.path, cookie.key);
			}
		}
	}

	/** Removes the one cookie of that domain, path and name (as list gives it). */
	async remove(cookie: Pick<CookieInfo, 'domain' | 'path' | 'name'>): Promise<void> {
		await this.jar.store.removeCookie(cookie.domain, cookie.path, cookie.name);
	}

	/** Empties the jar. */
	async clear(): Promise<void> {
		await this.jar.removeAllCookies();
	}

	/**
	Writes the jar to its file (mode 0600: cookies are often logins) when `persist`; when not,
	removes a file an earlier setting left, so that what the user turned off is not kept.
	*/
	save(persist: boolean): void {
		if (persist) {
			writeAtomically(this.file, `${JSON.stringify(this.jar.serializeSync())}\n`);
		} else {
			removeFile(this.file);
		}
	}
}

function newJar(): CookieJar {
	// Loose mode takes a `Set-Cookie: value` without a name, as browsers do.
	return new CookieJar(undefined, {looseMode: true, allowSpecialUseDomain: true});
}

function readJar(file: string): CookieJar | undefined {
	let text: string;
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}

	try {
		return CookieJar.deserializeSync(text);
	} catch {
		keepAside(file);
		return undefined;
	}
}

function infoOf(cookie: Cookie): CookieInfo {
	const expiry = cookie.expiryTime();
	return {
		name: cookie.key,
		value: cookie.value,
		domain: cookie.domain ?? '',
		path: cookie.path ?? '/',
		...(expiry === undefined || !Number.isFinite(expiry) ? {} : {expires: new Date(expiry).toISOString()}),
		secure: cookie.secure,
		httpOnly: cookie.httpOnly,
		hostOnly: cookie.hostOnly === true,
		...(cookie.sameSite === undefined || cookie.sameSite === 'none' ? {} : {sameSite: cookie.sameSite}),
	};
}

function setCookieLine(cookie: Exclude<NewCookie, string>): string {
	const made = new Cookie({
		key: cookie.name,
		value: cookie.value,
		...(cookie.domain === undefined ? {} : {domain: cookie.domain}),
		...(cookie.path === undefined ? {} : {path: cookie.path}),
		...(cookie.expires === undefined ? {} : {expires: new Date(cookie.expires)}),
		secure: cookie.secure ?? false,
		httpOnly: cookie.httpOnly ?? false,
		...(cookie.sameSite === undefined ? {} : {sameSite: cookie.sameSite}),
	});
	return made.toString();
}
