/**
The values a variable can hold, how they are checked, and how they are stored.

A value is a string, number, boolean, null, Date, or an array or plain object of these,
nested to any depth. Anything else (NaN, Infinity, undefined, functions, bigint, symbols,
class instances other than Date) is refused with a message that says what is allowed; so
is a number beyond ±(2^53 − 1), which may already have been rounded (see isExactNumber).
*/

export type Value = string | number | boolean | null | Date | Value[] | ValueObject;
export type ValueObject = {[key: string]: Value};

export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'date' | 'array' | 'object';

/** Name to value, as `interpolate` reads it. Only own properties count. */
export type Variables = Readonly<Record<string, Value>>;

export const allowedValueKinds = 'a string, a finite number, a boolean, null, a valid Date, or an array or plain object of these';

const maxNameLength = 128;
// The names most stores hold. The Unicode pattern decides the rest, and is made at the first of
// them: V8 takes a quarter of a millisecond to parse and compile its classes.
const asciiNamePattern = /^[\w.-]+$/;
let namePattern: RegExp | undefined;

export function kindOf(value: Value): ValueKind {
	if (value === null) {
		return 'null';
	}

	if (value instanceof Date) {
		return 'date';
	}

	if (Array.isArray(value)) {
		return 'array';
	}

	return typeof value as 'string' | 'number' | 'boolean' | 'object';
}

/** @returns why `name` is not a valid variable name, or `undefined` when it is. */
export function validateVariableName(name: unknown): string | undefined {
	const problem = validateStoredVariableName(name);
	if (problem !== undefined) {
		return problem;
	}

	const shown = JSON.stringify(name);
	if ((name as string).startsWith('process.')) {
		return `Variable name ${shown} starts with "process.": a placeholder that starts so reads the environment ({{process.env.NAME}}), never a variable, so this one could not be used; choose another name`;
	}

	if (/^\.|\.\.|\.$/.test(name as string)) {
		return `Variable name ${shown} has an empty part between its dots: a placeholder could not read it (${`{{${name as string}}}`} is not a path); write dotted names such as user.name`;
	}

	return undefined;
}

/**
What validateVariableName checks, except the "process." prefix and empty parts between
dots, which older curlews let in: a store that holds such a name must still open, so that
its variable can be deleted.
*/
export function validateStoredVariableName(name: unknown): string | undefined {
	if (typeof name !== 'string') {
		return `Variable name must be a string, not ${describeType(name)}`;
	}

	const shown = JSON.stringify(name);
	if (name.length === 0) {
		return 'Variable name is empty: use 1 to 128 letters, digits, _, - and .';
	}

	if (name.length > maxNameLength) {
		return `Variable name ${JSON.stringify(`${name.slice(0, 40)}…`)} is ${name.length} characters long: the limit is ${maxNameLength}`;
	}

	if (name.startsWith('$')) {
		return `Variable name ${shown} starts with $: that prefix is kept for dynamic variables such as {{$guid}}`;
	}

	if (name === 'process') {
		return 'Variable name "process" is reserved for {{process.env.NAME}}';
	}

	if (!asciiNamePattern.test(name) && !(namePattern ??= /^[\p{L}\p{N}_.-]+$/u).test(name)) {
		return `Variable name ${shown} is invalid: use letters, digits, _, - and .`;
	}

	return undefined;
}

/**
@returns why `value` cannot be a variable's value, or `undefined` when it can. This is the
rule for every way a value enters (scripts, the store, typed text, imports): one of them
may say more about where the value came from, never accept what this refuses.
*/
export function validateValue(value: unknown): string | undefined {
	const seen = new Set<object>();
	const pending: Array<{value: unknown; path: string}> = [{value, path: ''}];
	while (pending.length > 0) {
		const {value: current, path} = pending.pop()!;
		const problem = problemWithScalar(current);
		if (problem !== undefined) {
			const remedy = typeof current === 'number' && Number.isFinite(current) ? keepAsString : `a value must be ${allowedValueKinds}`;
			return path === '' ? `${problem}: ${remedy}` : `${problem} at ${path}: ${remedy}`;
		}

		if (typeof current !== 'object' || current === null || current instanceof Date) {
			continue;
		}

		if (seen.has(current)) {
			return `The value refers to itself${path === '' ? '' : ` at ${path}`}: a value must be a tree, without cycles`;
		}

		seen.add(current);
		if (Array.isArray(current)) {
			for (let index = 0; index < current.length; index++) {
				if (!(index in current)) {
					return `The array${path === '' ? '' : ` at ${path}`} has a hole at index ${index}: a value must be ${allowedValueKinds}`;
				}

				pending.push({value: current[index], path: `${path}[${index}]`});
			}
		} else {
			for (const [key, child] of Object.entries(current)) {
				pending.push({value: child, path: path + propertyAccess(key)});
			}
		}
	}

	return undefined;
}

export function isValue(value: unknown): value is Value {
	return validateValue(value) === undefined;
}

export class InvalidValueError extends Error {
	override name = 'InvalidValueError';
}

export function assertVariableName(name: unknown): asserts name is string {
	const problem = validateVariableName(name);
	if (problem !== undefined) {
		throw new InvalidValueError(problem);
	}
}

/** A problem with the value of variable `name` (validateValue's), naming the variable. */
export function variableValueProblem(name: string, problem: string): string {
	return `Variable ${JSON.stringify(name)}: ${problem}`;
}

export function assertVariableValue(name: string, value: unknown): asserts value is Value {
	const problem = validateValue(value);
	if (problem !== undefined) {
		throw new InvalidValueError(variableValueProblem(name, problem));
	}
}

function problemWithScalar(value: unknown): string | undefined {
	switch (typeof value) {
		case 'string':
		case 'boolean': {
			return undefined;
		}

		case 'number': {
			if (!Number.isFinite(value)) {
				return `${String(value)} is not a finite number`;
			}

			return isExactNumber(value) ? undefined : beyondExactIntegers(String(value));
		}

		case 'object': {
			if (value === null || Array.isArray(value)) {
				return undefined;
			}

			if (value instanceof Date) {
				return Number.isNaN(value.getTime()) ? 'The date is invalid' : undefined;
			}

			const prototype = Object.getPrototypeOf(value) as unknown;
			if (prototype === Object.prototype || prototype === null) {
				return undefined;
			}

			return `${describeType(value)} is not a plain object`;
		}

		default: {
			return `${describeType(value)} is not allowed`;
		}
	}
}

function describeType(value: unknown): string {
	if (value === null) {
		return 'null';
	}

	if (typeof value === 'object') {
		const name = (value as {constructor?: {name?: unknown}}).constructor?.name;
		return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object';
	}

	if (typeof value === 'function') {
		return 'a function';
	}

	if (typeof value === 'undefined') {
		return 'undefined';
	}

	return `a ${typeof value}`;
}

const identifierPattern = /^[A-Za-z_$][\w$]*$/;

/** Spells one step of a path the way a placeholder would: `.name` or `["odd key"]`. */
export function propertyAccess(key: string): string {
	return identifierPattern.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** Deep copy of a value; dates are copied too, so the copy shares nothing mutable. */
export function cloneValue(value: Value): Value {
	return decodeValue(encodeValue(value));
}

/*
Storage form: JSON with dates tagged as {"$date": "<ISO>"} and -0 as {"$number": "-0"}.
A plain object key that starts with "$" gains one more "$", so no user object can pass
for a tag, and decoding strips it again.
*/
export type EncodedValue = string | number | boolean | null | EncodedValue[] | {[key: string]: EncodedValue};

export function encodeValue(value: Value): EncodedValue {
	if (value === null || typeof value !== 'object') {
		return Object.is(value, -0) ? {$number: '-0'} : value;
	}

	if (value instanceof Date) {
		return {$date: value.toISOString()};
	}

	if (Array.isArray(value)) {
		return value.map(element => encodeValue(element));
	}

	return Object.fromEntries(Object.entries(value).map(([key, child]) => [key.startsWith('$') ? `$${key}` : key, encodeValue(child)]));
}

export class InvalidEncodingError extends Error {
	override name = 'InvalidEncodingError';
}

export function decodeValue(encoded: unknown): Value {
	if (encoded === null || typeof encoded === 'string' || typeof encoded === 'boolean') {
		return encoded;
	}

	if (typeof encoded === 'number') {
		if (!Number.isFinite(encoded)) {
			throw new InvalidEncodingError(`${encoded} is not a finite number`);
		}

		return encoded;
	}

	if (Array.isArray(encoded)) {
		return encoded.map(element => decodeValue(element));
	}

	if (typeof encoded !== 'object' || Object.getPrototypeOf(encoded) !== Object.prototype) {
		throw new InvalidEncodingError(`Stored value holds ${describeType(encoded)}: expected JSON data`);
	}

	const entries = Object.entries(encoded);
	if (entries.length === 1) {
		const [[key, child]] = entries as [[string, unknown]];
		if (key === '$date') {
			return decodeDate(child);
		}

		if (key === '$number' && child === '-0') {
			return -0;
		}
	}

	return Object.fromEntries(entries.map(([key, child]) => {
		if (key.startsWith('$') && !key.startsWith('$$')) {
			throw new InvalidEncodingError(`Stored value has an unknown tag ${JSON.stringify(key)}: expected {"$date": "<ISO 8601>"}`);
		}

		return [key.startsWith('$') ? key.slice(1) : key, decodeValue(child)];
	}));
}

/*
Values as people type them (the TUI's JSON kind, `curlew run --var`): JSON, with a date
written {"$date": "<ISO 8601>"}. Unlike the storage form, other keys that start with "$"
are kept as written, so a filter such as {"age": {"$gt": 18}} is typed as it is sent.
*/

export type TypedJsonReading =
	| {ok: true; value: Value}
	/** `syntax`: the text is not JSON at all (the CLI then takes it as a plain word). */
	| {ok: false; syntax: boolean; message: string};

/**
Arrays and objects inside one another that text read as a value may hold (typed JSON, a
collection file's values). Real data stays far below it; much deeper, the recursive steps
a value goes through (decoding, interpolating, drawing) would overflow the stack.
*/
export const maxValueDepth = 256;

/** Why a value nested deeper than maxValueDepth is refused; it follows a field path or "The value". */
export const tooDeepProblem = `is nested too deep: at most ${maxValueDepth} arrays and objects inside one another`;

/**
Reads typed JSON text into a value: dates from {"$date": …}, and nothing JSON.parse would
change silently (a number beyond 2^53, at any depth), nothing nested deeper than
maxValueDepth, and nothing that is no value.
*/
export function readTypedJson(text: string): TypedJsonReading {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		return {ok: false, syntax: true, message: (error as Error).message};
	}

	const [inexact] = inexactNumbersIn(text);
	if (inexact !== undefined) {
		return {ok: false, syntax: false, message: inexactIntegerProblem(inexact)!};
	}

	let value: Value;
	try {
		value = valueFromTypedJson(parsed);
	} catch (error) {
		if (error instanceof InvalidEncodingError) {
			return {ok: false, syntax: false, message: error.message};
		}

		throw error;
	}

	const problem = validateValue(value);
	return problem === undefined ? {ok: true, value} : {ok: false, syntax: false, message: problem};
}

/**
The number literals of JSON text (valid JSON: JSON.parse read it), outside its strings,
that a number cannot keep exactly (see inexactIntegerProblem), as written, in order.
JSON.parse gives no source text, so only the text tells what such a number was.
*/
export function inexactNumbersIn(json: string): string[] {
	const outsideStrings = json.replaceAll(/"(?:[^"\\]|\\.)*"/g, '""');
	return [...outsideStrings.matchAll(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)].map(([literal]) => literal).filter(literal => inexactIntegerProblem(literal) !== undefined);
}

/**
A value from parsed typed JSON; a `{"$date": …}` that is no date, or arrays and objects
nested deeper than maxValueDepth, throw InvalidEncodingError.
*/
function valueFromTypedJson(parsed: unknown, depth = 0): Value {
	if (parsed !== null && typeof parsed === 'object' && depth === maxValueDepth) {
		throw new InvalidEncodingError(`The value ${tooDeepProblem}`);
	}

	if (Array.isArray(parsed)) {
		return parsed.map(element => valueFromTypedJson(element, depth + 1));
	}

	if (parsed === null || typeof parsed !== 'object') {
		return parsed as Value;
	}

	const entries = Object.entries(parsed);
	if (entries.length === 1 && entries[0]![0] === '$date') {
		const text = entries[0]![1];
		const reading = typeof text === 'string' ? readIsoDateTime(text) : {problem: `${describeType(text)} is no date`};
		if (reading.date === undefined) {
			throw new InvalidEncodingError(`{"$date": …} holds a date as an ISO 8601 string: ${reading.problem}`);
		}

		return reading.date;
	}

	return Object.fromEntries(entries.map(([key, child]) => [key, valueFromTypedJson(child, depth + 1)]));
}

/** A value as typed JSON text: dates as {"$date": "<ISO 8601>"}, at any depth; `indent` spaces a level when given. */
export function typedJsonText(value: Value, indent?: number): string {
	const typed = (current: Value): unknown => {
		if (current instanceof Date) {
			return {$date: current.toISOString()};
		}

		if (Array.isArray(current)) {
			return current.map(element => typed(element));
		}

		return current !== null && typeof current === 'object' ? Object.fromEntries(Object.entries(current).map(([key, child]) => [key, typed(child)])) : current;
	};

	return JSON.stringify(typed(value), undefined, indent);
}

const decimalLiteral = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
Whether a finite number is one a value may hold: within ±(2^53 − 1). Beyond it a number is
an integer that silently becomes another (12345678901234567890 is sent as
12345678901234567000, 9007199254740993.0 as 9007199254740992), however it is written;
1e20 and 2^53 too, as their neighbours could not be told apart. Decimals such as 0.1 are kept.
*/
export function isExactNumber(number: number): boolean {
	return Math.abs(number) <= Number.MAX_SAFE_INTEGER;
}

/** What to do with a number that is not exact (see isExactNumber). */
const keepAsString = 'keep it as a string';

function beyondExactIntegers(shown: string): string {
	return `${shown} is beyond the integers a number keeps exactly (±${Number.MAX_SAFE_INTEGER})`;
}

/** Why a number typed as `text` cannot be kept as typed (see isExactNumber), if it cannot. */
export function inexactIntegerProblem(text: string): string | undefined {
	const literal = text.trim();
	const number = Number(literal);
	if (!decimalLiteral.test(literal) || !Number.isFinite(number) || isExactNumber(number)) {
		return undefined;
	}

	const sent = String(number);
	const becomes = sent === literal ? '' : `: it would be sent as ${sent}`;
	return `${beyondExactIntegers(literal)}${becomes}; ${keepAsString} to send it as written`;
}

const isoPattern = /^(?<year>\d{4}|[+-]\d{6})-(?<month>\d{2})-(?<day>\d{2})(?:T(?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d+)?)?(?<zone>Z|(?<offset>[+-](?<offsetHour>\d{2}):(?<offsetMinute>\d{2})))?)?$/;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export type IsoDateReading = {date: Date; problem?: undefined} | {date?: undefined; problem: string};

/**
Reads an ISO 8601 date-time, as the storage and collection formats write dates: a date,
then a time (seconds and their fraction optional) with Z or an offset; or a date alone,
which is its midnight UTC (as `new Date` reads it). A time without Z or an offset is
refused: each computer would read it in its own time zone. A date whose fields do not exist
(February 30, month 13, hour 25) is refused with the part that is wrong, where `new Date`
would move it to one that exists.
*/
export function readIsoDateTime(text: string): IsoDateReading {
	const shown = JSON.stringify(text);
	const fields = isoPattern.exec(text)?.groups;
	if (fields === undefined) {
		return {problem: `${shown} is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)`};
	}

	if (fields['hour'] !== undefined && fields['zone'] === undefined) {
		return {problem: `${shown} has no time zone: add Z for UTC or an offset such as +02:00`};
	}

	const fieldProblem = impossibleField(fields);
	if (fieldProblem !== undefined) {
		return {problem: `${shown} has ${fieldProblem}`};
	}

	const date = new Date(text);
	if (Number.isNaN(date.getTime())) {
		return {problem: `${shown} is out of range: dates go from -271821-04-20T00:00:00Z to +275760-09-13T00:00:00Z`};
	}

	return {date};
}

/** Parses an ISO 8601 date-time as `readIsoDateTime` does; `undefined` when it is not one. */
export function parseIsoDate(text: unknown): Date | undefined {
	return typeof text === 'string' ? readIsoDateTime(text).date : undefined;
}

/** The first field of a date-time that does not exist, with the values it can take. */
function impossibleField(fields: Record<string, string | undefined>): string | undefined {
	const year = fields['year']!;
	const month = Number(fields['month']);
	if (year === '-000000') {
		return 'year -000000: write year zero as 0000 or +000000';
	}

	if (month < 1 || month > 12) {
		return `month ${fields['month']}: months go from 01 to 12`;
	}

	const days = daysIn(Number(year), month);
	const ranges: Array<{part: string; highest: number; lowest?: number; rule: string}> = [
		{part: 'day', lowest: 1, highest: days, rule: `days of ${monthNames[month - 1]} ${year} go from 01 to ${days}`},
		{part: 'hour', highest: 23, rule: 'hours go from 00 to 23'},
		{part: 'minute', highest: 59, rule: 'minutes go from 00 to 59'},
		{part: 'second', highest: 59, rule: 'seconds go from 00 to 59'},
		{part: 'offsetHour', highest: 23, rule: 'offset hours go from 00 to 23'},
		{part: 'offsetMinute', highest: 59, rule: 'offset minutes go from 00 to 59'},
	];
	for (const {part, lowest = 0, highest, rule} of ranges) {
		const written = fields[part];
		if (written !== undefined && (Number(written) < lowest || Number(written) > highest)) {
			return part.startsWith('offset') ? `offset ${fields['offset']}: ${rule}` : `${part} ${written}: ${rule}`;
		}
	}

	return undefined;
}

function daysIn(year: number, month: number): number {
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	return month === 2 ? (leap ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

function decodeDate(text: unknown): Date {
	if (typeof text !== 'string') {
		throw new InvalidEncodingError(`Stored date is ${describeType(text)}: expected an ISO 8601 string such as "2024-01-31T12:00:00.000Z"`);
	}

	const {date, problem} = readIsoDateTime(text);
	if (date === undefined) {
		throw new InvalidEncodingError(`Stored date ${problem}`);
	}

	return date;
}

/** Deep equality of two values; dates compare by instant. */
export function valuesEqual(a: Value, b: Value): boolean {
	if (a instanceof Date || b instanceof Date) {
		return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
	}

	if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
		return Object.is(a, b);
	}

	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((element, index) => valuesEqual(element, b[index]!));
	}

	const aKeys = Object.keys(a);
	return aKeys.length === Object.keys(b).length && aKeys.every(key => Object.hasOwn(b, key) && valuesEqual(a[key]!, b[key]!));
}

/** Applies `change` to every string leaf; returns `value` itself when nothing changed. */
export function mapStrings(value: Value, change: (text: string) => Value): Value {
	if (typeof value === 'string') {
		return change(value);
	}

	if (Array.isArray(value)) {
		let changed = false;
		const mapped = value.map(element => {
			const next = mapStrings(element, change);
			changed ||= next !== element;
			return next;
		});
		return changed ? mapped : value;
	}

	if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
		let changed = false;
		const entries = Object.entries(value).map(([key, child]) => {
			const next = mapStrings(child, change);
			changed ||= next !== child;
			return [key, next] as const;
		});
		return changed ? Object.fromEntries(entries) : value;
	}

	return value;
}
