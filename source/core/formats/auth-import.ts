/**
What the importers share about auth: how curlew holds a folder's auth (curlew has no folder
auth: a folder's is copied into each request of it that inherits, and only the collection's
is inherited when sending), and the note for a kind curlew does not send.
*/
import type {Auth, Header, RequestAuth} from '../model.js';

/** What a request that inherits its auth gets: the collection's (`inherit`, when it has one), or the auth of a folder on its way, copied. */
export type InheritedAuth = {from: 'collection'; auth: Auth | undefined} | {from: 'folder'; auth: RequestAuth | undefined};

/** A request's auth once it inherits `inherited`; undefined for none. */
export function inheritedAuth(inherited: InheritedAuth): RequestAuth | undefined {
	if (inherited.from === 'collection') {
		return inherited.auth === undefined ? undefined : {type: 'inherit'};
	}

	return inherited.auth;
}

/** The auth a collection keeps: none and inherit (which a collection has nothing to inherit from) are none. */
export function collectionAuthOf(auth: RequestAuth | undefined): Auth | undefined {
	return auth === undefined || auth.type === 'none' || auth.type === 'inherit' ? undefined : auth;
}

/** The names people know the auth kinds curlew does not send by, in Postman's and Bruno's words. */
const kindNames: Readonly<Record<string, string>> = {
	oauth2: 'OAuth 2.0',
	oauth1: 'OAuth 1.0',
	awsv4: 'AWS Signature v4',
	ntlm: 'NTLM',
	hawk: 'Hawk',
	akamai: 'Akamai EdgeGrid',
	edgegrid: 'Akamai EdgeGrid',
	wsse: 'WSSE',
	jwt: 'JWT bearer',
	asap: 'ASAP (Atlassian)',
};

/** The note for an auth of a kind curlew does not send: the request goes without it. */
export function unsupportedAuthNote(where: string, kind: string): string {
	const name = kindNames[kind.toLowerCase()] ?? kind;
	const what = kind === 'oauth2'
		? 'curlew does not fetch OAuth 2.0 tokens yet: get one with a request of its own and send it as bearer auth ({{token}} set by its post-response script)'
		: kind === 'awsv4'
			? 'curlew does not sign requests with AWS Signature v4 yet'
			: `curlew sends bearer, basic, digest and API key auth, not ${name}`;
	return `${where}: its ${name} auth is not sent: ${what}`;
}

/** `Authorization: Bearer <token>`, as curl's --oauth2-bearer sends it. */
export function bearerHeader(token: string): Header {
	return {name: 'Authorization', value: `Bearer ${token}`, enabled: true};
}
