/*
Postman's legacy script API, which older collections (and newman's own tests) still use:
`tests["name"] = passed`, `responseBody`, `responseCode`, `responseHeaders`, `responseTime`,
`postman.setEnvironmentVariable` and its kin, `environment`, `globals`, `data`, `iteration`,
`request` and `xml2Json`. Compiled after the Postman and Bruno layer by a run whose script mentions one of
these (see usesLegacyApi in run-script.ts), and built on the same API: every variable scope is
curlew's runtime scope, as pm's are.

A legacy test counts as pm.test's do: each name in `tests` is reported when the script ends,
with the last value it was given, passed when that value is truthy.
*/
export default function (shared) {
	const {entries, fail, freeze, hasOwn, NativeString} = shared;

	return function install({client, testWriters, format, req: request, res: response, setup, setGlobal, require, runControl, atFinish}) {
		const tests = {};
		atFinish.push(() => {
			for (const [name, value] of entries(tests)) {
				if (value) {
					testWriters.passed('✓ ' + name);
				} else {
					testWriters.failed('✗ ' + name + ': its value was ' + format(value));
				}
			}
		});

		const setVar = (name, value) => {
			if (value === undefined) {
				client.deleteVar(name);
			} else {
				client.setVar(name, value);
			}
		};

		const listAdvice = 'curlew scripts cannot list variables: clear each one by name';
		// Reading a property reads a variable; what the script writes there stays in this run, as in Postman.
		const variables = () => new Proxy({}, {
			get: (target, name) => (typeof name !== 'string' || hasOwn(target, name) ? target[name] : client.getVar(name)),
			has: (target, name) => typeof name === 'string' && (hasOwn(target, name) || client.hasVar(name)),
		});

		const postman = freeze({
			setEnvironmentVariable: setVar,
			getEnvironmentVariable: name => client.getVar(name),
			clearEnvironmentVariable(name) {
				client.deleteVar(name);
			},
			clearEnvironmentVariables() {
				fail('TypeError', 'postman.clearEnvironmentVariables is not supported by curlew: ' + listAdvice);
			},
			setGlobalVariable: setVar,
			getGlobalVariable: name => client.getVar(name),
			clearGlobalVariable(name) {
				client.deleteVar(name);
			},
			clearGlobalVariables() {
				fail('TypeError', 'postman.clearGlobalVariables is not supported by curlew: ' + listAdvice);
			},
			setNextRequest(name) {
				runControl.nextRequest = name === null || name === undefined ? null : NativeString(name);
			},
			getResponseHeader: name => (response === undefined ? undefined : response.getHeader(name)),
		});

		// Postman's XML reader: xml2js with Postman's options, read at once.
		setGlobal('xml2Json', text => {
			let result;
			require('xml2js').parseString(text, {explicitArray: false, async: false, trim: true, mergeAttrs: false}, (error, parsed) => {
				if (error) {
					throw error;
				}

				result = parsed;
			});
			return result;
		});
		setGlobal('tests', tests);
		setGlobal('postman', postman);
		setGlobal('environment', variables());
		setGlobal('globals', variables());
		setGlobal('data', freeze({}));
		setGlobal('iteration', 0);
		if (request !== undefined) {
			const headers = {};
			for (const [name, value] of request.headers.all()) {
				headers[name] = hasOwn(headers, name) ? headers[name] + ', ' + value : value;
			}

			setGlobal('request', freeze({url: request.url, method: request.method, headers: freeze(headers), data: request.body, name: setup.compat.requestName}));
		}

		if (response !== undefined) {
			const headers = {};
			for (const [name, value] of setup.response.headers) {
				headers[name] = hasOwn(headers, name) ? headers[name] + ', ' + value : value;
			}

			setGlobal('responseCode', freeze({code: response.status, name: response.statusText, detail: response.statusText}));
			setGlobal('responseHeaders', freeze(headers));
			setGlobal('responseTime', response.responseTime);
			defineBody(setGlobal, response);
		}
	};
}

// The body's text, read from the host only when the script reads it.
function defineBody(setGlobal, response) {
	let read = false;
	let text;
	setGlobal('responseBody', undefined);
	Object.defineProperty(globalThis, 'responseBody', {
		get() {
			if (!read) {
				text = response.text;
				read = true;
			}

			return text;
		},
		set(value) {
			text = value;
			read = true;
		},
		enumerable: false,
		configurable: true,
	});
}
