/*
Reads values that leave the sandbox. The prelude writes them as tagged JSON that keeps
everything a script can pass, including what is not a Value (NaN, undefined, a function,
a Map, a cycle), so that validateValue sees a faithful copy and refuses it with its own
message and path. See sandbox/prelude.js for the writing side.

A tag is an object of one key, `$` and the tag's name: `{"$date": ISO}`. A key of the
script's own that could be read as one (`$date`, `$$date`, …) is written with one more `$`;
every other key, `$type` or `$ref` included, is written as it is.
*/
import {isExactNumber, maxValueDepth, tooDeepProblem, validateValue, type Value} from '../values.js';

/**
The most text one call from a script may hand to curlew: a value set with setVar as JSON,
a text to interpolate. A value this size takes the host about ten times as much memory to
hold (measured: a 600 MB string took it past 1.8 GB before this limit), and no variable a
request reads is near it; a value larger is refused in the sandbox, naming the variable.
*/
export const maxWireChars = 16 * 1024 * 1024;

const wireTagNames = ['date', 'number', 'undefined', 'function', 'bigint', 'symbol', 'instance', 'cycle', 'hole', 'tooDeep'] as const;

/** The keys the prelude writes with one more `$`, and this reader reads with one less (when they have two or more). */
export const tagLikeKey = new RegExp(`^\\$+(?:${wireTagNames.join('|')})$`);

export type WireReading =
	| {value: Value; problem?: undefined}
	/** `inexact`, when there are any: the numbers beyond ±(2^53 − 1) that were read, which the script may have had rounded. */
	| {value?: undefined; problem: string; inexact?: number[]};

type Walk = {
	/** The arrays and objects around the one being read, outermost first: where a `$cycle` tag points. */
	ancestors: object[];
	/** Something that is not a value was read (a tag for NaN, a function, a cycle…): validateValue says what. */
	suspect: boolean;
	/** An array or object sat at maxValueDepth; nothing deeper was read. */
	tooDeep: boolean;
	/** Finite numbers read that are not exact (see isExactNumber). */
	inexact: number[];
};

/**
Builds the host copy of a value written by the prelude and checks it as a variable value,
nested no deeper than an import reads (maxValueDepth, counting a date as the object it is
written as). The copy is `wire` itself, changed in place: it must be freshly parsed JSON
that nothing else holds. Parsed JSON with exact numbers is a valid value, so validateValue,
a second walk, runs only when the first met something that is not.
*/
export function readWireValue(wire: unknown): WireReading {
	const walk: Walk = {ancestors: [], suspect: false, tooDeep: false, inexact: []};
	const copy = read(wire, walk, 0);
	const problem = walk.tooDeep ? `The value ${tooDeepProblem}` : walk.suspect ? validateValue(copy) : undefined;
	if (problem === undefined) {
		return {value: copy as Value};
	}

	return walk.inexact.length === 0 ? {problem} : {problem, inexact: walk.inexact};
}

/** The host copy of a wire value, valid or not (only validateValue decides), made in place as readWireValue's is. */
export function fromWire(wire: unknown): unknown {
	return read(wire, {ancestors: [], suspect: false, tooDeep: false, inexact: []}, 0);
}

function read(wire: unknown, walk: Walk, depth: number): unknown {
	if (typeof wire === 'number') {
		// JSON.parse reads 1e400 as Infinity: the sandbox does not write it, but the host trusts nothing it receives.
		walk.suspect ||= !Number.isFinite(wire);
		if (Number.isFinite(wire) && !isExactNumber(wire)) {
			walk.suspect = true;
			walk.inexact.push(wire);
		}

		return wire;
	}

	if (wire === null || typeof wire !== 'object') {
		return wire;
	}

	if (depth === maxValueDepth) {
		walk.tooDeep = true;
		return undefined;
	}

	return Array.isArray(wire) ? readArray(wire, walk, depth) : readObject(wire as Record<string, unknown>, walk, depth);
}

function readArray(wire: unknown[], walk: Walk, depth: number): unknown[] {
	walk.ancestors.push(wire);
	for (let index = 0; index < wire.length && !walk.tooDeep; index++) {
		const element = wire[index];
		if (isTag(element, '$hole')) {
			// The hole itself, which validateValue reports.
			walk.suspect = true;
			delete wire[index];
		} else if (typeof element === 'object' || typeof element === 'number') {
			wire[index] = read(element, walk, depth + 1);
		}
	}

	walk.ancestors.pop();
	return wire;
}

function readObject(wire: Record<string, unknown>, walk: Walk, depth: number): unknown {
	const keys = Object.keys(wire);
	const tagged = keys.length === 1 ? readTag(keys[0]!, wire[keys[0]!], walk) : {found: false};
	if (tagged.found) {
		return tagged.value;
	}

	// A key the prelude escaped: a copy gets the script's keys, in their order.
	const escaped = keys.some(key => isEscaped(key));
	const copy = escaped ? {} : wire;
	walk.ancestors.push(copy);
	for (const key of keys) {
		const child = read(wire[key], walk, depth + 1);
		if (walk.tooDeep) {
			break;
		}

		// A key named __proto__ is an own property of parsed JSON, so assigning it keeps it one; a new key needs defining.
		if (escaped) {
			Object.defineProperty(copy, isEscaped(key) ? key.slice(1) : key, {value: child, enumerable: true, writable: true, configurable: true});
		} else if (child !== wire[key]) {
			wire[key] = child;
		}
	}

	walk.ancestors.pop();
	return copy;
}

function isEscaped(key: string): boolean {
	return key.startsWith('$$') && tagLikeKey.test(key);
}

function isTag(wire: unknown, tag: string): boolean {
	return typeof wire === 'object' && wire !== null && Object.hasOwn(wire, tag) && !Array.isArray(wire) && Object.keys(wire).length === 1;
}

const numbers: Record<string, number> = {'-0': -0, NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY};

/** The value a one-key object stands for when it is a tag; `suspect` marks the walk when that value is none. */
function readTag(key: string, payload: unknown, walk: Walk): {found: boolean; value?: unknown} {
	if (!key.startsWith('$') || key.startsWith('$$')) {
		return {found: false};
	}

	switch (key) {
		case '$date': {
			const date = new Date(typeof payload === 'string' ? payload : Number.NaN);
			walk.suspect ||= Number.isNaN(date.getTime());
			return {found: true, value: date};
		}

		case '$number': {
			walk.suspect ||= payload !== '-0';
			return {found: true, value: numbers[String(payload)] ?? Number.NaN};
		}

		case '$undefined': {
			walk.suspect = true;
			return {found: true, value: undefined};
		}

		case '$function': {
			walk.suspect = true;
			return {found: true, value: () => undefined};
		}

		case '$bigint': {
			walk.suspect = true;
			return {found: true, value: 0n};
		}

		case '$symbol': {
			walk.suspect = true;
			return {found: true, value: Symbol('from a script')};
		}

		case '$instance': {
			walk.suspect = true;
			return {found: true, value: instanceOf(typeof payload === 'string' ? payload : '')};
		}

		case '$cycle': {
			walk.suspect = true;
			const back = typeof payload === 'number' ? payload : 0;
			return {found: true, value: walk.ancestors[walk.ancestors.length - back]};
		}

		default: {
			return {found: false};
		}
	}
}

/** An object validateValue describes as `an instance of <name>`, as the script's object was. */
function instanceOf(name: string): object {
	const prototype = Object.create(null) as object;
	if (name !== '') {
		Object.defineProperty(prototype, 'constructor', {value: {name}});
	}

	return Object.create(prototype) as object;
}
