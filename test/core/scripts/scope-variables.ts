import {interpolate} from '../../../source/core/interpolate/index.js';
import type {ScriptVariables} from '../../../source/core/scripts/index.js';
import type {Value} from '../../../source/core/values.js';

/** A runtime scope held in a Map, interpolating with the real engine: what a session hands to scripts. */
export function scopeVariables(initial: Record<string, Value> = {}): ScriptVariables & {values: Map<string, Value>} {
	const values = new Map<string, Value>(Object.entries(initial));
	return {
		values,
		get: name => values.get(name),
		has: name => values.has(name),
		set(name, value) {
			values.set(name, value);
		},
		delete: name => values.delete(name),
		interpolate: text => interpolate(text, Object.fromEntries(values), {env: {}}).text,
	};
}
