import {Writable} from 'node:stream';

/** A stream that keeps what is written to it, as a command's stdout or stderr; `isTTY` as a terminal's stdout has it. */
export function recorder(isTTY = false): Writable & {bytes: () => Buffer; text: () => string} {
	const chunks: Buffer[] = [];
	const stream = new Writable({
		write(chunk: Buffer | string, _encoding, callback) {
			chunks.push(Buffer.from(chunk));
			callback();
		},
	});
	return Object.assign(stream, {isTTY, bytes: () => Buffer.concat(chunks), text: () => Buffer.concat(chunks).toString('utf8')});
}
