import {describe, expect, it} from 'vitest';
import {makeVisible, oneLine} from '../../source/core/visible-text.js';

describe('makeVisible', () => {
	it('shows control characters as their pictures and keeps line breaks', () => {
		expect(makeVisible('a\u001B[2Jb\u0007\r\nc')).toBe('a␛[2Jb␇\nc');
	});

	it('shows the bidirectional overrides and isolates as U+FFFD, so text shows in the order it is', () => {
		expect(makeVisible('invoice\u202Efdp.exe')).toBe('invoice\uFFFDfdp.exe');
		expect(makeVisible('\u2066a\u2069 \u202Ab\u202C')).toBe('\uFFFDa\uFFFD \uFFFDb\uFFFD');
	});

	it('puts a message on one line, its breaks shown as ⏎', () => {
		expect(oneLine('first\nsecond\r\nthird')).toBe('first ⏎ second ⏎ third');
	});
});
