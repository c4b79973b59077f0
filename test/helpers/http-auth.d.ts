/** The part of http-auth (CommonJS, untyped) the digest test server uses. */
declare module 'http-auth' {
	import type http from 'node:http';

	type Listener = (request: http.IncomingMessage, response: http.ServerResponse) => void;
	type DigestOptions = {realm: string; algorithm?: 'MD5' | 'MD5-sess'; qop?: 'auth' | 'none'};
	/** `checker` gives the MD5 of `user:realm:password` for a user name. */
	type Checker = (username: string, callback: (hash: string) => void) => void;

	const httpAuth: {
		digest(options: DigestOptions, checker: Checker): {check(listener: Listener): Listener};
	};
	export default httpAuth;
}
