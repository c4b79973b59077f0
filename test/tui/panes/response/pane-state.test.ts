import {describe, expect, test} from 'vitest';
import {createPaneState, syncPane, type PaneDocuments, type ViewSizes} from '../../../../source/tui/panes/response/pane-state.js';
import {createDocument, type TextDocument, documentText} from '../../../../source/tui/panes/response/text-document.js';
import {viewportReducer} from '../../../../source/tui/panes/response/viewport.js';

const size = {height: 10, width: 40};
const sizes: ViewSizes = {body: size, headers: size, sent: size, console: size};
const numbered = (count: number): string => Array.from({length: count}, (_, index) => `line ${index + 1}`).join('\n');

function documents(body: TextDocument): PaneDocuments {
	const empty = createDocument('', 'plain');
	return {body, headers: empty, sent: empty, console: empty};
}

/** A pane on `first`, scrolled down 30 rows and searching for "line 3". */
function scrolled(first: TextDocument) {
	const state = createPaneState(documents(first), sizes);
	const down = viewportReducer(state.views.body, {type: 'down', count: 30});
	return {...state, views: {...state.views, body: viewportReducer(down, {type: 'search', query: 'line 3'})}};
}

describe('syncPane', () => {
	test('keeps the reader\'s place and search when the whole body replaces its preview', () => {
		const preview = {...createDocument(numbered(100), 'plain'), partial: true};
		const before = scrolled(preview);
		expect(before.views.body.scrollTop.line).toBeGreaterThan(0);
		const after = syncPane(before, documents(createDocument(numbered(5000), 'plain')), sizes);
		expect(after.views.body.scrollTop).toEqual(before.views.body.scrollTop);
		expect(after.views.body.search?.query).toBe('line 3');
		expect(documentText(after.views.body.document)).toBe(numbered(5000));
	});

	test('goes to the end of the whole body when the reader was at the end of its preview', () => {
		const preview = {...createDocument(numbered(100), 'plain'), partial: true};
		const state = createPaneState(documents(preview), sizes);
		const atEnd = {...state, views: {...state.views, body: viewportReducer(state.views.body, {type: 'bottom'})}};
		const after = syncPane(atEnd, documents(createDocument(numbered(5000), 'plain')), sizes);
		expect(after.views.body.scrollTop.line).toBe(4990);
	});

	test('starts a new response at its top, without the old search', () => {
		const before = scrolled(createDocument(numbered(100), 'plain'));
		const after = syncPane(before, documents(createDocument(numbered(100), 'plain')), sizes);
		expect(after.views.body.scrollTop).toEqual({line: 0, row: 0});
		expect(after.views.body.search).toBeUndefined();
	});
});
