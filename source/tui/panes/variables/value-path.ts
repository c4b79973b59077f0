/**
A part of a value, reached by keys and indexes from its top: what the inspector edits when
Enter is pressed on one of its lines (`user.address.city` alone, not the whole `user`).
*/
import {formatSteps} from '../../../core/interpolate/path.js';
import type {Value} from '../../../core/values.js';
import type {ValueKey} from './variable-types.js';

/** The part of `value` at `path`; undefined when the value has no such part (another window changed it). */
export function valueAt(value: Value, path: readonly ValueKey[]): Value | undefined {
	let current: Value | undefined = value;
	for (const key of path) {
		current = childOf(current, key);
		if (current === undefined) {
			return undefined;
		}
	}

	return current;
}

/** A copy of `value` with the part at `path` replaced; the rest is shared. Undefined when there is no such part. */
export function withValueAt(value: Value, path: readonly ValueKey[], replacement: Value): Value | undefined {
	if (path.length === 0) {
		return replacement;
	}

	const [key, ...rest] = path;
	const child = childOf(value, key!);
	if (child === undefined) {
		return undefined;
	}

	const changed = withValueAt(child, rest, replacement);
	if (changed === undefined) {
		return undefined;
	}

	if (Array.isArray(value)) {
		return value.map((element, index) => (index === key ? changed : element));
	}

	// Entries, not a spread into a literal: a key such as __proto__ stays an ordinary key.
	return Object.fromEntries(Object.entries(value as Record<string, Value>).map(([name, element]) => [name, name === key ? changed : element]));
}

/** The part's name as a placeholder spells it: `user.address.city`, `tags[0]`, `user["first name"]`. */
export function pathLabel(name: string, path: readonly ValueKey[] = []): string {
	return formatSteps(name, path.map(key => (typeof key === 'number' ? {kind: 'index', index: key} : {kind: 'property', key})));
}

function childOf(value: Value | undefined, key: ValueKey): Value | undefined {
	if (Array.isArray(value)) {
		return typeof key === 'number' ? value[key] : undefined;
	}

	if (value === null || typeof value !== 'object' || value instanceof Date || typeof key !== 'string') {
		return undefined;
	}

	return Object.hasOwn(value, key) ? value[key] : undefined;
}
