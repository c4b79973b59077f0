import type {BeforeRedirectHook} from 'got';

// Headers that describe a body: a redirect that drops the body drops them too.
const bodyHeaderNames = ['content-length', 'content-type', 'content-encoding', 'content-language', 'content-location'];

/**
The method of the next hop as browsers, curl -L and Postman choose it: 303 turns anything but HEAD
into a GET, 301 and 302 turn a POST into a GET, and such a GET carries no body. 307 and 308 keep
the method and the body. got alone keeps POST on 301/302 and keeps Content-Type on a 303.
*/
export const redirectMethod: BeforeRedirectHook = (next, response) => {
	const status = response.statusCode;
	const becomesGet = status === 303 ? next.method !== 'HEAD' : (status === 301 || status === 302) && next.method === 'POST';
	if (!becomesGet) {
		return;
	}

	next.method = 'GET';
	next.body = undefined;
	for (const name of bodyHeaderNames) {
		delete next.headers[name];
	}
};
