/*
`req` in a pre-request script: the request as the script changes it, checked as it goes.
Compiled inside the sandbox when a run has a request, from the helpers the core prelude
shares (see prelude.js): compiling is most of what a run costs, so no run compiles what it
does not use.

`req.headers` is also an object of the headers, as in Bruno: reading, assigning or
deleting a property reads, sets or deletes that header (a Proxy, whose methods come first).
`req.body` takes text, or a value written as the body's type reads it: for a form, an
object's entries as fields (encoded by the host, which keeps placeholders as written); for
a text body, the text a placeholder of that value gives there (a date as ISO text, an
object as JSON); otherwise JSON.
*/
export default function (shared) {
	const {apply, call, dateToIso, entries, fail, freeze, getPrototypeOf, hasOwn, isArray, isValidDate, lower, NativeDate, NativeString, objectPrototype, stringify} = shared;
	const methods = shared.httpMethods;
	const NativeProxy = Proxy;
	const reflectGet = Reflect.get;

	/** What a value is, for a message: null, an array, a Date, an object, an instance of Map, a number… */
	function describe(value) {
		if (value === null || value === undefined) {
			return NativeString(value);
		}

		if (typeof value !== 'object') {
			return 'a ' + typeof value;
		}

		if (isArray(value)) {
			return 'an array';
		}

		if (value instanceof NativeDate) {
			return 'a Date';
		}

		const prototype = getPrototypeOf(value);
		const constructor = prototype === objectPrototype || prototype === null ? undefined : value.constructor;
		return constructor && typeof constructor.name === 'string' && constructor.name !== '' ? 'an instance of ' + constructor.name : 'an object';
	}

	function isPlainObject(value) {
		if (value === null || typeof value !== 'object') {
			return false;
		}

		const prototype = getPrototypeOf(value);
		return prototype === objectPrototype || prototype === null;
	}

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

	function formFieldText(name, value) {
		switch (typeof value) {
			case 'string': {
				return value;
			}

			case 'number': {
				if (value - value !== 0) {
					fail('InvalidValueError', 'Form field ' + stringify(name) + ' is ' + NativeString(value) + ', not a finite number');
				}

				return NativeString(value);
			}

			case 'boolean': {
				return NativeString(value);
			}

			default: {
				break;
			}
		}

		if (value instanceof NativeDate) {
			if (!isValidDate(value)) {
				fail('InvalidValueError', 'Form field ' + stringify(name) + ' is an invalid Date');
			}

			return apply(dateToIso, value, []);
		}

		fail('InvalidValueError', 'Form field ' + stringify(name) + ' must be text, a number, a boolean or a Date, not ' + describe(value));
	}

	/** A form's text from an object of fields, encoded as the form is. */
	function formText(value) {
		if (!isPlainObject(value)) {
			fail('InvalidValueError', 'req.body of a form must be text (name=value&…) or an object of fields, not ' + describe(value));
		}

		const fields = [];
		for (const [name, field] of entries(value)) {
			fields.push([name, formFieldText(name, field)]);
		}

		return call('formText', fields);
	}

	function bodyText(value, bodyType) {
		if (typeof value === 'string') {
			return value;
		}

		if (bodyType === 'form') {
			return formText(value);
		}

		if (bodyType === 'text' && value instanceof NativeDate) {
			if (!isValidDate(value)) {
				fail('InvalidValueError', 'req.body is an invalid Date');
			}

			return apply(dateToIso, value, []);
		}

		const text = value === undefined || typeof value === 'function' || typeof value === 'symbol' ? undefined : stringify(value);
		if (typeof text !== 'string') {
			fail('InvalidValueError', 'req.body must be a string or a value JSON can write, not ' + typeof value);
		}

		return text;
	}

	/** Each header once, as first spelled: the properties req.headers has. */
	function headerNames(pairs) {
		const names = [];
		const seen = [];
		for (const [name] of pairs) {
			if (!seen.includes(lower(name))) {
				seen.push(lower(name));
				names.push(name);
			}
		}

		return names;
	}

	function headersObject(api) {
		const refuseMethod = (property, advice) => {
			if (hasOwn(api, property)) {
				fail('TypeError', 'req.headers.' + property + ' is a method; ' + advice);
			}
		};

		const setHeader = (property, value) => {
			refuseMethod(property, 'to send a header of that name, call req.headers.set(' + stringify(property) + ', value)');
			api.set(property, value);
			return true;
		};

		return new NativeProxy({}, {
			get(target, property, receiver) {
				if (typeof property === 'string') {
					if (hasOwn(api, property)) {
						return api[property];
					}

					if (api.has(property)) {
						return api.get(property);
					}
				}

				return reflectGet(target, property, receiver);
			},
			set: (target, property, value) => typeof property === 'string' && setHeader(property, value),
			defineProperty: (target, property, descriptor) => typeof property === 'string' && hasOwn(descriptor, 'value') && setHeader(property, descriptor.value),
			deleteProperty(target, property) {
				if (typeof property !== 'string') {
					return false;
				}

				refuseMethod(property, 'to delete a header of that name, call req.headers.delete(' + stringify(property) + ')');
				api.delete(property);
				return true;
			},
			has: (target, property) => typeof property === 'string' && (hasOwn(api, property) || api.has(property)),
			ownKeys: () => headerNames(api.all()),
			getOwnPropertyDescriptor(target, property) {
				if (typeof property !== 'string' || !api.has(property)) {
					return undefined;
				}

				return {value: api.get(property), writable: true, enumerable: true, configurable: true};
			},
		});
	}

	function makeRequest(state) {
		const api = freeze({
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
			append(name, value) {
				state.headers.push([name, headerValue(headerName(name), value)]);
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
		const headers = headersObject(api);

		const setHeaders = values => {
			if (!isPlainObject(values)) {
				fail('TypeError', 'req.setHeaders needs an object of header names and values, not ' + describe(values));
			}

			const next = [];
			for (const [name, value] of entries(values)) {
				next.push([headerName(name), headerValue(name, value)]);
			}

			state.headers = next;
		};

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
			state.body = bodyText(body, state.bodyType);
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
			getHeader: name => api.get(name),
			getHeaders: () => headers,
			setHeader: (name, value) => api.set(name, value),
			setHeaders,
			deleteHeader: name => api.delete(name),
			getBody: () => state.body,
			setBody,
		};
		return freeze(request);
	}

	return makeRequest;
}
