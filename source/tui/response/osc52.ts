/**
Copy to the clipboard with OSC 52: the terminal itself sets the clipboard, so it works
over SSH. tmux takes a plain OSC 52 only with `set -g set-clipboard on`, and passes one
wrapped in a DCS passthrough on to the terminal only with `set -g allow-passthrough on`
(3.3 and later): inside tmux both are sent, so either setting works. A terminal that gets
both sets the clipboard twice to the same text.
*/
import {formatSize} from '../../core/http/format-size.js';

export const maxCopyBytes = 1024 * 1024;

export type Clipboard = {
	/** Bytes to write to the terminal. */
	sequence: string;
	/** Bytes copied, at most `maxCopyBytes`. */
	copied: number;
	/** The body was longer than the cap and was cut. */
	cut: boolean;
	/** Sent from inside tmux: whether it reaches the clipboard depends on tmux's settings. */
	inTmux: boolean;
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
	const plain = `\u001B]52;c;${base64}\u0007`;
	const inTmux = env.TMUX !== undefined && env.TMUX !== '';
	if (!inTmux) {
		return {sequence: plain, copied, cut, inTmux};
	}

	const passthrough = `\u001BPtmux;${plain.replaceAll('\u001B', '\u001B\u001B')}\u001B\\`;
	return {sequence: plain + passthrough, copied, cut, inTmux};
}

/**
What to tell the reader after a copy of a `bodyBytes` body. Nothing comes back to say the
clipboard was set: inside tmux, where that hangs on two settings, the message names them.
*/
export function copiedMessage(clipboard: Clipboard, bodyBytes: number): string {
	const size = formatSize(clipboard.copied);
	const cut = `Copied the first ${size} of ${formatSize(bodyBytes)}: terminals take at most that much`;
	if (!clipboard.inTmux) {
		return clipboard.cut ? cut : `Copied ${size} to the clipboard (OSC 52)`;
	}

	return `${clipboard.cut ? cut : `Copied ${size} with OSC 52`} (in tmux: needs set-clipboard on or allow-passthrough on)`;
}
