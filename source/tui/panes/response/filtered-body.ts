/**
A response body through a jq filter: the filter applied to each request (for the session),
and what the filter made of the response shown, which the body tab shows in the body's place.
jq runs off the key path (see core/jq/run-jq.ts): until it is done, the body tab says it runs.
*/
import type {HttpResponse} from '../../../core/http/types.js';
import type {FormattedBody} from './format-body.js';

export type FilterOutcome =
	| {kind: 'running'}
	/** `output`: what jq printed, as copied and saved; `body`: as shown (its start, while a large one is formatted whole). */
	| {kind: 'output'; output: Uint8Array; body: FormattedBody}
	| {kind: 'error'; message: string};

export type FilteredBody = {response: HttpResponse; filter: string; outcome: FilterOutcome};

/** The filter's outcome for this response, when it is the one `filtered` holds. */
export function filterOutcomeOf(filtered: FilteredBody | undefined, response: HttpResponse | undefined, filter: string | undefined): FilterOutcome | undefined {
	return filtered !== undefined && filter !== undefined && filtered.response === response && filtered.filter === filter ? filtered.outcome : undefined;
}
