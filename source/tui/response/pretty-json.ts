/**
Re-indents JSON without parsing it into objects: one pass over the UTF-8 bytes with a
stack of open containers, copying every string and number exactly as received
(JSON.parse would round 12345678901234567890). Working on bytes keeps a 50 MB body from
becoming millions of small strings or objects; every byte JSON gives meaning to is ASCII,
so multi-byte characters only ever sit inside strings, which are copied whole.
*/
export type PrettyJson = {ok: true; bytes: Uint8Array} | {ok: false; reason: string};

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

function failure(bytes: Uint8Array, offset: number): PrettyJson {
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

/** A byte buffer that doubles when full. */
class Output {
	bytes: Uint8Array;
	length = 0;

	constructor(capacity: number) {
		this.bytes = new Uint8Array(Math.max(capacity, 64));
	}

	reserve(extra: number): void {
		if (this.length + extra <= this.bytes.length) {
			return;
		}

		const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
		larger.set(this.bytes.subarray(0, this.length));
		this.bytes = larger;
	}

	push(byte: number): void {
		this.reserve(1);
		this.bytes[this.length++] = byte;
	}

	copy(source: Uint8Array, start: number, end: number): void {
		const count = end - start;
		this.reserve(count);
		if (count < 16) {
			for (let index = start; index < end; index++) {
				this.bytes[this.length++] = source[index]!;
			}
		} else {
			this.bytes.set(source.subarray(start, end), this.length);
			this.length += count;
		}
	}

	newlineAndIndent(depth: number, indentWidth: number): void {
		const count = depth * indentWidth;
		this.reserve(count + 1);
		this.bytes[this.length++] = newline;
		this.bytes.fill(space, this.length, this.length + count);
		this.length += count;
	}

	result(): Uint8Array {
		return this.bytes.subarray(0, this.length);
	}
}

export function prettyJson(bytes: Uint8Array, indentWidth = 2): PrettyJson {
	// True for an open object, false for an open array.
	const open: boolean[] = [];
	let expect = Expect.Value;
	const output = new Output(bytes.length + (bytes.length >> 1));
	let index = 0;
	const length = bytes.length;

	for (;;) {
		while (index < length && isWhitespace(bytes[index]!)) {
			index++;
		}

		if (index >= length) {
			return open.length === 0 && expect === Expect.CommaOrClose
				? {ok: true, bytes: output.result()}
				: failure(bytes, index);
		}

		const byte = bytes[index]!;
		switch (expect) {
			case Expect.Value: {
				if (byte === 0x7B || byte === 0x5B) {
					const isObject = byte === 0x7B;
					const close = isObject ? 0x7D : 0x5D;
					let next = index + 1;
					while (next < length && isWhitespace(bytes[next]!)) {
						next++;
					}

					output.push(byte);
					if (bytes[next] === close) {
						output.push(close);
						index = next + 1;
						expect = Expect.CommaOrClose;
						break;
					}

					open.push(isObject);
					output.newlineAndIndent(open.length, indentWidth);
					index++;
					expect = isObject ? Expect.Key : Expect.Value;
					break;
				}

				const end = byte === quote
					? stringEnd(bytes, index)
					: (byte === 0x2D || isDigit(byte) ? numberEnd(bytes, index) : literalEnd(bytes, index));
				if (end === -1) {
					return failure(bytes, index);
				}

				output.copy(bytes, index, end);
				index = end;
				expect = Expect.CommaOrClose;
				break;
			}

			case Expect.Key: {
				const end = byte === quote ? stringEnd(bytes, index) : -1;
				if (end === -1) {
					return failure(bytes, index);
				}

				output.copy(bytes, index, end);
				index = end;
				expect = Expect.Colon;
				break;
			}

			case Expect.Colon: {
				if (byte !== 0x3A) {
					return failure(bytes, index);
				}

				output.push(0x3A);
				output.push(space);
				index++;
				expect = Expect.Value;
				break;
			}

			case Expect.CommaOrClose: {
				const isObject = open.at(-1);
				if (isObject === undefined) {
					return failure(bytes, index);
				}

				if (byte === 0x2C) {
					output.push(byte);
					output.newlineAndIndent(open.length, indentWidth);
					index++;
					expect = isObject ? Expect.Key : Expect.Value;
				} else if (byte === (isObject ? 0x7D : 0x5D)) {
					open.pop();
					output.newlineAndIndent(open.length, indentWidth);
					output.push(byte);
					index++;
				} else {
					return failure(bytes, index);
				}

				break;
			}
		}
	}
}
