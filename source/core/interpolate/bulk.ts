/**
The bulk path: large templates filled by a small WebAssembly kernel (scripts/kernel-wat.js).

A body of megabytes repeats a few placeholders tens of thousands of times. In JavaScript
each one costs a search, a lookup and two pieces of a rope; in the kernel, the template is
copied in once, scanned 16 bytes at a time, each placeholder keyed by its expression and
position, and the output copied together in one pass. The resolver fills each distinct key
once, exactly as it fills a placeholder in the general scanner.

The kernel reads a template in ASCII one byte a character, and any other in UTF-16, two
bytes a character, so an offset in bytes is always an offset in characters times the width.
It takes only what it can do exactly as the general scanner does: placeholders that are well
formed, not escaped, in a JSON position its quote count settles, and whose text is the same
wherever the key occurs (not a dynamic value). Anything else, and the caller scans the
template in JavaScript: the answer is the same either way, only its speed differs.

Memory, from offset 0: the template and 16 zero bytes (the kernel reads 16 at a time), the
records (8 bytes per placeholder: its offset and its key), the keys (32 bytes each: the
expression's offset, its length, its position, how often it occurs, then the offset and
length of its text, then its first 8 bytes), the hash table of keys, the keys' texts, and
the output.
*/
import {kernelBase64} from './kernel-binary.js';
import type {Position} from './render.js';
import type {KeyText} from './resolver.js';

/**
Templates shorter than this are scanned in JavaScript: below it, the kernel's set-up costs
more than it saves (measured: 1 KB is faster in JavaScript, 4 KB twice as fast in the kernel).
*/
export const bulkThreshold = 4 * 1024;

/** The most distinct keys a template may have before the kernel gives up. */
const maxKeys = 4096;
/** Slots in the hash table of keys: a power of two, twice the keys. */
const tableSlots = 8192;
const keyBytes = 32;
/** The kernel reads and writes 16 bytes at a time, up to 15 past the end of what it means. */
const slack = 16;
const pageBytes = 65_536;
/**
Memory past this size is released once the kernel has been idle for `releaseAfterMs`, as V8
releases its own heap: a body sent again at once reuses it, since touching new memory costs
the kernel about as much as filling the template, and an idle app does not keep it.
*/
const keptMemoryBytes = 16 * 1024 * 1024;
const releaseAfterMs = 2000;
/** V8's longest string: a longer output is left to the general scanner (which refuses it the same way). */
const longestString = 2 ** 29 - 24;

const positions: readonly Position[] = ['text', 'json-string', 'json-value'];

/** The part of the WebAssembly API used here: TypeScript declares it only with the DOM library. */
declare const WebAssembly: {
	Module: new (bytes: Uint8Array) => object;
	Instance: new (module: object) => {exports: unknown};
	RuntimeError: new () => Error;
};

type Memory = {
	readonly buffer: ArrayBuffer;
	grow(pages: number): number;
};

type Kernel = {
	memory: Memory;
	prepare(records: number, recordsEnd: number, keys: number, table: number, mask: number, maxKeys: number): void;
	scan8(length: number, json: number): number;
	scan16(length: number, json: number): number;
	build(length: number, width: number, out: number): number;
	keyCount(): number;
};

/** What the kernel asks of whoever fills its keys. */
export type KeyFiller = {
	/** The text for every placeholder of `expression` at `position`, or undefined when the kernel cannot take it. */
	fillEverywhere(expression: string, position: Position): KeyText | undefined;
	/** Fills one placeholder of a troubled key again, for the problems it reports at `offset`. */
	fillAt(expression: string, offset: number, position: Position): void;
};

let compiled: object | undefined;
let kept: Kernel | undefined;
let release: ReturnType<typeof setTimeout> | undefined;

function kernel(): Kernel {
	if (kept === undefined) {
		compiled ??= new WebAssembly.Module(Buffer.from(kernelBase64, 'base64'));
		kept = new WebAssembly.Instance(compiled).exports as unknown as Kernel;
	}

	return kept;
}

const encoder = new TextEncoder();

/**
Fills `template` with the kernel, reporting problems to `filler`; undefined when the kernel
cannot take it (see above) and the general scanner must.
*/
export function interpolateBulk(template: string, filler: KeyFiller, json: boolean): string | undefined {
	const {length} = template;
	if (length < bulkThreshold) {
		return undefined;
	}

	const instance = kernel();
	try {
		return fill(instance, template, filler, json);
	} catch (error) {
		// A trap in the kernel is a bug in it, never in the template: drop the instance and let the general scanner answer.
		if (error instanceof WebAssembly.RuntimeError) {
			kept = undefined;
			return undefined;
		}

		throw error;
	} finally {
		clearTimeout(release);
		if (instance.memory.buffer.byteLength > keptMemoryBytes) {
			release = setTimeout(() => {
				kept = undefined;
			}, releaseAfterMs);
			release.unref();
		}
	}
}

/** Bytes per character: 1 for a template in ASCII, 2 (UTF-16) for any other. */
type Width = 1 | 2;

function fill(instance: Kernel, template: string, filler: KeyFiller, json: boolean): string | undefined {
	if (!ensureMemory(instance.memory, template.length * 2 + slack)) {
		return undefined;
	}

	// Copied as UTF-8, an ASCII template takes one byte a character; encoding stops at the first that is not.
	const copied = encoder.encodeInto(template, new Uint8Array(instance.memory.buffer, 0, template.length));
	const ascii = copied.read === template.length && copied.written === template.length;
	return fillAs(ascii ? 1 : 2, instance, template, filler, json);
}

function fillAs(width: Width, instance: Kernel, template: string, filler: KeyFiller, json: boolean): string | undefined {
	const encoding = width === 1 ? 'latin1' : 'utf16le';
	if (width === 2) {
		Buffer.from(instance.memory.buffer).write(template, 0, encoding);
	}

	const length = template.length * width;
	new Uint8Array(instance.memory.buffer, length, slack).fill(0);
	const records = align(length + slack);
	// A placeholder takes at least 4 characters, so there are at most 1 / 4 as many records.
	const recordsEnd = records + (Math.floor(template.length / 4) + 1) * 8;
	const keys = recordsEnd;
	const table = keys + maxKeys * keyBytes;
	const texts = table + tableSlots * 4;
	if (!ensureMemory(instance.memory, texts)) {
		return undefined;
	}

	instance.prepare(records, recordsEnd, keys, table, tableSlots - 1, maxKeys);
	if ((width === 1 ? instance.scan8(length, json ? 1 : 0) : instance.scan16(length, json ? 1 : 0)) === 0) {
		return undefined;
	}

	const keyCount = instance.keyCount();
	const filled: string[] = [];
	const expressions: string[] = [];
	const troubled: boolean[] = [];
	let anyTroubled = false;
	let recordCount = 0;
	const memory = Buffer.from(instance.memory.buffer);
	const words = new Int32Array(instance.memory.buffer);
	let outputLength = length;
	let textsEnd = texts;
	for (let key = 0; key < keyCount; key++) {
		const at = (keys + key * keyBytes) / 4;
		const start = words[at]!;
		const expressionLength = words[at + 1]!;
		const expression = memory.toString(encoding, start, start + expressionLength);
		const filledKey = filler.fillEverywhere(expression, positions[words[at + 2]!]!);
		if (filledKey === undefined) {
			return undefined;
		}

		const {text} = filledKey;
		if (width === 1 && beyondAscii.test(text)) {
			// The output is not ASCII after all: scanned again, in two bytes a character.
			return fillAs(2, instance, template, filler, json);
		}

		expressions.push(expression);
		troubled.push(filledKey.troubled);
		anyTroubled ||= filledKey.troubled;
		recordCount += words[at + 3]!;
		filled.push(text);
		const textLength = text.length * width;
		words[at + 4] = textsEnd;
		words[at + 5] = textLength;
		outputLength += words[at + 3]! * (textLength - expressionLength - 4 * width);
		textsEnd = align(textsEnd + textLength + slack);
	}

	const output = textsEnd;
	if (outputLength / width > longestString || !ensureMemory(instance.memory, output + outputLength + slack)) {
		return undefined;
	}

	// Growing the memory detached the views made before it.
	const bytes = Buffer.from(instance.memory.buffer);
	const textAt = new Int32Array(instance.memory.buffer);
	for (let key = 0; key < keyCount; key++) {
		bytes.write(filled[key]!, textAt[(keys + key * keyBytes) / 4 + 4]!, encoding);
	}

	const end = instance.build(length, width, output);
	if (anyTroubled) {
		// In the template's order, as the general scanner reports them; records hold offsets in bytes.
		for (let record = 0; record < recordCount; record++) {
			const key = textAt[records / 4 + record * 2 + 1]!;
			if (troubled[key]) {
				filler.fillAt(expressions[key]!, textAt[records / 4 + record * 2]! / width, positions[textAt[(keys + key * keyBytes) / 4 + 2]!]!);
			}
		}
	}

	return bytes.toString(encoding, output, end);
}

// eslint-disable-next-line no-control-regex
const beyondAscii = /[^\u0000-\u007F]/;

/** Grows the kernel's memory to `bytes`; false when it cannot grow that far. */
function ensureMemory(memory: Memory, bytes: number): boolean {
	const missing = bytes - memory.buffer.byteLength;
	if (missing <= 0) {
		return true;
	}

	try {
		memory.grow(Math.ceil(missing / pageBytes));
		return true;
	} catch {
		return false;
	}
}

function align(offset: number): number {
	return Math.ceil(offset / 8) * 8;
}
