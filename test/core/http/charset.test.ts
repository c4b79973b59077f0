import {describe, expect, it} from 'vitest';
import {declaredCharset, decodeBody} from '../../../source/core/http/charset.js';

describe('the charset a response declares', () => {
	it('is read from the Content-Type, in any case and quoted, and UTF-8 or an unknown name count as none', () => {
		expect(declaredCharset('text/plain; charset=iso-8859-1')).toBe('windows-1252');
		expect(declaredCharset('text/html;CHARSET="Shift_JIS"')).toBe('shift_jis');
		expect(declaredCharset('text/plain; charset=utf-8')).toBeUndefined();
		expect(declaredCharset('text/plain; charset=klingon')).toBeUndefined();
		expect(declaredCharset('application/json')).toBeUndefined();
	});

	it('decodes a body in it, else as UTF-8', () => {
		const cafe = new Uint8Array([0x63, 0x61, 0x66, 0xE9]);
		expect(decodeBody(cafe, 'text/plain; charset=iso-8859-1')).toBe('café');
		expect(decodeBody(new TextEncoder().encode('café'), 'text/plain')).toBe('café');
	});
});
