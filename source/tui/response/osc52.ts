/**
Copy to the clipboard with OSC 52: the terminal itself sets the clipboard, so it works
over SSH. Inside tmux the sequence is wrapped in a DCS passthrough (tmux needs
`set -g allow-passthrough on`, or `set-clipboard on` which handles OSC 52 directly).
*/
export const maxCopyBytes = 1024 * 1024;

export type Clipboard = {
	/** Bytes to write to the terminal. */
	sequence: string;
	/** Bytes copied, at most `maxCopyBytes`. */
	copied: number;
	/** The body was longer than the cap and was cut. */
	cut: boolean;
};

/** Largest length <= `limit` that does not split a UTF-8 character. */
function utf8Boundary(bytes: Uint8Array, limit: number): number {
	let end = limit;
	// Continuation bytes are 10xxxxxx: step back to the start of the character that was cut.
	while (end > 0 && end < bytes.length && (bytes[end]! & 0xC0) === 0x80) {
		end--;
	}

	return end;
}

export function osc52(bytes: Uint8Array, env: Readonly<Record<string, string | undefined>> = process.env): Clipboard {
	const cut = bytes.length > maxCopyBytes;
	const copied = cut ? utf8Boundary(bytes, maxCopyBytes) : bytes.length;
	const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, copied).toString('base64');
	const sequence = `\u001B]52;c;${base64}\u0007`;
	if (env.TMUX === undefined || env.TMUX === '') {
		return {sequence, copied, cut};
	}

	return {sequence: `\u001BPtmux;${sequence.replaceAll('\u001B', '\u001B\u001B')}\u001B\\`, copied, cut};
}
