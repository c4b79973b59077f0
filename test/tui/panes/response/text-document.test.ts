import {describe, expect, test} from 'vitest';
import {LineStarts} from '../../../../source/tui/panes/response/text-document.js';

/** Where each line of `text` starts, the plain way. */
function startsOf(text: string): number[] {
	const starts = [0];
	for (let index = 0; index < text.length; index++) {
		if (text[index] === '\n') {
			starts.push(index + 1);
		}
	}

	return starts;
}

describe('LineStarts', () => {
	test('finds every line of a text of more lines than one of its chunks holds, read in pieces cut anywhere', () => {
		const text = Array.from({length: 200_000}, (_, line) => 'x'.repeat(line % 7)).join('\n');
		const starts = new LineStarts(text.length);
		for (let offset = 0; offset < text.length; offset += 4099) {
			starts.append(text.slice(offset, offset + 4099));
		}

		const expected = startsOf(text);
		expect(starts.count).toBe(expected.length);
		expect(starts.length).toBe(text.length);
		const differing = expected.filter((start, line) => starts.at(line) !== start);
		expect(differing).toEqual([]);
		expect(starts.at(-1)).toBeUndefined();
		expect(starts.at(expected.length)).toBeUndefined();
	});

	test('tells the line of any offset, at line starts, inside lines and past the end', () => {
		const text = Array.from({length: 70_000}, (_, line) => 'ab'.repeat(line % 3)).join('\n');
		const starts = new LineStarts();
		starts.append(text);
		const expected = startsOf(text);
		for (const line of [0, 1, 2, 65_535, 65_536, 65_537, 69_998]) {
			const newline = expected[line + 1]! - 1;
			expect([starts.lineOf(expected[line]!), starts.lineOf(newline), starts.lineOf(newline + 1)]).toEqual([line, line, line + 1]);
		}

		expect(starts.lineOf(text.length + 10)).toBe(69_999);
	});

	test('holds one line for an empty text', () => {
		const starts = new LineStarts();
		starts.append('');
		expect(starts.count).toBe(1);
		expect(starts.at(0)).toBe(0);
		expect(starts.lineOf(0)).toBe(0);
	});
});
