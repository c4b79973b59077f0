/*
How a session sends the requests scripts send (pm.sendRequest, bru.sendRequest): through
curlew's own HTTP engine, with the collection's settings (TLS, proxy, redirects, timeouts),
as a request of the collection is sent. The URL and headers are sent as the script wrote
them: as in Postman and Bruno, placeholders in them are not filled.
*/
import {decodeBody} from '../http/charset.js';
import {sendOptionsFor} from '../http/send-options.js';
import type {send as sendRequest} from '../http/send.js';
import {httpMethods, type Collection, type HttpMethod} from '../model.js';
import type {ScriptHttpRequest, ScriptHttpResponse} from '../scripts/index.js';

export type ScriptSenderOptions = {
	signal?: AbortSignal;
	env?: Readonly<Record<string, string | undefined>>;
	/** The HTTP engine, loaded on first use. */
	engine: () => Promise<{send: typeof sendRequest}>;
};

export function scriptSender(collection: Collection, options: ScriptSenderOptions): (request: ScriptHttpRequest) => Promise<ScriptHttpResponse> {
	return async request => {
		const method = request.method.toUpperCase() as HttpMethod;
		if (!httpMethods.includes(method)) {
			return {failure: `Method ${JSON.stringify(request.method)} is not one curlew sends: use ${httpMethods.join(', ')}`};
		}

		let url: URL;
		try {
			url = new URL(request.url);
		} catch {
			return {failure: `${JSON.stringify(request.url)} is not a URL curlew can send to: give a whole URL, such as https://api.example.com/items`};
		}

		const {send} = await options.engine();
		const result = await send({method, url, headers: request.headers, ...(request.body === undefined ? {} : {body: request.body})}, sendOptionsFor(collection.settings, {signal: options.signal, env: options.env}));
		if (result.kind === 'failure') {
			return {failure: result.message};
		}

		const contentType = result.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
		return {status: result.status, statusText: result.statusText, headers: result.headers, body: decodeBody(result.body, contentType), responseTime: result.timings.total, size: result.size};
	};
}
