/**
The bulk path: large templates filled by a small WebAssembly kernel (kernel.wat).

A body of megabytes repeats a few placeholders tens of thousands of times. In JavaScript
each one costs a search, a lookup and two pieces of a rope; in the kernel, the template is
copied in once, scanned 16 bytes at a time, each placeholder keyed by its expression and
position, and the output copied together in one pass. The resolver fills each distinct key
once, exactly as it fills a placeholder in the general scanner.

The kernel works on the template's UTF-8 bytes: quotes, backslashes and braces are single
bytes that never occur inside another character's. It takes only what it can do exactly as
the general scanner does: placeholders that are well formed, not escaped, in a JSON position
its quote count settles, and whose text is the same wherever the key occurs, with no
problem; and no lone surrogate, which UTF-8 cannot hold. Anything else, and the caller
scans the template in JavaScript: the answer is the same either way, only its speed differs.

Memory, from offset 0: the template in UTF-8 and 16 zero bytes (the kernel reads 16 at a
time), the records (8 bytes per placeholder: its offset and its key), the keys (32 bytes
each: the expression's offset, its length, its position, how often it occurs, then the
offset and length of its text, then its first 8 bytes), the hash table of keys, the keys'
texts, and the output.
*/
import {kernelBase64} from './kernel-binary.js';
import type {Position} from './render.js';

/** Templates shorter than this are scanned in JavaScript: below it, the kernel's set-up costs more than it saves (measured: 1 KB is faster in JavaScript, 4 KB twice as fast in the kernel). */
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
	scan(length: number, json: number): number;
	build(length: number, out: number): number;
	keyCount(): number;
};

/** What the kernel asks of whoever fills its keys. */
export type KeyFiller = {
	/** The text for every placeholder of `expression` at `position`, or undefined when the kernel cannot take it. */
	fillEverywhere(expression: string, position: Position): string | undefined;
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
Fills `template` with the kernel; undefined when the kernel cannot take it (see above) and
the general scanner must. Never throws.
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

function fill(instance: Kernel, template: string, filler: KeyFiller, json: boolean): string | undefined {
	// UTF-8 takes at most 3 bytes for each UTF-16 unit. A lone surrogate has no UTF-8 form.
	const capacity = template.length * 3;
	if (!ensureMemory(instance.memory, capacity + slack) || !template.isWellFormed()) {
		return undefined;
	}

	const length = encoder.encodeInto(template, new Uint8Array(instance.memory.buffer, 0, capacity)).written;
	let ascii = length === template.length;
	new Uint8Array(instance.memory.buffer, length, slack).fill(0);
	const records = align(length + slack);
	// A placeholder takes at least 4 bytes, so there are at most length / 4 records.
	const recordsEnd = records + (Math.floor(length / 4) + 1) * 8;
	const keys = recordsEnd;
	const table = keys + maxKeys * keyBytes;
	const texts = table + tableSlots * 4;
	if (!ensureMemory(instance.memory, texts)) {
		return undefined;
	}

	instance.prepare(records, recordsEnd, keys, table, tableSlots - 1, maxKeys);
	if (instance.scan(length, json ? 1 : 0) === 0) {
		return undefined;
	}

	const keyCount = instance.keyCount();
	const filled: string[] = [];
	const memory = Buffer.from(instance.memory.buffer);
	const words = new Int32Array(instance.memory.buffer);
	let outputLength = length;
	let textsEnd = texts;
	for (let key = 0; key < keyCount; key++) {
		const at = (keys + key * keyBytes) / 4;
		const start = words[at]!;
		const expressionLength = words[at + 1]!;
		const text = filler.fillEverywhere(memory.toString('utf8', start, start + expressionLength), positions[words[at + 2]!]!);
		if (text === undefined || !text.isWellFormed()) {
			return undefined;
		}

		const textLength = Buffer.byteLength(text, 'utf8');
		ascii &&= textLength === text.length;
		filled.push(text);
		words[at + 4] = textsEnd;
		words[at + 5] = textLength;
		outputLength += words[at + 3]! * (textLength - expressionLength - 4);
		textsEnd = align(textsEnd + textLength + slack);
	}

	const output = textsEnd;
	if (outputLength > longestString || !ensureMemory(instance.memory, output + outputLength + slack)) {
		return undefined;
	}

	// Growing the memory detached the views made before it.
	const bytes = new Uint8Array(instance.memory.buffer);
	const textAt = new Int32Array(instance.memory.buffer);
	for (let key = 0; key < keyCount; key++) {
		const at = (keys + key * keyBytes) / 4;
		encoder.encodeInto(filled[key]!, bytes.subarray(textAt[at + 4], textAt[at + 4]! + textAt[at + 5]!));
	}

	const end = instance.build(length, output);
	return Buffer.from(instance.memory.buffer, output, end - output).toString(ascii ? 'latin1' : 'utf8');
}

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
