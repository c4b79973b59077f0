/**
The responses of a request kept in its history, as the response pane steps through them
(H and L), oldest first: the kept ones of every window, with this session's last outcome
in the place of its own (or after them all, when it was not kept). The pane shows the
outcome, or with none the newest kept response, until a step names another.
*/
import type {SendOutcome} from '../../../core/session/session.js';
import type {ResponseHistory, StoredHistoryEntry} from '../../../core/store/history.js';

/** A name of the history, or undefined for this session's last outcome. */
type Step = string | undefined;

function sequence(names: readonly string[], outcome: SendOutcome | undefined): Step[] {
	if (outcome === undefined) {
		return [...names];
	}

	const own = outcome.keptAs === undefined ? -1 : names.indexOf(outcome.keptAs);
	return own === -1 ? [...names, undefined] : names.map((name, index) => index === own ? undefined : name);
}

/** The name of the kept response shown, or undefined when the pane shows the session's outcome (or nothing). */
export function keptShownOf(names: readonly string[], keptShown: string | undefined, outcome: SendOutcome | undefined): string | undefined {
	return keptShown ?? (outcome === undefined ? names.at(-1) : undefined);
}

/** One step older or newer from what is shown: what to show then, or undefined at that end. */
export function stepKept(names: readonly string[], keptShown: string | undefined, outcome: SendOutcome | undefined, direction: 'older' | 'newer'): {show: Step} | undefined {
	const steps = sequence(names, outcome);
	const shown = keptShownOf(names, keptShown, outcome);
	const at = steps.indexOf(shown);
	const next = at === -1 ? -1 : at + (direction === 'older' ? -1 : 1);
	return next < 0 || next >= steps.length ? undefined : {show: steps[next]};
}

/** The names of the request's kept responses; none when the history cannot be read (a folder with no permission): sending still works, and says why. */
export function keptNames(history: ResponseHistory, requestId: string): string[] {
	try {
		return history.names(requestId);
	} catch {
		return [];
	}
}

/** The kept response of that name; undefined when it is gone or cannot be read. */
export function keptEntry(history: ResponseHistory, requestId: string, name: string): StoredHistoryEntry | undefined {
	try {
		return history.read(requestId, name);
	} catch {
		return undefined;
	}
}

/** The request's kept jq filters; none when they cannot be read: filtering still works. */
export function keptFilters(history: ResponseHistory, requestId: string): string[] {
	try {
		return history.filters(requestId);
	} catch {
		return [];
	}
}
