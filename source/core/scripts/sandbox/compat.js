/*
Postman's `pm` and Bruno's `bru`, `test` and `expect`, so that scripts imported from those
tools run as written. Everything maps onto curlew's own API: every variable scope of theirs
is curlew's one runtime scope (`client.getVar/setVar/…`), requests and responses are `req`
and `res`, assertions are chai's (expect.js), requests a script sends go to the host
(send-request.js), and what a script asks of the run is left in `runControl` for the host.

Compiled inside the sandbox only by a run whose script mentions `pm.`, `bru.`, `test(` or
`expect(` (see usesCompatApi in run-script.ts), before the script runs, with chai when the
script asserts. What Postman or Bruno has and curlew does not is an error that names it and
says what to do instead, rather than `undefined is not a function`.
*/
import {headerList} from './header-list.js';
import {makeSendRequest} from './send-request.js';

export default function (shared) {
	const {fail, freeze, hasOwn, isArray, NativeError, NativeString, stringify} = shared;
	const {defineProperty, keys} = Object;
	const NativeProxy = Proxy;
	const reflectGet = Reflect.get;
	const fromCurlew = ' is not supported by curlew: ';

	/*
	target, frozen, behind a Proxy that turns the read of a member it lacks into an error:
	unsupported[name] says what to do instead; any other name gets the list of what there is.
	*/
	function guarded(path, target, unsupported) {
		freeze(target);
		return new NativeProxy(target, {
			get(object, property, receiver) {
				if (typeof property === 'string' && !(property in object) && property !== 'then' && property !== 'toJSON') {
					if (hasOwn(unsupported, property)) {
						fail('TypeError', path + '.' + property + fromCurlew + unsupported[property]);
					}

					fail('TypeError', path + '.' + property + ' is not provided by curlew: ' + path + ' has ' + keys(object).join(', '));
				}

				return reflectGet(object, property, receiver);
			},
		});
	}

	function headerPair(what, header) {
		if (header === null || typeof header !== 'object' || typeof header.key !== 'string') {
			fail('TypeError', what + ' needs a header as {key, value}, such as {key: \'X-Id\', value: \'1\'}');
		}

		return header;
	}

	/** Defines pm, bru, test and expect for the run, from the API the prelude made for it (see its begin). */
	return function install({client, console, testWriters, format, call, req: request, res: response, setup, setGlobal, compile, require, runControl, sleep}) {
		const bodyType = setup.request?.bodyType;
		const info = setup.compat;
		let loaded;
		const assert = () => {
			loaded ??= compile('expect')({require});
			return loaded;
		};

		// chai is loaded before the script when it asserts, so that it never sees built-ins the script replaced.
		if (info.assertions) {
			assert();
		}

		const expect = (value, message) => assert().expect(value, message);

		function describeFailure(error) {
			if (error instanceof NativeError) {
				return error.name === 'AssertionError' ? NativeString(error.message) : NativeString(error.name) + ': ' + NativeString(error.message);
			}

			return format(error);
		}

		// A failing test is logged, not thrown: the script goes on, as in Postman and Bruno. An async test is logged when it settles.
		function runTest(what, name, body) {
			if (typeof body !== 'function') {
				fail('TypeError', what + ' needs a name and a function, such as ' + what + '("status is 200", () => { … })');
			}

			const passed = () => {
				testWriters.passed('✓ ' + NativeString(name));
			};

			const failed = error => {
				testWriters.failed('✗ ' + NativeString(name) + ': ' + describeFailure(error));
			};

			// A function that takes an argument gets Postman's done callback: the test ends when it is called, failing when given an error.
			if (body.length > 0) {
				let ended = false;
				const end = error => {
					if (!ended) {
						ended = true;
						if (error === undefined || error === null) {
							passed();
						} else {
							failed(error);
						}
					}
				};

				try {
					body(end);
				} catch (error) {
					end(error);
				}

				return;
			}

			let result;
			try {
				result = body();
			} catch (error) {
				failed(error);
				return;
			}

			if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
				result.then(passed, failed);
				return;
			}

			passed();
		}

		const listAdvice = 'curlew scripts cannot list variables: read each one with get(name)';
		// Postman and Bruno keep a variable set to undefined (a field missing from a response), which then reads as undefined: here it is unset.
		const setVar = (name, value) => {
			if (value === undefined) {
				client.deleteVar(name);
			} else {
				client.setVar(name, value);
			}
		};

		const scope = path => guarded(path, {
			get: name => client.getVar(name),
			set: setVar,
			unset(name) {
				client.deleteVar(name);
			},
			has: name => client.hasVar(name),
			replaceIn: text => client.interpolate(text),
		}, {toObject: listAdvice, values: listAdvice, clear: 'unset each variable by name'});

		const runRequestAdvice = 'curlew does not run another of the collection\'s requests from a script: send it with sendRequest, or set the next request to run';
		// A member of one phase, read in the other: a getter that says so, on a target that guarded then freezes.
		const absent = (target, name, message) => {
			defineProperty(target, name, {get: () => fail('TypeError', message)});
		};

		let pmResponse;
		let responseSubject;
		if (response !== undefined) {
			// res.body is the parsed body, or the text when it is not JSON: text the same as res.text (JSON text never is: a JSON string has quotes).
			const readBody = () => {
				const body = response.body;
				if (typeof body !== 'string' || body !== response.text) {
					return {value: body};
				}

				return {problem: body === '' ? 'the body is empty' : 'it begins ' + stringify(body.slice(0, 40)) + (body.length > 40 ? '…' : '')};
			};

			let headerBytes = 0;
			for (const [name, value] of setup.response.headers) {
				headerBytes += name.length + value.length + 4;
			}

			const headers = guarded('pm.response.headers', headerList({pairs: () => setup.response.headers, format}), {});
			responseSubject = freeze({code: response.status, status: response.statusText, headers, text: () => response.text, readJson: readBody});
			pmResponse = guarded('pm.response', {
				code: response.status,
				status: response.statusText,
				reason: () => response.statusText,
				responseTime: response.responseTime,
				responseSize: response.size,
				size: () => ({body: response.size, header: headerBytes, total: response.size + headerBytes}),
				headers,
				json() {
					const read = readBody();
					if (!hasOwn(read, 'value')) {
						fail('JSONError', 'pm.response.json() found no JSON in the response body: ' + read.problem + '; read it with pm.response.text()');
					}

					return read.value;
				},
				text: () => response.text,
				get to() {
					return assert().expectResponse(responseSubject).to;
				},
			}, {cookies: 'read the Set-Cookie header with pm.response.headers.get(\'set-cookie\') (a list of its values)'});
		}

		let pmRequest;
		if (request !== undefined) {
			const urlAdvice = 'curlew keeps the URL as text, placeholders as written: change it with pm.request.url = text';
			const url = () => guarded('pm.request.url', {
				toString: () => request.url,
				update(text) {
					request.url = text;
				},
			}, {query: urlAdvice, addQueryParams: urlAdvice, removeQueryParams: urlAdvice, getHost: urlAdvice, getPath: urlAdvice});
			const headers = guarded('pm.request.headers', headerList({pairs: () => request.headers.all(), format, edits: {
				add(header) {
					const {key, value, disabled} = headerPair('pm.request.headers.add', header);
					if (disabled !== true) {
						request.headers.append(key, value);
					}
				},
				upsert(header) {
					const {key, value} = headerPair('pm.request.headers.upsert', header);
					request.headers.set(key, value);
				},
				remove(name) {
					request.headers.delete(name !== null && typeof name === 'object' ? name.key : name);
				},
				clear(name) {
					if (name === undefined) {
						for (const [key] of request.headers.all()) {
							request.headers.delete(key);
						}
					} else {
						request.headers.delete(name);
					}
				},
			}}), {});
			const formAdvice = 'curlew keeps a form as its encoded text: read it with pm.request.body.toString(), or set req.body to an object of fields';
			const body = guarded('pm.request.body', {
				mode: bodyType === 'form' ? 'urlencoded' : 'raw',
				get raw() {
					return request.body;
				},
				set raw(text) {
					request.body = text;
				},
				update(content) {
					request.body = content !== null && typeof content === 'object' && !isArray(content) && hasOwn(content, 'raw') ? content.raw : content;
				},
				toString: () => request.body,
			}, {urlencoded: formAdvice, formdata: formAdvice});
			pmRequest = guarded('pm.request', {
				get url() {
					return url();
				},
				set url(text) {
					request.url = NativeString(text);
				},
				get method() {
					return request.method;
				},
				set method(method) {
					request.method = method;
				},
				headers,
				addHeader: header => headers.add(header),
				upsertHeader: header => headers.upsert(header),
				removeHeader: name => headers.remove(name),
				body,
			}, {auth: 'set the Authorization header with pm.request.headers.upsert({key: \'Authorization\', value: …})'});
		}

		const pmTest = (name, body) => {
			runTest('pm.test', name, body);
			return pm;
		};

		pmTest.skip = name => {
			console.log('- ' + NativeString(name) + ' (skipped)');
			return pm;
		};

		const pmTarget = {
			environment: scope('pm.environment'),
			collectionVariables: scope('pm.collectionVariables'),
			variables: scope('pm.variables'),
			globals: scope('pm.globals'),
			info: guarded('pm.info', {requestName: info.requestName, eventName: info.phase === 'pre-request' ? 'prerequest' : 'test'}, {}),
			test: freeze(pmTest),
			expect: (value, message) => (value === pmResponse && value !== undefined ? assert().expectResponse(responseSubject, message) : expect(value, message)),
		};
		if (pmRequest !== undefined) {
			pmTarget.request = pmRequest;
		}

		if (pmResponse === undefined) {
			absent(pmTarget, 'response', 'pm.response is only in post-response scripts: there is no response before the request is sent');
		} else {
			pmTarget.response = pmResponse;
		}

		const {pmSendRequest, bruSendRequest} = makeSendRequest({call, fail, format});
		const setNextRequest = name => {
			runControl.nextRequest = name === null || name === undefined ? null : NativeString(name);
		};

		const skipRequest = () => {
			runControl.skipRequest = true;
		};

		pmTarget.sendRequest = pmSendRequest;
		pmTarget.execution = guarded('pm.execution', {setNextRequest, skipRequest}, {runRequest: runRequestAdvice});
		// A run has no data file in curlew (newman's --iteration-data): as newman without one, the data is empty.
		pmTarget.iterationData = guarded('pm.iterationData', {get: () => undefined, has: () => false, toObject: () => ({}), toJSON: () => ({})}, {});
		// What a visualizer shows is Postman's app; newman, which runs without one, ignores it too.
		pmTarget.visualizer = guarded('pm.visualizer', {set() {}, clear() {}}, {});
		const pm = guarded('pm', pmTarget, {
			cookies: 'read the Set-Cookie header with pm.response.headers.get(\'set-cookie\')',
			setNextRequest: 'call pm.execution.setNextRequest(name), as Postman names it',
			vault: 'keep the value in a variable marked secret',
			require: 'it loads packages from Postman\'s package library, which curlew has not: require(\'lodash\') and the other libraries curlew bundles work as in Postman',
		});

		const bru = guarded('bru', {
			getVar: name => client.getVar(name),
			setVar,
			hasVar: name => client.hasVar(name),
			deleteVar(name) {
				client.deleteVar(name);
			},
			getEnvVar: name => client.getVar(name),
			setEnvVar: setVar,
			getCollectionVar: name => client.getVar(name),
			getRequestName: () => info.requestName,
			interpolate: text => client.interpolate(text),
			getGlobalEnvVar: name => client.getVar(name),
			setGlobalEnvVar: setVar,
			getFolderVar: name => client.getVar(name),
			getRequestVar: name => client.getVar(name),
			getEnvName: () => info.environmentName,
			isSafeMode: () => true,
			// Where require('./…') starts: the collection's own folder.
			cwd: () => '.',
			sleep: ms => new Promise(resolve => {
				sleep(resolve, ms);
			}),
			sendRequest: bruSendRequest,
			setNextRequest,
			runner: guarded('bru.runner', {
				setNextRequest,
				skipRequest,
				stopExecution() {
					runControl.stopExecution = true;
				},
			}, {}),
			getProcessEnv(name) {
				if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
					fail('TypeError', 'bru.getProcessEnv needs the name of an environment variable, such as \'API_TOKEN\'');
				}

				const placeholder = '{{process.env.' + name + '}}';
				const value = client.interpolate(placeholder);
				return value === placeholder ? undefined : value;
			},
		}, {
			runRequest: runRequestAdvice,
			cookies: 'read the Set-Cookie header with res.getHeader(\'set-cookie\')',
		});

		setGlobal('pm', pm);
		setGlobal('bru', bru);
		setGlobal('test', (name, body) => {
			runTest('test', name, body);
		});
		setGlobal('expect', expect);
		return pm;
	};
}
