/*
`expect(value)` for `pm.expect`, Bruno's `expect` and `pm.response.to`: the chains Postman and
Bruno scripts write most, read as chai reads them (language words, `not`, `deep`, assertions
that throw an AssertionError worded as chai words it). Written for curlew, not taken from chai.
Compiled inside the sandbox the first time a run asserts, which may be after the script has
replaced built-ins: the intrinsics come from compat.js, which took them before the
script ran. A run of the Postman and Bruno layer that only sets variables never compiles it.

An assertion is a Proxy over its own state, so that a property no assertion has (a typo, or a
chain curlew lacks) is an error that names it rather than a silent `undefined`.
*/
export default function (shared) {
	const {apply, entries, errorToString, fail, freeze, getPrototypeOf, hasOwn, isArray, NativeDate, NativeError, NativeString} = shared;

	return function assertions({create, dateGetTime, defineProperty, format, keys, NativeMap, NativeProxy, NativeRegExp, NativeSet, numberToPrecision, reflectGet, regExpToString}) {
		const longest = 40;

		/** A value in a message, as chai shows it: strings quoted, a long array or object by its kind. */
		function show(value) {
			if (typeof value === 'string') {
				return "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
			}

			if (value instanceof NativeRegExp) {
				return apply(regExpToString, value, []);
			}

			const text = format(value);
			if (text.length <= longest || value === null || typeof value !== 'object' || value instanceof NativeDate) {
				return text;
			}

			if (isArray(value)) {
				return '[Array(' + value.length + ')]';
			}

			const names = keys(value);
			return '{Object (' + names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '') + ')}';
		}

		/** What a(type) compares: typeof, with arrays, null, dates, regular expressions, errors, maps and sets told apart. */
		function typeOf(value) {
			if (value === null) {
				return 'null';
			}

			if (typeof value !== 'object') {
				return typeof value;
			}

			if (isArray(value)) {
				return 'array';
			}

			const kinds = [[NativeDate, 'date'], [NativeRegExp, 'regexp'], [NativeError, 'error'], [NativeMap, 'map'], [NativeSet, 'set']];
			for (const [constructor, name] of kinds) {
				if (value instanceof constructor) {
					return name;
				}
			}

			return 'object';
		}

		/** Equality of structure: dates by time, NaN equal to NaN, objects by their own enumerable properties and prototype. */
		function deepEqual(left, right, pairs) {
			// As chai's eql: NaN equals NaN, and -0 is not 0 (equal, which is ===, takes them as the same).
			if (left === right) {
				return left !== 0 || 1 / left === 1 / right;
			}

			if (left !== left && right !== right) {
				return true;
			}

			if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object' || getPrototypeOf(left) !== getPrototypeOf(right)) {
				return false;
			}

			// A pair met again inside itself is equal as far as this walk can tell.
			if (pairs.some(([a, b]) => a === left && b === right)) {
				return true;
			}

			if (left instanceof NativeDate) {
				const time = apply(dateGetTime, left, []);
				const other = apply(dateGetTime, right, []);
				return time === other || (time !== time && other !== other);
			}

			if (left instanceof NativeRegExp) {
				return apply(regExpToString, left, []) === apply(regExpToString, right, []);
			}

			pairs.push([left, right]);
			try {
				if (left instanceof NativeMap || left instanceof NativeSet) {
					if (left.size !== right.size) {
						return false;
					}

					for (const [key, value] of left.entries()) {
						if (!right.has(key) || (left instanceof NativeMap && !deepEqual(value, right.get(key), pairs))) {
							return false;
						}
					}

					return true;
				}

				const names = keys(left);
				if (names.length !== keys(right).length) {
					return false;
				}

				return names.every(name => hasOwn(right, name) && deepEqual(left[name], right[name], pairs));
			} finally {
				pairs.pop();
			}
		}

		function assertionError(state, text) {
			const error = new NativeError((state.message === undefined ? '' : NativeString(state.message) + ': ') + text);
			error.name = 'AssertionError';
			return error;
		}

		/*
		Passes when passed is true, or false under not. Otherwise throws 'expected <subject> <words>',
		the words for a failure as written, or as negated; both are functions, so that a passing
		assertion formats nothing.
		*/
		function check(assertion, passed, words, negatedWords) {
			const state = assertion.state;
			if (passed === state.negate) {
				throw assertionError(state, 'expected ' + show(state.subject) + ' ' + (state.negate ? negatedWords() : words()));
			}

			return assertion;
		}

		/** An assertion that cannot be made of this subject at all, negated or not. */
		function refuse(assertion, text) {
			throw assertionError(assertion.state, 'expected ' + show(assertion.state.subject) + ' ' + text);
		}

		function sizeOf(assertion, what) {
			const subject = assertion.state.subject;
			if (subject instanceof NativeMap || subject instanceof NativeSet) {
				return subject.size;
			}

			if (typeof subject === 'string' || isArray(subject) || (subject !== null && typeof subject === 'object' && typeof subject.length === 'number')) {
				return subject.length;
			}

			return refuse(assertion, 'to be a string, an array, a map or a set, to have ' + what);
		}

		const comparable = value => typeof value === 'number' || value instanceof NativeDate;

		function compare(name, words, negatedWords, passes) {
			return function (bound, message) {
				this.state.message ??= message;
				const subject = this.state.subject;
				if (!comparable(subject) || !comparable(bound)) {
					return refuse(this, 'and ' + show(bound) + ' to be numbers or dates, for .' + name + '()');
				}

				return check(this, passes(+subject, +bound), () => words + ' ' + show(bound), () => negatedWords + ' ' + show(bound));
			};
		}

		const hasProperty = (value, name) => value !== null && value !== undefined && (typeof value === 'object' || typeof value === 'function' ? name in value : value[name] !== undefined);

		/** The steps of a nested path, as chai reads it: 'a.b[1]' is a, b and 1; a backslash keeps a . [ or ] in a name ('\\.a' names .a). */
		function pathSteps(path) {
			const steps = [];
			for (const [, index, name] of path.matchAll(/\[(\d+)\]|((?:\\.|[^.[\\])+)/g)) {
				steps.push(index ?? name.replace(/\\(.)/g, '$1'));
			}

			return steps;
		}

		/** Whether the subject has the property, under nested the path: {present, value}. */
		function lookUp(state, name) {
			const {subject} = state;
			if (state.nested) {
				let value = subject;
				for (const step of pathSteps(name)) {
					if (!hasProperty(value, step)) {
						return {present: false};
					}

					value = value[step];
				}

				return {present: true, value};
			}

			const present = state.own ? subject !== null && subject !== undefined && hasOwn(subject, name) : hasProperty(subject, name);
			return present ? {present, value: subject[name]} : {present};
		}

		const holds = (state, found, expected) => found.present && (state.deep ? deepEqual(found.value, expected, []) : found.value === expected);

		/** property(name) and property(name, value), own or nested: what lookUp found, once it passed. */
		function assertProperty(assertion, name, withValue) {
			const state = assertion.state;
			const found = lookUp(state, name);
			const kind = (state.own ? 'own ' : '') + (state.nested ? 'nested ' : '') + 'property ' + show(name);
			if (withValue.length === 0) {
				check(assertion, found.present, () => 'to have ' + kind, () => 'to not have ' + kind);
				return found;
			}

			const [expected] = withValue;
			const words = (state.deep ? 'deep ' : '') + kind + ' of ' + show(expected);
			check(assertion, holds(state, found, expected), () => 'to have ' + words + (found.present ? ', but got ' + show(found.value) : ', but it has no such property'), () => 'to not have ' + words);
			return found;
		}

		/** nested.include({'a.b[1]': 'y'}): each path has its value, and a failure names the first that has not; negated, it fails only when every one has, as in chai. */
		function includeNested(assertion, value) {
			const state = assertion.state;
			const pairs = entries(value);
			const checked = state.negate ? (pairs.every(([path, expected]) => holds(state, lookUp(state, path), expected)) ? pairs.slice(0, 1) : []) : pairs;
			for (const [path, expected] of checked) {
				assertProperty(assertion, path, [expected]);
			}

			return assertion;
		}

		function includes(assertion, value) {
			const {subject, deep} = assertion.state;
			const same = (a, b) => (deep ? deepEqual(a, b, []) : a === b || (a !== a && b !== b));
			// As chai, which looks for the value as text: 'a1' includes 1.
			if (typeof subject === 'string') {
				return subject.includes(NativeString(value));
			}

			if (isArray(subject)) {
				return subject.some(item => same(item, value));
			}

			if (subject instanceof NativeSet) {
				return deep ? [...subject].some(item => same(item, value)) : subject.has(value);
			}

			if (subject instanceof NativeMap) {
				return [...subject.values()].some(item => same(item, value));
			}

			if (subject !== null && typeof subject === 'object' && value !== null && typeof value === 'object') {
				return entries(value).every(([name, expected]) => name in subject && same(subject[name], expected));
			}

			return refuse(assertion, 'to be a string, an array, a set, a map or an object, to include ' + show(value));
		}

		function include(value, message) {
			this.state.message ??= message;
			const {nested, subject} = this.state;
			if (nested && subject !== null && typeof subject === 'object' && value !== null && typeof value === 'object') {
				return includeNested(this, value);
			}

			return check(this, includes(this, value), () => 'to include ' + show(value), () => 'to not include ' + show(value));
		}

		/** include as a word before keys or members (to.include.keys('a')), and as a call (to.include('a')). */
		function includeChain() {
			const assertion = this;
			const includeCall = (value, message) => apply(include, assertion, [value, message]);
			includeCall.keys = (...names) => {
				assertion.state.contains = true;
				return assertion.keys(...names);
			};

			includeCall.members = (list, message) => {
				assertion.state.contains = true;
				return assertion.members(list, message);
			};

			return freeze(includeCall);
		}

		function isEmpty(assertion) {
			const subject = assertion.state.subject;
			if (typeof subject === 'string' || isArray(subject)) {
				return subject.length === 0;
			}

			if (subject instanceof NativeMap || subject instanceof NativeSet) {
				return subject.size === 0;
			}

			if (subject !== null && typeof subject === 'object') {
				return keys(subject).length === 0;
			}

			return refuse(assertion, 'to be a string, an array, a map, a set or an object, to be empty or not');
		}

		function keyList(names) {
			if (names.length === 1 && isArray(names[0])) {
				return names[0];
			}

			if (names.length === 1 && names[0] !== null && typeof names[0] === 'object') {
				return keys(names[0]);
			}

			return names;
		}

		const chains = ['to', 'be', 'been', 'is', 'that', 'which', 'and', 'has', 'have', 'with', 'at', 'of', 'same', 'but', 'does', 'still', 'also'];
		const assertionPrototype = {};
		const getter = (names, read) => {
			for (const name of names) {
				defineProperty(assertionPrototype, name, {get: read});
			}
		};

		const method = (names, body) => {
			for (const name of names) {
				defineProperty(assertionPrototype, name, {value: body});
			}
		};

		getter(chains, function () {
			return this;
		});
		getter(['not'], function () {
			this.state.negate = !this.state.negate;
			return this;
		});
		// Words that set how what follows compares: deep, own, and any or all keys.
		const flag = (name, key, value) => {
			getter([name], function () {
				this.state[key] = value;
				return this;
			});
		};

		flag('deep', 'deep', true);
		flag('own', 'own', true);
		flag('nested', 'nested', true);
		flag('any', 'any', true);
		flag('all', 'any', false);

		method(['equal', 'equals', 'eq'], function (expected, message) {
			this.state.message ??= message;
			if (this.state.deep) {
				return apply(assertionPrototype.eql, this, [expected]);
			}

			return check(this, this.state.subject === expected, () => 'to equal ' + show(expected), () => 'to not equal ' + show(expected));
		});
		method(['eql', 'eqls'], function (expected, message) {
			this.state.message ??= message;
			return check(this, deepEqual(this.state.subject, expected, []), () => 'to deeply equal ' + show(expected), () => 'to not deeply equal ' + show(expected));
		});
		method(['above', 'gt', 'greaterThan'], compare('above', 'to be above', 'to be at most', (value, bound) => value > bound));
		method(['below', 'lt', 'lessThan'], compare('below', 'to be below', 'to be at least', (value, bound) => value < bound));
		method(['least', 'gte', 'greaterThanOrEqual'], compare('least', 'to be at least', 'to be below', (value, bound) => value >= bound));
		method(['most', 'lte', 'lessThanOrEqual'], compare('most', 'to be at most', 'to be above', (value, bound) => value <= bound));
		method(['within'], function (low, high, message) {
			this.state.message ??= message;
			const range = show(low) + '..' + show(high);
			if (!comparable(this.state.subject) || !comparable(low) || !comparable(high)) {
				return refuse(this, 'and ' + range + ' to be numbers or dates, for .within()');
			}

			const value = +this.state.subject;
			return check(this, value >= +low && value <= +high, () => 'to be within ' + range, () => 'to not be within ' + range);
		});
		function isA(type, message) {
			this.state.message ??= message;
			if (typeof type !== 'string') {
				fail('TypeError', '.a() and .an() need a type name such as \'string\', \'number\', \'array\' or \'object\'');
			}

			const wanted = type.toLowerCase();
			const article = /^[aeiou]/.test(wanted) ? 'an ' : 'a ';
			return check(this, typeOf(this.state.subject) === wanted, () => 'to be ' + article + wanted, () => 'to not be ' + article + wanted);
		}

		/** a and an as a call (to.be.a('string')), and as a word before any assertion (to.be.an.instanceOf(Array)), as in chai. */
		getter(['a', 'an'], function () {
			const assertion = this;
			return new NativeProxy((type, message) => apply(isA, assertion, [type, message]), freeze({get: (_call, property) => assertion[property]}));
		});
		getter(['include', 'includes', 'contain', 'contains'], includeChain);
		method(['property'], function (name, ...rest) {
			const state = this.state;
			state.message ??= rest[1];
			if (state.nested && state.own) {
				fail('TypeError', '.nested and .own cannot be combined: .nested.property() follows a path such as \'a.b[1]\', .own.property() names one property of the value itself');
			}

			if (state.nested && typeof name !== 'string') {
				fail('TypeError', '.nested.property() needs a path such as \'a.b[1]\'');
			}

			const found = assertProperty(this, name, rest.slice(0, 1));
			// As in chai, what follows asserts on the property's value.
			if (found.present) {
				state.subject = found.value;
			}

			return this;
		});
		function lengthOf(expected, message) {
			this.state.message ??= message;
			const size = sizeOf(this, 'a length');
			return check(this, size === expected, () => 'to have a length of ' + show(expected) + ' but got ' + size, () => 'to not have a length of ' + show(expected));
		}

		/** lengthOf as a call (to.have.lengthOf(3)), and as a word before a comparison of the length (to.have.length.above(2), lengthOf.at.least(2)), as in chai. */
		function lengthChain() {
			const assertion = this;
			const lengthCall = (expected, message) => apply(lengthOf, assertion, [expected, message]);
			for (const name of ['above', 'gt', 'greaterThan', 'below', 'lt', 'lessThan', 'least', 'gte', 'greaterThanOrEqual', 'most', 'lte', 'lessThanOrEqual', 'within']) {
				lengthCall[name] = (...parts) => {
					assertion.state.subject = sizeOf(assertion, 'a length');
					return apply(assertionPrototype[name], assertion, parts);
				};
			}

			lengthCall.at = lengthCall;
			return freeze(lengthCall);
		}

		getter(['lengthOf', 'length'], lengthChain);
		method(['oneOf'], function (list, message) {
			this.state.message ??= message;
			if (!isArray(list)) {
				fail('TypeError', '.oneOf() needs an array of the values allowed');
			}

			const {subject, deep} = this.state;
			const found = list.some(item => (deep ? deepEqual(subject, item, []) : subject === item));
			return check(this, found, () => 'to be one of ' + show(list), () => 'to not be one of ' + show(list));
		});
		method(['match', 'matches'], function (pattern, message) {
			this.state.message ??= message;
			if (!(pattern instanceof NativeRegExp)) {
				fail('TypeError', '.match() needs a regular expression, such as /^[0-9]+$/');
			}

			pattern.lastIndex = 0;
			return check(this, pattern.test(NativeString(this.state.subject)), () => 'to match ' + show(pattern), () => 'to not match ' + show(pattern));
		});
		method(['closeTo', 'approximately'], function (expected, delta, message) {
			this.state.message ??= message;
			const {subject} = this.state;
			const range = show(expected) + ' +/- ' + show(delta);
			if (typeof subject !== 'number' || typeof expected !== 'number' || typeof delta !== 'number') {
				return refuse(this, 'and ' + range + ' to be numbers, for .closeTo()');
			}

			// As chai: the distance to 12 significant digits, so that 2.1 is close to 2 +/- 0.1 whatever floating point makes of 2.1 - 2.
			const distance = +apply(numberToPrecision, subject > expected ? subject - expected : expected - subject, [12]);
			return check(this, distance <= delta, () => 'to be close to ' + range, () => 'not to be close to ' + range);
		});
		method(['satisfy', 'satisfies'], function (matcher, message) {
			this.state.message ??= message;
			if (typeof matcher !== 'function') {
				fail('TypeError', '.satisfy() needs a function that returns true for a value that passes, such as n => n % 2 === 0');
			}

			return check(this, !!matcher(this.state.subject), () => 'to satisfy ' + show(matcher), () => 'to not satisfy ' + show(matcher));
		});
		method(['instanceOf', 'instanceof'], function (constructor, message) {
			this.state.message ??= message;
			if (typeof constructor !== 'function' || constructor.prototype === null || typeof constructor.prototype !== 'object') {
				fail('TypeError', '.instanceOf() needs a constructor, such as Array, Date, Object, Error or RegExp');
			}

			const name = constructor.name === '' ? '(anonymous)' : NativeString(constructor.name);
			return check(this, this.state.subject instanceof constructor, () => 'to be an instance of ' + name, () => 'to not be an instance of ' + name);
		});
		method(['throw', 'throws', 'Throw'], function (...given) {
			const state = this.state;
			// throw(), throw(TypeError), throw('text' or /pattern/), throw(TypeError, 'text' or /pattern/), each with a message last.
			const [errorType, matcher, message] = typeof given[0] === 'string' || given[0] instanceof NativeRegExp ? [undefined, ...given] : given;
			state.message ??= message;
			if ((errorType !== undefined && typeof errorType !== 'function') || (matcher !== undefined && typeof matcher !== 'string' && !(matcher instanceof NativeRegExp))) {
				fail('TypeError', '.throw() takes an error type (such as TypeError), text the error\'s message includes or a regular expression it matches, both, or nothing');
			}

			const run = state.subject;
			if (typeof run !== 'function') {
				return refuse(this, 'to be a function, for .throw()');
			}

			let threw = false;
			let thrown;
			try {
				run();
			} catch (error) {
				threw = true;
				thrown = error;
			}

			const typeName = errorType === undefined ? '' : (errorType.name === '' ? '(anonymous)' : NativeString(errorType.name));
			const typeMatches = errorType === undefined || (threw && thrown instanceof errorType);
			const text = NativeString(thrown !== null && typeof thrown === 'object' && 'message' in thrown ? thrown.message : thrown);
			if (matcher instanceof NativeRegExp) {
				matcher.lastIndex = 0;
			}

			const textMatches = matcher === undefined || (threw && (typeof matcher === 'string' ? text.includes(matcher) : matcher.test(text)));
			const how = matcher === undefined ? '' : (typeof matcher === 'string' ? 'including ' : 'matching ') + show(matcher);
			const wasThrown = () => ' but ' + show(thrown instanceof NativeError ? apply(errorToString, thrown, []) : thrown) + ' was thrown';
			check(this, threw && typeMatches && textMatches, () => {
				if (!threw) {
					return 'to throw ' + (errorType === undefined ? 'an error' : typeName);
				}

				return typeMatches ? 'to throw error ' + how + ' but got ' + show(text) : 'to throw ' + show(typeName) + wasThrown();
			}, () => {
				if (errorType === undefined && matcher !== undefined) {
					return 'to throw error not ' + how;
				}

				return 'to not throw ' + (errorType === undefined ? 'an error' : show(typeName)) + wasThrown();
			});
			// As in chai, what follows asserts on what was thrown.
			state.subject = thrown;
			return this;
		});
		method(['keys', 'key'], function (...names) {
			const state = this.state;
			const wanted = keyList(names);
			const subject = state.subject;
			if (subject === null || typeof subject !== 'object') {
				return refuse(this, 'to be an object, a map or a set, to have keys');
			}

			const actual = subject instanceof NativeMap || subject instanceof NativeSet ? [...subject.keys()] : keys(subject);
			const list = wanted.map(name => show(name)).join(', ');
			if (state.any) {
				return check(this, wanted.some(name => actual.includes(name)), () => 'to have any of keys ' + list, () => 'to not have any of keys ' + list);
			}

			const all = wanted.every(name => actual.includes(name)) && (state.contains || actual.length === wanted.length);
			const words = state.contains ? 'to contain keys ' : 'to have keys ';
			return check(this, all, () => words + list, () => 'to not' + words.slice(2) + list);
		});
		method(['members'], function (list, message) {
			const state = this.state;
			state.message ??= message;
			if (!isArray(state.subject) || !isArray(list)) {
				return refuse(this, 'and ' + show(list) + ' to be arrays, to compare their members');
			}

			const same = (a, b) => (state.deep ? deepEqual(a, b, []) : a === b);
			const contained = (outer, inner) => inner.every(item => outer.some(other => same(other, item)));
			// The same members are counted, as chai counts them: [1, 2, 2] has not the members of [1, 1, 2].
			const matchedOnce = (outer, inner) => {
				const used = outer.map(() => false);
				return inner.every(item => {
					const at = outer.findIndex((other, index) => !used[index] && same(other, item));
					if (at === -1) {
						return false;
					}

					used[at] = true;
					return true;
				});
			};

			const passed = state.contains ? contained(state.subject, list) : state.subject.length === list.length && matchedOnce(state.subject, list);
			const words = state.contains ? 'to be a superset of ' : 'to have the same members as ';
			return check(this, passed, () => words + show(list), () => 'to not ' + words.slice(3) + show(list));
		});
		const is = (names, words, test) => {
			getter(names, function () {
				return check(this, test(this.state.subject), () => 'to ' + words, () => 'to not ' + words);
			});
		};

		is(['ok'], 'be truthy', value => !!value);
		is(['true'], 'be true', value => value === true);
		is(['false'], 'be false', value => value === false);
		is(['null'], 'be null', value => value === null);
		is(['undefined'], 'be undefined', value => value === undefined);
		is(['NaN'], 'be NaN', value => value !== value);
		is(['exist', 'exists'], 'exist', value => value !== null && value !== undefined);
		getter(['empty'], function () {
			return check(this, isEmpty(this), () => 'to be empty', () => 'to not be empty');
		});

		/*
		pm.response.to: assertions on a response, as Postman's. Their subject is pm.response (its
		code, status, headers, json(), text()). As in Postman, ok is 200 itself and success any 2xx.
		*/
		const responsePrototype = create(assertionPrototype);
		const statusClasses = [
			[['ok'], 'be ok (200)', code => code === 200],
			[['success'], 'be successful (2xx)', code => code >= 200 && code < 300],
			[['info'], 'be informational (1xx)', code => code >= 100 && code < 200],
			[['redirection'], 'be a redirection (3xx)', code => code >= 300 && code < 400],
			[['clientError'], 'be a client error (4xx)', code => code >= 400 && code < 500],
			[['serverError'], 'be a server error (5xx)', code => code >= 500 && code < 600],
			[['error'], 'be an error (4xx or 5xx)', code => code >= 400 && code < 600],
			[['created'], 'be created (201)', code => code === 201],
			[['accepted'], 'be accepted (202)', code => code === 202],
			[['badRequest'], 'be a bad request (400)', code => code === 400],
			[['unauthorized', 'unauthorised'], 'be unauthorized (401)', code => code === 401],
			[['forbidden'], 'be forbidden (403)', code => code === 403],
			[['notFound'], 'be not found (404)', code => code === 404],
			[['rateLimited'], 'be rate limited (429)', code => code === 429],
		];

		function checkResponse(assertion, passed, words, negatedWords) {
			const state = assertion.state;
			if (passed === state.negate) {
				throw assertionError(state, 'expected response ' + (state.negate ? negatedWords() : words()));
			}

			return assertion;
		}

		for (const [names, words, test] of statusClasses) {
			for (const name of names) {
				defineProperty(responsePrototype, name, {get() {
					const {code} = this.state.subject;
					return checkResponse(this, test(code), () => 'to ' + words + ' but got ' + code, () => 'to not ' + words + ' but got ' + code);
				}});
			}
		}

		defineProperty(responsePrototype, 'status', {value(expected, message) {
			this.state.message ??= message;
			const response = this.state.subject;
			const byReason = typeof expected === 'string';
			const actual = byReason ? response.status : response.code;
			const what = byReason ? 'status ' : 'status code ';
			return checkResponse(this, actual === expected, () => 'to have ' + what + show(expected) + ' but got ' + show(actual), () => 'to not have ' + what + show(expected));
		}});
		defineProperty(responsePrototype, 'header', {value(name, ...rest) {
			const [expected, message] = rest;
			this.state.message ??= message;
			const {headers} = this.state.subject;
			const present = headers.has(name);
			if (rest.length === 0) {
				return checkResponse(this, present, () => 'to have header ' + show(name), () => 'to not have header ' + show(name));
			}

			const actual = headers.get(name);
			const words = 'to have header ' + show(name) + ' with value ' + show(expected);
			return checkResponse(this, actual === expected, () => words + (present ? ' but got ' + show(actual) : ' but it has no such header'), () => 'to not' + words.slice(2));
		}});
		defineProperty(responsePrototype, 'json', {get() {
			const read = this.state.subject.readJson();
			return checkResponse(this, hasOwn(read, 'value'), () => 'body to be JSON, but it is not: ' + read.problem, () => 'body to not be JSON');
		}});
		defineProperty(responsePrototype, 'body', {value(...expected) {
			const text = this.state.subject.text();
			if (expected.length === 0) {
				return checkResponse(this, text !== '', () => 'to have a body', () => 'to not have a body');
			}

			const [wanted] = expected;
			if (typeof wanted === 'string') {
				return checkResponse(this, text === wanted, () => 'to have body ' + show(wanted), () => 'to not have body ' + show(wanted));
			}

			const read = this.state.subject.readJson();
			return checkResponse(this, hasOwn(read, 'value') && deepEqual(read.value, wanted, []), () => 'to have JSON body ' + show(wanted), () => 'to not have JSON body ' + show(wanted));
		}});

		defineProperty(responsePrototype, 'withBody', {get() {
			return checkResponse(this, this.state.subject.text() !== '', () => 'to have a body', () => 'to not have a body');
		}});
		// jsonBody(), jsonBody('data.items[0].id'), jsonBody('data.id', 7), as Postman's.
		defineProperty(responsePrototype, 'jsonBody', {value(...wanted) {
			const read = this.state.subject.readJson();
			if (!hasOwn(read, 'value')) {
				return checkResponse(this, false, () => 'body to be JSON, but it is not: ' + read.problem, () => 'body to not be JSON');
			}

			if (wanted.length === 0) {
				return checkResponse(this, true, () => 'to have a JSON body', () => 'to not have a JSON body');
			}

			const [path, ...rest] = wanted;
			let reached = read.value;
			let present = true;
			for (const step of NativeString(path).replace(/\[(\d+)\]/g, '.$1').split('.').filter(part => part !== '')) {
				present = reached !== null && typeof reached === 'object' && hasOwn(reached, step);
				if (!present) {
					break;
				}

				reached = reached[step];
			}

			if (rest.length === 0) {
				return checkResponse(this, present, () => 'to have JSON body with ' + show(path), () => 'to not have JSON body with ' + show(path));
			}

			const words = 'to have JSON body with ' + show(path) + ' of ' + show(rest[0]);
			return checkResponse(this, present && deepEqual(reached, rest[0], []), () => words + (present ? ', but got ' + show(reached) : ', but it has none'), () => 'to not' + words.slice(2));
		}});

		function unknown(name) {
			fail('TypeError', '.' + name + ' is not an assertion curlew\'s expect knows: see "Postman and Bruno scripts" in the README for those it has');
		}

		const traps = freeze({
			get(target, property, receiver) {
				if (typeof property === 'string' && !(property in target) && property !== 'then' && property !== 'toJSON') {
					unknown(property);
				}

				return reflectGet(target, property, receiver);
			},
		});

		function assertion(prototype, subject, message) {
			const target = create(prototype);
			defineProperty(target, 'state', {value: {subject, message, negate: false, deep: false, own: false, nested: false, any: false, contains: false}});
			return new NativeProxy(target, traps);
		}

		return freeze({
			expect: (value, message) => assertion(assertionPrototype, value, message),
			/** response: {code, status, headers: {get, has}, text(), readJson()}: readJson gives {value}, or {problem} when the body is not JSON. */
			expectResponse: (response, message) => assertion(responsePrototype, response, message),
		});
	};
}
