import {httpMethods} from '../model.js';

/*
`req` in a pre-request script: the request as the script changes it, checked as it goes.
Compiled inside the sandbox when a run has a request, from the helpers the core prelude
shares (see prelude.ts): compiling is most of what a run costs, so no run compiles what it
does not use.
*/
export const requestApiSource = String.raw`
(function (shared) {
	'use strict';
	const {fail, freeze, lower, NativeString, stringify} = shared;
	const methods = ${JSON.stringify(httpMethods)};

	function requireString(what, value) {
		if (typeof value !== 'string') {
			fail('TypeError', what + ' must be a string, not ' + (value === null ? 'null' : typeof value));
		}

		return value;
	}

	const tokenPattern = /^[!#$%&'*+.^_|~0-9A-Za-z-]+$/;
	function headerName(name) {
		requireString('A header name', name);
		if (!tokenPattern.test(name)) {
			fail('InvalidValueError', 'Header name ' + stringify(name) + ' is invalid: use letters, digits and ! # $ % & \' * + - . ^ _ | ~');
		}

		return name;
	}

	function headerValue(name, value) {
		if (typeof value === 'number' || typeof value === 'boolean') {
			return NativeString(value);
		}

		requireString('The value of header ' + stringify(name), value);
		if (/[\r\n\0]/.test(value)) {
			fail('InvalidValueError', 'The value of header ' + stringify(name) + ' contains a line break or NUL: a header value must be one line');
		}

		return value;
	}

	function bodyText(value) {
		if (typeof value === 'string') {
			return value;
		}

		const text = value === undefined || typeof value === 'function' || typeof value === 'symbol' ? undefined : stringify(value);
		if (typeof text !== 'string') {
			fail('InvalidValueError', 'req.body must be a string or a value JSON can write, not ' + typeof value);
		}

		return text;
	}

	function makeRequest(state) {
		const headers = freeze({
			get(name) {
				const wanted = lower(name);
				const values = state.headers.filter(([key]) => lower(key) === wanted).map(([, value]) => value);
				return values.length === 0 ? undefined : values.join(', ');
			},
			has(name) {
				const wanted = lower(name);
				return state.headers.some(([key]) => lower(key) === wanted);
			},
			set(name, value) {
				const checked = headerValue(headerName(name), value);
				const wanted = lower(name);
				const first = state.headers.findIndex(([key]) => lower(key) === wanted);
				const rest = state.headers.filter(([key], index) => index === first || lower(key) !== wanted);
				if (first === -1) {
					rest.push([name, checked]);
				} else {
					rest[rest.findIndex(([key]) => lower(key) === wanted)] = [name, checked];
				}

				state.headers = rest;
			},
			delete(name) {
				const wanted = lower(name);
				const before = state.headers.length;
				state.headers = state.headers.filter(([key]) => lower(key) !== wanted);
				return state.headers.length !== before;
			},
			all() {
				return state.headers.map(([key, value]) => [key, value]);
			},
		});

		const setMethod = method => {
			const upper = typeof method === 'string' ? method.toUpperCase() : method;
			if (!methods.includes(upper)) {
				fail('InvalidValueError', 'Method ' + (typeof method === 'string' ? stringify(method) : 'of type ' + typeof method) + ' is not supported: use ' + methods.join(', '));
			}

			state.method = upper;
		};

		const setUrl = url => {
			state.url = requireString('req.url', url);
		};

		const setBody = body => {
			state.body = bodyText(body);
		};

		const request = {
			get url() {
				return state.url;
			},
			set url(url) {
				setUrl(url);
			},
			get method() {
				return state.method;
			},
			set method(method) {
				setMethod(method);
			},
			get body() {
				return state.body;
			},
			set body(body) {
				setBody(body);
			},
			headers,
			getUrl: () => state.url,
			setUrl,
			getMethod: () => state.method,
			setMethod,
			getHeader: name => headers.get(name),
			getHeaders: () => headers.all(),
			setHeader: (name, value) => headers.set(name, value),
			deleteHeader: name => headers.delete(name),
			getBody: () => state.body,
			setBody,
		};
		return freeze(request);
	}

	return makeRequest;
})
`;
