import {describe, expect, test} from 'vitest';
import {maxCopyBytes, osc52} from '../../../source/tui/response/osc52.js';

describe('osc52', () => {
	test('puts the base64 of the bytes in an OSC 52 clipboard sequence', () => {
		const bytes = new TextEncoder().encode('{"a":1}');
		expect(osc52(bytes, {})).toEqual({sequence: `\u001B]52;c;${Buffer.from(bytes).toString('base64')}\u0007`, copied: 7, cut: false});
	});

	test('inside tmux, wraps it in a passthrough with its escapes doubled', () => {
		const {sequence} = osc52(new TextEncoder().encode('hi'), {TMUX: '/tmp/tmux-1000/default,1,0'});
		expect(sequence).toBe('\u001BPtmux;\u001B\u001B]52;c;aGk=\u0007\u001B\\');
	});

	test('cuts what is copied at the cap, never inside a UTF-8 character', () => {
		const text = 'a' + 'é'.repeat(maxCopyBytes);
		const {copied, cut, sequence} = osc52(new TextEncoder().encode(text), {});
		expect(cut).toBe(true);
		expect(copied).toBe(maxCopyBytes - 1);
		const base64 = sequence.slice('\u001B]52;c;'.length, -1);
		expect(Buffer.from(base64, 'base64').toString('utf8')).toBe('a' + 'é'.repeat((maxCopyBytes - 2) / 2));
	});
});
