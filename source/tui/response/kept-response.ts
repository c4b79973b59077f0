/**
The responses of a request kept in its history, as the response pane steps through them
(H and L): `back` counts from what the pane shows first, the last outcome of this session,
or with none, the newest kept response (so a request sent before a restart shows its
last response).
*/
import type {SendOutcome} from '../../core/session/session.js';
import type {ResponseHistory, StoredHistoryEntry} from '../../core/store/history.js';

/**
Where `back` reads: the session's outcome itself (undefined), or an index in the history.
An outcome with a result is the history's newest entry; one without (refused, its script
failed) sent nothing, so the history starts one step further.
*/
export function historyIndexOf(back: number, outcome: SendOutcome | undefined): number | undefined {
	if (outcome === undefined) {
		return back;
	}

	if (back === 0) {
		return undefined;
	}

	return outcome.result === undefined ? back - 1 : back;
}

/** The kept response at `index`, with how many are kept; undefined when there is none, or the history cannot be read. */
export function keptResponse(history: ResponseHistory, requestId: string, index: number): {entry: StoredHistoryEntry; count: number} | undefined {
	try {
		return history.at(requestId, index);
	} catch {
		// A history that cannot be read (a folder with no permission) shows no kept response; sending still works and says why.
		return undefined;
	}
}
