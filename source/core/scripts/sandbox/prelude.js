/*
The script API as it lives inside QuickJS: `client` and `console` here, `req`, `res`, the
console formatter, and the Postman and Bruno layer (`pm`, `bru`, `test`, `expect`) in the
other modules of this folder (the parts), compiled only by the runs that use them.
scripts/build-sandbox.js bundles each into a text that evaluates to its default export.
The worker calls this function once per context with the host's functions, the parts' texts
and the host's constants (see sandbox-constants.ts), before the run is known; `begin(setup)`
then adds `req`, `res` and the Postman and Bruno layer as the run needs them. Every
character here is compiled by every run: what only some runs use belongs in a part.
`compiled.names` lists the parts a run compiled, and `compiled.libraries` the libraries it
required, for the worker to report; `preload(name)` loads a library into a context being
prepared, before any script runs (see worker-source.ts).
The script gets nothing else from the host: `natives.host(op, argsJson)` answers `client.*`
calls and the response text (see host-calls.ts for the answers), `natives.log(level, json)`
carries console output (as a JSON string: strings leave QuickJS as C strings, which end at a
NUL), `natives.offClock(true|false)` holds the script's time limit while a part compiles.
`parts` holds each part's source as a string, made while the context is prepared: no JSON
to parse, and no call to the host on a run's path.

Values leave the sandbox in a tagged JSON form (see wire.ts) that keeps what plain JSON
would lose (dates, -0, undefined, NaN, functions, class instances, holes, cycles), so the
host can check them with validateValue and report exactly its message. Values come in as
values.ts's storage form (`{"$date": ISO}`, `{"$number": "-0"}`, `$`-prefixed keys escaped).
The tagged text is written by JSON.stringify itself wherever it can be (see wire-text.js): a
walk in the sandbox's own code costs about a microsecond a step, seconds for a large value.

The intrinsics the API relies on are captured before the script runs, so a script that
replaces JSON or Object.prototype methods breaks nothing but its own later calls; the host
checks whatever it receives in any case.
*/
import {makeRequire} from './require.js';
import {makeTimers} from './timers.js';
import {makeWire} from './wire-text.js';
import {makeWebGlobals} from './web-globals.js';

export default function install(natives, parts, constants) {
	const {host, log, offClock, library, random} = natives;
	const {parse, stringify} = JSON;
	const {defineProperty, entries, freeze, getPrototypeOf, keys} = Object;
	const objectPrototype = Object.prototype;
	const {isArray} = Array;
	const {apply} = Reflect;
	const NativeDate = Date;
	const NativeError = Error;
	const NativeString = String;
	const dateToIso = Date.prototype.toISOString;
	const errorToString = Error.prototype.toString;
	const stringSlice = String.prototype.slice;
	const stringCharCodeAt = String.prototype.charCodeAt;
	const NativeFunction = Function;
	const hasOwn = Object.hasOwn;
	const {maxLogChars, maxLogLines, maxValueDepth, maxWireChars, loopMark, throwMark} = constants;
	const tagLikeKey = new RegExp(constants.tagLikeKey);
	const tooLargeText = 'more than ' + constants.maxWireCharsText + ' characters as JSON (16 MB), the most a script may hand to curlew in one call';

	function fail(name, message) {
		const error = new NativeError(message);
		error.name = name;
		throw error;
	}

	function define(target, key, value) {
		defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
	}

	const {isValidDate, wireText, tooLarge, tooLargeProblem, fromStorage} = makeWire({fail, define, maxValueDepth, tagLikeKey, tooLargeText});

	function lower(name) {
		return NativeString(name).toLowerCase();
	}

	function call(op, ...args) {
		const texts = [];
		try {
			for (const argument of args) {
				texts.push(wireText(argument, maxWireChars));
			}
		} catch (error) {
			if (error === tooLarge) {
				tooLargeProblem(op, args);
			}

			throw error;
		}

		const reply = host(op, '[' + texts.join(',') + ']');
		const payload = reply.slice(1);
		if (reply[0] === 't') {
			return payload;
		}

		if (reply[0] === 'e') {
			const error = parse(payload);
			fail(error.name, error.message);
		}

		return payload === '' ? undefined : parse(payload);
	}

	const shared = freeze({
		apply, call, dateToIso, define, entries, errorToString, fail, freeze, getPrototypeOf, hasOwn, httpMethods: constants.httpMethods,
		isArray, isValidDate, lower, NativeDate, NativeError, NativeString, objectPrototype, parse, stringify,
	});
	const compiled = {names: '', libraries: ''};
	// Compiling a part is the sandbox's own start-up, not the script's run: off its clock (see worker-source.ts).
	const compile = name => {
		compiled.names += (compiled.names === '' ? '' : ',') + name;
		offClock(true);
		try {
			return NativeFunction('return ' + parts[name])()(shared);
		} finally {
			offClock(false);
		}
	};

	let formatter;
	function format(value) {
		formatter ??= compile('format');
		return formatter(value);
	}

	function isHighSurrogate(code) {
		return code >= 0xD800 && code <= 0xDBFF;
	}

	function isLowSurrogate(code) {
		return code >= 0xDC00 && code <= 0xDFFF;
	}

	const nonAscii = /[\u0080-\uFFFF]/;

	// The bytes a text takes in UTF-8, as the output left out is counted.
	function utf8Bytes(text) {
		if (!nonAscii.test(text)) {
			return text.length;
		}

		let bytes = 0;
		for (let index = 0; index < text.length; index++) {
			const code = text.charCodeAt(index);
			if (code < 0x80) {
				bytes += 1;
			} else if (code < 0x800) {
				bytes += 2;
			} else if (isHighSurrogate(code) && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) {
				bytes += 4;
				index++;
			} else {
				bytes += 3;
			}
		}

		return bytes;
	}

	/*
	Console output is kept up to maxLogLines calls and maxLogChars characters; the rest is
	counted, not sent, and the worker reads the counts after the run (plain property reads,
	which work after an interrupt too) for the host's closing line. Test results have a
	budget of their own, so that no amount of logging hides a failed test.
	*/
	const output = {
		console: {lines: 0, chars: 0, droppedLines: 0, droppedBytes: 0},
		tests: {lines: 0, chars: 0, droppedLines: 0, droppedBytes: 0, droppedFailures: 0},
	};
	function send(level, text) {
		const refused = log(level, stringify(text));
		if (refused !== undefined) {
			const error = parse(refused.slice(1));
			fail(error.name, error.message);
		}
	}

	function writer(level) {
		const budget = level === 'test-passed' || level === 'test-failed' ? output.tests : output.console;
		return (...args) => {
			const texts = [];
			for (const argument of args) {
				texts.push(format(argument));
			}

			const text = texts.join(' ');
			if (budget.lines >= maxLogLines || budget.chars >= maxLogChars) {
				budget.droppedLines++;
				budget.droppedBytes += utf8Bytes(text);
				if (level === 'test-failed') {
					budget.droppedFailures++;
				}

				return;
			}

			budget.lines++;
			const room = maxLogChars - budget.chars;
			if (text.length <= room) {
				budget.chars += text.length;
				send(level, text);
				return;
			}

			// The part that fits is kept, cut between characters rather than inside a surrogate pair; the rest is counted.
			const cut = isHighSurrogate(text.charCodeAt(room - 1)) ? room - 1 : room;
			budget.chars = maxLogChars;
			budget.droppedBytes += utf8Bytes(text.slice(cut));
			send(level, text.slice(0, cut));
		};
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
	// A test's result (pm.test, test) is a console line the host can count.
	const testWriters = {passed: writer('test-passed'), failed: writer('test-failed')};
	let requestState;

	function setGlobal(name, value) {
		defineProperty(globalThis, name, {value, writable: true, enumerable: false, configurable: true});
	}

	setGlobal('client', client);
	setGlobal('console', console);
	// Marked loops note their line here (see line-marks.ts); the worker reads it when it stops a script at its time limit.
	const loops = {line: 0};
	defineProperty(globalThis, loopMark, {value: freeze(line => {
		const replaced = loops.line;
		loops.line = line;
		return replaced;
	}), writable: false, enumerable: false, configurable: false});
	// Marked throws note their line and value here; the worker reads them when a script fails with a value that is not an Error.
	const throws = {line: 0, value: undefined};
	defineProperty(globalThis, throwMark, {value: freeze((line, value) => {
		throws.line = line;
		throws.value = value;
		return value;
	}), writable: false, enumerable: false, configurable: false});
	const timers = makeTimers(fail);
	for (const [name, value] of entries(timers.globals)) {
		setGlobal(name, value);
	}

	const web = makeWebGlobals({fail, random});
	setGlobal('atob', web.atob);
	setGlobal('btoa', web.btoa);
	setGlobal('crypto', web.crypto);
	const used = new Set();
	const require = makeRequire({
		call, fail, library, offClock, libraryNames: constants.libraryNames, extras: {atob: web.atob, btoa: web.btoa},
		onUse(name) {
			if (!used.has(name)) {
				used.add(name);
				compiled.libraries += (compiled.libraries === '' ? '' : ',') + name;
			}
		},
	});
	setGlobal('require', require);

	/*
	What a Postman or Bruno script asked of the run (setNextRequest, skipRequest, stopExecution),
	for the host to act on; and what runs once the script ends (Postman's legacy tests[] are
	reported then, as their last values).
	*/
	const runControl = {};
	const atFinish = [];
	return {
		begin(setupText) {
			const setup = parse(setupText);
			let req;
			let res;
			if (setup.request !== undefined) {
				requestState = {...setup.request, headers: setup.request.headers.map(([name, value]) => [name, value])};
				req = compile('request')(requestState);
				setGlobal('req', req);
			}

			if (setup.response !== undefined) {
				res = compile('response')(setup.response);
				setGlobal('res', res);
			}

			if (setup.compat !== undefined) {
				const layer = {client, console, testWriters, format, call, req, res, setup, setGlobal, compile, require, runControl, atFinish, sleep: timers.globals.setTimeout};
				const pm = compile('compat')(layer);
				if (setup.compat.legacy) {
					compile('legacy')({...layer, pm});
				}
			}
		},
		finish() {
			for (const finishing of atFinish) {
				finishing();
			}

			return stringify({request: requestState, runControl: keys(runControl).length === 0 ? undefined : runControl});
		},
		timers: {delay: timers.delay, fire: timers.fire},
		preload(name) {
			require(name);
			used.clear();
			compiled.libraries = '';
		},
		format,
		output,
		// The start of a long text, for the worker to show (see showText in worker-source.ts), never half a surrogate pair.
		head: (text, count) => apply(stringSlice, text, [0, isHighSurrogate(apply(stringCharCodeAt, text, [count - 1])) ? count - 1 : count]),
		loops,
		throws,
		compiled,
	};
}
