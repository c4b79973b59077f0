import {describe, expect, test} from 'vitest';
import {copiedMessage, maxCopyBytes, osc52} from '../../../../source/tui/panes/response/osc52.js';

const inTmux = {TMUX: '/tmp/tmux-1000/default,1,0'};

describe('osc52', () => {
	test('puts the base64 of the bytes in an OSC 52 clipboard sequence', () => {
		const bytes = new TextEncoder().encode('{"a":1}');
		expect(osc52(bytes, {})).toEqual({sequence: `\u001B]52;c;${Buffer.from(bytes).toString('base64')}\u0007`, copied: 7, cut: false, inTmux: false});
	});

	test('inside tmux, sends it plain for set-clipboard on, then in a passthrough with its escapes doubled for allow-passthrough on', () => {
		const {sequence} = osc52(new TextEncoder().encode('hi'), inTmux);
		expect(sequence).toBe('\u001B]52;c;aGk=\u0007\u001BPtmux;\u001B\u001B]52;c;aGk=\u0007\u001B\\');
	});

	test('an empty TMUX is not tmux', () => {
		expect(osc52(new TextEncoder().encode('hi'), {TMUX: ''})).toEqual({sequence: '\u001B]52;c;aGk=\u0007', copied: 2, cut: false, inTmux: false});
	});

	test('cuts what is copied at the cap, never inside a UTF-8 character', () => {
		// The é straddles the cap: it is left out whole.
		const text = 'a'.repeat(maxCopyBytes - 1) + 'é'.repeat(maxCopyBytes);
		const {copied, cut, sequence} = osc52(new TextEncoder().encode(text), {});
		expect(cut).toBe(true);
		expect(copied).toBe(maxCopyBytes - 1);
		const base64 = sequence.slice('\u001B]52;c;'.length, -1);
		expect(Buffer.from(base64, 'base64').toString('utf8')).toBe('a'.repeat(maxCopyBytes - 1));
	});

	test('keeps each sequence, base64 and framing included, within tmux\'s 1 MiB: tmux drops a longer one', () => {
		const mebibyte = 1024 * 1024;
		// 800 KB is under 1 MiB, but its base64 is not.
		for (const size of [800 * 1024, 2 * mebibyte]) {
			const {sequence, copied, cut} = osc52(new Uint8Array(size).fill(0x61), inTmux);
			const passthroughStart = sequence.indexOf('\u001BPtmux;');
			const plain = sequence.slice(0, passthroughStart);
			const passthrough = sequence.slice(passthroughStart);
			expect(cut).toBe(true);
			expect(plain.length).toBeLessThanOrEqual(mebibyte);
			expect(passthrough.length).toBeLessThanOrEqual(mebibyte);
			// As much as fits: three bytes more would not.
			expect(passthrough.length + 4).toBeGreaterThan(mebibyte);
			expect(Buffer.from(plain.slice('\u001B]52;c;'.length, -1), 'base64').length).toBe(copied);
		}
	});

	test('copies a body that fits whole', () => {
		const {copied, cut} = osc52(new Uint8Array(maxCopyBytes).fill(0x61), inTmux);
		expect({copied, cut}).toEqual({copied: maxCopyBytes, cut: false});
	});
});

describe('copiedMessage', () => {
	const copy = (text: string, env: Record<string, string>) => {
		const bytes = new TextEncoder().encode(text);
		return copiedMessage(osc52(bytes, env), bytes.length);
	};

	test('outside tmux, says the terminal was given the body', () => {
		expect(copy('{"token":"abc"}', {})).toBe('Copied 15 B to the clipboard (OSC 52)');
	});

	test('inside tmux, says which tmux setting the copy needs rather than claim it reached the clipboard', () => {
		expect(copy('{"token":"abc"}', inTmux)).toBe('Copied 15 B with OSC 52 (in tmux: needs set-clipboard on or allow-passthrough on)');
	});

	test('says when the body was cut at the cap, and the tmux settings inside tmux', () => {
		const big = 'a'.repeat(2 * 1024 * 1024);
		const cut = 'Copied the first 768 KB of 2 MB: OSC 52 is kept within 1 MB of base64, as tmux requires (s saves it all)';
		expect(copy(big, {})).toBe(cut);
		expect(copy(big, inTmux)).toBe(`${cut} (in tmux: needs set-clipboard on or allow-passthrough on)`);
	});
});
