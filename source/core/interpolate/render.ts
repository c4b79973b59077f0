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
			return decimalLiteral(value);
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

/**
The number's digits with no exponent, as the specification asks (`?amount=0.0000001`, not
`1e-7`): JavaScript writes one below 1e-6 and from 1e21 on. The digits are the shortest
that read back as the same number, so the text is that number in JSON too. -0 is 0.
*/
function decimalLiteral(value: number): string {
	const text = Object.is(value, -0) ? '0' : String(value);
	const exponentAt = text.indexOf('e');
	if (exponentAt === -1) {
		return text;
	}

	const sign = text.startsWith('-') ? '-' : '';
	const [whole = '', fraction = ''] = text.slice(sign.length, exponentAt).split('.');
	const digits = whole + fraction;
	const point = whole.length + Number(text.slice(exponentAt + 1));
	if (point <= 0) {
		return `${sign}0.${'0'.repeat(-point)}${digits}`;
	}

	return point >= digits.length ? sign + digits + '0'.repeat(point - digits.length) : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
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
