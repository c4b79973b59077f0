/*
The checks of Bruno's assert operators, as JavaScript the script sandbox compiles: the
source of a function `(operator, actual, expected) => void` that throws an AssertionError
saying what differs, in the words chai (which Bruno's assertions use) says it. Each check is
the one Bruno makes: eq is ===, isTruthy passes only true and isFalsy only false (Bruno asks
chai for `.true` and `.false`), startsWith and endsWith need two strings, matches reads the
value as a regular expression's source and fails on undefined.
*/
export const assertionChecksSource = String.raw`
(function () {
	function fail(message) {
		const error = new Error(message);
		error.name = 'AssertionError';
		throw error;
	}

	function show(value) {
		if (typeof value === 'string') {
			return "'" + (value.length > 100 ? value.slice(0, 99) + '\u2026' : value) + "'";
		}

		if (typeof value === 'number') {
			return Object.is(value, -0) ? '-0' : String(value);
		}

		if (value === undefined || value === null || typeof value === 'boolean' || typeof value === 'bigint') {
			return String(value);
		}

		if (typeof value === 'function') {
			return '[Function]';
		}

		if (value instanceof RegExp) {
			return String(value);
		}

		if (value instanceof Date) {
			return value.toISOString();
		}

		let text;
		try {
			text = JSON.stringify(value);
		} catch {
			text = undefined;
		}

		text ??= Object.prototype.toString.call(value);
		return text.length > 100 ? text.slice(0, 99) + '\u2026' : text;
	}

	function typeName(value) {
		if (value === null) {
			return 'null';
		}

		if (Array.isArray(value)) {
			return 'array';
		}

		return typeof value;
	}

	const numeric = value => typeof value === 'number' || value instanceof Date;

	function compare(actual, expected, words, holds) {
		if (!numeric(actual)) {
			fail('expected ' + show(actual) + ' to be a number or a date');
		}

		if (!numeric(expected)) {
			fail('the argument to ' + words + ' must be a number or a date, not ' + show(expected));
		}

		if (!holds(Number(actual), Number(expected))) {
			fail('expected ' + show(actual) + ' to be ' + words + ' ' + show(expected));
		}
	}

	function includes(actual, expected) {
		if (typeof actual === 'string' || Array.isArray(actual)) {
			return actual.indexOf(expected) !== -1;
		}

		if (actual instanceof Map || actual instanceof Set) {
			return actual.has(expected);
		}

		if (actual !== null && typeof actual === 'object') {
			if (expected === null || typeof expected !== 'object') {
				fail('an object includes properties, given as an object: ' + show(expected) + ' is ' + typeName(expected));
			}

			return Object.keys(expected).every(key => actual[key] === expected[key]);
		}

		fail('the value tested must be an array, a map, an object, a set or a string, but ' + show(actual) + ' is ' + typeName(actual));
	}

	function itemCount(actual) {
		if (typeof actual === 'string' || Array.isArray(actual)) {
			return actual.length;
		}

		if (actual instanceof Map || actual instanceof Set) {
			return actual.size;
		}

		if (typeof actual === 'function') {
			fail('.empty was passed a function');
		}

		if (actual === null || typeof actual !== 'object') {
			fail('.empty was passed non-string primitive ' + show(actual));
		}

		return Object.keys(actual).length;
	}

	function lengthOf(actual) {
		if (actual instanceof Map || actual instanceof Set) {
			return actual.size;
		}

		if (actual === null || actual === undefined || actual.length === undefined) {
			fail('expected ' + show(actual) + ' to have property \'length\'');
		}

		return actual.length;
	}

	const isJson = value => value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

	function isA(actual, type, article) {
		if (typeName(actual) !== type) {
			fail('expected ' + show(actual) + ' to be ' + article + ' ' + type);
		}
	}

	function matches(actual, source) {
		return actual !== undefined && new RegExp(source).test(actual);
	}

	function within(actual, [min, max]) {
		if (!numeric(actual)) {
			fail('expected ' + show(actual) + ' to be a number or a date');
		}

		if (!numeric(min) || !numeric(max)) {
			fail('between needs two numbers, such as between 1, 10: found ' + show(min) + ' and ' + show(max));
		}

		if (Number(actual) < Number(min) || Number(actual) > Number(max)) {
			fail('expected ' + show(actual) + ' to be within ' + show(min) + '..' + show(max));
		}
	}

	const checks = {
		eq(actual, expected) {
			if (actual !== expected) {
				fail('expected ' + show(actual) + ' to equal ' + show(expected));
			}
		},
		neq(actual, expected) {
			if (actual === expected) {
				fail('expected ' + show(actual) + ' to not equal ' + show(expected));
			}
		},
		gt: (actual, expected) => compare(actual, expected, 'above', (a, e) => a > e),
		gte: (actual, expected) => compare(actual, expected, 'at least', (a, e) => a >= e),
		lt: (actual, expected) => compare(actual, expected, 'below', (a, e) => a < e),
		lte: (actual, expected) => compare(actual, expected, 'at most', (a, e) => a <= e),
		in(actual, list) {
			if (!list.includes(actual)) {
				fail('expected ' + show(actual) + ' to be one of ' + show(list));
			}
		},
		notIn(actual, list) {
			if (list.includes(actual)) {
				fail('expected ' + show(actual) + ' to not be one of ' + show(list));
			}
		},
		contains(actual, expected) {
			if (!includes(actual, expected)) {
				fail('expected ' + show(actual) + ' to include ' + show(expected));
			}
		},
		notContains(actual, expected) {
			if (includes(actual, expected)) {
				fail('expected ' + show(actual) + ' to not include ' + show(expected));
			}
		},
		length(actual, expected) {
			const length = lengthOf(actual);
			if (length !== expected) {
				fail('expected ' + show(actual) + ' to have a length of ' + show(expected) + ' but got ' + show(length));
			}
		},
		matches(actual, source) {
			if (!matches(actual, source)) {
				fail('expected ' + show(actual) + ' to match ' + show(new RegExp(source)));
			}
		},
		notMatches(actual, source) {
			if (matches(actual, source)) {
				fail('expected ' + show(actual) + ' not to match ' + show(new RegExp(source)));
			}
		},
		startsWith(actual, expected) {
			if (typeof actual !== 'string' || typeof expected !== 'string' || !actual.startsWith(expected)) {
				fail('expected ' + show(actual) + ' to start with ' + show(expected));
			}
		},
		endsWith(actual, expected) {
			if (typeof actual !== 'string' || typeof expected !== 'string' || !actual.endsWith(expected)) {
				fail('expected ' + show(actual) + ' to end with ' + show(expected));
			}
		},
		between: within,
		isEmpty(actual) {
			if (itemCount(actual) !== 0) {
				fail('expected ' + show(actual) + ' to be empty');
			}
		},
		isNotEmpty(actual) {
			if (itemCount(actual) === 0) {
				fail('expected ' + show(actual) + ' not to be empty');
			}
		},
		isNull(actual) {
			if (actual !== null) {
				fail('expected ' + show(actual) + ' to be null');
			}
		},
		isUndefined(actual) {
			if (actual !== undefined) {
				fail('expected ' + show(actual) + ' to be undefined');
			}
		},
		isDefined(actual) {
			if (actual === undefined) {
				fail('expected undefined to not be undefined');
			}
		},
		isTruthy(actual) {
			if (actual !== true) {
				fail('expected ' + show(actual) + ' to be true');
			}
		},
		isFalsy(actual) {
			if (actual !== false) {
				fail('expected ' + show(actual) + ' to be false');
			}
		},
		isJson(actual) {
			if (!isJson(actual)) {
				fail('expected ' + show(actual) + ' to be JSON');
			}
		},
		isNumber: actual => isA(actual, 'number', 'a'),
		isString: actual => isA(actual, 'string', 'a'),
		isBoolean: actual => isA(actual, 'boolean', 'a'),
		isArray: actual => isA(actual, 'array', 'an'),
	};

	return (operator, actual, expected) => checks[operator](actual, expected);
})()
`;
