import type {Writable} from 'node:stream';
import {getSystemErrorMap} from 'node:util';

const watched = new WeakSet<Writable>();

/**
Writes `bytes` to `stream` and waits until the stream has taken them. Resolves to the error
that stopped the write, if one did: a closed pipe or a full disk is then the caller's to
report, never an 'error' event that ends the process with a stack trace.
*/
export async function writeOutput(stream: Writable, bytes: Uint8Array | string): Promise<NodeJS.ErrnoException | undefined> {
	watchForErrors(stream);
	// Nothing to write (a 204): a write of nothing would still fail on a full disk.
	if (bytes.length === 0) {
		return undefined;
	}

	return new Promise(resolve => {
		stream.write(bytes, error => {
			resolve(error ?? undefined);
		});
	});
}

/**
Lets a write's callback report its error: the 'error' event comes after it, and without a
listener it would be thrown and end the process with a stack trace.
*/
export function watchForErrors(stream: Writable): void {
	if (!watched.has(stream)) {
		watched.add(stream);
		stream.on('error', () => undefined);
	}
}

/** The reader went away (`| head` has the lines it wanted, `| jq` exited): normal for piped output, not a failure. */
export function isReaderGone(error: NodeJS.ErrnoException): boolean {
	return error.code === 'EPIPE';
}

/** The system's words for a write error and its code: `no space left on device (ENOSPC)`. */
export function describeWriteError(error: NodeJS.ErrnoException): string {
	const known = error.errno === undefined ? undefined : getSystemErrorMap().get(error.errno);
	return known === undefined ? error.message : `${known[1]} (${known[0]})`;
}
