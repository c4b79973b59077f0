import {describe, expect, it} from 'vitest';
import {announcedLength, BodyBytes} from '../../../source/core/http/body-bytes.js';

const chunks = (count: number, size: number) => Array.from({length: count}, (_, index) => new Uint8Array(size).fill(index % 251));

describe('a body gathered as it arrives', () => {
	it('holds the bytes in order, whether the length was announced or not', () => {
		const parts = chunks(40, 1000);
		const joined = Buffer.concat(parts);
		for (const expected of [0, joined.length, 10, joined.length * 3]) {
			const body = new BodyBytes(expected, 1_000_000);
			for (const part of parts) {
				body.append(part);
			}

			expect(body.length).toBe(joined.length);
			expect(body.bytes().equals(joined)).toBe(true);
		}
	});

	it('takes one buffer of the announced length, copying nothing more', () => {
		const body = new BodyBytes(4000, 1_000_000);
		const first = new Uint8Array(1000).fill(1);
		body.append(first);
		const start = body.bytes();
		for (const part of chunks(3, 1000)) {
			body.append(part);
		}

		// The same memory: no buffer was grown and copied.
		expect(body.bytes().buffer).toBe(start.buffer);
		expect(body.bytes()).toHaveLength(4000);
	});

	it('gives a buffer of the bytes\' own length when the one it grew is much larger', () => {
		const body = new BodyBytes(0, 10_000_000);
		for (const part of chunks(33, 1024)) {
			body.append(part);
		}

		const bytes = body.bytes();
		expect(bytes).toHaveLength(33 * 1024);
		expect(bytes.buffer.byteLength).toBeLessThan(33 * 1024 * 1.25 + 8192);
	});

	it('never grows past its limit', () => {
		const body = new BodyBytes(0, 5000);
		body.append(new Uint8Array(4000));
		body.append(new Uint8Array(1000));
		expect(body.length).toBe(5000);
	});

	it('trusts an announced length only for bytes that arrive as they are', () => {
		expect(announcedLength({'content-length': '1234'})).toBe(1234);
		expect(announcedLength({'content-length': '1234', 'content-encoding': 'identity'})).toBe(1234);
		expect(announcedLength({'content-length': '1234', 'content-encoding': 'gzip'})).toBe(0);
		expect(announcedLength({'content-length': 'abc'})).toBe(0);
		expect(announcedLength({})).toBe(0);
	});
});
