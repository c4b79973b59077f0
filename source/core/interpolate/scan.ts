/**
Template scanning: finds each `{{…}}` in one pass and asks `fill` for its text.

In a JSON template the scanner also tracks string literals (escaped quotes included), so
each placeholder knows whether it stands inside quotes. The template is not valid JSON
before interpolation, so this is a small lexer, not a parser. Placeholders are found with
indexOf and the JSON lexer reads only the characters between them, in one pass, which
keeps both scanners linear and fast on multi-megabyte bodies.
*/
import type {Position} from './render.js';

/**
Gives the text for one placeholder. `expression` is what stands between the braces,
untrimmed; the placeholder as written is `{{expression}}`. The same expression text is
passed as the same string each time, so callers can key caches on it cheaply.
*/
export type Fill = (expression: string, offset: number, position: Position) => string;

/** Reports a `{{` that never closes, or that another `{{` opens inside. */
export type ReportUnterminated = (raw: string, offset: number, reason: string) => void;

const backslash = 92;
const quote = 34;
const noClose = 'it has no closing }}';
const interrupted = 'another {{ opens before it closes';

function unterminatedText(template: string, open: number): string {
	const lineEnd = template.indexOf('\n', open);
	const end = Math.min(lineEnd === -1 ? template.length : lineEnd, open + 40);
	return template.slice(open, end);
}

/**
Hands out each distinct expression text as one string: a template repeats the same few
placeholders thousands of times, and comparing in place costs less than a new substring.
*/
class Expressions {
	private readonly byLength = new Map<number, string[]>();

	constructor(private readonly template: string) {}

	at(start: number, end: number): string {
		const length = end - start;
		let seen = this.byLength.get(length);
		if (seen === undefined) {
			seen = [];
			this.byLength.set(length, seen);
		}

		for (const expression of seen) {
			if (this.template.startsWith(expression, start)) {
				return expression;
			}
		}

		const expression = this.template.slice(start, end);
		if (seen.length < 16) {
			seen.push(expression);
		}

		return expression;
	}
}

/** Builds the output from the template's untouched runs and the filled placeholders. */
class Output {
	// String concatenation builds a rope that V8 flattens once: faster than joining an array of parts.
	private text = '';
	private copiedUpTo = 0;

	constructor(private readonly template: string) {}

	/** Copies the template up to `offset`, adds `text`, and skips the template up to `resume`. */
	replace(offset: number, text: string, resume: number): void {
		this.text += this.template.slice(this.copiedUpTo, offset) + text;
		this.copiedUpTo = resume;
	}

	finish(): string {
		return this.copiedUpTo === 0 ? this.template : this.text + this.template.slice(this.copiedUpTo);
	}
}

export function scanText(template: string, fill: Fill, reportUnterminated: ReportUnterminated): string {
	return scan(template, false, fill, reportUnterminated);
}

export function scanJson(template: string, fill: Fill, reportUnterminated: ReportUnterminated): string {
	return scan(template, true, fill, reportUnterminated);
}

function scan(template: string, json: boolean, fill: Fill, reportUnterminated: ReportUnterminated): string {
	const output = new Output(template);
	const expressions = new Expressions(template);
	let inString = false;
	// In JSON, quotes before this offset have been counted into inString.
	let lexed = 0;
	let open = template.indexOf('{{');
	while (open !== -1) {
		if (json) {
			inString = lexStrings(template, lexed, open, inString);
			lexed = open;
		}

		if (open > 0 && template.charCodeAt(open - 1) === backslash && !(inString && isEscaped(template, open - 1))) {
			output.replace(open - 1, '{{', open + 2);
			lexed = open + 2;
			open = template.indexOf('{{', open + 2);
			continue;
		}

		const close = template.indexOf('}}', open + 2);
		if (close === -1) {
			reportUnterminated(unterminatedText(template, open), open, noClose);
			break;
		}

		const next = template.indexOf('{{', open + 2);
		if (next !== -1 && next < close) {
			reportUnterminated(unterminatedText(template, open), open, interrupted);
			open = next;
			continue;
		}

		const end = close + 2;
		const position = json ? (inString ? 'json-string' : 'json-value') : 'text';
		output.replace(open, fill(expressions.at(open + 2, close), open, position), end);
		lexed = end;
		open = next === -1 || next >= end ? next : template.indexOf('{{', end);
	}

	return output.finish();
}

/**
Whether the JSON text at `end` stands inside a string literal, given whether `start` did:
one pass over the characters between, a backslash inside a string skipping the next one.
*/
function lexStrings(template: string, start: number, end: number, inString: boolean): boolean {
	let inside = inString;
	for (let index = start; index < end; index++) {
		const code = template.charCodeAt(index);
		if (code === quote) {
			inside = !inside;
		} else if (code === backslash && inside) {
			index++;
		}
	}

	return inside;
}

/** Whether an odd run of backslashes stands right before `offset`. */
function isEscaped(template: string, offset: number): boolean {
	let before = offset - 1;
	while (before >= 0 && template.charCodeAt(before) === backslash) {
		before--;
	}

	return (offset - 1 - before) % 2 === 1;
}

export type PlaceholderLocation = {
	/** Offset of the first `{`. */
	start: number;
	/** Offset just past the last `}`. */
	end: number;
	/** The placeholder as written. */
	raw: string;
	/** The trimmed text between the braces. */
	expression: string;
};

/** Every well-formed placeholder in a template, in order (for highlighting in the UI). */
export function findPlaceholders(template: string): PlaceholderLocation[] {
	const found: PlaceholderLocation[] = [];
	scanText(template, (expression, offset) => {
		const raw = `{{${expression}}}`;
		found.push({start: offset, end: offset + raw.length, raw, expression: expression.trim()});
		return raw;
	}, () => undefined);
	return found;
}
