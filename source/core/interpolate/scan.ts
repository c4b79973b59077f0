/**
Template scanning: finds each `{{…}}` in one pass and asks `fill` for its text.

In a JSON template the scanner also tracks string literals (escaped quotes included), so
each placeholder knows whether it stands inside quotes. The template is not valid JSON
before interpolation, so this is a small lexer, not a parser.
*/
import type {Position} from './render.js';

/**
Gives the text for one placeholder. `raw` is the placeholder as written, braces
included; `expression` is what stands between the braces, untrimmed.
*/
export type Fill = (raw: string, expression: string, offset: number, position: Position) => string;

/** Reports a `{{` that never closes, or that another `{{` opens inside. */
export type ReportUnterminated = (raw: string, offset: number, reason: string) => void;

type Placeholder = {end: number; expression: string} | {unterminated: string; resumeAt: number};

function readPlaceholder(template: string, open: number): Placeholder {
	const close = template.indexOf('}}', open + 2);
	if (close === -1) {
		return {unterminated: 'it has no closing }}', resumeAt: template.length};
	}

	const nested = template.indexOf('{{', open + 2);
	if (nested !== -1 && nested < close) {
		return {unterminated: 'another {{ opens before it closes', resumeAt: nested};
	}

	return {end: close + 2, expression: template.slice(open + 2, close)};
}

function unterminatedText(template: string, open: number): string {
	const lineEnd = template.indexOf('\n', open);
	const end = Math.min(lineEnd === -1 ? template.length : lineEnd, open + 40);
	return template.slice(open, end);
}

export function scanText(template: string, fill: Fill, reportUnterminated: ReportUnterminated): string {
	let output = '';
	let copiedUpTo = 0;
	let open = template.indexOf('{{');
	while (open !== -1) {
		if (open > 0 && template.charCodeAt(open - 1) === 92 /* \ */) {
			output += template.slice(copiedUpTo, open - 1) + '{{';
			copiedUpTo = open + 2;
			open = template.indexOf('{{', copiedUpTo);
			continue;
		}

		const placeholder = readPlaceholder(template, open);
		if ('unterminated' in placeholder) {
			reportUnterminated(unterminatedText(template, open), open, placeholder.unterminated);
			open = placeholder.resumeAt >= template.length ? -1 : placeholder.resumeAt;
			continue;
		}

		output += template.slice(copiedUpTo, open) + fill(template.slice(open, placeholder.end), placeholder.expression, open, 'text');
		copiedUpTo = placeholder.end;
		open = template.indexOf('{{', copiedUpTo);
	}

	return copiedUpTo === 0 ? template : output + template.slice(copiedUpTo);
}

const jsonToken = /\{\{|["\\]/g;

export function scanJson(template: string, fill: Fill, reportUnterminated: ReportUnterminated): string {
	let output = '';
	let copiedUpTo = 0;
	let inString = false;
	const token = new RegExp(jsonToken);
	let match: RegExpExecArray | null;
	while ((match = token.exec(template)) !== null) {
		const at = match.index;
		const character = template.charCodeAt(at);
		if (character === 34 /* " */) {
			inString = !inString;
			continue;
		}

		if (character === 92 /* \ */) {
			if (template.startsWith('{{', at + 1)) {
				output += template.slice(copiedUpTo, at) + '{{';
				copiedUpTo = at + 3;
				token.lastIndex = at + 3;
			} else if (inString) {
				token.lastIndex = at + 2;
			}

			continue;
		}

		const placeholder = readPlaceholder(template, at);
		if ('unterminated' in placeholder) {
			reportUnterminated(unterminatedText(template, at), at, placeholder.unterminated);
			// Keep lexing the characters in between, so quotes there still count.
			token.lastIndex = placeholder.resumeAt >= template.length ? template.length : at + 2;
			continue;
		}

		output += template.slice(copiedUpTo, at) + fill(template.slice(at, placeholder.end), placeholder.expression, at, inString ? 'json-string' : 'json-value');
		copiedUpTo = placeholder.end;
		token.lastIndex = placeholder.end;
	}

	return copiedUpTo === 0 ? template : output + template.slice(copiedUpTo);
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
	scanText(template, (raw, expression, offset) => {
		found.push({start: offset, end: offset + raw.length, raw, expression: expression.trim()});
		return raw;
	}, () => undefined);
	return found;
}
