/**
A block of text the response pane can show: the offset of each of its lines, and the lines
themselves on request. A short text is held whole; a body is held once, as the bytes it
came in, and its lines are made from them as they are read (see body-lines.ts), so a 50 MB
body costs its bytes and four bytes a line.
*/
export type Syntax = 'json' | 'plain' | 'headers' | 'console' | 'hex';

export type TextDocument = {
	/** Offset, in the document's text (every line joined with "\n"), where each line starts; there is always at least one line. */
	lineStarts: LineStarts;
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

/** Entries of each of LineStarts' chunks past the first. */
const chunkBits = 16;
const chunkSize = 1 << chunkBits;

/**
Where each line of a text starts, as the text is read in pieces cut anywhere. Kept in chunks
of 64 Ki offsets, so that a body of millions of lines grows it without copying what it holds:
copies into ever larger arrays left twice the final size for the collector, which a 50 MB
body's 5 million lines made 47 MB of memory held until the next full collection. The first
chunk starts small and grows to full size, so a short text costs a few bytes.
*/
export class LineStarts {
	/** The length of the text read. */
	length = 0;
	/** The number of lines: the text's newlines and one. */
	count = 1;
	private readonly chunks: Uint32Array[];

	/** `expectedLength`: how long the text is expected to be, to size the first chunk. */
	constructor(expectedLength = 0) {
		this.chunks = [new Uint32Array(Math.min(chunkSize, Math.max(16, expectedLength >> 5)))];
	}

	append(text: string): void {
		for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
			this.add(this.length + index + 1);
		}

		this.length += text.length;
	}

	/** Where line `line` starts; undefined past the last line. */
	at(line: number): number | undefined {
		if (line < 0 || line >= this.count) {
			return undefined;
		}

		return line < chunkSize ? this.chunks[0]![line] : this.chunks[line >>> chunkBits]![line & (chunkSize - 1)];
	}

	/** The last line starting at or before `offset`. */
	lineOf(offset: number): number {
		let low = 0;
		let high = this.count - 1;
		while (low < high) {
			const middle = (low + high + 1) >>> 1;
			if (this.at(middle)! <= offset) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}

		return low;
	}

	private add(start: number): void {
		const line = this.count++;
		if (line < chunkSize) {
			let first = this.chunks[0]!;
			if (line === first.length) {
				first = new Uint32Array(Math.min(chunkSize, first.length * 2));
				first.set(this.chunks[0]!);
				this.chunks[0] = first;
			}

			first[line] = start;
			return;
		}

		const chunk = line >>> chunkBits;
		if (chunk === this.chunks.length) {
			this.chunks.push(new Uint32Array(chunkSize));
		}

		this.chunks[chunk]![line & (chunkSize - 1)] = start;
	}
}

export function createDocument(text: string, syntax: Syntax): TextDocument {
	const starts = new LineStarts(text.length);
	starts.append(text);
	return heldDocument(text, starts, syntax);
}

/** A document of `text`, held whole, whose lines start at `lineStarts`. */
export function heldDocument(text: string, lineStarts: LineStarts, syntax: Syntax): TextDocument {
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
	return document.lineStarts.count;
}

export function lineStart(document: TextDocument, line: number): number {
	return document.lineStarts.at(line) ?? document.length;
}

/** Offset just past the line's last character (its newline is not part of it). */
export function lineEnd(document: TextDocument, line: number): number {
	const next = document.lineStarts.at(line + 1);
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
	return document.lineStarts.lineOf(offset);
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
