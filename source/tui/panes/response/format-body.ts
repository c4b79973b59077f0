/**
Turns response bytes into what the body tab shows, once per response and never on the
keystroke path: pretty JSON, text as is, or a hex summary of a binary body.
*/
import {setImmediate as nextTurn} from 'node:timers/promises';
import {jsonDocument, JsonLineNotebook, textDocument, TextLineNotebook, type VisibleLines} from './body-lines.js';
import {indentJson, maxJsonDepth, startJson, type JsonOutcome} from './pretty-json.js';
import {createDocument, heldDocument, LineStarts, type Syntax, type TextDocument} from './text-document.js';
import {formatSize} from '../../../core/http/format-size.js';
import {makeVisible} from '../../../core/visible-text.js';
import {declaredCharset} from '../../../core/http/charset.js';

export type BodyKind = 'json' | 'text' | 'binary' | 'empty';

export type FormattedBody = {
	kind: BodyKind;
	document: TextDocument;
	/** Said above the body: why JSON is shown as text, or what a binary body is. */
	notice?: string;
};

export type FormatOptions = {
	/** The body was cut at the size cap: its end may split a character or leave JSON open. */
	truncated?: boolean;
	/** The bytes are only the start of the body: JSON is formatted as far as they go. */
	partial?: boolean;
};

/** How much of a large body the preview formats: many screens, in about a millisecond. */
export const previewBytes = 64 * 1024;

/** Bytes shown as hex for a binary body; the whole body can still be saved. */
export const hexSummaryBytes = 64 * 1024;
const sniffBytes = 8000;

function isJsonType(contentType: string): boolean {
	return /[/+]json\b/i.test(contentType);
}

function looksLikeJson(bytes: Uint8Array, contentType: string): boolean {
	if (contentType !== '' && !/^text\/plain\b/i.test(contentType)) {
		return false;
	}

	for (const byte of bytes.subarray(0, sniffBytes)) {
		if (byte === 0x20 || byte === 0x0A || byte === 0x0D || byte === 0x09) {
			continue;
		}

		return byte === 0x7B || byte === 0x5B;
	}

	return false;
}

/** Input formatted in one step: about a millisecond of work, so a turn of a few milliseconds is a few steps. */
const sliceBytes = 64 * 1024;

/**
Decoded text that arrives in pieces cut anywhere, made visible as one text would be: where
its lines start, and, for a text in a declared charset, the text itself (a UTF-8 body's
lines are made again from its bytes when read: see body-lines.ts).
*/
class VisibleText {
	private readonly decoder: InstanceType<typeof TextDecoder>;
	private readonly lines: LineStarts;
	/** The visible text, kept for a body in a declared charset. */
	private readonly pieces: string[] | undefined;
	/** Where on its line the next piece starts: tab stops go on across pieces. */
	private column = 0;
	/** A carriage return at the end of a piece, held back until it is known whether a newline follows. */
	private heldReturn = false;

	/** `charset`: the body's declared encoding other than UTF-8; any bytes read in it, and the text kept. */
	constructor(expectedLength: number, charset?: string) {
		this.lines = new LineStarts(expectedLength);
		this.pieces = charset === undefined ? undefined : [];
		this.decoder = new TextDecoder(charset ?? 'utf-8', {fatal: charset === undefined, ignoreBOM: false});
	}

	/** False when the bytes are not UTF-8 (no other charset declared). */
	add(bytes: Uint8Array): boolean {
		let text: string;
		try {
			text = this.decoder.decode(bytes, {stream: true});
		} catch {
			return false;
		}

		this.append(text);
		return true;
	}

	/** Where the lines start (and the text, in a declared charset), or undefined when the bytes end inside a character (forgiven when the body was cut short). */
	finish(cutShort: boolean): VisibleLines & {text?: string} | undefined {
		let tail = '';
		if (!cutShort) {
			try {
				tail = this.decoder.decode();
			} catch {
				return undefined;
			}
		}

		this.append(tail, true);
		return {lineStarts: this.lines, length: this.lines.length, ...(this.pieces === undefined ? {} : {text: this.pieces.join('')})};
	}

	private append(text: string, last = false): void {
		let piece = this.heldReturn ? `\r${text}` : text;
		this.heldReturn = !last && piece.endsWith('\r');
		if (this.heldReturn) {
			piece = piece.slice(0, -1);
		}

		const visible = makeVisible(piece, this.column);
		const lineEnd = visible.lastIndexOf('\n');
		this.column = lineEnd === -1 ? this.column + visible.length : visible.length - lineEnd - 1;
		this.lines.append(visible);
		this.pieces?.push(visible);
	}
}

/** Text, or undefined when the bytes are not UTF-8 (or the declared charset) or hold NUL bytes (the sign of a binary format). */
function* textSteps(bytes: Uint8Array, cutShort: boolean, charset?: string, syntax: Syntax = 'plain'): Generator<void, TextDocument | undefined> {
	if (bytes.subarray(0, sniffBytes).includes(0)) {
		return undefined;
	}

	const text = new VisibleText(bytes.length, charset);
	const notes = new TextLineNotebook();
	for (let offset = 0; offset < bytes.length; offset += sliceBytes) {
		if (!text.add(bytes.subarray(offset, offset + sliceBytes))) {
			return undefined;
		}

		notes.read(bytes, offset, offset + sliceBytes);
		yield;
	}

	// Streaming forgives a character split by the size cap at the very end.
	const visible = text.finish(cutShort);
	if (visible === undefined) {
		return undefined;
	}

	return visible.text === undefined ? textDocument(bytes, notes, visible, cutShort, syntax) : heldDocument(visible.text, visible.lineStarts, syntax);
}

/** Pretty JSON; a document of undefined when it is not UTF-8. */
function* jsonSteps(bytes: Uint8Array, partial: boolean): Generator<void, {ok: true; document?: TextDocument} | Exclude<JsonOutcome, {ok: true}>> {
	const notes = new JsonLineNotebook();
	// Each step's output is taken at once, so the output buffer only ever holds one step's.
	const state = startJson(bytes, {outputBytes: sliceBytes * 2, notes});
	const text = new VisibleText(bytes.length * 2);
	for (let until = sliceBytes; ; until += sliceBytes) {
		const outcome = indentJson(state, until, partial);
		const utf8 = text.add(state.output.subarray(0, state.written));
		state.written = 0;
		if (!utf8) {
			return {ok: true};
		}

		if (outcome !== undefined) {
			const visible = outcome.ok ? text.finish(partial) : undefined;
			return outcome.ok ? {ok: true, document: visible === undefined ? undefined : jsonDocument(bytes, notes, visible)} : outcome;
		}

		yield;
	}
}

function hexLine(bytes: Uint8Array, offset: number): string {
	let hex = '';
	let ascii = '';
	for (let index = 0; index < 16; index++) {
		const byte = bytes[offset + index];
		if (index === 8) {
			hex += ' ';
		}

		if (byte === undefined) {
			hex += '   ';
			continue;
		}

		hex += byte.toString(16).padStart(2, '0') + ' ';
		ascii += byte >= 0x20 && byte < 0x7F ? String.fromCharCode(byte) : '.';
	}

	return `${offset.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`;
}

function binaryBody(bytes: Uint8Array): FormattedBody {
	const shown = bytes.subarray(0, hexSummaryBytes);
	const lines: string[] = [];
	for (let offset = 0; offset < shown.length; offset += 16) {
		lines.push(hexLine(shown, offset));
	}

	const summary = shown.length < bytes.length ? `; the first ${formatSize(shown.length)} as hex` : '';
	return {
		kind: 'binary',
		document: createDocument(lines.join('\n'), 'hex'),
		notice: `binary, ${bytes.length.toLocaleString('en-US')} bytes${summary} (s saves it all)`,
	};
}

/** Each yield is a point where formatting can pause and let keys be handled. */
function* formatSteps(bytes: Uint8Array, contentType: string, options: FormatOptions): Generator<void, FormattedBody> {
	if (bytes.length === 0) {
		return {kind: 'empty', document: createDocument('', 'plain'), notice: 'empty body'};
	}

	const truncated = options.truncated ?? false;
	const partial = options.partial ?? false;
	// Either way the end may split a character.
	const cutShort = truncated || partial;
	const claimsJson = isJsonType(contentType);
	if (claimsJson || looksLikeJson(bytes, contentType)) {
		const withoutBom = bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF ? bytes.subarray(3) : bytes;
		// A body cut short is formatted as far as it goes, as a preview is.
		const pretty = yield* jsonSteps(withoutBom, cutShort);
		if (pretty.ok && pretty.document !== undefined) {
			return truncated ? {kind: 'json', document: pretty.document, notice: `cut at ${formatSize(bytes.length)}: formatted as far as it goes`} : {kind: 'json', document: pretty.document};
		}

		// Too deep to indent, it is still JSON, sniffed or not: shown as sent, it costs no more than its size.
		if (!pretty.ok && (claimsJson || pretty.tooDeep === true)) {
			const document = yield* textSteps(bytes, cutShort);
			if (document === undefined) {
				return binaryBody(bytes);
			}

			if (pretty.tooDeep === true) {
				return {kind: 'json', document, notice: `nested deeper than ${maxJsonDepth} levels: shown as sent, not indented`};
			}

			return {kind: 'text', document, notice: `not valid JSON (${pretty.reason}): shown as text`};
		}
	}

	const document = yield* textSteps(bytes, cutShort, declaredCharset(contentType));
	return document === undefined ? binaryBody(bytes) : {kind: 'text', document};
}

export function formatBody(bytes: Uint8Array, contentType = '', options: FormatOptions = {}): FormattedBody {
	return run(formatSteps(bytes, contentType, options));
}

function run(steps: Generator<void, FormattedBody>): FormattedBody {
	for (;;) {
		const step = steps.next();
		if (step.done) {
			return step.value;
		}
	}
}

/** Work done before keys get a turn: well inside one frame. */
const busyMs = 3;

/**
The same as `formatBody`, a few milliseconds at a time: in between, the event loop handles
keys and draws, so a 50 MB body is formatted while the reader scrolls its first screens.
Undefined when `signal` is aborted first.
*/
export async function formatBodyInTurns(bytes: Uint8Array, contentType = '', options: FormatOptions & {signal?: AbortSignal} = {}): Promise<FormattedBody | undefined> {
	return inTurns(formatSteps(bytes, contentType, options), options.signal);
}

async function inTurns(steps: Generator<void, FormattedBody>, signal: AbortSignal | undefined): Promise<FormattedBody | undefined> {
	let turnStart = performance.now();
	for (;;) {
		const step = steps.next();
		if (step.done) {
			return step.value;
		}

		if (performance.now() - turnStart >= busyMs) {
			await nextTurn();
			if (signal?.aborted) {
				return undefined;
			}

			turnStart = performance.now();
		}
	}
}

/** jq's output as the body tab shows it: jq indents its results itself, so its text is kept as printed, coloured as JSON. */
function* jqOutputSteps(bytes: Uint8Array): Generator<void, FormattedBody> {
	if (bytes.length === 0) {
		return {kind: 'empty', document: createDocument('', 'plain')};
	}

	const document = yield* textSteps(bytes, false, undefined, 'json');
	// jq prints JSON, which is UTF-8: a body it read in another charset comes out in UTF-8 too.
	return {kind: 'json', document: document ?? createDocument('', 'json')};
}

export function formatJqOutput(bytes: Uint8Array): FormattedBody {
	return run(jqOutputSteps(bytes));
}

/** The same, a few milliseconds at a time (see formatBodyInTurns). */
export async function formatJqOutputInTurns(bytes: Uint8Array, signal?: AbortSignal): Promise<FormattedBody | undefined> {
	return inTurns(jqOutputSteps(bytes), signal);
}

/** The first screens of a large output of jq's, shown at once while the whole is formatted. */
export function formatJqOutputPreview(bytes: Uint8Array): FormattedBody {
	const preview = formatJqOutput(bytes.subarray(0, previewBytes));
	return {...preview, document: {...preview.document, partial: true}};
}

/**
The first screens of a large body, formatted as the whole body will be: shown at once
while the whole body is formatted, so a 20 MB response reads like a small one.
*/
export function formatBodyPreview(bytes: Uint8Array, contentType = ''): FormattedBody {
	const preview = formatBody(bytes.subarray(0, previewBytes), contentType, {partial: true});
	if (preview.kind === 'binary') {
		// A hex summary is as quick for the whole body, and says its real size.
		return binaryBody(bytes);
	}

	const formatting = `formatting all ${formatSize(bytes.length)}: the first ${formatSize(previewBytes)} are shown`;
	return {...preview, document: {...preview.document, partial: true}, notice: preview.notice === undefined ? formatting : `${preview.notice}; ${formatting}`};
}
