/*
`res` in a post-response script; the body text is fetched from the host, and parsed, on
first use.
Compiled inside the sandbox when a run has a response, from the helpers the core prelude
shares (see prelude.js): compiling is most of what a run costs, so no run compiles what it
does not use.
*/
export default function (shared) {
	const {call, define, freeze, hasOwn, lower, NativeError, NativeString, parse} = shared;
	const {defineProperties, getOwnPropertyDescriptors} = Object;

	function makeResponse(meta) {
		// A repeated header's values are joined with ", ", but Set-Cookie's, which hold commas of their own, are a list (as in Node).
		const headers = {};
		for (const [name, value] of meta.headers) {
			const key = lower(name);
			if (key === 'set-cookie') {
				define(headers, key, hasOwn(headers, key) ? [...headers[key], value] : [value]);
			} else {
				define(headers, key, hasOwn(headers, key) ? headers[key] + ', ' + value : value);
			}
		}

		if (hasOwn(headers, 'set-cookie')) {
			freeze(headers['set-cookie']);
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
				// Text that is not JSON stays text. Running out of memory while parsing (QuickJS then throws
				// null, or its InternalError) is the script's failure, never a string body.
				try {
					body = parse(body);
				} catch (error) {
					if (error === null || typeof error !== 'object') {
						throw new NativeError('out of memory');
					}

					if (error.name !== 'SyntaxError') {
						throw error;
					}
				}

				parsed = true;
			}

			return body;
		};

		const getHeader = name => (hasOwn(headers, lower(name)) ? headers[lower(name)] : undefined);
		// As Bruno's res('data.items[0].id'): the body at that path, undefined where there is none.
		const query = path => {
			let reached = readBody();
			for (const step of NativeString(path).replace(/\[(\d+)\]/g, '.$1').split('.').filter(part => part !== '')) {
				if (reached === null || typeof reached !== 'object' || !hasOwn(reached, step)) {
					return undefined;
				}

				reached = reached[step];
			}

			return reached;
		};

		defineProperties(query, getOwnPropertyDescriptors({
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
			// As Bruno's: later reads of the body (res.body, res.getBody(), res('path')) in this run give the new value.
			setBody(value) {
				body = value;
				parsed = true;
			},
			getSize: () => meta.size,
		}));
		return freeze(query);
	}

	return makeResponse;
}
