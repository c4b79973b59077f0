/**
The response pane in its frame, for the selected request: the last outcome of this session,
or a response kept in the request's history (H and L step through it), named in the frame.
*/
import {useMemo} from 'react';
import {maskResult} from '../../core/secrets.js';
import {formatSize} from '../../core/http/format-size.js';
import {historyBodyCap, historyLimit, type StoredHistoryEntry} from '../../core/store/history.js';
import {useAppState, useCollections, useServices} from '../app-context.js';
import type {Command, Mode as KeymapMode} from '../keymap.js';
import {innerSize} from '../layout.js';
import {say, selectedNow, stateOf, type CommandContext} from '../panes/command-context.js';
import {PaneFrame} from '../panes/pane-frame.js';
import type {ConsoleEntry} from './console-entry.js';
import {keptEntry, keptNames, keptShownOf, stepKept} from './kept-response.js';
import {ResponsePane, type ResponseKeysRef} from './response-pane.js';

export type ResponseSlotProps = {
	width: number;
	height: number;
	focused: boolean;
	onMessage: (text: string, tone: 'info' | 'error') => void;
	onModeChange: (mode: KeymapMode) => void;
	keys: ResponseKeysRef;
};

export function ResponseSlot({width, height, focused, onMessage, onModeChange, keys}: ResponseSlotProps) {
	const state = useAppState();
	const {store, session} = useServices();
	const collections = useCollections();
	const {requestId, collectionId} = state.selection;
	const collection = collections.find(candidate => candidate.id === collectionId);
	const last = requestId === undefined ? undefined : state.outcomes[requestId];
	const environmentId = collectionId === undefined ? undefined : state.environments[collectionId];
	// Read again when what is shown may change (a send, a step), not at each edit of the collection.
	const found = useMemo(() => {
		if (requestId === undefined || (last !== undefined && state.keptShown === undefined)) {
			return undefined;
		}

		const names = keptNames(store.history, requestId);
		const shown = keptShownOf(names, state.keptShown, last);
		const entry = shown === undefined ? undefined : keptEntry(store.history, requestId, shown);
		return entry && {entry, place: names.length - names.indexOf(shown!), count: names.length};
	}, [store, requestId, last, state.keptShown]);
	// Masked with the secrets of now, as a send's outcome is with those of its time.
	const kept = useMemo(() => found && collection && {...found, entry: {...found.entry, result: maskResult(found.entry.result, session.secrets(collection, environmentId))}}, [found, session, collection, environmentId]);
	const outcome = state.keptShown === undefined ? last : undefined;
	const consoleEntries: readonly ConsoleEntry[] = outcome?.logs ?? noEntries;
	const scriptErrors = useMemo(() => outcome?.scriptErrors.map(error => error.message), [outcome]);
	const inFlight = state.inFlight?.requestId === requestId ? state.inFlight : undefined;
	const {width: innerWidth, height: innerHeight} = innerSize({left: 0, top: 0, width, height: height - 1});
	const name = outcome?.request.name ?? collection?.requests.find(request => request.id === requestId)?.name;
	const detail = kept === undefined ? outcome?.request.name : `${name ?? ''} · ${keptLabel(kept, state.keptShown === undefined)}`;
	return (
		<PaneFrame title="Response" detail={detail} focused={focused} width={width} height={height}>
			<ResponsePane
				result={kept?.entry.result ?? outcome?.result}
				consoleEntries={consoleEntries}
				scriptErrors={scriptErrors}
				refusal={outcome?.refusal}
				scriptTimes={outcome?.scriptTimes}
				inFlight={inFlight}
				width={innerWidth}
				height={innerHeight}
				onMessage={onMessage}
				onModeChange={onModeChange}
				keysRef={keys}
			/>
		</PaneFrame>
	);
}

const noEntries: readonly ConsoleEntry[] = [];

/**
`sent 2026-11-23 21:04:12, 2 of 7 kept`: when the kept response shown was sent, and where it
stands (`last sent …` for the newest, shown by default). The history keeps the first MB of a
body, and says so.
*/
function keptLabel({entry, place, count}: {entry: StoredHistoryEntry; place: number; count: number}, byDefault: boolean): string {
	// Swedish dates read as ISO 8601, in the local time zone.
	const sent = new Date(entry.time).toLocaleString('sv-SE');
	const cut = entry.bodyCut ? `, its first ${formatSize(historyBodyCap)} kept` : '';
	return byDefault ? `last sent ${sent}${cut}` : `sent ${sent}, ${place} of ${count} kept${cut}`;
}

/** H and L: the selected request's next older or newer response, saying so at either end. */
export function handleResponseCommand(command: Command, context: CommandContext): void {
	if (command !== 'history.older' && command !== 'history.newer') {
		return;
	}

	const {request} = selectedNow(context);
	if (request === undefined) {
		say(context, 'No request selected: pick one in the collections pane', 'warning');
		return;
	}

	const state = stateOf(context);
	if (state.inFlight?.requestId === request.id) {
		say(context, `${request.name} is in flight: its response shows here when it comes (ctrl+c cancels it)`, 'warning');
		return;
	}

	const last = state.outcomes[request.id];
	const names = keptNames(context.services.store.history, request.id);
	if (names.length === 0 && last === undefined) {
		say(context, `No response of ${request.name} is kept yet`);
		return;
	}

	const step = stepKept(names, state.keptShown, last, command === 'history.older' ? 'older' : 'newer');
	if (step === undefined) {
		const full = names.length >= historyLimit ? `: curlew keeps the last ${historyLimit}` : '';
		say(context, command === 'history.older' ? `No older response of ${request.name} is kept${full}` : 'This is the last response');
		return;
	}

	context.container.dispatch({type: 'showKept', name: step.show});
}
