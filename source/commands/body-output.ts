import type {Writable} from 'node:stream';
import {TerminalBody} from './terminal-body.js';
import {watchForErrors} from './write-output.js';

export type BodyOutputOptions = {
	/** The response's Content-Type, for its charset. */
	contentType: string;
	/** Write the exact bytes to a terminal too (`--raw`). */
	raw: boolean;
};

/** How writing a body ended: the error that stopped it, if one did, and whether it was kept off the terminal as binary. */
export type BodyOutputEnd = {error?: NodeJS.ErrnoException; refusedAsBinary: boolean};

/**
A response body on its way to stdout, chunk by chunk as it arrives. A pipe or a file gets
the exact bytes; a terminal gets the body's text made safe (see TerminalBody), unless
`raw` asks for the bytes there too.
*/
export class BodyOutput {
	private readonly terminal: TerminalBody | undefined;
	private error: NodeJS.ErrnoException | undefined;
	private lastWrite: Promise<void> = Promise.resolve();

	constructor(private readonly stream: Writable, {contentType, raw}: BodyOutputOptions) {
		watchForErrors(stream);
		this.terminal = isTerminal(stream) && !raw ? new TerminalBody(contentType) : undefined;
	}

	/** Writes what `chunk` shows; a promise when the stream holds more than it wants, settled once it has taken it all. */
	write(chunk: Uint8Array): Promise<void> | undefined {
		return this.put(this.terminal === undefined ? chunk : this.terminal.add(chunk));
	}

	/** Writes what is left and waits until the stream has taken it all. */
	async end(): Promise<BodyOutputEnd> {
		if (this.terminal !== undefined) {
			this.put(this.terminal.finish());
		}

		await this.lastWrite;
		return {error: this.error, refusedAsBinary: this.terminal?.isBinary === true};
	}

	private put(data: Uint8Array | string): Promise<void> | undefined {
		// Nothing to write, or a stream that failed already: a write after a closed pipe would only fail again.
		if (data.length === 0 || this.error !== undefined) {
			return undefined;
		}

		let taken = true;
		this.lastWrite = new Promise(resolve => {
			taken = this.stream.write(data, error => {
				this.error ??= error ?? undefined;
				resolve();
			});
		});
		// The callback of the last write comes once the stream has taken every write before it.
		return taken ? undefined : this.lastWrite;
	}
}

function isTerminal(stream: Writable): boolean {
	return (stream as Partial<NodeJS.WriteStream>).isTTY === true;
}
