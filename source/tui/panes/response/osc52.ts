/**
Copy to the clipboard with OSC 52: the terminal itself sets the clipboard, so it works
over SSH. tmux takes a plain OSC 52 only with `set -g set-clipboard on`, and passes one
wrapped in a DCS passthrough on to the terminal only with `set -g allow-passthrough on`
(3.3 and later): inside tmux both are sent, so either setting works. A terminal that gets
both sets the clipboard twice to the same text.
*/
import {formatSize} from '../../../core/http/format-size.js';

/** tmux drops a sequence longer than its 1 MiB input buffer, the whole of it, without a word. */
export const maxSequenceBytes = 1024 * 1024;

const plainStart = '\u001B]52;c;';
const plainEnd = '\u0007';
const passthroughStart = '\u001BPtmux;';
const passthroughEnd = '\u001B\\';

const doubleEscapes = (text: string): string => text.replaceAll('\u001B', '\u001B\u001B');

/**
The longest framing around the base64, the passthrough's: the plain framing, its ESC doubled,
inside the passthrough's own. The cap holds outside tmux too: over SSH, TMUX is unset on
the far side while a tmux on this side still carries the sequence.
*/
const framingBytes = passthroughStart.length + doubleEscapes(plainStart + plainEnd).length + passthroughEnd.length;

/** Bytes copied at most: base64 makes 4 bytes of 3, and the sequence, framing included, stays within `maxSequenceBytes`. */
export const maxCopyBytes = Math.floor((maxSequenceBytes - framingBytes) / 4) * 3;

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
	const plain = `${plainStart}${base64}${plainEnd}`;
	const inTmux = env.TMUX !== undefined && env.TMUX !== '';
	if (!inTmux) {
		return {sequence: plain, copied, cut, inTmux};
	}

	const passthrough = `${passthroughStart}${doubleEscapes(plain)}${passthroughEnd}`;
	return {sequence: plain + passthrough, copied, cut, inTmux};
}

/**
What to tell the reader after a copy of a `bodyBytes` body. Nothing comes back to say the
clipboard was set: inside tmux, where that hangs on two settings, the message names them.
*/
export function copiedMessage(clipboard: Clipboard, bodyBytes: number): string {
	const size = formatSize(clipboard.copied);
	const cut = `Copied the first ${size} of ${formatSize(bodyBytes)}: OSC 52 is kept within ${formatSize(maxSequenceBytes)} of base64, as tmux requires (s saves it all)`;
	if (!clipboard.inTmux) {
		return clipboard.cut ? cut : `Copied ${size} to the clipboard (OSC 52)`;
	}

	return `${clipboard.cut ? cut : `Copied ${size} with OSC 52`} (in tmux: needs set-clipboard on or allow-passthrough on)`;
}
