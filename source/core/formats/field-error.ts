/**
Checks for JSON read from a file: each one either returns the typed value or throws a
FieldError naming the field (`requests[2].method`) and what was expected there.
*/

export class FieldError extends Error {
	override name = 'FieldError';

	constructor(readonly field: string, readonly problem: string) {
		super(field === '' ? problem : `${field}: ${problem}`);
	}
}

export type JsonObject = Record<string, unknown>;

export function fieldPath(parent: string, key: string | number): string {
	if (typeof key === 'number') {
		return `${parent}[${key}]`;
	}

	return parent === '' ? key : `${parent}.${key}`;
}

/** How a JSON value is named in a message: `a number (42)`, `an array`. */
export function describeJson(value: unknown): string {
	if (value === undefined) {
		return 'nothing';
	}

	if (value === null) {
		return 'null';
	}

	if (Array.isArray(value)) {
		return 'an array';
	}

	if (typeof value === 'object') {
		return 'an object';
	}

	const shown = JSON.stringify(value);
	const clipped = shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
	return `${typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean'} (${clipped})`;
}

export function expectObject(value: unknown, field: string): JsonObject {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new FieldError(field, `expected an object, found ${describeJson(value)}`);
	}

	return value as JsonObject;
}

export function expectArray(value: unknown, field: string): unknown[] {
	if (!Array.isArray(value)) {
		throw new FieldError(field, `expected an array, found ${describeJson(value)}`);
	}

	return value;
}

export function expectString(value: unknown, field: string): string {
	if (typeof value !== 'string') {
		throw new FieldError(field, `expected a string, found ${describeJson(value)}`);
	}

	return value;
}

export function expectBoolean(value: unknown, field: string): boolean {
	if (typeof value !== 'boolean') {
		throw new FieldError(field, `expected true or false, found ${describeJson(value)}`);
	}

	return value;
}

export function expectWholeNumber(value: unknown, field: string, minimum: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
		throw new FieldError(field, `expected a whole number of at least ${minimum}, found ${describeJson(value)}`);
	}

	return value;
}

/** The items of an optional array field; absent means empty. */
export function optionalArray(object: JsonObject, key: string, parent: string): unknown[] {
	const value = object[key];
	return value === undefined ? [] : expectArray(value, fieldPath(parent, key));
}

export function optionalString(object: JsonObject, key: string, parent: string, fallback: string): string {
	const value = object[key];
	return value === undefined ? fallback : expectString(value, fieldPath(parent, key));
}

export function optionalBoolean(object: JsonObject, key: string, parent: string): boolean | undefined {
	const value = object[key];
	return value === undefined ? undefined : expectBoolean(value, fieldPath(parent, key));
}

export function requiredString(object: JsonObject, key: string, parent: string): string {
	const value = object[key];
	if (value === undefined) {
		throw new FieldError(fieldPath(parent, key), 'is missing: expected a string');
	}

	return expectString(value, fieldPath(parent, key));
}
