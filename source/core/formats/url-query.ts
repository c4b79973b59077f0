/** Adding query parameters to a URL the importers read, as the original tools add them. */

/** `url` with `query` (`name=value`, as written) added to its query, before any `#fragment`, which a client never sends. */
export function withQuery(url: string, query: string): string {
	const hashAt = url.indexOf('#');
	const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
	const fragment = hashAt === -1 ? '' : url.slice(hashAt);
	const separator = !beforeHash.includes('?') ? '?' : beforeHash.endsWith('?') || beforeHash.endsWith('&') ? '' : '&';
	return `${beforeHash}${separator}${query}${fragment}`;
}
