/*
pm.sendRequest and bru.sendRequest: a request sent by curlew's own HTTP engine (the host
answers call('sendRequest', …), the script waiting, off its clock, for the response), given
and answered in each tool's own shapes: Postman's request object and Response, and Bruno's
axios-like config and response. Each gives a promise, and calls a callback `(error, response)`
when given one, as both tools do.
*/
import {headerList} from './header-list.js';

export function makeSendRequest({call, fail, format}) {
	const NativeString = String;
	const {isArray} = Array;
	const {entries} = Object;

	function send(request) {
		const answer = call('sendRequest', request);
		const parsed = () => {
			try {
				return {value: JSON.parse(answer.body)};
			} catch {
				return {problem: 'the body is not JSON'};
			}
		};

		return {...answer, parsed};
	}

	// A promise that also calls back, as Postman and Bruno both allow.
	function settle(what, run, callback) {
		if (callback !== undefined && typeof callback !== 'function') {
			fail('TypeError', what + ' takes a function to call back as its second argument, or none (it gives a promise)');
		}

		const promise = new Promise((resolve, reject) => {
			try {
				resolve(run());
			} catch (error) {
				reject(error);
			}
		});
		if (callback === undefined) {
			return promise;
		}

		return promise.then(response => {
			callback(null, response);
			return response;
		}, error => {
			callback(error, error?.response ?? null);
		});
	}

	function headerPairs(headers) {
		if (headers === undefined || headers === null) {
			return [];
		}

		if (typeof headers === 'string') {
			return headers.split('\n').filter(line => line.includes(':')).map(line => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
		}

		if (isArray(headers)) {
			return headers.filter(header => header && header.disabled !== true).map(header => [NativeString(header.key), NativeString(header.value ?? '')]);
		}

		if (typeof headers.all === 'function') {
			return headers.all().map(header => [header.key, header.value]);
		}

		return entries(headers).filter(([, value]) => value !== undefined && value !== null).map(([key, value]) => [key, NativeString(value)]);
	}

	const hasHeader = (pairs, name) => pairs.some(([key]) => key.toLowerCase() === name);

	function encodeForm(fields) {
		return fields.filter(field => field && field.disabled !== true).map(field => encodeURIComponent(field.key) + '=' + encodeURIComponent(field.value ?? '')).join('&');
	}

	// Postman's body modes; a formdata body is sent as multipart of its text fields.
	function postmanBody(body, headers) {
		if (body === undefined || body === null) {
			return undefined;
		}

		if (typeof body === 'string') {
			return body;
		}

		switch (body.mode) {
			case 'urlencoded': {
				if (!hasHeader(headers, 'content-type')) {
					headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
				}

				return typeof body.urlencoded === 'string' ? body.urlencoded : encodeForm(body.urlencoded ?? []);
			}

			case 'formdata': {
				const boundary = '----curlew' + Date.now().toString(16);
				headers.push(['Content-Type', 'multipart/form-data; boundary=' + boundary]);
				const parts = (body.formdata ?? []).filter(field => field && field.disabled !== true).map(field => {
					if (field.type === 'file') {
						fail('TypeError', 'pm.sendRequest cannot send a file field: curlew scripts read no files');
					}

					return '--' + boundary + '\r\nContent-Disposition: form-data; name="' + NativeString(field.key).replace(/"/g, '%22') + '"\r\n\r\n' + NativeString(field.value ?? '') + '\r\n';
				});
				return parts.join('') + '--' + boundary + '--\r\n';
			}

			case 'graphql': {
				if (!hasHeader(headers, 'content-type')) {
					headers.push(['Content-Type', 'application/json']);
				}

				const {query, variables} = body.graphql ?? {};
				return JSON.stringify({query, variables: typeof variables === 'string' && variables.trim() !== '' ? JSON.parse(variables) : variables});
			}

			default: {
				return body.raw === undefined ? undefined : NativeString(body.raw);
			}
		}
	}

	function postmanResponse(answer) {
		const read = answer.parsed();
		return {
			code: answer.status,
			status: answer.statusText,
			reason: () => answer.statusText,
			responseTime: answer.responseTime,
			responseSize: answer.size,
			headers: headerList({pairs: () => answer.headers, format}),
			json() {
				if (read.value === undefined && read.problem !== undefined) {
					fail('JSONError', 'the response to pm.sendRequest has no JSON body: read it with text()');
				}

				return read.value;
			},
			text: () => answer.body,
		};
	}

	function pmSendRequest(request, callback) {
		return settle('pm.sendRequest', () => {
			if (typeof request === 'string') {
				return postmanResponse(send({method: 'GET', url: request, headers: []}));
			}

			if (request === null || typeof request !== 'object') {
				fail('TypeError', 'pm.sendRequest needs a URL, or a request such as {url, method, header, body: {mode: \'raw\', raw}}');
			}

			const headers = headerPairs(request.header ?? request.headers);
			const body = postmanBody(request.body, headers);
			const url = typeof request.url === 'object' && request.url !== null ? (request.url.raw ?? NativeString(request.url)) : NativeString(request.url);
			return postmanResponse(send({method: NativeString(request.method ?? 'GET').toUpperCase(), url, headers, ...(body === undefined ? {} : {body})}));
		}, callback);
	}

	function bruResponse(answer) {
		const headers = {};
		for (const [name, value] of answer.headers) {
			const key = name.toLowerCase();
			headers[key] = Object.hasOwn(headers, key) ? headers[key] + ', ' + value : value;
		}

		const read = answer.parsed();
		return {status: answer.status, statusText: answer.statusText, headers, data: Object.hasOwn(read, 'value') ? read.value : answer.body};
	}

	function bruSendRequest(config, callback) {
		return settle('bru.sendRequest', () => {
			if (config === null || typeof config !== 'object' || typeof config.url !== 'string') {
				fail('TypeError', 'bru.sendRequest needs a config such as {method: \'POST\', url, headers: {…}, data: {…}}');
			}

			const headers = headerPairs(config.headers);
			let body;
			if (config.data !== undefined && config.data !== null) {
				if (typeof config.data === 'string') {
					body = config.data;
				} else {
					body = JSON.stringify(config.data);
					if (!hasHeader(headers, 'content-type')) {
						headers.push(['Content-Type', 'application/json']);
					}
				}
			}

			let url = config.url;
			if (config.params !== undefined && config.params !== null) {
				const query = entries(config.params).filter(([, value]) => value !== undefined && value !== null).map(([key, value]) => encodeURIComponent(key) + '=' + encodeURIComponent(NativeString(value))).join('&');
				url += query === '' ? '' : (url.includes('?') ? '&' : '?') + query;
			}

			const response = bruResponse(send({method: NativeString(config.method ?? 'GET').toUpperCase(), url, headers, ...(body === undefined ? {} : {body})}));
			// As axios, which Bruno's sendRequest is: a status outside 2xx rejects, the response with the error.
			if (response.status < 200 || response.status > 299) {
				const error = new Error('Request failed with status code ' + response.status);
				error.response = response;
				error.status = response.status;
				throw error;
			}

			return response;
		}, callback);
	}

	return {pmSendRequest, bruSendRequest};
}
