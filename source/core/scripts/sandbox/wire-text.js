/*
How values cross the sandbox's edge (see the prelude's header): written as the tagged JSON
wire.ts reads, by JSON.stringify wherever it can (wireText), and read back from values.ts's
storage form (fromStorage). Made as the prelude is installed, before any script runs: the
intrinsics it takes are the sandbox's own.
*/
export function makeWire({fail, define, maxValueDepth, tagLikeKey, tooLargeText}) {
	const {stringify} = JSON;
	const {entries, freeze, getPrototypeOf, keys} = Object;
	const objectPrototype = Object.prototype;
	const {isArray} = Array;
	const {apply} = Reflect;
	const NativeDate = Date;
	const NativeString = String;
	const dateGetTime = Date.prototype.getTime;
	const dateToIso = Date.prototype.toISOString;

	function isValidDate(date) {
		const time = apply(dateGetTime, date, []);
		return time === time;
	}

	function dateTag(date) {
		return {$date: isValidDate(date) ? apply(dateToIso, date, []) : null};
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
			return dateTag(value);
		}

		// Deeper than any value may be: the host refuses it by its depth alone, so what is inside is not written.
		if (ancestors.length === maxValueDepth) {
			return {$tooDeep: 1};
		}

		ancestors.push(value);
		try {
			if (isArray(value)) {
				const wire = [];
				for (let index = 0; index < value.length; index++) {
					// An element that is undefined is null, as JSON.stringify writes it; a hole is refused.
					wire.push(index in value ? (value[index] === undefined ? null : toWire(value[index], ancestors)) : {$hole: 1});
				}

				return wire;
			}

			const prototype = getPrototypeOf(value);
			if (prototype !== objectPrototype && prototype !== null) {
				const constructor = value.constructor;
				return {$instance: constructor && typeof constructor.name === 'string' ? constructor.name : ''};
			}

			const wire = {};
			// A member that is undefined (a field missing from a response) is left out, as JSON.stringify and Postman leave it.
			for (const [key, child] of entries(value)) {
				if (child !== undefined) {
					define(wire, tagLikeKey.test(key) ? '$' + key : key, toWire(child, ancestors));
				}
			}

			return wire;
		} finally {
			ancestors.pop();
		}
	}

	// Thrown inside JSON.stringify to hand a value over to toWire.
	const unusual = freeze({});
	// Thrown inside JSON.stringify at a string longer than the text may be.
	const tooLarge = freeze({});

	/*
	A value as toWire would write it, as JSON text. JSON.stringify does the walking; its
	replacer reads each value again from its holder (so a toJSON method changes nothing) and
	tags what plain JSON would lose. A key that toWire escapes, a cycle, or a toJSON or getter
	that throws hands the value to toWire.

	QuickJS's JSON.stringify takes time in the square of the depth, so an array or object
	known to be at the depth the host refuses is written as a tag, without what is inside.
	What is known is a lower bound: how many arrays and objects in a row JSON.stringify
	entered as it wrote them, all a chain such as o = [o] has. Deeper values written in
	full are refused by the host all the same.

	Text past `room` characters is refused, and a string longer than that at once, before
	its text is made (a 600 MB string would need as much again). Counting every key and value
	would stop five million keys sooner, but costs a sixth more on every large value set.
	*/
	function wireText(value, room) {
		let tag;
		let holder;
		// What JSON.stringify holds the value in: its first call of the replacer has it as this.
		let root;
		let entered;
		let knownDepth = 0;
		const replace = function (key, written) {
			if (key[0] === '$') {
				if (this === tag) {
					return written;
				}

				if (tagLikeKey.test(key)) {
					throw unusual;
				}
			}

			root ??= this;
			if (this !== holder) {
				knownDepth = this === entered ? knownDepth + 1 : 0;
				holder = this;
			}

			const raw = this[key];
			switch (typeof raw) {
				case 'string': {
					if (raw.length > room) {
						throw tooLarge;
					}

					return raw;
				}

				case 'boolean': {
					return raw;
				}

				case 'number': {
					if (raw - raw === 0 && (raw !== 0 || 1 / raw > 0)) {
						return raw;
					}

					break;
				}

				case 'object': {
					if (raw === null) {
						return raw;
					}

					const prototype = getPrototypeOf(raw);
					if (prototype === objectPrototype || prototype === null || isArray(raw)) {
						if (knownDepth >= maxValueDepth) {
							tag = {$tooDeep: 1};
							return tag;
						}

						entered = raw;
						return raw;
					}

					if (raw instanceof NativeDate) {
						tag = dateTag(raw);
						return tag;
					}

					break;
				}

				case 'undefined': {
					if (isArray(this)) {
						if (!(key in this)) {
							tag = {$hole: 1};
							return tag;
						}

						return null;
					}

					// A member that is undefined is left out, as JSON.stringify leaves it; the value itself is refused.
					if (this !== root) {
						return undefined;
					}

					break;
				}

				default: {
					break;
				}
			}

			// A tag of one key: the only property JSON.stringify then reads with this tag as its holder.
			tag = toWire(raw, []);
			return tag;
		};

		let text;
		try {
			text = stringify(value, replace);
		} catch (error) {
			if (error === tooLarge) {
				throw error;
			}

			text = stringify(toWire(value, []));
		}

		if (text.length > room) {
			throw tooLarge;
		}

		return text;
	}

	function tooLargeProblem(op, args) {
		switch (op) {
			case 'setVar': {
				return fail('InvalidValueError', 'Variable ' + stringify(NativeString(args[0])) + ' is too large to set: its value is ' + tooLargeText + '; set only the part the next requests need');
			}

			case 'interpolate': {
				return fail('RangeError', 'The text for client.interpolate is ' + tooLargeText);
			}

			default: {
				return fail('RangeError', 'What ' + op + ' was given is ' + tooLargeText);
			}
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

	return {isValidDate, wireText, tooLarge, tooLargeProblem, fromStorage};
}
