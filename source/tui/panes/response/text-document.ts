/**
A block of text the response pane can show: one big string plus the offset of each line,
so a 50 MB body costs two allocations, and a line is a cheap slice taken when it is drawn.
*/
export type Syntax = 'json' | 'plain' | 'headers' | 'console' | 'hex';

export type TextDocument = {
	/** Every line joined with "\n"; control characters are already made visible. */
	text: string;
	/** Offset in `text` where each line starts; there is always at least one line. */
	lineStarts: Uint32Array;
	syntax: Syntax;
	/** Only the start of a longer text, which will replace this document where the reader is. */
	partial?: boolean;
};

/** A document put together from text that arrives in pieces cut anywhere: a large body formatted a slice at a time. */
export class DocumentBuilder {
	private readonly pieces: string[] = [];
	private length = 0;
	private lineStarts: Uint32Array;
	private count = 1;

	constructor(private readonly syntax: Syntax, expectedLength = 0) {
		this.lineStarts = new Uint32Array(Math.max(16, expectedLength >> 5));
	}

	append(text: string): void {
		for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
			if (this.count === this.lineStarts.length) {
				const larger = new Uint32Array(this.count * 2);
				larger.set(this.lineStarts);
				this.lineStarts = larger;
			}

			this.lineStarts[this.count++] = this.length + index + 1;
		}

		this.pieces.push(text);
		this.length += text.length;
	}

	finish(): TextDocument {
		return {text: this.pieces.join(''), lineStarts: this.lineStarts.slice(0, this.count), syntax: this.syntax};
	}
}

export function createDocument(text: string, syntax: Syntax): TextDocument {
	const builder = new DocumentBuilder(syntax, text.length);
	builder.append(text);
	return builder.finish();
}

export function lineCount(document: TextDocument): number {
	return document.lineStarts.length;
}

export function lineStart(document: TextDocument, line: number): number {
	return document.lineStarts[line] ?? document.text.length;
}

/** Offset just past the line's last character (its newline is not part of it). */
export function lineEnd(document: TextDocument, line: number): number {
	const next = document.lineStarts[line + 1];
	return next === undefined ? document.text.length : next - 1;
}

export function lineText(document: TextDocument, line: number): string {
	return document.text.slice(lineStart(document, line), lineEnd(document, line));
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
