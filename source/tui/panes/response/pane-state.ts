/**
Everything the response pane remembers between keystrokes: the tab, a viewport per
scrollable tab (the document it shows, where it is scrolled, its search) and the last
message. Pure: the app state holds it, and the response's commands change it
(see `response-keys.ts`).
*/
import type {Command} from '../../keymap.js';
import type {TextDocument} from './text-document.js';
import {createViewport, isAtBottom, viewportReducer, type ViewportAction, type ViewportState} from './viewport.js';

export const tabs = ['body', 'headers', 'timing', 'sent', 'history', 'console'] as const;
export type Tab = typeof tabs[number];
export type ScrollableTab = Exclude<Tab, 'timing' | 'history'>;
export const scrollableTabs: readonly ScrollableTab[] = ['body', 'headers', 'sent', 'console'];

export type PaneDocuments = Readonly<Record<ScrollableTab, TextDocument>>;
export type ViewSizes = Readonly<Record<ScrollableTab, {height: number; width: number}>>;

export type PaneMessage = {text: string; tone: 'info' | 'error'};

export type PaneState = {
	tab: Tab;
	views: Readonly<Record<ScrollableTab, ViewportState>>;
	message?: PaneMessage;
	/** A path that could not be saved to: the next save prompt offers it again, to correct rather than retype. */
	failedSavePath?: string;
	/** The next search is for a regular expression (alt+r in the search prompt). */
	regex: boolean;
	/** The selected row of the history tab, the newest kept response first. */
	historyRow: number;
};

export function createPaneState(documents: PaneDocuments, sizes: ViewSizes): PaneState {
	return {
		tab: 'body',
		views: {
			body: createViewport(documents.body, sizes.body),
			headers: createViewport(documents.headers, sizes.headers),
			sent: createViewport(documents.sent, sizes.sent),
			console: createViewport(documents.console, sizes.console),
		},
		regex: false,
		historyRow: 0,
	};
}

/** Follows new documents (a new response, more console output) and a new pane size; keeps wrapping as the user set it. */
export function syncPane(state: PaneState, documents: PaneDocuments, sizes: ViewSizes): PaneState {
	let changed = false;
	const views = {...state.views};
	for (const tab of scrollableTabs) {
		const view = state.views[tab];
		const size = sizes[tab];
		const next = view.document === documents[tab]
			? viewportReducer(view, {type: 'resize', ...size})
			: replaceDocument(view, documents[tab], size);
		if (next !== view) {
			views[tab] = next;
			changed = true;
		}
	}

	return changed ? {...state, views} : state;
}

/**
A new document starts at its top, unless it completes the preview on screen (the whole of
a large body after its first screens): then the reader keeps their place and search.
*/
function replaceDocument(view: ViewportState, document: TextDocument, size: ViewSizes[ScrollableTab]): ViewportState {
	const fresh = createViewport(document, {...size, wrap: view.wrap});
	if (view.document.partial !== true) {
		return fresh;
	}

	// At the end of the preview (G), the reader wanted the end: the whole body's.
	if (isAtBottom(view)) {
		return viewportReducer(fresh, {type: 'bottom'});
	}

	const kept = {...fresh, scrollTop: view.scrollTop, left: view.left};
	return view.search === undefined ? kept : viewportReducer(kept, {type: 'search', query: view.search.query, regex: view.search.regex});
}

export const viewActions: Partial<Record<Command, ViewportAction>> = {
	'nav.down': {type: 'down'},
	'nav.up': {type: 'up'},
	'nav.pageDown': {type: 'pageDown'},
	'nav.pageUp': {type: 'pageUp'},
	'nav.top': {type: 'top'},
	'nav.bottom': {type: 'bottom'},
	'nav.left': {type: 'left'},
	'nav.right': {type: 'right'},
	'response.wrap': {type: 'toggleWrap'},
	'response.next': {type: 'nextMatch'},
	'response.previous': {type: 'previousMatch'},
};

/** The tab shown when it scrolls a document. */
export function scrollableTab(tab: Tab): ScrollableTab | undefined {
	return tab === 'timing' || tab === 'history' ? undefined : tab;
}

export function withView(state: PaneState, action: ViewportAction): PaneState {
	const tab = scrollableTab(state.tab);
	if (tab === undefined) {
		return state;
	}

	const view = state.views[tab];
	const next = viewportReducer(view, action);
	return next === view ? state : {...state, views: {...state.views, [tab]: next}};
}

export function switchTab(state: PaneState, step: 1 | -1): PaneState {
	const index = tabs.indexOf(state.tab);
	return {...state, tab: tabs[(index + step + tabs.length) % tabs.length]!};
}

