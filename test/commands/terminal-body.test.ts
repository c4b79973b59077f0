import {describe, expect, it} from 'vitest';
import {sniffBytes, TerminalBody} from '../../source/commands/terminal-body.js';

/** What the terminal is shown of `chunks`, given one after the other. */
function shown(chunks: Uint8Array[], contentType = 'text/plain'): {text: string; binary: boolean | undefined} {
	const body = new TerminalBody(contentType);
	const text = chunks.map(chunk => body.add(chunk)).join('') + body.finish();
	return {text, binary: body.isBinary};
}

/** `bytes` cut into pieces of `size` bytes. */
function piecesOf(bytes: Uint8Array, size: number): Uint8Array[] {
	const pieces: Uint8Array[] = [];
	for (let offset = 0; offset < bytes.length; offset += size) {
		pieces.push(bytes.subarray(offset, offset + size));
	}

	return pieces;
}

const hostile = Buffer.from('title \u001B]0;pwned\u0007 clear \u001B[2J clip \u001B]52;c;cm0gLXJmIH4=\u0007 ask \u001B[6n csi \u009B31m bidi \u202Eevil\r\n\t"é", "€", "😀"\rend');
const hostileShown = 'title ␛]0;pwned␇ clear ␛[2J clip ␛]52;c;cm0gLXJmIH4=␇ ask ␛[6n csi \uFFFD31m bidi \uFFFDevil\n\t"é", "€", "😀"␍end\n';

describe('TerminalBody', () => {
	it('shows every control character as its picture and keeps newlines and tabs, so JSON still reads', () => {
		expect(shown([hostile]).text).toBe(hostileShown);
		expect(shown([Buffer.from('{\n\t"a": [\n\t\t1\n\t]\n}\n')]).text).toBe('{\n\t"a": [\n\t\t1\n\t]\n}\n');
	});

	it.each([
		['in the start it reads to tell binary from text', ''],
		['past that start', 'a'.repeat(sniffBytes)],
	])('shows the same text wherever the chunks are cut %s: inside a character, an escape sequence or a Windows line end', (_where, before) => {
		const body = Buffer.concat([Buffer.from(before), hostile]);
		for (let cut = before.length + 1; cut < body.length; cut++) {
			expect(shown([body.subarray(0, cut), body.subarray(cut)]).text, `cut at byte ${cut}`).toBe(before + hostileShown);
		}

		expect(shown(piecesOf(body, 1)).text).toBe(before + hostileShown);
	});

	it('shows the same text when a long body is cut into chunks of any size', () => {
		const long = Buffer.from(`${'é'.repeat(sniffBytes)}\u001B[2J😀\r\n${'€'.repeat(1000)}`);
		const expected = `${'é'.repeat(sniffBytes)}␛[2J😀\n${'€'.repeat(1000)}\n`;
		for (const size of [1, 3, 7, 4093, sniffBytes - 1, sniffBytes + 1]) {
			expect(shown(piecesOf(long, size)).text, `pieces of ${size} bytes`).toBe(expected);
		}
	});

	it('ends the text with a newline only when the body does not', () => {
		expect(shown([Buffer.from('{"a":1}')]).text).toBe('{"a":1}\n');
		expect(shown([Buffer.from('line\n')]).text).toBe('line\n');
		expect(shown([Buffer.from('line\r\n')]).text).toBe('line\n');
		expect(shown([Buffer.from('line\r')]).text).toBe('line␍\n');
		expect(shown([]).text).toBe('');
		expect(shown([new Uint8Array(0)]).text).toBe('');
	});

	it('takes a body with a NUL byte in its start for binary, and shows nothing of it', () => {
		const png = Buffer.from([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]);
		expect(shown([png], 'image/png')).toEqual({text: '', binary: true});
		expect(shown(piecesOf(Buffer.concat([Buffer.from('a'.repeat(sniffBytes - 1)), Buffer.from([0])]), 1000))).toEqual({text: '', binary: true});
	});

	it('takes a body whose start is not UTF-8 for binary, unless its Content-Type names the charset it is in', () => {
		const gzip = Buffer.from([0x1F, 0x8B, 0x08, 0x08, 0x41, 0x42, 0x43, 0x44, 0x02, 0x03]);
		expect(shown([gzip], 'application/octet-stream')).toEqual({text: '', binary: true});
		const latin1 = Buffer.from('café \u001B[2J', 'latin1');
		expect(shown([latin1], 'application/octet-stream').binary).toBe(true);
		expect(shown([latin1], 'text/plain; charset=iso-8859-1')).toEqual({text: 'café ␛[2J\n', binary: false});
	});

	it('does not count a character cut where its reading of the start ends as a sign of binary', () => {
		const text = Buffer.from(`${'a'.repeat(sniffBytes - 1)}é and more`);
		expect(text[sniffBytes]).toBe(0xA9);
		expect(shown([text])).toEqual({text: `${'a'.repeat(sniffBytes - 1)}é and more\n`, binary: false});
	});

	it('goes by the start alone: a NUL byte or a bad byte past it shows as a picture or U+FFFD', () => {
		const text = Buffer.concat([Buffer.from('a'.repeat(sniffBytes)), Buffer.from([0, 0xFF, 0x0A])]);
		expect(shown([text])).toEqual({text: `${'a'.repeat(sniffBytes)}␀\uFFFD\n`, binary: false});
	});

	it('calls text that does not look like text binary even when its Content-Type says text', () => {
		expect(shown([Buffer.from([0x7B, 0, 0x7D])], 'application/json').binary).toBe(true);
	});

	it('calls text served as application/octet-stream text', () => {
		expect(shown([Buffer.from('plain words\n')], 'application/octet-stream')).toEqual({text: 'plain words\n', binary: false});
	});
});
