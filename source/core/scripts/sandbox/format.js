/*
How console output and thrown values are shown: strings as they are, dates as ISO text,
objects and arrays on one line, cycles as [Circular].
Compiled inside the sandbox the first time something is logged, from the helpers the core prelude
shares (see prelude.js): compiling is most of what a run costs, so no run compiles what it
does not use.
*/
export default function (shared) {
	const {apply, dateToIso, entries, errorToString, getPrototypeOf, isArray, isValidDate, NativeDate, NativeError, NativeString, objectPrototype, stringify} = shared;

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
				const label = value.name ? '[Function ' + value.name + ']' : '[Function]';
				// A function that carries properties (res, which is also Bruno's query function) shows them, as Node does.
				return entries(value).length === 0 ? label : label + ' ' + show({...value}, nested, ancestors);
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

	return value => {
		try {
			return show(value, false, []);
		} catch {
			return '[a value that cannot be shown]';
		}
	};
}
