/**
Typed variable editing: a value shown as text for its kind, and text read back as a value
of the kind the user picked (JSON as `curlew run --var` reads it: a date is {"$date": …}). Invalid text gives a message that says what to type, and no
value, so nothing is saved.
*/
import {readDateInput} from '../../../core/date-input.js';
import {findJsonSyntaxError} from '../../../core/formats/json-text.js';
import {inexactIntegerProblem, kindOf, readTypedJson, typedJsonText, type Value} from '../../../core/values.js';
import type {EditableKind} from './variable-types.js';

export type ParsedValue = {ok: true; value: Value} | {ok: false; message: string};

export const kindLabels: Readonly<Record<EditableKind, string>> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	json: 'JSON (object, array)',
	date: 'date (ISO 8601, now, today, +1h, -2d)',
};

/** The kind a value is edited as. */
export function editableKindOf(value: Value): EditableKind {
	const kind = kindOf(value);
	return kind === 'object' || kind === 'array' || kind === 'null' ? 'json' : kind;
}

/**
The text a value is edited as, for a kind; a value of another kind gives its plainest text.
As JSON, dates (nested ones too) read {"$date": "<ISO 8601>"}, so saving the text unchanged
gives back the same value; `pretty` JSON takes a line per member, for editing on many lines.
*/
export function valueToText(value: Value, kind: EditableKind, pretty = false): string {
	if (kind === 'json') {
		return typedJsonText(value, pretty ? 2 : undefined);
	}

	return value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
}

const decimalNumber = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** `now` is the clock a date such as `+1d` or `today` is counted from. */
export function parseValue(text: string, kind: EditableKind, now = new Date()): ParsedValue {
	switch (kind) {
		case 'string': {
			return {ok: true, value: text};
		}

		case 'number': {
			const trimmed = text.trim();
			const number = Number(trimmed);
			if (!decimalNumber.test(trimmed) || !Number.isFinite(number)) {
				return {ok: false, message: `${JSON.stringify(text)} is not a number: type digits such as 42, -1.5 or 1e3`};
			}

			const inexact = inexactIntegerProblem(trimmed);
			return inexact === undefined ? {ok: true, value: number} : {ok: false, message: `${inexact} (the string kind)`};
		}

		case 'boolean': {
			const word = text.trim().toLowerCase();
			if (word === 'true' || word === 'false') {
				return {ok: true, value: word === 'true'};
			}

			return {ok: false, message: `${JSON.stringify(text)} is not a boolean: type true or false`};
		}

		case 'json': {
			const reading = readTypedJson(text);
			if (reading.ok) {
				return reading;
			}

			if (!reading.syntax) {
				return {ok: false, message: reading.message};
			}

			const error = findJsonSyntaxError(text);
			const why = error === undefined ? reading.message : `line ${error.line}, column ${error.column}: ${error.problem}`;
			return {ok: false, message: `Not valid JSON at ${why}; type an object such as {"id": 1} or an array such as [1, 2]`};
		}

		case 'date': {
			const {date, problem} = readDateInput(text, now);
			return date === undefined ? {ok: false, message: problem} : {ok: true, value: date};
		}
	}
}
