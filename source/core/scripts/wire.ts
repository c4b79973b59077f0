/*
Reads values that leave the sandbox. The prelude writes them as tagged JSON that keeps
everything a script can pass, including what is not a Value (NaN, undefined, a function,
a Map, a cycle), so that validateValue sees a faithful copy and refuses it with its own
message and path. See prelude.ts for the writing side.
*/
import {validateValue, type Value} from '../values.js';

export type WireReading = {value: Value; problem?: undefined} | {value?: undefined; problem: string};

/** Builds the host copy of a value written by the prelude and checks it as a variable value. */
export function readWireValue(wire: unknown): WireReading {
	const copy = fromWire(wire, []);
	const problem = validateValue(copy);
	return problem === undefined ? {value: copy as Value} : {problem};
}

/** The host copy of a wire value, valid or not: only validateValue decides. */
export function fromWire(wire: unknown, ancestors: object[]): unknown {
	if (wire === null || typeof wire !== 'object') {
		return wire;
	}

	if (Array.isArray(wire)) {
		const copy: unknown[] = [];
		ancestors.push(copy);
		for (const [index, element] of wire.entries()) {
			if (!isTag(element, '$hole')) {
				copy[index] = fromWire(element, ancestors);
			}
		}

		copy.length = wire.length;
		ancestors.pop();
		return copy;
	}

	const tagged = readTag(wire as Record<string, unknown>, ancestors);
	if (tagged.found) {
		return tagged.value;
	}

	const copy: Record<string, unknown> = {};
	ancestors.push(copy);
	for (const [key, child] of Object.entries(wire)) {
		Object.defineProperty(copy, key.startsWith('$') ? key.slice(1) : key, {value: fromWire(child, ancestors), enumerable: true, writable: true, configurable: true});
	}

	ancestors.pop();
	return copy;
}

function isTag(wire: unknown, tag: string): boolean {
	return typeof wire === 'object' && wire !== null && !Array.isArray(wire) && Object.keys(wire).length === 1 && Object.hasOwn(wire, tag);
}

const numbers: Record<string, number> = {'-0': -0, NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY};

function readTag(wire: Record<string, unknown>, ancestors: object[]): {found: boolean; value?: unknown} {
	const keys = Object.keys(wire);
	if (keys.length !== 1 || !keys[0]!.startsWith('$') || keys[0]!.startsWith('$$')) {
		return {found: false};
	}

	const payload = wire[keys[0]!];
	switch (keys[0]) {
		case '$date': {
			return {found: true, value: new Date(typeof payload === 'string' ? payload : Number.NaN)};
		}

		case '$number': {
			return {found: true, value: numbers[String(payload)] ?? Number.NaN};
		}

		case '$undefined': {
			return {found: true, value: undefined};
		}

		case '$function': {
			return {found: true, value: () => undefined};
		}

		case '$bigint': {
			return {found: true, value: 0n};
		}

		case '$symbol': {
			return {found: true, value: Symbol('from a script')};
		}

		case '$instance': {
			return {found: true, value: instanceOf(typeof payload === 'string' ? payload : '')};
		}

		case '$cycle': {
			const back = typeof payload === 'number' ? payload : 0;
			return {found: true, value: ancestors[ancestors.length - back]};
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
