/**
What the UI shows again at the next start: the selected collection and request, the pane
with the keyboard, the request's and the response's tabs, and how the panes are arranged.
They are kept in the app settings (never in a collection), read at start, and written
when the app is left (quit, ctrl+z, a signal): moving around writes nothing.
*/
import type {AppSettings, ScreenSettings} from '../core/store/app-settings.js';
import {StoreUnavailableError} from '../core/store/store-error.js';
import type {Store} from '../core/store/store.js';
import {requestTabs, type AppState, type RememberedView, type RestoredView} from './app-state.js';
import {panes} from './keymap.js';
import {defaultArrangement, requestShareLimits} from './layout.js';
import {tabs as responseTabs} from './panes/response/pane-state.js';

export function rememberedViewOf(state: Pick<AppState<unknown>, 'selection' | 'focus' | 'requestTab' | 'response' | 'arrangement'>): RememberedView {
	return {
		collectionId: state.selection.collectionId,
		requestId: state.selection.requestId,
		pane: state.focus,
		requestTab: state.requestTab,
		responseTab: state.response?.tab ?? 'body',
		arrangement: state.arrangement,
	};
}

export function sameView(a: RememberedView, b: RememberedView): boolean {
	return a.collectionId === b.collectionId && a.requestId === b.requestId && a.pane === b.pane && a.requestTab === b.requestTab
		&& a.responseTab === b.responseTab && a.arrangement === b.arrangement;
}

/** The pane, tabs and arrangement of the settings, each that names what this UI has. */
export function restoredView({screen = {}}: Pick<AppSettings, 'screen'>): RestoredView {
	const known = <T extends string>(names: readonly T[], name: string | undefined): T | undefined => names.find(candidate => candidate === name);
	const share = screen.requestShare;
	return {
		focus: known(panes, screen.pane),
		requestTab: known(requestTabs, screen.requestTab),
		responseTab: known(responseTabs, screen.responseTab),
		arrangement: {
			zoomed: screen.zoomed ?? defaultArrangement.zoomed,
			sideBySide: screen.sideBySide ?? defaultArrangement.sideBySide,
			requestShare: share === undefined ? defaultArrangement.requestShare : Math.min(requestShareLimits.max, Math.max(requestShareLimits.min, share)),
		},
	};
}

/**
Writes the view to the app settings. A store that cannot be written to now (a full disk) is
passed over: which pane had the keyboard is not worth holding up quitting, as an unsaved
edit does.
*/
export function writeRememberedView(store: Store, view: RememberedView): void {
	const screen: ScreenSettings = {pane: view.pane, requestTab: view.requestTab, responseTab: view.responseTab, ...view.arrangement};
	try {
		store.updateSettings(settings => ({...settings, lastCollectionId: view.collectionId, lastRequestId: view.requestId, screen}));
	} catch (error) {
		if (!(error instanceof StoreUnavailableError)) {
			throw error;
		}
	}
}
