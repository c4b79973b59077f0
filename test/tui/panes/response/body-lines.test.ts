import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {formatBody, formatBodyPreview} from '../../../../source/tui/panes/response/format-body.js';
import {findMatches} from '../../../../source/tui/panes/response/find-matches.js';
import {createDocument, documentText, lineCount, lineStart, lineText, type TextDocument} from '../../../../source/tui/panes/response/text-document.js';
import {makeVisible} from '../../../../source/core/visible-text.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Every line, read one at a time in the order given. */
function linesIn(document: TextDocument, order: readonly number[]): Map<number, string> {
	return new Map(order.map(line => [line, lineText(document, line)]));
}

/** Line numbers in a shuffled order: far apart and near each other, so kept blocks are dropped and made again. */
function scattered(count: number, seed: number): number[] {
	const order = Array.from({length: count}, (_, line) => line);
	let state = seed + 1;
	for (let index = order.length - 1; index > 0; index--) {
		state = (state * 48_271) % 2_147_483_647;
		const other = state % (index + 1);
		[order[index], order[other]] = [order[other]!, order[index]!];
	}

	return order;
}

describe('a body\'s lines, made from its bytes when read', () => {
	test('any JSON body: each line, read in any order, is that line of the whole text indented', () => {
		const item = fc.oneof(fc.jsonValue({maxDepth: 4}), fc.constant('tab\tand é and 😀 and \u001B[31m'));
		fc.assert(fc.property(fc.array(item, {minLength: 30, maxLength: 200}), fc.nat(), (items, seed) => {
			const whole = JSON.stringify(items, undefined, 2);
			const body = formatBody(encode(JSON.stringify(items)), 'application/json');
			const expected = whole.split('\n');
			expect(body.kind).toBe('json');
			expect(lineCount(body.document)).toBe(expected.length);
			const read = linesIn(body.document, scattered(expected.length, seed));
			expect(expected.every((line, index) => read.get(index) === makeVisible(line))).toBe(true);
		}), {numRuns: 40});
	});

	test('any text body: each line, read in any order, is that line of the whole text made visible, whatever its line ends', () => {
		const piece = fc.constantFrom('line', '\r\n', '\n', '\r', '\t', 'é', '😀', '\u001B[2J', '\uFEFF', ' ');
		fc.assert(fc.property(fc.array(piece, {minLength: 200, maxLength: 2000}), fc.boolean(), fc.nat(), (pieces, withBom, seed) => {
			const text = (withBom ? '\uFEFF' : '') + pieces.join('');
			const body = formatBody(encode(text), 'text/plain');
			// The whole text as one decoder reads it: a byte-order mark at the very start (only there) is not part of it.
			const expected = makeVisible(text.startsWith('\uFEFF') ? text.slice(1) : text).split('\n');
			expect(lineCount(body.document)).toBe(expected.length);
			const read = linesIn(body.document, scattered(expected.length, seed));
			expect(expected.every((line, index) => read.get(index) === line)).toBe(true);
		}), {numRuns: 40});
	});

	test('a body cut inside a character drops that character from its last line, as when read whole', () => {
		const text = `${'é\n'.repeat(500)}last é`;
		const bytes = encode(text);
		const cut = bytes.subarray(0, bytes.length - 1);
		const body = formatBody(cut, 'text/plain', {truncated: true});
		expect(lineText(body.document, lineCount(body.document) - 1)).toBe('last ');
		expect(documentText(body.document)).toBe(text.slice(0, -1));
	});

	test('the preview of a large JSON body reads its lines from its own start', () => {
		const bytes = encode(JSON.stringify(Array.from({length: 20_000}, (_, id) => ({id, tags: ['a', 'b']}))));
		const preview = formatBodyPreview(bytes, 'application/json');
		const whole = formatBody(bytes, 'application/json');
		const shown = lineCount(preview.document) - 1;
		for (const line of scattered(shown, 7)) {
			expect(lineText(preview.document, line)).toBe(lineText(whole.document, line));
		}
	});

	test('line starts and line texts agree: each line ends where the next starts, less its newline', () => {
		const body = formatBody(encode(JSON.stringify(Array.from({length: 3000}, (_, id) => ({id, note: `é ${id}`})))), 'application/json');
		for (let line = 0; line + 1 < lineCount(body.document); line++) {
			expect(lineStart(body.document, line) + lineText(body.document, line).length + 1).toBe(lineStart(body.document, line + 1));
		}
	});
});

describe('a search in a body whose lines are made when read', () => {
	test('finds in a large JSON body what it finds in the same text held at once, matches across lines included', () => {
		const json = JSON.stringify(Array.from({length: 6000}, (_, id) => ({id, name: `User ${id}`})));
		const body = formatBody(encode(json), 'application/json');
		const held = createDocument(JSON.stringify(JSON.parse(json), undefined, 2), 'json');
		for (const [query, regex] of [['user 1', false], ['User 59', false], ['"id": 4', false], ['},\n  {', false], ['^\\s+"id": 59\\d', true]] as const) {
			expect(findMatches(documentText(body.document), query, regex)).toEqual(findMatches(documentText(held), query, regex));
		}
	});
});
