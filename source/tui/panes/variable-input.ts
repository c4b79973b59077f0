/**
Typed variable editing: a value shown as text for its kind, and text read back as a value
of the kind the user picked. Invalid text gives a message that says what to type, and no
value, so nothing is saved.
*/
import {kindOf, readIsoDateTime, validateValue, type Value} from '../../core/values.js';
import type {EditableKind} from '../app-state.js';

export type ParsedValue = {ok: true; value: Value} | {ok: false; message: string};

export const kindLabels: Readonly<Record<EditableKind, string>> = {
	string: 'string',
	number: 'number',
	boolean: 'boolean',
	json: 'JSON (object, array)',
	date: 'date (ISO 8601)',
};

/** The kind a value is edited as. */
export function editableKindOf(value: Value): EditableKind {
	const kind = kindOf(value);
	return kind === 'object' || kind === 'array' || kind === 'null' ? 'json' : kind;
}

/** The text a value is edited as, for a kind; a value of another kind gives its plainest text. */
export function valueToText(value: Value, kind: EditableKind): string {
	if (value instanceof Date) {
		return kind === 'json' ? JSON.stringify(value.toISOString()) : value.toISOString();
	}

	if (typeof value === 'string') {
		return kind === 'json' ? JSON.stringify(value) : value;
	}

	return JSON.stringify(value);
}

export function parseValue(text: string, kind: EditableKind): ParsedValue {
	switch (kind) {
		case 'string': {
			return {ok: true, value: text};
		}

		case 'number': {
			const trimmed = text.trim();
			const number = Number(trimmed);
			if (trimmed === '' || !Number.isFinite(number)) {
				return {ok: false, message: `${JSON.stringify(text)} is not a number: type digits such as 42, -1.5 or 1e3`};
			}

			return {ok: true, value: number};
		}

		case 'boolean': {
			const word = text.trim().toLowerCase();
			if (word === 'true' || word === 'false') {
				return {ok: true, value: word === 'true'};
			}

			return {ok: false, message: `${JSON.stringify(text)} is not a boolean: type true or false`};
		}

		case 'json': {
			let parsed: unknown;
			try {
				parsed = JSON.parse(text);
			} catch (error) {
				return {ok: false, message: `Not valid JSON (${(error as Error).message}): type an object such as {"id": 1} or an array such as [1, 2]`};
			}

			const problem = validateValue(parsed);
			return problem === undefined ? {ok: true, value: parsed as Value} : {ok: false, message: problem};
		}

		case 'date': {
			const {date, problem} = readIsoDateTime(text.trim());
			return date === undefined ? {ok: false, message: problem} : {ok: true, value: date};
		}
	}
}
