/**
A block of text the response pane can show: the offset of each of its lines, and the lines
themselves on request. A short text is held whole; a body is held once, as the bytes it
came in, and its lines are made from them as they are read (see body-lines.ts), so a 50 MB
body costs its bytes and four bytes a line.
*/
export type Syntax = 'json' | 'plain' | 'headers' | 'console' | 'hex';

export type TextDocument = {
	/** Offset, in the document's text (every line joined with "\n"), where each line starts; there is always at least one line. */
	lineStarts: Uint32Array;
	/** The length of the document's text. */
	length: number;
	/** Lines [from, to) as shown, control characters already made visible. */
	lines: (from: number, to: number) => string[];
	/** Every line joined with "\n": made on request for a large body, never kept. */
	text: () => string;
	syntax: Syntax;
	/** Only the start of a longer text, which will replace this document where the reader is. */
	partial?: boolean;
};

/** The line starts of text that arrives in pieces cut anywhere. */
export class LineStarts {
	length = 0;
	private starts: Uint32Array;
	private count = 1;

	constructor(expectedLength = 0) {
		this.starts = new Uint32Array(Math.max(16, expectedLength >> 5));
	}

	append(text: string): void {
		for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
			if (this.count === this.starts.length) {
				const larger = new Uint32Array(Math.ceil(this.count * 1.5));
				larger.set(this.starts);
				this.starts = larger;
			}

			this.starts[this.count++] = this.length + index + 1;
		}

		this.length += text.length;
	}

	finish(): Uint32Array {
		return this.starts.slice(0, this.count);
	}
}

export function createDocument(text: string, syntax: Syntax): TextDocument {
	const starts = new LineStarts(text.length);
	starts.append(text);
	return heldDocument(text, starts.finish(), syntax);
}

/** A document of `text`, held whole, whose lines start at `lineStarts`. */
export function heldDocument(text: string, lineStarts: Uint32Array, syntax: Syntax): TextDocument {
	const document: TextDocument = {
		lineStarts,
		length: text.length,
		lines(from, to) {
			const lines: string[] = [];
			for (let line = from; line < to; line++) {
				lines.push(text.slice(lineStart(document, line), lineEnd(document, line)));
			}

			return lines;
		},
		text: () => text,
		syntax,
	};
	return document;
}

export function lineCount(document: TextDocument): number {
	return document.lineStarts.length;
}

export function lineStart(document: TextDocument, line: number): number {
	return document.lineStarts[line] ?? document.length;
}

/** Offset just past the line's last character (its newline is not part of it). */
export function lineEnd(document: TextDocument, line: number): number {
	const next = document.lineStarts[line + 1];
	return next === undefined ? document.length : next - 1;
}

export function lineText(document: TextDocument, line: number): string {
	return document.lines(line, line + 1)[0] ?? '';
}

/** The document's whole text: a large body's is made for the caller, and is not kept. */
export function documentText(document: TextDocument): string {
	return document.text();
}

/** The line holding `offset`, found by binary search over the line starts. */
export function lineOfOffset(document: TextDocument, offset: number): number {
	return lastAtOrBefore(document.lineStarts, offset);
}

/** Index of the last of the ascending `starts` at or before `value`; 0 when none is. */
export function lastAtOrBefore(starts: Uint32Array, value: number): number {
	let low = 0;
	let high = starts.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >>> 1;
		if (starts[middle]! <= value) {
			low = middle;
		} else {
			high = middle - 1;
		}
	}

	return low;
}
