import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
	createTextBuffer,
	displayOf,
	splitAtCursor,
	textBufferReducer,
	textOf,
	visibleSlice,
	type TextBufferAction,
	type TextBufferState,
} from '../../source/tui/text-buffer.js';

function run(state: TextBufferState, ...actions: Array<TextBufferAction | TextBufferAction['type']>): TextBufferState {
	return actions.reduce<TextBufferState>(
		(current, action) => textBufferReducer(current, typeof action === 'string' ? {type: action} as TextBufferAction : action),
		state,
	);
}

const type = (text: string): TextBufferAction => ({type: 'insert', text});

describe('createTextBuffer', () => {
	it('puts the cursor at the end by default and at the start when asked', () => {
		expect(createTextBuffer('ab\ncde').cursor).toEqual({row: 1, column: 3});
		expect(createTextBuffer('ab\ncde', {cursor: 'start'}).cursor).toEqual({row: 0, column: 0});
	});

	it('normalises CRLF and lone CR to newlines', () => {
		expect(createTextBuffer('a\r\nb\rc').lines).toEqual(['a', 'b', 'c']);
	});

	it('joins lines with spaces in single-line mode', () => {
		expect(textOf(createTextBuffer('a\r\nb\nc', {singleLine: true}))).toBe('a b c');
	});
});

describe('insert', () => {
	it('inserts at the cursor and moves past the text', () => {
		const state = run(createTextBuffer('ad'), 'left', type('bc'));
		expect(textOf(state)).toBe('abcd');
		expect(state.cursor).toEqual({row: 0, column: 3});
	});

	it('pastes several lines at once, the cursor ending after the last pasted character', () => {
		const state = run(createTextBuffer('[]'), 'left', type('{\r\n\t"a": 1,\r\n\t"b": 2\r\n}'));
		expect(state.lines).toEqual(['[{', '\t"a": 1,', '\t"b": 2', '}]']);
		expect(state.cursor).toEqual({row: 3, column: 1});
	});

	it('keeps tabs', () => {
		expect(textOf(run(createTextBuffer(), type('\tx')))).toBe('\tx');
	});

	it('turns pasted newlines into spaces in single-line mode and ignores newline', () => {
		const state = run(createTextBuffer('', {singleLine: true}), type('https://x\n/a\r\n'), 'newline');
		expect(state.lines).toEqual(['https://x /a ']);
	});

	it('splits the line on newline in multi-line mode', () => {
		const state = run(createTextBuffer('abcd'), 'left', 'left', 'newline');
		expect(state.lines).toEqual(['ab', 'cd']);
		expect(state.cursor).toEqual({row: 1, column: 0});
	});
});

describe('astral characters', () => {
	const astral = 'a😀𝒳b';

	it('moves over an emoji or astral character in one step', () => {
		const state = run(createTextBuffer(astral, {cursor: 'start'}), 'right', 'right');
		expect(state.cursor.column).toBe(3);
		expect(textOf(run(state, type('|')))).toBe('a😀|𝒳b');
		expect(textOf(run(state, 'left', 'left', type('|')))).toBe('|a😀𝒳b');
	});

	it('deletes a whole astral character with backspace and delete', () => {
		const start = run(createTextBuffer(astral, {cursor: 'start'}), 'right', 'right');
		expect(textOf(run(start, 'backspace'))).toBe('a𝒳b');
		expect(textOf(run(start, 'delete'))).toBe('a😀b');
	});

	it('counts columns in UTF-16 units, as strings index', () => {
		expect(createTextBuffer(astral).cursor.column).toBe(astral.length);
	});

	it('moves up and down onto the start of an astral character, never into it', () => {
		const state = run(createTextBuffer('abc\n😀😀', {cursor: 'start'}), 'right', 'down');
		expect(state.cursor).toEqual({row: 1, column: 0});
		expect(textOf(run(state, type('|')))).toBe('abc\n|😀😀');
	});

	it('moves a word over astral letters', () => {
		const state = run(createTextBuffer('𝒳𝒳 ab'), 'wordLeft', 'wordLeft');
		expect(state.cursor.column).toBe(0);
		expect(run(state, 'wordRight').cursor.column).toBe(4);
	});

	it('never splits a surrogate pair, whatever the moves and edits', () => {
		const action = fc.oneof(
			fc.constantFrom<TextBufferAction>(
				{type: 'left'}, {type: 'right'}, {type: 'up'}, {type: 'down'}, {type: 'backspace'}, {type: 'delete'},
				{type: 'wordLeft'}, {type: 'wordRight'}, {type: 'deleteWordBack'}, {type: 'killLineEnd'},
				{type: 'newline'}, {type: 'undo'}, {type: 'redo'}, {type: 'home'}, {type: 'end'},
			),
			fc.constantFrom('😀', '𝒳', 'é', 'x y', '\n').map(text => ({type: 'insert', text}) as TextBufferAction),
		);
		fc.assert(fc.property(fc.array(action, {maxLength: 60}), actions => {
			const state = run(createTextBuffer('😀a\n𝒳 b😀'), ...actions);
			expect(textOf(state)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
			expect(state.cursor.row).toBeLessThan(state.lines.length);
			const line = state.lines[state.cursor.row]!;
			expect(state.cursor.column).toBeLessThanOrEqual(line.length);
			// Between two characters, never between the halves of one.
			expect(line.slice(state.cursor.column)).not.toMatch(/^[\uDC00-\uDFFF]/);
		}));
	});
});

describe('grapheme clusters', () => {
	const thumb = '👍🏽';
	const family = '👨‍👩‍👧';
	const france = '🇫🇷';
	const germany = '🇩🇪';
	const accented = 'e\u0301';

	it('steps over a skin-toned emoji as one character: typing lands before it, not inside', () => {
		const state = run(createTextBuffer(`ab${thumb}cd`), 'left', 'left', 'left', type('X'));
		expect(textOf(state)).toBe(`abX${thumb}cd`);
		expect(state.cursor).toEqual({row: 0, column: 3});
	});

	it('backspace after stepping over a ZWJ family deletes the character before it, not its joiner', () => {
		const state = run(createTextBuffer(`ab${family}cd`), 'left', 'left', 'left', 'backspace');
		expect(textOf(state)).toBe(`a${family}cd`);
	});

	it('deletes a ZWJ family, a skin-toned emoji, a flag or an accented letter whole, with backspace and delete', () => {
		for (const cluster of [family, thumb, france, accented]) {
			expect(textOf(run(createTextBuffer(`a${cluster}b`), 'left', 'backspace'))).toBe('ab');
			expect(textOf(run(createTextBuffer(`a${cluster}b`, {cursor: 'start'}), 'right', 'delete'))).toBe('ab');
		}
	});

	it('pairs regional indicators into flags from the start of their run', () => {
		const flags = `${france}${germany}${france}`;
		expect(textOf(run(createTextBuffer(flags), 'left', type('|')))).toBe(`${france}${germany}|${france}`);
		expect(textOf(run(createTextBuffer(flags), 'left', 'left', 'backspace'))).toBe(`${germany}${france}`);
		expect(textOf(run(createTextBuffer(flags, {cursor: 'start'}), 'right', 'delete'))).toBe(`${france}${france}`);
	});

	it('keeps a combining accent on its letter', () => {
		const state = run(createTextBuffer(`caf${accented}!`), 'left', 'left');
		expect(state.cursor.column).toBe(3);
		expect(textOf(run(state, 'delete'))).toBe('caf!');
		expect(textOf(run(createTextBuffer(`caf${accented}`), 'backspace'))).toBe('caf');
	});

	it('counts a word by its clusters: word right ends after the accent of its last letter', () => {
		const state = run(createTextBuffer(`caf${accented} bar`, {cursor: 'start'}), 'wordRight');
		expect(state.cursor.column).toBe(5);
		expect(textOf(run(state, type('!')))).toBe(`caf${accented}! bar`);
		expect(run(createTextBuffer(`a ${accented}\u0301x`), 'wordLeft').cursor.column).toBe(2);
	});

	it('up and down land at the start of a cluster their column falls inside', () => {
		const state = run(createTextBuffer(`abcd\na${thumb}b`, {cursor: 'start'}), 'right', 'right', 'down');
		expect(state.cursor).toEqual({row: 1, column: 1});
		expect(textOf(run(state, type('X')))).toBe(`abcd\naX${thumb}b`);
	});

	it('puts the cursor past the cluster that typed text joins, so the next key does not split it', () => {
		const state = run(createTextBuffer('\u0301x', {cursor: 'start'}), type('e'));
		expect(state.cursor.column).toBe(2);
		expect(textOf(run(state, type('Y')))).toBe(`${accented}Yx`);
		const flag = run(createTextBuffer(`${france}${germany}`), 'left', type('🇺'));
		expect(textOf(run(flag, type('|')))).toBe(`${france}🇺🇩|🇪`);
	});

	it('steps over clusters on a pasted CRLF line as on any other', () => {
		const state = run(createTextBuffer(), type(`a${thumb}\r\nb`), 'home', 'left', 'left');
		expect(state.lines).toEqual([`a${thumb}`, 'b']);
		expect(state.cursor).toEqual({row: 0, column: 1});
	});

	it('undoes an edit between clusters back to the text and cursor before it', () => {
		const edited = run(createTextBuffer(`ab${thumb}cd`), 'left', 'left', 'left', type('X'), 'backspace', 'backspace');
		expect(textOf(edited)).toBe(`a${thumb}cd`);
		const undone = run(edited, 'undo');
		expect(textOf(undone)).toBe(`abX${thumb}cd`);
		expect(textOf(run(undone, 'undo'))).toBe(`ab${thumb}cd`);
		expect(run(undone, 'undo').cursor).toEqual({row: 0, column: 2});
	});

	it('finds clusters in a line far longer than the window it segments, flags paired from the start of their run', () => {
		// 600 flags and 50 emoji: more than a kilobyte of text in which no two code units are sure to be apart.
		const head = `${'x'.repeat(2000)}${family}`;
		const flags = `${france}${germany}`.repeat(300);
		const line = `${head}${flags}${'🙂'.repeat(50)}${thumb}`;
		expect(textOf(run(createTextBuffer(line), 'left', 'backspace'))).toBe(`${head}${flags}${'🙂'.repeat(49)}${thumb}`);
		const rights = Array.from({length: 2000 + 1 + 600}, () => 'right' as const);
		const afterFlags = run(createTextBuffer(line, {cursor: 'start'}), ...rights);
		expect(textOf(run(afterFlags, 'backspace'))).toBe(`${head}${flags.slice(0, -germany.length)}${'🙂'.repeat(50)}${thumb}`);
		expect(textOf(run(afterFlags, 'left', 'left', type('|')))).toBe(`${head}${flags.slice(0, -8)}|${france}${germany}${'🙂'.repeat(50)}${thumb}`);
	});

	it('never leaves the cursor inside a cluster, nor splits one, whatever the moves and edits', () => {
		const clusters = [thumb, family, france, accented, '😀', 'a', 'b', ' '];
		const action = fc.oneof(
			fc.constantFrom<TextBufferAction>(
				{type: 'left'}, {type: 'right'}, {type: 'up'}, {type: 'down'}, {type: 'backspace'}, {type: 'delete'},
				{type: 'wordLeft'}, {type: 'wordRight'}, {type: 'deleteWordBack'}, {type: 'killLineEnd'},
				{type: 'newline'}, {type: 'undo'}, {type: 'redo'}, {type: 'home'}, {type: 'end'},
			),
			fc.constantFrom(...clusters).map(text => ({type: 'insert', text}) as TextBufferAction),
		);
		const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
		fc.assert(fc.property(fc.array(action, {maxLength: 60}), actions => {
			const state = run(createTextBuffer(`${thumb}a\n${family} b${france}`), ...actions);
			for (const line of state.lines) {
				for (const {segment} of segmenter.segment(line)) {
					expect(clusters).toContain(segment);
				}
			}

			const line = state.lines[state.cursor.row]!;
			// Columns are UTF-16 offsets, at a cluster's start or the line's end.
			const starts = [...segmenter.segment(line)].map(({index}) => index);
			expect([...starts, line.length]).toContain(state.cursor.column);
		}));
	});
});

describe('moves', () => {
	it('backspace at a line start joins it to the line above', () => {
		const state = run(createTextBuffer('ab\ncd'), 'home', 'backspace');
		expect(state.lines).toEqual(['abcd']);
		expect(state.cursor).toEqual({row: 0, column: 2});
	});

	it('delete at a line end joins the line below', () => {
		const state = run(createTextBuffer('ab\ncd', {cursor: 'start'}), 'end', 'delete');
		expect(state.lines).toEqual(['abcd']);
	});

	it('left from a line start goes to the end of the line above, right from an end to the next start', () => {
		const state = run(createTextBuffer('ab\ncd'), 'home', 'left');
		expect(state.cursor).toEqual({row: 0, column: 2});
		expect(run(state, 'right').cursor).toEqual({row: 1, column: 0});
	});

	it('stays put at the buffer edges', () => {
		expect(run(createTextBuffer('ab', {cursor: 'start'}), 'left', 'backspace').cursor).toEqual({row: 0, column: 0});
		expect(textOf(run(createTextBuffer('ab'), 'right', 'delete'))).toBe('ab');
	});

	it('up and down keep the preferred column across a shorter line', () => {
		const start = run(createTextBuffer('abcdef\nab\nabcdef', {cursor: 'start'}), 'end');
		const down = run(start, 'down');
		expect(down.cursor).toEqual({row: 1, column: 2});
		expect(run(down, 'down').cursor).toEqual({row: 2, column: 6});
	});

	it('a horizontal move forgets the preferred column', () => {
		const state = run(createTextBuffer('abcdef\nab\nabcdef', {cursor: 'start'}), 'end', 'down', 'left', 'down');
		expect(state.cursor).toEqual({row: 2, column: 1});
	});

	it('up on the first line goes to its start, down on the last to its end', () => {
		expect(run(createTextBuffer('abc\nde', {cursor: 'start'}), 'right', 'up').cursor).toEqual({row: 0, column: 0});
		expect(run(createTextBuffer('abc\nde', {cursor: 'start'}), 'down', 'down').cursor).toEqual({row: 1, column: 2});
	});

	it('pages up and down by the given rows', () => {
		const state = createTextBuffer(Array.from({length: 30}, (_, index) => `line ${index}`).join('\n'), {cursor: 'start'});
		expect(run(state, {type: 'pageDown', rows: 10}).cursor.row).toBe(10);
		expect(run(state, {type: 'pageDown', rows: 10}, {type: 'pageUp', rows: 4}).cursor.row).toBe(6);
	});

	it('home, end, buffer start and buffer end', () => {
		const state = createTextBuffer('ab\ncde\nf', {cursor: 'start'});
		expect(run(state, 'down', 'end').cursor).toEqual({row: 1, column: 3});
		expect(run(state, 'down', 'end', 'home').cursor).toEqual({row: 1, column: 0});
		expect(run(state, 'bufferEnd').cursor).toEqual({row: 2, column: 1});
		expect(run(state, 'bufferEnd', 'bufferStart').cursor).toEqual({row: 0, column: 0});
	});
});

describe('words', () => {
	const text = 'GET https://api.example.com/users_1';

	it('word left goes to the start of each word in turn', () => {
		const columns = [];
		let state = createTextBuffer(text);
		for (let step = 0; step < 4; step++) {
			state = run(state, 'wordLeft');
			columns.push(state.cursor.column);
		}

		expect(columns).toEqual([28, 24, 16, 12]);
	});

	it('word right goes to the end of each word in turn', () => {
		const columns = [];
		let state = createTextBuffer(text, {cursor: 'start'});
		for (let step = 0; step < 3; step++) {
			state = run(state, 'wordRight');
			columns.push(state.cursor.column);
		}

		expect(columns).toEqual([3, 9, 15]);
	});

	it('treats letters of any script and digits as word characters', () => {
		expect(run(createTextBuffer('x = Ünïcode42'), 'wordLeft').cursor.column).toBe(4);
	});

	it('crosses line boundaries', () => {
		expect(run(createTextBuffer('ab\ncd'), 'home', 'wordLeft').cursor).toEqual({row: 0, column: 2});
		expect(run(createTextBuffer('ab\ncd', {cursor: 'start'}), 'end', 'wordRight').cursor).toEqual({row: 1, column: 0});
	});

	it('ctrl+w deletes the word before the cursor and the spaces after it', () => {
		expect(textOf(run(createTextBuffer('hello big  world  '), 'deleteWordBack'))).toBe('hello big  ');
		expect(textOf(run(createTextBuffer('ab\ncd'), 'home', 'deleteWordBack'))).toBe('abcd');
	});

	it('ctrl+k kills to the line end, or joins the next line at an end', () => {
		const state = run(createTextBuffer('abcd\nef', {cursor: 'start'}), 'right', 'killLineEnd');
		expect(state.lines).toEqual(['a', 'ef']);
		expect(run(state, 'killLineEnd').lines).toEqual(['aef']);
	});
});

describe('undo and redo', () => {
	it('undoes consecutive typing as one step, even typed one key at a time', () => {
		const typed = run(createTextBuffer('x'), type('h'), type('el'), type('lo'));
		expect(textOf(typed)).toBe('xhello');
		const undone = run(typed, 'undo');
		expect(textOf(undone)).toBe('x');
		expect(undone.cursor).toEqual({row: 0, column: 1});
	});

	it('a cursor move starts a new undo step', () => {
		const state = run(createTextBuffer(), type('ab'), 'left', type('X'), type('Y'));
		expect(textOf(state)).toBe('aXYb');
		expect(textOf(run(state, 'undo'))).toBe('ab');
		expect(textOf(run(state, 'undo', 'undo'))).toBe('');
	});

	it('groups consecutive deletions apart from the typing before them', () => {
		const state = run(createTextBuffer(), type('hello'), 'backspace', 'backspace');
		expect(textOf(state)).toBe('hel');
		expect(textOf(run(state, 'undo'))).toBe('hello');
		expect(textOf(run(state, 'undo', 'undo'))).toBe('');
	});

	it('a pasted block with newlines is its own step', () => {
		const state = run(createTextBuffer(), type('ab'), type('1\n2'), type('c'));
		expect(textOf(run(state, 'undo'))).toBe('ab1\n2');
		expect(textOf(run(state, 'undo', 'undo'))).toBe('ab');
	});

	it('redo replays what undo took back, and a new edit clears redo', () => {
		const state = run(createTextBuffer(), type('ab'), 'newline', type('cd'), 'undo', 'undo');
		expect(textOf(state)).toBe('ab');
		expect(textOf(run(state, 'redo'))).toBe('ab\n');
		expect(textOf(run(state, 'redo', 'redo'))).toBe('ab\ncd');
		expect(run(state, 'redo', 'redo').cursor).toEqual({row: 1, column: 2});
		expect(textOf(run(state, type('z'), 'redo'))).toBe('abz');
	});

	it('undo and redo with empty stacks change nothing', () => {
		const state = createTextBuffer('abc');
		expect(run(state, 'undo')).toBe(state);
		expect(run(state, 'redo')).toBe(state);
	});

	it('undo returns exactly to every earlier text, step by step', () => {
		fc.assert(fc.property(fc.array(fc.oneof(
			fc.string({minLength: 1, maxLength: 3}).map(text => ({type: 'insert', text}) as TextBufferAction),
			fc.constantFrom<TextBufferAction>({type: 'backspace'}, {type: 'left'}, {type: 'newline'}, {type: 'deleteWordBack'}),
		), {maxLength: 40}), actions => {
			const end = run(createTextBuffer('seed'), ...actions);
			let state = end;
			while (state.undoStack.length > 0) {
				state = run(state, 'undo');
			}

			expect(textOf(state)).toBe('seed');
			while (state.redoStack.length > 0) {
				state = run(state, 'redo');
			}

			expect(textOf(state)).toBe(textOf(end));
		}));
	});

	it('setText replaces the text and forgets the history', () => {
		const state = run(createTextBuffer(), type('old'), {type: 'setText', text: 'new\ntext'});
		expect(state.lines).toEqual(['new', 'text']);
		expect(state.cursor).toEqual({row: 1, column: 4});
		expect(state.undoStack).toEqual([]);
	});
});

describe('visibleSlice', () => {
	const hundredLines = createTextBuffer(Array.from({length: 100}, (_, index) => `line ${index}`).join('\n'), {cursor: 'start'});

	it('returns only the rows that fit', () => {
		const slice = visibleSlice(hundredLines, {height: 5, width: 20});
		expect(slice.rows.map(row => row.text)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
		expect(slice.cursor).toEqual({row: 0, column: 0});
	});

	it('scrolls down just enough to follow the cursor, and keeps the offset while the cursor stays in view', () => {
		const down = run(hundredLines, {type: 'pageDown', rows: 7});
		const slice = visibleSlice(down, {height: 5, width: 20});
		expect(slice.scrollTop).toBe(3);
		expect(slice.rows[0]!.row).toBe(3);
		expect(slice.cursor.row).toBe(4);
		const up = visibleSlice(run(down, 'up'), {height: 5, width: 20, scrollTop: slice.scrollTop});
		expect(up.scrollTop).toBe(3);
		const above = visibleSlice(run(down, {type: 'pageUp', rows: 6}), {height: 5, width: 20, scrollTop: slice.scrollTop});
		expect(above.scrollTop).toBe(1);
	});

	it('scrolls horizontally so the cursor cell stays inside the width', () => {
		const state = createTextBuffer('0123456789abcdef');
		const slice = visibleSlice(state, {height: 1, width: 10});
		expect(slice.scrollLeft).toBe(7);
		expect(slice.rows[0]!.text).toBe('789abcdef');
		expect(slice.cursor.column).toBe(9);
		const home = visibleSlice(run(state, 'home'), {height: 1, width: 10, scrollLeft: slice.scrollLeft});
		expect(home.scrollLeft).toBe(0);
		expect(home.rows[0]!.text).toBe('0123456789');
	});

	it('returns to the left edge once the cursor fits there', () => {
		const state = createTextBuffer('short\n' + 'x'.repeat(30));
		const scrolled = visibleSlice(state, {height: 2, width: 10});
		expect(scrolled.scrollLeft).toBe(21);
		const up = visibleSlice(run(state, 'up'), {height: 2, width: 10, scrollLeft: scrolled.scrollLeft});
		expect(up.scrollLeft).toBe(0);
		expect(up.rows.map(row => row.text)).toEqual(['short', 'xxxxxxxxxx']);
	});

	it('starts a row scrolled sideways at a whole astral character, never in the middle of one', () => {
		const state = createTextBuffer(`ab${'😀'.repeat(10)}\n${'x'.repeat(30)}`);
		const slice = visibleSlice(state, {height: 2, width: 10});
		expect(slice.scrollLeft).toBe(21);
		expect(slice.rows[0]).toEqual({row: 0, start: 20, text: '😀'});
	});

	it('measures wide characters in cells', () => {
		const slice = visibleSlice(createTextBuffer('中文中文中文'), {height: 1, width: 7});
		expect(slice.rows[0]!.text).toBe('文中文');
		expect(slice.cursor.column).toBe(3);
	});

	it('measures a cluster as one character, in the cells Ink gives it', () => {
		const slice = visibleSlice(createTextBuffer('👍🏽'.repeat(5)), {height: 1, width: 7});
		expect(slice.rows[0]!.text).toBe('👍🏽'.repeat(3));
		// In UTF-16 units: each 👍🏽 is four.
		expect(slice.scrollLeft).toBe(8);
		expect(slice.cursor.column).toBe(12);
	});

	it('keeps the scroll of the last view only where a cluster starts', () => {
		const state = createTextBuffer(`${'x'.repeat(10)}👍🏽yy`);
		// Column 12 was the line's end before 🏽 was typed after 👍 in a chunk of its own.
		const slice = visibleSlice(state, {height: 1, width: 6, scrollLeft: 12});
		expect(slice.scrollLeft).toBe(10);
		expect(slice.rows[0]!.text).toBe('👍🏽yy');
	});

	it('makes room for a wide character under the cursor at the right edge', () => {
		const slice = visibleSlice(run(createTextBuffer(`${'a'.repeat(9)}中`), 'left'), {height: 1, width: 10});
		expect(slice.rows[0]!.text).toBe(`${'a'.repeat(8)}中`);
		expect(slice.cursor.column).toBe(8);
	});

	it('shows an empty buffer as one empty row with the cursor on it', () => {
		expect(visibleSlice(createTextBuffer(), {height: 3, width: 10})).toEqual({
			scrollTop: 0, scrollLeft: 0, rows: [{row: 0, start: 0, text: ''}], cursor: {row: 0, column: 0},
		});
	});
});

describe('splitAtCursor', () => {
	it('splits the cursor\'s line around the whole cluster under the cursor', () => {
		const state = run(createTextBuffer('x\nab👨‍👩‍👧cd'), 'left', 'left', 'left');
		expect(splitAtCursor(state)).toEqual({before: 'ab', under: '👨‍👩‍👧', after: 'cd'});
		expect(splitAtCursor(run(state, 'end'))).toEqual({before: 'ab👨‍👩‍👧cd', under: '', after: ''});
	});
});

describe('displayOf', () => {
	it('shows tabs as spaces and control characters as visible symbols', () => {
		expect(displayOf('a\tb\u0001\u007F')).toBe('a  b␁␡');
	});
});
