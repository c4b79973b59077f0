/** Which collection's cookies the cookies tab shows, read at which store revision (a send bumps it, so the jar is read again). */
export type CookieJarKey = {collectionId: string; revision: number};

export function sameCookieJarKey(a: CookieJarKey, b: CookieJarKey): boolean {
	return a.collectionId === b.collectionId && a.revision === b.revision;
}
