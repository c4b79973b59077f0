/**
The response pane in its frame, for the selected request: the last outcome of this session,
or a response kept in the request's history (H and L step through it), named in the frame.
*/
import {useMemo} from 'react';
import {maskResult} from '../../core/secrets.js';
import {historyLimit, type StoredHistoryEntry} from '../../core/store/history.js';
import {useAppState, useCollections, useServices} from '../app-context.js';
import type {Command, Mode as KeymapMode} from '../keymap.js';
import {innerSize} from '../layout.js';
import {say, selectedNow, stateOf, type CommandContext} from '../panes/command-context.js';
import {PaneFrame} from '../panes/pane-frame.js';
import type {ConsoleEntry} from './console-entry.js';
import {historyIndexOf, keptResponse} from './kept-response.js';
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
	// A response kept in the history, when H stepped back to one or this session has not sent the request.
	const index = historyIndexOf(state.historyBack, last);
	const environmentId = collectionId === undefined ? undefined : state.environments[collectionId];
	// Read again when the shown response changes (a send, a step), not at each edit of the collection.
	const found = useMemo(() => requestId === undefined || index === undefined ? undefined : keptResponse(store.history, requestId, index), [store, requestId, index, last]);
	// Masked with the secrets of now, as a send's outcome is with those of its time.
	const kept = useMemo(() => found && collection && {...found, entry: {...found.entry, result: maskResult(found.entry.result, session.secrets(collection, environmentId))}}, [found, session, collection, environmentId]);
	const outcome = kept === undefined && index === undefined ? last : undefined;
	const consoleEntries: readonly ConsoleEntry[] = outcome?.logs ?? noEntries;
	const inFlight = state.inFlight?.requestId === requestId ? state.inFlight : undefined;
	const {width: innerWidth, height: innerHeight} = innerSize({left: 0, top: 0, width, height: height - 1});
	const name = outcome?.request.name ?? collection?.requests.find(request => request.id === requestId)?.name;
	const detail = kept === undefined ? outcome?.request.name : `${name ?? ''} · ${keptLabel(state.historyBack, kept)}`;
	const result = kept?.entry.result;
	return (
		<PaneFrame title="Response" detail={detail} focused={focused} width={width} height={height}>
			<ResponsePane
				// The history keeps the first MB of a body: a longer one shows as cut.
				result={result?.kind === 'response' && kept?.entry.bodyCut === true ? {...result, truncated: true} : result ?? outcome?.result}
				consoleEntries={consoleEntries}
				scriptError={outcome?.scriptError?.message}
				refusal={outcome?.refusal}
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

/** `sent 2026-11-23 21:04:12, 2 of 7 kept`: when the kept response shown was sent, and where it stands. */
function keptLabel(back: number, {entry, count}: {entry: StoredHistoryEntry; count: number}): string {
	// Swedish dates read as ISO 8601, in the local time zone.
	const sent = new Date(entry.time).toLocaleString('sv-SE');
	return back === 0 ? `last sent ${sent}` : `sent ${sent}, ${back + 1} of ${count} kept`;
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
	const back = state.historyBack + (command === 'history.older' ? 1 : -1);
	if (back < 0) {
		say(context, 'This is the last response');
		return;
	}

	const {history} = context.services.store;
	const last = state.outcomes[request.id];
	const index = historyIndexOf(back, last);
	if (index !== undefined && keptResponse(history, request.id, index) === undefined) {
		const none = last === undefined && keptResponse(history, request.id, 0) === undefined;
		say(context, none ? `No response of ${request.name} is kept yet` : `No older response of ${request.name} is kept: curlew keeps the last ${historyLimit}`);
		return;
	}

	context.container.dispatch({type: 'historyBack', back});
}
