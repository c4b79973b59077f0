/**
A value as the inspector shows it, line by line: an object or array pretty-printed with its
keys, strings, numbers and literals marked for colour, each line knowing the part of the
value it shows (Enter edits that part); a string as its lines; a date as its ISO text and
local time. Worked out once per value: the store's values are frozen, so a 200 KB object
is laid out once, not at each key.
*/
import {makeVisible} from '../../../core/visible-text.js';
import type {Value} from '../../../core/values.js';
import type {ValueKey} from './variable-types.js';
import type {Token, TokenStyle} from '../response/highlight.js';

export type ValueLine = {
	readonly text: string;
	readonly tokens: readonly Token[];
	/** The part of the value this line shows: Enter on it edits that part. */
	readonly path: readonly ValueKey[];
};

const indentUnit = '  ';
const laidOut = new WeakMap<object, readonly ValueLine[]>();

export function valueLines(value: Value): readonly ValueLine[] {
	if (value === null || typeof value !== 'object') {
		return scalarLines(value);
	}

	let lines = laidOut.get(value);
	if (lines === undefined) {
		lines = value instanceof Date ? dateLines(value) : structureLines(value);
		laidOut.set(value, lines);
	}

	return lines;
}

function scalarLines(value: string | number | boolean | null): ValueLine[] {
	if (typeof value !== 'string') {
		const text = JSON.stringify(value);
		return [{text, tokens: [{start: 0, end: text.length, style: typeof value === 'number' ? 'number' : 'literal'}], path: []}];
	}

	// A string is shown as it is, a line of it to a line; what a terminal would act on, as a picture.
	return value.split(/\r?\n/).map(line => {
		const text = makeVisible(line);
		return {text, tokens: [], path: []};
	});
}

function dateLines(date: Date): ValueLine[] {
	const iso = date.toISOString();
	const local = `local time: ${date.toLocaleString(undefined, {dateStyle: 'full', timeStyle: 'long'})}`;
	return [
		{text: iso, tokens: [{start: 0, end: iso.length, style: 'info'}], path: []},
		{text: local, tokens: [{start: 0, end: local.length, style: 'muted'}], path: []},
	];
}

/** Builds one line from styled pieces. */
class LineBuilder {
	text = '';
	readonly tokens: Token[] = [];

	add(piece: string, style: TokenStyle): this {
		if (piece !== '') {
			this.tokens.push({start: this.text.length, end: this.text.length + piece.length, style});
			this.text += piece;
		}

		return this;
	}

	line(path: readonly ValueKey[]): ValueLine {
		return {text: this.text, tokens: this.tokens, path};
	}
}

const indents: string[] = [];

function indentOf(depth: number): string {
	indents[depth] ??= indentUnit.repeat(depth);
	return indents[depth];
}

function structureLines(root: Value[] | Record<string, Value>): ValueLine[] {
	const lines: ValueLine[] = [];
	const visit = (value: Value, path: readonly ValueKey[], depth: number, key: string | undefined, last: boolean) => {
		const line = new LineBuilder().add(indentOf(depth), 'plain');
		if (key !== undefined) {
			line.add(quoted(key), 'key').add(': ', 'punctuation');
		}

		const comma = last ? '' : ',';
		if (value === null || typeof value !== 'object' || value instanceof Date) {
			addScalar(line, value);
			lines.push(line.add(comma, 'punctuation').line(path));
			return;
		}

		const isArray = Array.isArray(value);
		const keys = isArray ? undefined : Object.keys(value);
		const count = keys === undefined ? (value as Value[]).length : keys.length;
		const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
		if (count === 0) {
			lines.push(line.add(open + close + comma, 'punctuation').line(path));
			return;
		}

		lines.push(line.add(open, 'punctuation').line(path));
		for (let index = 0; index < count; index++) {
			const childKey = keys === undefined ? index : keys[index]!;
			const child = keys === undefined ? (value as Value[])[index]! : (value as Record<string, Value>)[keys[index]!]!;
			visit(child, [...path, childKey], depth + 1, keys === undefined ? undefined : keys[index], index === count - 1);
		}

		lines.push(new LineBuilder().add(indentOf(depth), 'plain').add(close + comma, 'punctuation').line(path));
	};

	visit(root, [], 0, undefined, true);
	return lines;
}

function addScalar(line: LineBuilder, value: string | number | boolean | null | Date): void {
	if (value instanceof Date) {
		// Unquoted, so a date is not taken for a string: it is edited as a date.
		line.add(value.toISOString(), 'info');
	} else if (typeof value === 'string') {
		line.add(quoted(value), 'string');
	} else {
		line.add(JSON.stringify(value), typeof value === 'number' ? 'number' : 'literal');
	}
}

/** A string as JSON writes it, with what JSON leaves raw (C1 controls, bidi overrides) shown as pictures. */
function quoted(text: string): string {
	return makeVisible(JSON.stringify(text));
}
