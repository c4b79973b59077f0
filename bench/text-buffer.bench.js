// The editors' keystroke path: one reducer step, the visible slice, and the text handed to
// the app, on bodies up to 2 MB. The DESIGN budget is 16 ms for a keystroke's redraw.
import {createTextBuffer, textBufferReducer, textOf, visibleSlice} from '../dist/tui/text-buffer.js';
import {formatMs, medianMs, printTable} from './table.js';

const jsonLine = index => `\t{"id": ${index}, "name": "user ${index}", "email": "user${index}@example.test", "tags": ["a", "b"]},`;
// Clusters the cursor steps over whole: a skin tone, a ZWJ family, a flag, an accent.
const emojiLine = index => `\t{"id": ${index}, "name": "user ${index} 👍🏽", "family": "👨‍👩‍👧", "flag": "🇫🇷", "note": "cafe\u0301"},`;

function body(megabytes, lineOf = jsonLine) {
	const lines = ['['];
	let size = 1;
	for (let index = 0; size < megabytes * 1e6; index++) {
		const line = lineOf(index);
		lines.push(line);
		size += line.length + 1;
	}

	lines.push(']');
	return lines.join('\n');
}

const viewport = {height: 22, width: 78};

function keystroke(state) {
	const typed = textBufferReducer(state, {type: 'insert', text: 'x'});
	visibleSlice(typed, viewport);
	return typed;
}

const rows = [];
for (const [label, text, cursor] of [
	['1 KB body, cursor at end', body(0.001), 'end'],
	['2 MB body (25k lines), cursor at end', body(2), 'end'],
	['2 MB body, cursor at start', body(2), 'start'],
	['1 MB on one line (minified), cursor at end', body(1).replaceAll('\n', ''), 'end'],
	['2 MB body with emoji on every line, cursor at end', body(2, emojiLine), 'end'],
	['1 MB on one line, an emoji first, cursor at end', `"😀"${body(1).replaceAll('\n', '')}`, 'end'],
]) {
	const state = createTextBuffer(text, {cursor});
	const step = await medianMs(() => keystroke(state), 21);
	const withText = await medianMs(() => textOf(keystroke(state)), 21);
	const move = await medianMs(() => visibleSlice(textBufferReducer(state, {type: 'up'}), viewport), 21);
	const word = await medianMs(() => visibleSlice(textBufferReducer(state, {type: 'wordLeft'}), viewport), 21);
	rows.push([label, state.lines.length, formatMs(step), formatMs(withText), formatMs(move), formatMs(word)]);
}

printTable(
	'Text buffer: one keystroke (median of 21)',
	['body', 'lines', 'type a key + slice (ms)', '+ whole text, as a save reads it (ms)', 'cursor up + slice (ms)', 'word left + slice (ms)'],
	rows,
);

const paste = body(1);
const pasteMs = await medianMs(() => textBufferReducer(createTextBuffer(''), {type: 'insert', text: paste}), 7);
printTable('Text buffer: paste', ['what', 'ms'], [['paste 1 MB of JSON into an empty body', formatMs(pasteMs)]]);
