/**
Re-indents JSON without parsing it into objects: one pass over the UTF-8 bytes with a
stack of open containers, copying every string and number exactly as received
(JSON.parse would round 12345678901234567890). Working on bytes keeps a 50 MB body from
becoming millions of small strings or objects; every byte JSON gives meaning to is ASCII,
so multi-byte characters only ever sit inside strings, which are copied whole.
*/

const enum Expect {
	Value,
	Key,
	Colon,
	CommaOrClose,
}

const quote = 0x22;
const backslash = 0x5C;
const newline = 0x0A;
const space = 0x20;

function isWhitespace(byte: number): boolean {
	return byte === space || byte === newline || byte === 0x0D || byte === 0x09;
}

function isDigit(byte: number | undefined): boolean {
	return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

function isHexDigit(byte: number | undefined): boolean {
	return byte !== undefined && (isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
}

const simpleEscapes = new Uint8Array(128);
for (const character of '"\\/bfnrt') {
	simpleEscapes[character.charCodeAt(0)] = 1;
}

/** Offset just past the string literal opening at `start`, or -1 when it is malformed. */
function stringEnd(bytes: Uint8Array, start: number): number {
	const length = bytes.length;
	for (let index = start + 1; index < length; index++) {
		const byte = bytes[index]!;
		if (byte === quote) {
			return index + 1;
		}

		if (byte < space) {
			return -1;
		}

		if (byte !== backslash) {
			continue;
		}

		const escaped = bytes[index + 1];
		if (escaped === 0x75) {
			for (let digit = index + 2; digit < index + 6; digit++) {
				if (!isHexDigit(bytes[digit])) {
					return -1;
				}
			}

			index += 5;
		} else if (escaped !== undefined && simpleEscapes[escaped] === 1) {
			index++;
		} else {
			return -1;
		}
	}

	return -1;
}

/** Offset just past the number starting at `start`, or -1 when it is not a JSON number. */
function numberEnd(bytes: Uint8Array, start: number): number {
	let index = start;
	if (bytes[index] === 0x2D) {
		index++;
	}

	if (bytes[index] === 0x30) {
		index++;
	} else if (isDigit(bytes[index])) {
		while (isDigit(bytes[index])) {
			index++;
		}
	} else {
		return -1;
	}

	if (bytes[index] === 0x2E) {
		index++;
		if (!isDigit(bytes[index])) {
			return -1;
		}

		while (isDigit(bytes[index])) {
			index++;
		}
	}

	if (bytes[index] === 0x65 || bytes[index] === 0x45) {
		index++;
		if (bytes[index] === 0x2B || bytes[index] === 0x2D) {
			index++;
		}

		if (!isDigit(bytes[index])) {
			return -1;
		}

		while (isDigit(bytes[index])) {
			index++;
		}
	}

	return index;
}

const literals = ['true', 'false', 'null'].map(word => new TextEncoder().encode(word));

function literalEnd(bytes: Uint8Array, start: number): number {
	for (const literal of literals) {
		let matched = 0;
		while (matched < literal.length && bytes[start + matched] === literal[matched]) {
			matched++;
		}

		if (matched === literal.length) {
			return start + literal.length;
		}
	}

	return -1;
}

/** Where formatting cannot go on: an error, or for a partial body a normal end. */
function stopped(bytes: Uint8Array, offset: number, partial: boolean): {ok: true} | {ok: false; reason: string} {
	return partial ? {ok: true} : failure(bytes, offset);
}

function failure(bytes: Uint8Array, offset: number): {ok: false; reason: string} {
	if (offset >= bytes.length) {
		return {ok: false, reason: 'the JSON ends too early'};
	}

	let line = 1;
	let lineBegin = 0;
	for (let index = bytes.indexOf(newline); index !== -1 && index < offset; index = bytes.indexOf(newline, index + 1)) {
		line++;
		lineBegin = index + 1;
	}

	const where = `line ${line}, column ${offset - lineBegin + 1}`;
	if (bytes[offset] === quote) {
		return {ok: false, reason: `the string at ${where} is not closed, or holds a bad escape or a raw control character`};
	}

	const found = bytes[offset]! < 0x80 ? JSON.stringify(String.fromCharCode(bytes[offset]!)) : 'a non-ASCII character';
	return {ok: false, reason: `unexpected ${found} at ${where}`};
}

/** `buffer` with room for `needed` more bytes after `used`. */
function grown(buffer: Uint8Array, used: number, needed: number): Uint8Array {
	const larger = new Uint8Array(Math.max(buffer.length * 2, used + needed));
	larger.set(buffer.subarray(0, used));
	return larger;
}

/**
The deepest nesting indented by default. Each line carries two spaces per level, so indenting
a body as deep as it is long grows with the square of its size (200 KB of `[` would take
gigabytes); 64 levels already push a line's text past any pane's width, and real APIs nest
far less.
*/
export const maxJsonDepth = 64;

/** Why formatting stopped: the JSON is malformed, or (`tooDeep`) it nests deeper than the limit. */
export type JsonOutcome = {ok: true} | {ok: false; reason: string; tooDeep?: true};

/** The formatter's state where a line of its output starts: enough to format that line, and those after it, again. */
export type JsonLineStart = {
	/** The line's number in the output, from 0. */
	line: number;
	index: number;
	depth: number;
	/** What comes next (the formatter's own code for it). */
	expect: number;
	/** The open containers, `depth` of them (see JsonIndenting.open). */
	open: Uint8Array;
};

/** Told the formatter's state as line `next` starts; `note` moves `next` on. */
export type JsonLineNotes = {
	next: number;
	note(line: number, index: number, depth: number, expect: number, open: Uint8Array): void;
};

/**
A formatting in progress: `indentJson` formats on from where the last call stopped, so a
large body can be formatted a slice at a time with keys handled in between.
*/
export type JsonIndenting = {
	readonly bytes: Uint8Array;
	readonly indentWidth: number;
	readonly maxDepth: number;
	// The open containers, innermost last: 1 for an object, 0 for an array.
	open: Uint8Array;
	depth: number;
	expect: Expect;
	/** Where formatting goes on in `bytes`. */
	index: number;
	/** The formatted bytes so far are `output[0, written)`; a caller that takes them may set `written` back to 0. */
	output: Uint8Array;
	written: number;
	/** Newlines written so far. */
	lines: number;
	/** Told where lines start, so that a document can format a line again when it is read rather than keep the whole output. */
	notes?: JsonLineNotes;
	/** Formatting stops once this many newlines are written. */
	stopAtLine?: number;
};

export type JsonOptions = {
	/** Spaces per level; 2. */
	indentWidth?: number;
	/** Room the output starts with; twice the input. */
	outputBytes?: number;
	/** Levels of nesting formatted; deeper, formatting stops with `tooDeep`. `maxJsonDepth` (64). */
	maxDepth?: number;
	notes?: JsonLineNotes;
};

export function startJson(bytes: Uint8Array, {indentWidth = 2, outputBytes = bytes.length * 2, maxDepth = maxJsonDepth, notes}: JsonOptions = {}): JsonIndenting {
	return {bytes, indentWidth, maxDepth, open: new Uint8Array(64), depth: 0, expect: Expect.Value, index: 0, output: new Uint8Array(Math.max(64, outputBytes)), written: 0, lines: 0, notes};
}

/**
A formatting that goes on from where a line starts (a state `notes` were told), its output
starting with what that line holds so far: its indent, and the bracket it closes.
*/
export function resumeJson(bytes: Uint8Array, start: JsonLineStart, {indentWidth = 2, outputBytes = 4096, maxDepth = maxJsonDepth}: JsonOptions = {}): JsonIndenting {
	const open = new Uint8Array(Math.max(64, start.depth));
	open.set(start.open.subarray(0, start.depth));
	const indent = start.depth * indentWidth;
	const output = new Uint8Array(Math.max(64, outputBytes, indent + 1));
	output.fill(space, 0, indent);
	let written = indent;
	// Only a closing bracket leaves a comma or close to come at a line's start: the line begins with it.
	if (start.expect === Expect.CommaOrClose) {
		output[written++] = bytes[start.index - 1]!;
	}

	return {bytes, indentWidth, maxDepth, open, depth: start.depth, expect: start.expect as Expect, index: start.index, output, written, lines: start.line};
}

/**
Formats on until the input offset reaches `until` (it stops between tokens, so it may go a
token past) and returns undefined, or to the end and returns the outcome: ok, or why not.
On a partial body, the end of the bytes or anything unformattable is a normal end; nesting
past `maxDepth` is not, partial or not.
*/
// One function with local state rather than helpers: this loop runs once per token of bodies up to 100 MB.
export function indentJson(state: JsonIndenting, until: number, partial = false): JsonOutcome | undefined {
	const {bytes, indentWidth, maxDepth, notes, stopAtLine = Number.POSITIVE_INFINITY} = state;
	let {open, depth, expect, index, output, written, lines} = state;
	let outcome: JsonOutcome | undefined;
	scan: for (;;) {
		// Each step writes one newline at most: every line start is met here.
		if (lines >= stopAtLine) {
			break;
		}

		if (lines === notes?.next) {
			notes.note(lines, index, depth, expect, open);
		}

		let byte = bytes[index];
		while (byte === space || byte === newline || byte === 0x0D || byte === 0x09) {
			byte = bytes[++index];
		}

		if (byte === undefined) {
			outcome = depth === 0 && expect === Expect.CommaOrClose ? {ok: true} : stopped(bytes, index, partial);
			break;
		}

		if (index >= until) {
			break;
		}

		// Room for the longest thing one step writes besides a copied token: a newline and the indent.
		const indentNeeded = (depth + 1) * indentWidth + 4;
		if (written + indentNeeded > output.length) {
			output = grown(output, written, indentNeeded);
		}

		let end = -1;
		switch (expect) {
			case Expect.Value: {
				if (byte === 0x7B || byte === 0x5B) {
					const close = byte === 0x7B ? 0x7D : 0x5D;
					let next = index + 1;
					while (isWhitespace(bytes[next]!)) {
						next++;
					}

					if (depth === maxDepth) {
						outcome = {ok: false, reason: `it nests deeper than ${maxDepth} levels`, tooDeep: true};
						break scan;
					}

					output[written++] = byte;
					if (bytes[next] === close) {
						output[written++] = close;
						index = next + 1;
						expect = Expect.CommaOrClose;
						continue;
					}

					if (depth === open.length) {
						open = grown(open, depth, 1);
					}

					open[depth++] = byte === 0x7B ? 1 : 0;
					output[written++] = newline;
					lines++;
					for (let count = depth * indentWidth; count > 0; count--) {
						output[written++] = space;
					}

					index++;
					expect = byte === 0x7B ? Expect.Key : Expect.Value;
					continue;
				}

				end = byte === quote
					? stringEnd(bytes, index)
					: (byte === 0x2D || isDigit(byte) ? numberEnd(bytes, index) : literalEnd(bytes, index));
				expect = Expect.CommaOrClose;
				break;
			}

			case Expect.Key: {
				end = byte === quote ? stringEnd(bytes, index) : -1;
				expect = Expect.Colon;
				break;
			}

			case Expect.Colon: {
				if (byte !== 0x3A) {
					outcome = stopped(bytes, index, partial);
					break scan;
				}

				output[written++] = 0x3A;
				output[written++] = space;
				index++;
				expect = Expect.Value;
				continue;
			}

			case Expect.CommaOrClose: {
				const isObject = open[depth - 1];
				if (depth === 0) {
					outcome = stopped(bytes, index, partial);
					break scan;
				}

				if (byte === 0x2C) {
					output[written++] = byte;
					expect = isObject === 1 ? Expect.Key : Expect.Value;
				} else if (byte === (isObject === 1 ? 0x7D : 0x5D)) {
					depth--;
				} else {
					outcome = stopped(bytes, index, partial);
					break scan;
				}

				output[written++] = newline;
				lines++;
				for (let count = depth * indentWidth; count > 0; count--) {
					output[written++] = space;
				}

				if (byte !== 0x2C) {
					output[written++] = byte;
				}

				index++;
				continue;
			}
		}

		// A string, number or literal, copied exactly.
		if (end === -1) {
			outcome = stopped(bytes, index, partial);
			break;
		}

		const count = end - index;
		if (written + count > output.length) {
			output = grown(output, written, count);
		}

		if (count < 32) {
			for (let from = index; from < end; from++) {
				output[written++] = bytes[from]!;
			}
		} else {
			output.set(bytes.subarray(index, end), written);
			written += count;
		}

		index = end;
	}

	Object.assign(state, {open, depth, expect, index, output, written, lines});
	return outcome;
}
