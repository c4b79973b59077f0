import {httpMethods} from '../model.js';

/** Most text a script may log in one run; past it one line says the rest was dropped. */
export const maxLogChars = 1_000_000;

/*
The script API as it lives inside QuickJS: `client`, `req`, `res` and `console`. The worker
calls this function once per context with two host functions, before the run is known;
`begin(setup)` then adds `req` and `res` for the run.
The script gets nothing else from the host: `host(op, argsJson)` answers `client.*` calls
and the response text, `log(level, text)` carries console output.

Values leave the sandbox in a tagged JSON form that keeps what plain JSON would lose
(dates, -0, undefined, NaN, functions, class instances, holes, cycles), so the host can
check them with validateValue and report exactly its message. Values come in as
values.ts's storage form (`{"$date": ISO}`, `{"$number": "-0"}`, `$`-prefixed keys escaped).

The intrinsics the API relies on are captured before the script runs, so a script that
replaces JSON or Object.prototype methods breaks nothing but its own later calls; the host
checks whatever it receives in any case.
*/
export const preludeSource = String.raw`
(function install(host, log) {
	'use strict';
	const {parse, stringify} = JSON;
	const {defineProperty, entries, freeze, getPrototypeOf, keys} = Object;
	const objectPrototype = Object.prototype;
	const {isArray} = Array;
	const {apply} = Reflect;
	const NativeDate = Date;
	const NativeError = Error;
	const NativeString = String;
	const dateGetTime = Date.prototype.getTime;
	const dateToIso = Date.prototype.toISOString;
	const errorToString = Error.prototype.toString;
	const methods = ${JSON.stringify(httpMethods)};
	const maxLogChars = ${maxLogChars};

	function fail(name, message) {
		const error = new NativeError(message);
		error.name = name;
		throw error;
	}

	function define(target, key, value) {
		defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
	}

	function isValidDate(date) {
		const time = apply(dateGetTime, date, []);
		return time === time;
	}

	function toWire(value, ancestors) {
		switch (typeof value) {
			case 'string':
			case 'boolean': {
				return value;
			}

			case 'number': {
				if (value !== value || value === Infinity || value === -Infinity) {
					return {$number: NativeString(value)};
				}

				return value === 0 && 1 / value < 0 ? {$number: '-0'} : value;
			}

			case 'undefined': {
				return {$undefined: 1};
			}

			case 'function': {
				return {$function: 1};
			}

			case 'bigint': {
				return {$bigint: 1};
			}

			case 'symbol': {
				return {$symbol: 1};
			}

			default: {
				break;
			}
		}

		if (value === null) {
			return null;
		}

		const at = ancestors.indexOf(value);
		if (at !== -1) {
			return {$cycle: ancestors.length - at};
		}

		if (value instanceof NativeDate) {
			return {$date: isValidDate(value) ? apply(dateToIso, value, []) : null};
		}

		ancestors.push(value);
		try {
			if (isArray(value)) {
				const wire = [];
				for (let index = 0; index < value.length; index++) {
					wire.push(index in value ? toWire(value[index], ancestors) : {$hole: 1});
				}

				return wire;
			}

			const prototype = getPrototypeOf(value);
			if (prototype !== objectPrototype && prototype !== null) {
				const constructor = value.constructor;
				return {$instance: constructor && typeof constructor.name === 'string' ? constructor.name : ''};
			}

			const wire = {};
			for (const [key, child] of entries(value)) {
				define(wire, key[0] === '$' ? '$' + key : key, toWire(child, ancestors));
			}

			return wire;
		} finally {
			ancestors.pop();
		}
	}

	function fromStorage(encoded) {
		if (encoded === null || typeof encoded !== 'object') {
			return encoded;
		}

		if (isArray(encoded)) {
			const values = [];
			for (const element of encoded) {
				values.push(fromStorage(element));
			}

			return values;
		}

		const names = keys(encoded);
		if (names.length === 1 && names[0] === '$date') {
			return new NativeDate(encoded.$date);
		}

		if (names.length === 1 && names[0] === '$number') {
			return -0;
		}

		const value = {};
		for (const key of names) {
			define(value, key[0] === '$' ? key.slice(1) : key, fromStorage(encoded[key]));
		}

		return value;
	}

	function call(op, ...args) {
		const wire = [];
		for (const argument of args) {
			wire.push(toWire(argument, []));
		}

		const reply = parse(host(op, stringify(wire)));
		if (reply.error !== undefined) {
			fail(reply.error.name, reply.error.message);
		}

		return reply.value;
	}

	const identifier = /^[A-Za-z_$][\w$]*$/;

	function show(value, nested, ancestors) {
		switch (typeof value) {
			case 'string': {
				return nested ? stringify(value) : value;
			}

			case 'number': {
				return value === 0 && 1 / value < 0 ? '-0' : NativeString(value);
			}

			case 'bigint': {
				return NativeString(value) + 'n';
			}

			case 'function': {
				return value.name ? '[Function ' + value.name + ']' : '[Function]';
			}

			case 'object': {
				break;
			}

			default: {
				return NativeString(value);
			}
		}

		if (value === null) {
			return 'null';
		}

		if (value instanceof NativeDate) {
			return isValidDate(value) ? apply(dateToIso, value, []) : 'Invalid Date';
		}

		if (value instanceof NativeError) {
			return apply(errorToString, value, []);
		}

		if (ancestors.includes(value)) {
			return '[Circular]';
		}

		if (ancestors.length >= 6) {
			return isArray(value) ? '[Array]' : '[Object]';
		}

		ancestors.push(value);
		try {
			if (isArray(value)) {
				const items = [];
				for (let index = 0; index < value.length; index++) {
					items.push(index in value ? show(value[index], true, ancestors) : '<empty>');
				}

				return '[' + items.join(', ') + ']';
			}

			if (value instanceof Map) {
				const items = [];
				for (const [key, child] of value) {
					items.push(show(key, true, ancestors) + ' => ' + show(child, true, ancestors));
				}

				return 'Map(' + value.size + ') {' + items.join(', ') + '}';
			}

			if (value instanceof Set) {
				const items = [];
				for (const child of value) {
					items.push(show(child, true, ancestors));
				}

				return 'Set(' + value.size + ') {' + items.join(', ') + '}';
			}

			const items = [];
			for (const [key, child] of entries(value)) {
				items.push((identifier.test(key) ? key : stringify(key)) + ': ' + show(child, true, ancestors));
			}

			const prototype = getPrototypeOf(value);
			const constructor = prototype === null ? undefined : value.constructor;
			const prefix = prototype === objectPrototype || prototype === null || !constructor || !constructor.name ? '' : constructor.name + ' ';
			return prefix + '{' + items.join(', ') + '}';
		} finally {
			ancestors.pop();
		}
	}

	function format(value) {
		try {
			return show(value, false, []);
		} catch {
			return '[a value that cannot be shown]';
		}
	}

	let loggedChars = 0;
	function writer(level) {
		return (...args) => {
			if (loggedChars > maxLogChars) {
				return;
			}

			const parts = [];
			for (const argument of args) {
				parts.push(format(argument));
			}

			const text = parts.join(' ');
			loggedChars += text.length;
			if (loggedChars > maxLogChars) {
				log('warn', 'Console output past ' + maxLogChars + ' characters was dropped');
				return;
			}

			log(level, text);
		};
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

	function lower(name) {
		return NativeString(name).toLowerCase();
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

	function makeResponse(meta) {
		const headers = {};
		for (const [name, value] of meta.headers) {
			const key = lower(name);
			define(headers, key, Object.hasOwn(headers, key) ? headers[key] + ', ' + value : value);
		}

		freeze(headers);
		let text;
		let body;
		let parsed = false;
		const readText = () => {
			text ??= call('responseText');
			return text;
		};

		const readBody = () => {
			if (!parsed) {
				body = readText();
				try {
					body = parse(body);
				} catch {}

				parsed = true;
			}

			return body;
		};

		const getHeader = name => (Object.hasOwn(headers, lower(name)) ? headers[lower(name)] : undefined);
		return freeze({
			status: meta.status,
			statusText: meta.statusText,
			headers,
			get body() {
				return readBody();
			},
			get text() {
				return readText();
			},
			responseTime: meta.responseTime,
			size: meta.size,
			getStatus: () => meta.status,
			getStatusText: () => meta.statusText,
			getHeader,
			getHeaders: () => headers,
			getBody: readBody,
			getText: readText,
			getResponseTime: () => meta.responseTime,
			getSize: () => meta.size,
		});
	}

	const client = freeze({
		getVar: name => {
			const encoded = call('getVar', name);
			return encoded === undefined ? undefined : fromStorage(encoded);
		},
		setVar: (name, value) => {
			call('setVar', name, value);
		},
		hasVar: name => call('hasVar', name),
		deleteVar: name => call('deleteVar', name),
		interpolate: text => call('interpolate', text),
	});

	const console = freeze({log: writer('log'), info: writer('info'), warn: writer('warn'), error: writer('error'), debug: writer('log')});
	let requestState;

	function setGlobal(name, value) {
		defineProperty(globalThis, name, {value, writable: true, enumerable: false, configurable: true});
	}

	setGlobal('client', client);
	setGlobal('console', console);
	return {
		begin(setupText) {
			const setup = parse(setupText);
			if (setup.request !== undefined) {
				requestState = {...setup.request, headers: setup.request.headers.map(([name, value]) => [name, value])};
				setGlobal('req', makeRequest(requestState));
			}

			if (setup.response !== undefined) {
				setGlobal('res', makeResponse(setup.response));
			}
		},
		finish: () => (requestState === undefined ? '' : stringify(requestState)),
		format,
	};
})
`;
