import type {CookieStore} from './types.js';

/** got's cookieJar: what it asks for each hop's Cookie header and hands each response's Set-Cookie lines. */
export type HopCookieJar = {
	getCookieString(url: string): Promise<string>;
	setCookie(setCookieLine: string, url: string): Promise<unknown>;
};

/**
The jar as got should use it for one request: each hop's Cookie header is the request's own
Cookie headers (`own`), while they may still go (to the request's origin, until a redirect
dropped them: see dropCredentialsOffOrigin), then the jar's cookies of names not already
there, as Bruno merges them. got replaces a Cookie header with the jar's, so the request's
own are given here rather than as headers.
*/
export function cookiesForHops(jar: CookieStore, own: readonly string[], origin: URL, ownDropped: () => boolean): HopCookieJar {
	return {
		async getCookieString(url) {
			const mine = new URL(url).origin === origin.origin && !ownDropped() ? own : [];
			return cookieHeaderOf(mine, await jar.getCookieString(url));
		},
		async setCookie(setCookieLine, url) {
			return jar.setCookie(setCookieLine, url);
		},
	};
}

/** One Cookie header of the request's own Cookie headers, then the jar's cookies (`name=value; ...`) of names not already there. */
export function cookieHeaderOf(own: readonly string[], fromJar: string): string {
	const mine = own.filter(value => value.trim() !== '');
	const named = new Set(mine.flatMap(value => value.split(';')).map(pair => pair.split('=')[0]!.trim()));
	const added = fromJar.split('; ').filter(pair => pair !== '' && !named.has(pair.split('=')[0]!.trim()));
	return [...mine, ...added].join('; ');
}
