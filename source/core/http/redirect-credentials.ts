import type {BeforeRedirectHook} from 'got';

/** Credentials a redirect did not take along: their headers, the hop from which on (1 for the first redirect), and why. */
export type DroppedCredentials = {
	headers: string[];
	hop: number;
	reason: 'https-to-http' | 'another-origin';
};

const droppedBecause: Record<DroppedCredentials['reason'], string> = {
	'https-to-http': 'it left https for plain http',
	'another-origin': 'it went to another origin than the request\'s',
};

/** `Authorization, Cookie from hop 1 on: it left https for plain http, as curl does`. */
export function describeDroppedCredentials(dropped: DroppedCredentials): string {
	return `${dropped.headers.join(', ')} from hop ${dropped.hop} on: ${droppedBecause[dropped.reason]}, as curl does`;
}

const credentialHeaders = [['authorization', 'Authorization'], ['cookie', 'Cookie'], ['proxy-authorization', 'Proxy-Authorization']] as const;

/**
Credentials go only to the origin the request was written for: its scheme, host and port, as
curl decides (Curl_auth_allowed_to_host compares the first host, port and protocol), so an
https:// login is never repeated in clear text to http://, nor handed to another server.
Dropped once, they stay dropped for the later hops, even one back at the first origin, which
the server that redirected there chose. With a cookie jar (`cookiesFromJar`), the jar's
cookies go to each hop as its domain allows; the request's own Cookie header (`ownCookie`) is
dropped as above. got alone drops Authorization and Cookie only when
the host or the port as written changes: https://host to http://host keeps both, as neither
URL writes its port, and it never drops Proxy-Authorization.
*/
export function dropCredentialsOffOrigin(origin: URL, heard: (dropped: DroppedCredentials) => void, {cookiesFromJar = false, ownCookie = false} = {}): BeforeRedirectHook {
	let hop = 0;
	return (next, response) => {
		hop++;
		const url = next.url as URL;
		if (url.origin === origin.origin) {
			return;
		}

		// What the hop before sent: got may have dropped some from `next` already.
		const before = response.request.options;
		const dropped: string[] = [];
		for (const [name, shown] of credentialHeaders) {
			if (before.headers[name] !== undefined || next.headers[name] !== undefined) {
				delete next.headers[name];
				// With a cookie jar, got's Cookie header is the jar's too, which it asks again for each hop: only the request's own is dropped.
				if (name !== 'cookie' || !cookiesFromJar || ownCookie) {
					dropped.push(shown);
				}
			}
		}

		// The URL's user and password become a basic Authorization header at each hop.
		const withUser = before.username !== '' || before.password !== '' || next.username !== '' || next.password !== '';
		next.username = '';
		next.password = '';
		if (withUser && !dropped.includes('Authorization')) {
			dropped.unshift('Authorization');
		}

		if (dropped.length > 0) {
			heard({headers: dropped, hop, reason: origin.protocol === 'https:' && url.protocol === 'http:' ? 'https-to-http' : 'another-origin'});
		}
	};
}
