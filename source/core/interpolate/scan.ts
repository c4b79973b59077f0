/**
Template scanning: finds each `{{…}}` in one pass and asks a target for its text.

In a JSON template the scanner also tracks string literals (escaped quotes included), so
each placeholder knows whether it stands inside quotes. The template is not valid JSON
before interpolation, so this is a small lexer, not a parser. Placeholders and quotes are
found with indexOf, never by reading character after character in JavaScript, and each is
found once, which keeps both scanners linear and fast on multi-megabyte bodies.
*/
import type {Position} from './render.js';

/** Where the placeholder being filled stands. Worked out only when asked: most values read the same anywhere. */
export type Place = {
	position(): Position;
};

/**
What a scan hands each placeholder to. An object with methods, not a pair of callbacks, so
the hot loop calls the same few shapes every time.
*/
export type ScanTarget = {
	/**
	The text for one placeholder. `expression` is what stands between the braces, untrimmed;
	the placeholder as written is `{{expression}}`. The same expression text is passed as the
	same string each time, so a target can key caches on it cheaply.
	*/
	fill(expression: string, offset: number, place: Place): string;
	/** A `{{` that never closes, or that another `{{` opens inside. */
	unterminated(raw: string, offset: number, reason: string): void;
};

const backslash = 92;
const quote = 34;
const noClose = 'it has no closing }}';
const interrupted = 'another {{ opens before it closes';

function unterminatedText(template: string, open: number): string {
	const lineEnd = template.indexOf('\n', open);
	const end = Math.min(lineEnd === -1 ? template.length : lineEnd, open + 40);
	return template.slice(open, end);
}

/** One distinct expression text of a template. */
class Expression {
	constructor(
		readonly text: string,
		/** Whether it holds a quote, which the JSON lexer must not count as the template's. */
		readonly quoted: boolean,
		readonly next: Expression | undefined,
	) {}
}

/**
Hands out each distinct expression text as one string: a template repeats the same few
placeholders thousands of times, and comparing in place costs less than a new substring.
Texts are found by their length and end characters; past a bound, new ones are no longer
kept, so a template of many distinct placeholders stays linear.
*/
class Expressions {
	private readonly byKey = new Map<number, Expression>();
	private kept = 0;

	constructor(private readonly template: string) {}

	at(start: number, end: number): Expression {
		const {template} = this;
		const length = end - start;
		const key = (length << 16) ^ (template.charCodeAt(start) << 8) ^ template.charCodeAt(end - 1);
		const first = this.byKey.get(key);
		for (let seen = first; seen !== undefined; seen = seen.next) {
			if (seen.text.length === length && template.startsWith(seen.text, start)) {
				return seen;
			}
		}

		const text = template.slice(start, end);
		const expression = new Expression(text, text.includes('"'), first);
		if (this.kept < 1024) {
			this.byKey.set(key, expression);
			this.kept++;
		}

		return expression;
	}
}

/** Replacements per chunk of output flattened at once. */
const chunkPieces = 4096;

/**
Builds the output from the template's untouched runs and the filled placeholders.

String concatenation builds a rope that V8 flattens once: faster than joining an array of
parts. A rope of a whole 20 MB body, though, lives through many young-generation
collections and is copied to the old one, node by node, which made time per MB double from
2 to 20 MB. So the rope is flattened every `chunkPieces` replacements, while it is young,
and the output is a short rope of flat chunks.
*/
class Output {
	/** The flat chunks so far. */
	private done = '';
	private text = '';
	private pieces = 0;
	private copiedUpTo = 0;
	/** What reading a chunk's first character gave: read to flatten it, kept so the read is never dropped. */
	private probe = 0;

	constructor(private readonly template: string) {}

	/** Copies the template up to `offset`, adds `text`, and skips the template up to `resume`. */
	replace(offset: number, text: string, resume: number): void {
		this.text += this.template.slice(this.copiedUpTo, offset) + text;
		this.copiedUpTo = resume;
		if (++this.pieces === chunkPieces) {
			// Reading a character of a rope flattens it.
			this.probe ^= this.text.charCodeAt(0);
			this.done += this.text;
			this.text = '';
			this.pieces = 0;
		}
	}

	finish(): string {
		return this.copiedUpTo === 0 ? this.template : this.done + this.text + this.template.slice(this.copiedUpTo);
	}
}

export function scanText(template: string, target: ScanTarget): string {
	return new Scan(template, false).run(target);
}

/**
Scans a JSON template. Whether a placeholder stands inside a string literal is found from
the quotes before it, counted with indexOf and only as far as a placeholder whose value
needs to know. A quote right before `{{` always opens a string there (or is escaped inside
one): in a template that is JSON once each placeholder outside quotes is read as a value, a
value never follows a closing quote. So `"{{name}}"` needs no counting at all.
*/
export function scanJson(template: string, target: ScanTarget): string {
	return new Scan(template, true).run(target);
}

class Scan implements Place {
	private readonly output: Output;
	private readonly expressions: Expressions;
	/** Offset of the placeholder being filled. */
	private open = 0;
	/** JSON: whether `lexed` stands inside a string literal; quotes before it are counted. */
	private inside = false;
	private lexed = 0;
	/** JSON: the first quote at or after `lexed` once searched for; the template's length when there is none. */
	private nextQuote = -1;

	constructor(private readonly template: string, private readonly json: boolean) {
		this.output = new Output(template);
		this.expressions = new Expressions(template);
	}

	run(target: ScanTarget): string {
		const {template, output} = this;
		let open = template.indexOf('{{');
		while (open !== -1) {
			/** Where the output of this placeholder starts, and what comes first in it: backslashes of the text before `{{`. */
			let from = open;
			let backslashes = '';
			if (open > 0 && template.charCodeAt(open - 1) === backslash) {
				if (this.json) {
					if (!this.isEscapedBackslash(open - 1)) {
						output.replace(open - 1, '{{', open + 2);
						open = template.indexOf('{{', open + 2);
						continue;
					}
				} else {
					// In text, `\\{{` is one backslash and a placeholder, `\{{` a literal `{{`, and so on for longer runs.
					const run = backslashRunBefore(template, open);
					from = open - run;
					backslashes = '\\'.repeat(run >> 1);
					if (run % 2 === 1) {
						output.replace(from, `${backslashes}{{`, open + 2);
						open = template.indexOf('{{', open + 2);
						continue;
					}
				}
			}

			const close = template.indexOf('}}', open + 2);
			if (close === -1) {
				target.unterminated(unterminatedText(template, open), open, noClose);
				break;
			}

			const next = template.indexOf('{{', open + 2);
			if (next !== -1 && next < close) {
				target.unterminated(unterminatedText(template, open), open, interrupted);
				open = next;
				continue;
			}

			const end = close + 2;
			const expression = this.expressions.at(open + 2, close);
			const countPast = this.json && expression.quoted;
			if (countPast) {
				this.insideAt(open);
			}

			this.open = open;
			output.replace(from, backslashes + target.fill(expression.text, open, this), end);
			if (countPast) {
				// The quotes in `{{obj["key"]}}` are not the template's.
				this.lexed = end;
			}

			open = next === -1 || next >= end ? next : template.indexOf('{{', end);
		}

		return output.finish();
	}

	position(): Position {
		if (!this.json) {
			return 'text';
		}

		if (this.template.charCodeAt(this.open - 1) === quote) {
			this.inside = true;
			this.lexed = this.open;
			return 'json-string';
		}

		return this.insideAt(this.open) ? 'json-string' : 'json-value';
	}

	/** A backslash before `{{` escapes it, unless a backslash inside a JSON string escapes that backslash. */
	private isEscapedBackslash(offset: number): boolean {
		return this.json && this.insideAt(offset + 1) && isEscaped(this.template, offset);
	}

	/** Counts the quotes up to `offset`, each one once however many placeholders ask. */
	private insideAt(offset: number): boolean {
		if (this.nextQuote < this.lexed) {
			this.nextQuote = this.quoteFrom(this.lexed);
		}

		while (this.nextQuote < offset) {
			// A backslash escapes a quote only inside a string; outside one it is not JSON at all.
			if (!this.inside || !isEscaped(this.template, this.nextQuote)) {
				this.inside = !this.inside;
			}

			this.nextQuote = this.quoteFrom(this.nextQuote + 1);
		}

		this.lexed = offset;
		return this.inside;
	}

	private quoteFrom(offset: number): number {
		const found = this.template.indexOf('"', offset);
		return found === -1 ? this.template.length : found;
	}
}

/*
V8 throws optimized code away at a full garbage collection once every object of a shape it
was compiled for has died; the next scan of a large body would then run slow code until it
is compiled again. One object of each shape the scan allocates is kept for that reason.
*/
export const keptShapes = [new Scan('', true), new Expression('', false, undefined)];

/** Whether an odd run of backslashes stands right before `offset`. */
function isEscaped(template: string, offset: number): boolean {
	return backslashRunBefore(template, offset) % 2 === 1;
}

/** How many backslashes stand right before `offset`. */
export function backslashRunBefore(template: string, offset: number): number {
	let before = offset - 1;
	while (before >= 0 && template.charCodeAt(before) === backslash) {
		before--;
	}

	return offset - 1 - before;
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
	scanText(template, new PlaceholderFinder(found));
	return found;
}

class PlaceholderFinder implements ScanTarget {
	constructor(private readonly found: PlaceholderLocation[]) {}

	fill(expression: string, offset: number): string {
		const raw = `{{${expression}}}`;
		this.found.push({start: offset, end: offset + raw.length, raw, expression: expression.trim()});
		return raw;
	}

	unterminated(): void {
		// The UI highlights well-formed placeholders only.
	}
}
