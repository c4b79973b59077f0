import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {formatBody, formatJqOutput, formatBodyInTurns, formatBodyPreview, hexSummaryBytes, previewBytes} from '../../../../source/tui/panes/response/format-body.js';
import {maxJsonDepth} from '../../../../source/tui/panes/response/pretty-json.js';
import {tokenize} from '../../../../source/tui/panes/response/highlight.js';
import {createDocument, lineCount, lineStart, lineText, documentText, type TextDocument} from '../../../../source/tui/panes/response/text-document.js';
import {makeVisible} from '../../../../source/core/visible-text.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const lines = (body: ReturnType<typeof formatBody>): string[] =>
	Array.from({length: lineCount(body.document)}, (_, line) => lineText(body.document, line));
/** What a document shows, however it holds it: a body's lines are made from its bytes when read. */
const content = (document: TextDocument) => ({text: documentText(document), lineStarts: Array.from({length: lineCount(document)}, (_, line) => lineStart(document, line)), length: document.length, syntax: document.syntax, partial: document.partial});

describe('formatBody', () => {
	test('pretty-prints a JSON body', () => {
		const body = formatBody(encode('{"name":"ada","tags":[1,true,null]}'), 'application/json; charset=utf-8');
		expect(body.kind).toBe('json');
		expect(body.notice).toBeUndefined();
		expect(lines(body)).toEqual(['{', '  "name": "ada",', '  "tags": [', '    1,', '    true,', '    null', '  ]', '}']);
	});

	test('recognises +json types and JSON sent without a content type', () => {
		expect(formatBody(encode('{"a":1}'), 'application/problem+json').kind).toBe('json');
		expect(formatBody(encode(' [1]'), '').kind).toBe('json');
		expect(formatBody(encode('{"a":1}'), 'text/html').kind).toBe('text');
	});

	test('highlights keys, strings, numbers, literals and punctuation differently', () => {
		const body = formatBody(encode('{"name":"ada","n":-1.5e3,"ok":false,"x":null}'), 'application/json');
		const styled = (line: number) => tokenize(lineText(body.document, line), 'json')
			.map(token => [lineText(body.document, line).slice(token.start, token.end), token.style]);
		expect(styled(1)).toEqual([['  ', 'plain'], ['"name"', 'key'], [':', 'punctuation'], [' ', 'plain'], ['"ada"', 'string'], [',', 'punctuation']]);
		expect(styled(2)).toContainEqual(['-1.5e3', 'number']);
		expect(styled(3)).toContainEqual(['false', 'literal']);
		expect(styled(4)).toContainEqual(['null', 'literal']);
		expect(styled(0)).toEqual([['{', 'punctuation']]);
	});

	test('a string holding a colon is still a string, and a key is found before its colon', () => {
		expect(tokenize('  "a:b": "c: d"', 'json').map(token => token.style)).toEqual(['plain', 'key', 'punctuation', 'plain', 'string']);
	});

	test('shows invalid JSON as text and says why', () => {
		const body = formatBody(encode('{"a":1,}'), 'application/json');
		expect(body.kind).toBe('text');
		expect(lines(body)).toEqual(['{"a":1,}']);
		expect(body.notice).toBe('not valid JSON (unexpected "}" at line 1, column 8): shown as text');
	});

	test('formats a cut JSON body as far as it goes, and says it is cut', () => {
		const body = formatBody(encode('{"a":[1,2,3'), 'application/json', {truncated: true});
		expect(body.kind).toBe('json');
		expect(lines(body)).toEqual(['{', '  "a": [', '    1,', '    2,', '    3']);
		expect(body.notice).toBe('cut at 11 B: formatted as far as it goes');
	});

	test('keeps jq\'s output as printed, one result after another, coloured as JSON', () => {
		const output = formatJqOutput(encode('"first"\n{\n  "a": 1\n}'));
		expect(output.document.syntax).toBe('json');
		expect(lines(output)).toEqual(['"first"', '{', '  "a": 1', '}']);
		expect(formatJqOutput(new Uint8Array()).kind).toBe('empty');
	});

	test('shows text as is, with Windows line ends and tabs made plain', () => {
		const body = formatBody(encode('a\tb\r\nsecond'), 'text/plain');
		expect(body.kind).toBe('text');
		expect(lines(body)).toEqual(['a   b', 'second']);
	});

	test('never passes a terminal escape sequence through', () => {
		const body = formatBody(encode('red \u001B[31m text\u0007'), 'text/plain');
		expect(lines(body)).toEqual(['red \u241B[31m text\u2407']);
	});

	test('shows a non-UTF-8 body as a hex summary', () => {
		const body = formatBody(Uint8Array.from([0xFF, 0xD8, 0xFF, 0xE0, 0x41, 0x42]), 'image/jpeg');
		expect(body.kind).toBe('binary');
		expect(body.notice).toBe('binary, 6 bytes (s saves it all)');
		expect(lines(body)).toEqual([`00000000  ff d8 ff e0 41 42 ${' '.repeat(31)} |....AB|`]);
	});

	test('reads text in the charset its Content-Type declares, where it is not UTF-8', () => {
		const body = formatBody(Uint8Array.from([0x63, 0x61, 0x66, 0xE9, 0x0A]), 'text/plain; charset=iso-8859-1');
		expect(body.kind).toBe('text');
		expect(lines(body)).toEqual(['café', '']);
		expect(formatBody(Uint8Array.from([0x63, 0x61, 0x66, 0xE9, 0x0A]), 'text/plain').kind).toBe('binary');
	});

	test('treats NUL bytes as binary even when they are valid UTF-8', () => {
		expect(formatBody(Uint8Array.from([0x61, 0x00, 0x62]), '').kind).toBe('binary');
	});

	test('hex-dumps only the start of a large binary body, and says so', () => {
		const bytes = new Uint8Array(hexSummaryBytes * 2).fill(0xFF);
		const body = formatBody(bytes, 'application/octet-stream');
		expect(lineCount(body.document)).toBe(hexSummaryBytes / 16);
		expect(body.notice).toBe('binary, 131,072 bytes; the first 64 KB as hex (s saves it all)');
	});

	test('an empty body is one empty line with a notice', () => {
		const body = formatBody(new Uint8Array(0), 'application/json');
		expect(body.kind).toBe('empty');
		expect(lines(body)).toEqual(['']);
		expect(body.notice).toBe('empty body');
	});

	test('keeps a character cut in half by the size cap from making the body binary', () => {
		const bytes = encode('café').subarray(0, 4);
		const body = formatBody(bytes, 'text/plain', {truncated: true});
		expect(body.kind).toBe('text');
		expect(lines(body)).toEqual(['caf']);
	});
});

describe('formatBodyPreview', () => {
	const items = Array.from({length: 60_000}, (_, index) => ({id: index, name: `usér ${index}`}));
	const largeJson = encode(JSON.stringify(items));

	test('formats the start of a large JSON body as the whole will be, marked partial, and says the whole is coming', () => {
		const preview = formatBodyPreview(largeJson, 'application/json');
		const whole = formatBody(largeJson, 'application/json');
		expect(preview.kind).toBe('json');
		expect(preview.document.partial).toBe(true);
		expect(whole.document.partial).toBeUndefined();
		expect(lines(whole).slice(0, lineCount(preview.document) - 1)).toEqual(lines(preview).slice(0, -1));
		expect(lines(preview).length).toBeGreaterThan(100);
		expect(documentText(preview.document).length).toBeLessThan(documentText(whole.document).length / 10);
		expect(preview.notice).toBe('formatting all 1.9 MB: the first 64 KB are shown');
	});

	test('keeps a character cut at the preview boundary out of a text body instead of calling it binary', () => {
		const text = 'é'.repeat(previewBytes);
		const preview = formatBodyPreview(encode(text), 'text/plain');
		expect(preview.kind).toBe('text');
		expect(documentText(preview.document)).toBe('é'.repeat(previewBytes / 2));
	});

	test('shows a binary body by its real size', () => {
		const bytes = new Uint8Array(previewBytes * 4).fill(0xFF);
		const preview = formatBodyPreview(bytes, 'application/octet-stream');
		expect(preview.kind).toBe('binary');
		expect(preview.notice).toBe('binary, 262,144 bytes; the first 64 KB as hex (s saves it all)');
	});
});

describe('a large body, formatted a slice at a time', () => {
	// Slices are 64 KB of input: these bodies cross several slice boundaries.
	const slice = 64 * 1024;

	test('reads as one text where a tab, a CRLF and a multi-byte character sit on slice boundaries', () => {
		// The CR ends the first slice, the LF starts the second; é's two bytes straddle the next boundary.
		const text = `${'x'.repeat(slice - 2)}a\r\n\tb${'y'.repeat(slice - 4)}é${'z'.repeat(slice)}\t|\r`;
		expect(encode(text).subarray(2 * slice - 1, 2 * slice + 1)).toEqual(encode('é'));
		const body = formatBody(encode(text), 'text/plain');
		expect(body.kind).toBe('text');
		expect(content(body.document)).toEqual(content(createDocument(makeVisible(text), 'plain')));
		expect(lineText(body.document, 1)).toMatch(/^ {4}by+é/);
		// A carriage return at the very end is no line end: it is shown.
		expect(documentText(body.document).endsWith('|\u240D')).toBe(true);
	});

	test('any text cut into slices is made visible exactly as the whole text is', () => {
		const fragment = fc.constantFrom('\t', '\r\n', '\r', '\n', 'é', '😀', '\u001B[31m', 'ab', 'x'.repeat(5000));
		fc.assert(fc.property(fc.array(fragment, {minLength: 1, maxLength: 60}), fc.nat({max: 3}), (fragments, padding) => {
			const text = 'p'.repeat(slice - padding) + fragments.join('') + 'q'.repeat(slice) + fragments.join('');
			const body = formatBody(encode(text), 'text/plain');
			expect(content(body.document)).toEqual(content(createDocument(makeVisible(text), 'plain')));
		}), {numRuns: 30});
	});

	test('pretty-prints JSON across slices as in one piece', () => {
		const items = Array.from({length: 5000}, (_, index) => ({id: index, note: `tab\tand é ${index}`, nested: {list: [index, null, true]}}));
		const body = formatBody(encode(JSON.stringify(items)), 'application/json');
		expect(body.kind).toBe('json');
		expect(content(body.document)).toEqual(content(createDocument(JSON.stringify(items, undefined, 2), 'json')));
	});

	test('in turns, gives the same result while the event loop runs between slices', async () => {
		const items = Array.from({length: 50_000}, (_, index) => ({id: index, name: `user ${index}`}));
		const bytes = encode(JSON.stringify(items));
		let turns = 0;
		let counting = true;
		const count = (): void => {
			turns++;
			if (counting) {
				setImmediate(count);
			}
		};

		setImmediate(count);
		const body = await formatBodyInTurns(bytes, 'application/json');
		counting = false;
		const whole = formatBody(bytes, 'application/json');
		expect(body?.kind).toBe(whole.kind);
		expect(body?.notice).toBe(whole.notice);
		expect(body === undefined ? undefined : content(body.document)).toEqual(content(whole.document));
		// Work is grouped into turns of a few milliseconds: the loop ran between them (at least one turn per slice group).
		expect(turns).toBeGreaterThan(1);
	});

	test('in turns, stops early when aborted', async () => {
		const bytes = encode(JSON.stringify(Array.from({length: 50_000}, (_, index) => ({id: index}))));
		const controller = new AbortController();
		const pending = formatBodyInTurns(bytes, 'application/json', {signal: controller.signal});
		controller.abort();
		expect(await pending).toBeUndefined();
	});
});

describe(`JSON nested deeper than ${maxJsonDepth} levels`, () => {
	const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
	const notice = `nested deeper than ${maxJsonDepth} levels: shown as sent, not indented`;

	test('is shown as sent with a notice, the document as long as the body whatever the depth (indented, it grows with the square)', () => {
		// Smallest first: before the limit, the first of these was indented, and the last took gigabytes.
		for (const depth of [maxJsonDepth + 1, 1000, 4000, 100_000]) {
			const text = nested(depth);
			const body = formatBody(encode(text), 'application/json');
			expect(body.notice).toBe(notice);
			expect(body.kind).toBe('json');
			expect(documentText(body.document).length).toBe(text.length);
			expect(documentText(body.document)).toBe(text);
		}
	});

	test('is still indented at the limit itself', () => {
		const text = nested(maxJsonDepth);
		const body = formatBody(encode(text), 'application/json');
		expect(body.notice).toBeUndefined();
		expect(documentText(body.document)).toBe(JSON.stringify(JSON.parse(text), null, 2));
	});

	test('shows its lines made visible, as any text, and says so also for JSON sniffed without a content type', () => {
		const text = `${nested(maxJsonDepth + 1)}\r\n\t\u001B[2J`;
		const body = formatBody(encode(text), '');
		expect(body.notice).toBe(notice);
		expect(documentText(body.document)).toBe(makeVisible(text));
	});

	test('in the preview of a large body and in the whole formatted in turns, with the body\'s size linear in both', async () => {
		const text = nested(300_000);
		const bytes = encode(text);
		const preview = formatBodyPreview(bytes, 'application/json');
		expect(preview.notice).toBe(`${notice}; formatting all 586 KB: the first 64 KB are shown`);
		expect(documentText(preview.document)).toBe(text.slice(0, previewBytes));
		const whole = await formatBodyInTurns(bytes, 'application/json');
		expect(whole?.notice).toBe(notice);
		expect(documentText(whole!.document)).toBe(text);
	});
});
