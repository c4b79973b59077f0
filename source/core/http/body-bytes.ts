/**
A response body's bytes gathered as they arrive, in one buffer that grows (at once to the
length the server announced, else by doubling), rather than a list of chunks joined at the
end: the socket's small chunks are let go as soon as they are copied, so a 50 MB body never
holds its chunks and their copy together, and the process's resident memory does not stay at
twice the body after it. A buffer of the announced length (at most the limit) is reserved at
once, but the system gives it memory only as bytes are written into it: a server that
announces more than it sends costs address space, not memory, and the bytes are copied out to
a buffer of their own length at the end.
*/
export class BodyBytes {
	private buffer: Buffer;
	private size = 0;

	/** `expected`: the length announced, when it is the length of the bytes that arrive (no Content-Encoding); 0 when unknown. */
	constructor(expected: number, private readonly limit: number) {
		this.buffer = Buffer.allocUnsafe(Math.min(Math.max(expected, 0), limit));
	}

	get length(): number {
		return this.size;
	}

	append(chunk: Uint8Array): void {
		const needed = this.size + chunk.length;
		if (needed > this.buffer.length) {
			const grown = Buffer.allocUnsafe(Math.min(this.limit, Math.max(needed, this.buffer.length * 2, 16 * 1024)));
			this.buffer.copy(grown, 0, 0, this.size);
			this.buffer = grown;
		}

		this.buffer.set(chunk, this.size);
		this.size = needed;
	}

	/** The bytes gathered, in a buffer of their own length when the one grown holds much more. */
	bytes(): Buffer {
		const gathered = this.buffer.subarray(0, this.size);
		return this.buffer.length - this.size > this.buffer.length / 4 ? Buffer.from(gathered) : gathered;
	}
}

/** The body's length as announced by `headers`, when the bytes that arrive are that many (not compressed); else 0. */
export function announcedLength(headers: Readonly<Record<string, string | string[] | undefined>>): number {
	const encoding = headers['content-encoding'];
	if (encoding !== undefined && encoding !== 'identity') {
		return 0;
	}

	const length = Number(headers['content-length']);
	return Number.isSafeInteger(length) && length > 0 ? length : 0;
}
