import {decodeValue, parseIsoDate, propertyAccess, type Value} from '../values.js';
import {describeJson, FieldError} from './field-error.js';

export const isoExample = '"2024-01-31T12:00:00.000Z"';

/**
Decodes a value in the storage form of values.ts (dates as {"$date": "<ISO>"}), first
checking every part so that a bad one is reported with its field path:
`variables[0].value.address.since: a date needs an ISO 8601 string ...`.
*/
export function readEncodedValue(encoded: unknown, field: string): Value {
	checkEncoded(encoded, field);
	return decodeValue(encoded);
}

/** A top-level date written as an ISO string, as the collection file's `"type": "date"` says. */
export function readIsoDate(value: unknown, field: string): Date {
	const date = parseIsoDate(value);
	if (date === undefined) {
		throw new FieldError(field, `a date needs an ISO 8601 string such as ${isoExample}, found ${describeJson(value)}`);
	}

	return date;
}

function checkEncoded(encoded: unknown, field: string): void {
	const pending: Array<{value: unknown; field: string}> = [{value: encoded, field}];
	while (pending.length > 0) {
		const {value, field: path} = pending.pop()!;
		if (value === null || typeof value === 'string' || typeof value === 'boolean') {
			continue;
		}

		if (typeof value === 'number') {
			if (!Number.isFinite(value)) {
				throw new FieldError(path, `${value} is not a finite number`);
			}

			continue;
		}

		if (Array.isArray(value)) {
			for (const [index, element] of value.entries()) {
				pending.push({value: element, field: `${path}[${index}]`});
			}

			continue;
		}

		if (typeof value !== 'object') {
			throw new FieldError(path, `expected JSON data, found ${describeJson(value)}`);
		}

		const entries = Object.entries(value);
		if (entries.length === 1 && entries[0]![0] === '$date') {
			readIsoDate(entries[0]![1], path);
			continue;
		}

		if (entries.length === 1 && entries[0]![0] === '$number' && entries[0]![1] === '-0') {
			continue;
		}

		for (const [key, child] of entries) {
			if (key.startsWith('$') && !key.startsWith('$$')) {
				throw new FieldError(path, `${JSON.stringify(key)} is not a known tag: a date nested in a value is written {"$date": ${isoExample}}, and a key that starts with $ is written with $$`);
			}

			pending.push({value: child, field: path + propertyAccess(key.startsWith('$') ? key.slice(1) : key)});
		}
	}
}
