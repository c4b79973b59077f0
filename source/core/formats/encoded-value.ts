import {decodeValue, inexactIntegerProblem, inexactNumbersIn, isExactNumber, maxValueDepth, parseIsoDate, propertyAccess, tooDeepProblem, type Value} from '../values.js';
import {describeJson, FieldError} from './field-error.js';

export const isoExample = '"2024-01-31T12:00:00.000Z"';

/**
Decodes a value in the storage form of values.ts (dates as {"$date": "<ISO>"}), first
checking every part so that a bad one is reported with its field path:
`variables[0].value.address.since: a date needs an ISO 8601 string ...`.

`fileText`, for a value read from a file a person may have written, is the file's text.
Such a value is held to what typed JSON accepts (readTypedJson): nothing nested deeper
than maxValueDepth, and no number beyond 2^53, which JSON.parse rounded; the message quotes
that number as the file wrote it. The store passes none: it opens whatever it holds.
*/
export function readEncodedValue(encoded: unknown, field: string, fileText?: string): Value {
	checkEncoded(encoded, field, fileText);
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

function checkEncoded(encoded: unknown, field: string, fileText: string | undefined): void {
	const pending: Array<{value: unknown; field: string; depth: number}> = [{value: encoded, field, depth: 0}];
	while (pending.length > 0) {
		const {value, field: path, depth} = pending.pop()!;
		if (value === null || typeof value === 'string' || typeof value === 'boolean') {
			continue;
		}

		if (typeof value === 'number') {
			if (!Number.isFinite(value)) {
				throw new FieldError(path, `${value} is not a finite number`);
			}

			if (fileText !== undefined && !isExactNumber(value)) {
				throw new FieldError(path, inexactIntegerProblem(writtenAs(value, fileText))!);
			}

			continue;
		}

		// The whole value's field: a path down to the limit would be hundreds of steps long.
		if (fileText !== undefined && typeof value === 'object' && depth === maxValueDepth) {
			throw new FieldError(field, tooDeepProblem);
		}

		if (Array.isArray(value)) {
			for (const [index, element] of value.entries()) {
				pending.push({value: element, field: `${path}[${index}]`, depth: depth + 1});
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

			pending.push({value: child, field: path + propertyAccess(key.startsWith('$') ? key.slice(1) : key), depth: depth + 1});
		}
	}
}

/** The literal in `fileText` that JSON.parse read as `number`, beyond 2^53 (the first, should two round alike). */
function writtenAs(number: number, fileText: string): string {
	return inexactNumbersIn(fileText).find(literal => Number(literal) === number) ?? String(number);
}
