/**
Turns response bytes into what the body tab shows, once per response and never on the
keystroke path: pretty JSON, text as is, or a hex summary of a binary body.
*/
import {prettyJson} from './pretty-json.js';
import {createDocument, type TextDocument} from './text-document.js';
import {formatSize} from '../../core/http/format-size.js';
import {makeVisible} from './visible-text.js';

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

/** Text, or undefined when the bytes are not UTF-8 or hold NUL bytes (the sign of a binary format). */
function decodeText(bytes: Uint8Array, truncated: boolean): string | undefined {
	if (bytes.subarray(0, sniffBytes).includes(0)) {
		return undefined;
	}

	try {
		// Streaming mode forgives a character split by the size cap at the very end.
		return new TextDecoder('utf-8', {fatal: true, ignoreBOM: false}).decode(bytes, {stream: truncated});
	} catch {
		return undefined;
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

export function formatBody(bytes: Uint8Array, contentType = '', options: FormatOptions = {}): FormattedBody {
	if (bytes.length === 0) {
		return {kind: 'empty', document: createDocument('', 'plain'), notice: 'empty body'};
	}

	const truncated = options.truncated ?? false;
	// Either way the end may split a character.
	const cutShort = truncated || (options.partial ?? false);
	const claimsJson = isJsonType(contentType);
	if (claimsJson || looksLikeJson(bytes, contentType)) {
		const withoutBom = bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF ? bytes.subarray(3) : bytes;
		const pretty = prettyJson(withoutBom, {partial: options.partial});
		if (pretty.ok) {
			const text = decodeText(pretty.bytes, options.partial ?? false);
			if (text !== undefined) {
				return {kind: 'json', document: createDocument(makeVisible(text), 'json')};
			}
		} else if (claimsJson) {
			const text = decodeText(bytes, cutShort);
			if (text === undefined) {
				return binaryBody(bytes);
			}

			const cause = truncated ? 'the body was cut at the size cap' : pretty.reason;
			return {kind: 'text', document: createDocument(makeVisible(text), 'plain'), notice: `not valid JSON (${cause}): shown as text`};
		}
	}

	const text = decodeText(bytes, cutShort);
	if (text === undefined) {
		return binaryBody(bytes);
	}

	return {kind: 'text', document: createDocument(makeVisible(text), 'plain')};
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
