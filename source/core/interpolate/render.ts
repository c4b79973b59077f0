/**
How a value becomes text, by where its placeholder stands (DESIGN section 3's table).
*/
import type {Value} from '../values.js';

/** Where a placeholder stands: plain text, or in a JSON template inside or outside a string literal. */
export type Position = 'text' | 'json-string' | 'json-value';

export function renderValue(value: Value, position: Position): string {
	switch (typeof value) {
		case 'string': {
			return position === 'json-string' ? escapeJsonString(value) : value;
		}

		case 'number': {
			return Object.is(value, -0) ? '0' : String(value);
		}

		case 'boolean': {
			return value ? 'true' : 'false';
		}

		default: {
			if (value === null) {
				return 'null';
			}

			if (value instanceof Date) {
				return position === 'json-value' ? `"${value.toISOString()}"` : value.toISOString();
			}

			const json = JSON.stringify(value);
			return position === 'json-string' ? escapeJsonString(json) : json;
		}
	}
}

/** The text of a value that reads the same wherever its placeholder stands (numbers, booleans, null), else undefined. */
export function renderAnywhere(value: Value): string | undefined {
	return typeof value === 'number' || typeof value === 'boolean' || value === null ? renderValue(value, 'text') : undefined;
}

// JSON needs control characters escaped, so this test must name them.
// eslint-disable-next-line no-control-regex
const needsEscape = /["\\\u0000-\u001F\u2028\u2029\uD800-\uDFFF]/;

/** The content of a JSON string literal for `text`, without the surrounding quotes. */
export function escapeJsonString(text: string): string {
	return needsEscape.test(text) ? JSON.stringify(text).slice(1, -1) : text;
}
