/**
A body's lines made from its bytes when they are read, so that the pane holds the body once
(the bytes it came in) rather than a formatted copy: a 50 MB JSON body indents to more than
80 MB of text. Formatting the whole body once finds where each line starts (text-document's
lineStarts) and notes where every 64th line starts in the bytes; a line is then made by
formatting from the note before it, a few hundred bytes. The lines in view and around them
are kept, as is a long line being scrolled along.
*/
import {makeVisible} from '../../../core/visible-text.js';
import {indentJson, resumeJson, type JsonLineNotes, type JsonLineStart} from './pretty-json.js';
import type {LineStarts, Syntax, TextDocument} from './text-document.js';

/** Lines from one note to the next. */
const blockLines = 64;
/** Blocks of made lines kept: a screen and the pages either side, or a long line. */
const keptBlocks = 8;

/** A growable list of numbers. */
class Numbers {
	count = 0;
	private values = new Uint32Array(64);

	add(value: number): void {
		if (this.count === this.values.length) {
			const larger = new Uint32Array(this.count * 2);
			larger.set(this.values);
			this.values = larger;
		}

		this.values[this.count++] = value;
	}

	at(index: number): number {
		return this.values[index]!;
	}
}

/** The JSON formatter's state as every 64th line of its output starts. */
export class JsonLineNotebook implements JsonLineNotes {
	next = 0;
	private readonly indexes = new Numbers();
	private readonly depths = new Numbers();
	private readonly expects = new Numbers();
	/** The open containers of each note, one after another: a note's are `depth` of them from its place. */
	private readonly opens = new Numbers();
	private readonly openPlaces = new Numbers();

	note(line: number, index: number, depth: number, expect: number, open: Uint8Array): void {
		this.indexes.add(index);
		this.depths.add(depth);
		this.expects.add(expect);
		this.openPlaces.add(this.opens.count);
		for (let level = 0; level < depth; level++) {
			this.opens.add(open[level]!);
		}

		this.next = line + blockLines;
	}

	startOf(block: number): JsonLineStart {
		const depth = this.depths.at(block);
		const place = this.openPlaces.at(block);
		const open = new Uint8Array(depth);
		for (let level = 0; level < depth; level++) {
			open[level] = this.opens.at(place + level);
		}

		return {line: block * blockLines, index: this.indexes.at(block), depth, expect: this.expects.at(block), open};
	}
}

/** Where every 64th line of a text body starts in its bytes. */
export class TextLineNotebook {
	private readonly offsets = new Numbers();
	private lines = 0;

	constructor() {
		this.offsets.add(0);
	}

	/** Notes the lines that start in bytes [from, to). */
	read(bytes: Uint8Array, from: number, to: number): void {
		for (let index = bytes.indexOf(0x0A, from); index !== -1 && index < to; index = bytes.indexOf(0x0A, index + 1)) {
			if (++this.lines % blockLines === 0) {
				this.offsets.add(index + 1);
			}
		}
	}

	/** Bytes [start, end) of block `block`'s lines, newlines included. */
	range(block: number, length: number): {start: number; end: number} {
		return {start: this.offsets.at(block), end: block + 1 < this.offsets.count ? this.offsets.at(block + 1) : length};
	}
}

export type VisibleLines = {lineStarts: LineStarts; length: number};

/** A document of JSON formatted from `bytes`, with `notes` taken as the whole was. */
export function jsonDocument(bytes: Uint8Array, notes: JsonLineNotebook, visible: VisibleLines): TextDocument {
	return bodyDocument(visible, 'json', (block, lines) => {
		const state = resumeJson(bytes, notes.startOf(block));
		state.stopAtLine = block * blockLines + lines;
		indentJson(state, Number.POSITIVE_INFINITY, true);
		return visibleText(state.output.subarray(0, state.written), block === 0, lines);
	});
}

/** A document of the lines of UTF-8 `bytes`, with `notes` taken as the whole was read; `cutShort` when their end may split a character. */
export function textDocument(bytes: Uint8Array, notes: TextLineNotebook, visible: VisibleLines, cutShort: boolean, syntax: Syntax = 'plain'): TextDocument {
	return bodyDocument(visible, syntax, (block, lines) => {
		const {start} = notes.range(block, bytes.length);
		const {end} = notes.range(Math.floor(((block * blockLines) + lines - 1) / blockLines), bytes.length);
		return visibleText(bytes.subarray(start, end), start === 0, lines, cutShort && end === bytes.length);
	});
}

/**
The text of `lines` lines of `bytes` (which start at a line's start) as the whole body's
reading showed them: decoded as one stream that dropped a byte-order mark at its start, and
forgave a character cut at the end when the body was cut short, then made visible.
*/
function visibleText(bytes: Uint8Array, atStart: boolean, lines: number, cutShort = false): string {
	const decoder = new TextDecoder('utf-8', {ignoreBOM: !atStart});
	const text = makeVisible(decoder.decode(bytes, {stream: cutShort}));
	let end = -1;
	for (let line = 0; line < lines && end < text.length; line++) {
		end = text.indexOf('\n', end + 1);
		if (end === -1) {
			end = text.length;
		}
	}

	return text.slice(0, Math.max(0, end));
}

/** `makeText(block, lines)`: the text of `lines` lines from the start of block `block`, joined by newlines. */
function bodyDocument(visible: VisibleLines, syntax: Syntax, makeText: (block: number, lines: number) => string): TextDocument {
	const {lineStarts, length} = visible;
	const kept = new Map<number, string[]>();
	const blockOf = (block: number): string[] => {
		let lines = kept.get(block);
		if (lines === undefined) {
			lines = makeText(block, Math.min(blockLines, lineStarts.count - (block * blockLines))).split('\n');
			if (kept.size === keptBlocks) {
				kept.delete(kept.keys().next().value!);
			}
		} else {
			// Kept longest: the blocks read last.
			kept.delete(block);
		}

		kept.set(block, lines);
		return lines;
	};

	return {
		lineStarts,
		length,
		syntax,
		lines(from, to) {
			const lines: string[] = [];
			for (let line = Math.max(0, from); line < Math.min(to, lineStarts.count); line++) {
				lines.push(blockOf(Math.floor(line / blockLines))[line % blockLines] ?? '');
			}

			return lines;
		},
		// Made in one pass, for a search: lines made one block at a time would take many times longer.
		text: () => makeText(0, lineStarts.count),
	};
}
