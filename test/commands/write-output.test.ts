import {Writable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {describeWriteError, isReaderGone, writeOutput} from '../../source/commands/write-output.js';

function systemError(code: string, errno: number): NodeJS.ErrnoException {
	return Object.assign(new Error(`${code}: write`), {code, errno, syscall: 'write'});
}

describe('writing output', () => {
	it('resolves to the write error instead of leaving an unhandled error event', async () => {
		const full = new Writable({
			write(_chunk, _encoding, callback) {
				callback(systemError('ENOSPC', -28));
			},
		});
		const error = await writeOutput(full, 'body');
		expect(error?.code).toBe('ENOSPC');
		// The 'error' event comes after the write's callback: the test fails if it is unhandled.
		await new Promise(resolve => setImmediate(resolve));
		expect(full.destroyed).toBe(true);
	});

	it('writes nothing for an empty body, so a full disk cannot fail it', async () => {
		const full = new Writable({
			write(_chunk, _encoding, callback) {
				callback(systemError('ENOSPC', -28));
			},
		});
		expect(await writeOutput(full, new Uint8Array())).toBeUndefined();
		expect(full.destroyed).toBe(false);
	});

	it('resolves to nothing once the stream has taken the bytes', async () => {
		const taken: string[] = [];
		const sink = new Writable({
			write(chunk: Buffer, _encoding, callback) {
				taken.push(chunk.toString());
				callback();
			},
		});
		expect(await writeOutput(sink, 'a')).toBeUndefined();
		expect(await writeOutput(sink, new Uint8Array([98]))).toBeUndefined();
		expect(taken).toEqual(['a', 'b']);
		expect(sink.listenerCount('error')).toBe(1);
	});

	it('treats only a closed pipe as the reader going away', () => {
		expect(isReaderGone(systemError('EPIPE', -32))).toBe(true);
		expect(isReaderGone(systemError('ENOSPC', -28))).toBe(false);
		expect(isReaderGone(systemError('EIO', -5))).toBe(false);
	});

	it('describes a write error in the system\'s words with its code', () => {
		expect(describeWriteError(systemError('ENOSPC', -28))).toBe('no space left on device (ENOSPC)');
		expect(describeWriteError(systemError('EIO', -5))).toBe('i/o error (EIO)');
		expect(describeWriteError(new Error('write after end'))).toBe('write after end');
	});
});
