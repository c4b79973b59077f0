import {describe, expect, it} from 'vitest';
import {appReducer, createAppState, createField, cycle, keptMessages, keymapMode, type AppAction, type AppState} from '../../source/tui/app-state.js';

type State = AppState<string>;

function run(actions: Array<AppAction<string>>, state: State = createAppState<string>()): State {
	return actions.reduce((current, action) => appReducer(current, action), state);
}

describe('appReducer', () => {
	it('starts in the collections pane, navigating, with nothing in flight', () => {
		const state = createAppState<string>({collectionId: 'c1'});
		expect(state.focus).toBe('collections');
		expect(state.mode).toEqual({kind: 'navigating'});
		expect(state.selection).toEqual({collectionId: 'c1'});
		expect(state.inFlight).toBeUndefined();
	});

	it('cycles focus forwards and backwards through the four panes', () => {
		expect(run([{type: 'focusNext'}]).focus).toBe('request');
		expect(run([{type: 'focusNext'}, {type: 'focusNext'}, {type: 'focusNext'}, {type: 'focusNext'}]).focus).toBe('collections');
		expect(run([{type: 'focusPrevious'}]).focus).toBe('response');
		expect(run([{type: 'focus', pane: 'variables'}]).focus).toBe('variables');
	});

	it('resets the request pane row and the send warning when another request is selected', () => {
		const state = run([
			{type: 'select', selection: {collectionId: 'c', requestId: 'r1'}},
			{type: 'requestRow', row: 3},
			{type: 'sendWarned', warning: {requestId: 'r1', count: 2, revision: 0}},
			{type: 'select', selection: {collectionId: 'c', requestId: 'r2'}},
		]);
		expect(state.requestRow).toBe(0);
		expect(state.sendWarning).toBeUndefined();
		const same = run([
			{type: 'select', selection: {collectionId: 'c', requestId: 'r1'}},
			{type: 'requestRow', row: 3},
			{type: 'select', selection: {collectionId: 'c', requestId: 'r1'}},
		]);
		expect(same.requestRow).toBe(3);
	});

	it('opens the collapsed collection of a request when the request is selected', () => {
		const collapsed = run([{type: 'toggleCollapsed', collectionId: 'c'}, {type: 'toggleCollapsed', collectionId: 'd'}]);
		expect(run([{type: 'select', selection: {collectionId: 'c'}}], collapsed).collapsed).toEqual(['c', 'd']);
		expect(run([{type: 'select', selection: {collectionId: 'c', requestId: 'r'}}], collapsed).collapsed).toEqual(['d']);
	});

	it('collapses and expands a collection, and forces a state when asked', () => {
		const collapsed = run([{type: 'toggleCollapsed', collectionId: 'c'}]);
		expect(collapsed.collapsed).toEqual(['c']);
		expect(run([{type: 'toggleCollapsed', collectionId: 'c'}], collapsed).collapsed).toEqual([]);
		expect(run([{type: 'toggleCollapsed', collectionId: 'c', collapsed: true}], collapsed)).toBe(collapsed);
	});

	it('enters and leaves modes, and keeps a prompt error on the prompt only', () => {
		const prompt = run([{type: 'setMode', mode: {kind: 'prompt', label: 'Name', purpose: {kind: 'new-collection'}, field: createField('', true)}}, {type: 'promptError', error: 'Name is empty'}]);
		expect(prompt.mode).toMatchObject({kind: 'prompt', error: 'Name is empty'});
		expect(run([{type: 'leaveMode'}], prompt).mode).toEqual({kind: 'navigating'});
		const navigating = createAppState<string>();
		expect(appReducer(navigating, {type: 'promptError', error: 'x'})).toBe(navigating);
	});

	it('tracks the request in flight and keeps the outcome per request', () => {
		const controller = new AbortController();
		const started = run([{type: 'sendStarted', inFlight: {collectionId: 'c', requestId: 'r1', startedAt: 5, controller, progress: {bytes: 0}}}]);
		expect(started.inFlight?.controller).toBe(controller);
		const finished = run([{type: 'sendFinished', requestId: 'r1', outcome: 'first'}], started);
		expect(finished.inFlight).toBeUndefined();
		expect(finished.outcomes).toEqual({r1: 'first'});
		const other = run([{type: 'sendFinished', requestId: 'r2', outcome: 'second'}], started);
		expect(other.inFlight?.requestId).toBe('r1');
		expect(other.outcomes).toEqual({r2: 'second'});
	});

	it('clears a send warning when the send starts', () => {
		const state = run([
			{type: 'sendWarned', warning: {requestId: 'r1', count: 1, revision: 0}},
			{type: 'sendStarted', inFlight: {collectionId: 'c', requestId: 'r1', startedAt: 1, controller: new AbortController(), progress: {bytes: 0}}},
		]);
		expect(state.sendWarning).toBeUndefined();
	});

	it('remembers the environment per collection and asks views to read the store again', () => {
		const state = run([{type: 'setEnvironment', collectionId: 'c1', environmentId: 'e1'}, {type: 'setEnvironment', collectionId: 'c2', environmentId: undefined}]);
		expect(state.environments).toEqual({c1: 'e1', c2: undefined});
		expect(state.revision).toBe(2);
	});

	it('numbers messages and dismisses the current one', () => {
		const state = run([{type: 'message', text: 'Saved'}, {type: 'message', text: 'Failed', tone: 'error'}]);
		expect(state.message).toEqual({id: 2, text: 'Failed', tone: 'error'});
		expect(run([{type: 'dismissMessage'}], state).message).toBeUndefined();
	});

	it('keeps the session\'s last messages, dismissed ones too, for the messages overlay, the oldest going first', () => {
		const state = run([{type: 'message', text: 'one'}, {type: 'dismissMessage'}, {type: 'message', text: 'two', tone: 'warning'}]);
		expect(state.messages).toEqual([{id: 1, text: 'one', tone: 'info'}, {id: 2, text: 'two', tone: 'warning'}]);
		const many = run(Array.from({length: keptMessages + 2}, (_, index) => ({type: 'message' as const, text: `m${index + 1}`})));
		expect(many.messages).toHaveLength(keptMessages);
		expect(many.messages[0]!.text).toBe('m3');
		expect(many.messages.at(-1)!.text).toBe(`m${keptMessages + 2}`);
	});

	it('changes the request tab and starts it at its first row', () => {
		const state = run([{type: 'requestRow', row: 4}, {type: 'requestTab', tab: 'scripts'}]);
		expect(state).toMatchObject({requestTab: 'scripts', requestRow: 0});
		expect(run([{type: 'requestRow', row: -3}]).requestRow).toBe(0);
	});

	it('keeps the filter, toggles revealing secrets and counts store changes', () => {
		const state = run([{type: 'setFilter', filter: 'us'}, {type: 'toggleReveal'}, {type: 'stored'}]);
		expect(state).toMatchObject({filter: 'us', revealSecrets: true, revision: 1});
	});
});

describe('keymapMode', () => {
	it('is edit for a field or prompt being typed in, the keys of its own for a question or an overlay, navigate otherwise', () => {
		expect(keymapMode({kind: 'editing', target: {kind: 'url'}, field: createField('', true)})).toBe('edit');
		expect(keymapMode({kind: 'prompt', label: '', purpose: {kind: 'filter'}, field: createField('', true)})).toBe('edit');
		expect(keymapMode({kind: 'navigating'})).toBe('navigate');
		expect(keymapMode({kind: 'help'})).toBe('pager');
		expect(keymapMode({kind: 'messages'})).toBe('pager');
		expect(keymapMode({kind: 'pick-kind', variable: {collectionId: 'c', scope: 'collection', name: 'x', isNew: true}, valueKind: 'string'})).toBe('pickKind');
	});
});

describe('cycle', () => {
	it('goes to the next item, wraps, and starts from the first for an unknown one', () => {
		expect(cycle(['a', 'b', 'c'], 'b')).toBe('c');
		expect(cycle(['a', 'b', 'c'], 'c')).toBe('a');
		expect(cycle(['a', 'b', 'c'], 'x')).toBe('a');
	});
});
