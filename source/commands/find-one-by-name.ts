import {ambiguousNameMessage, matchByNameOrId} from '../core/store/find.js';
import {UsageError} from './parse-var.js';

export type NameLookup = {
	/** What the items are, plural: `requests`. */
	kind: string;
	/** Who holds them, as a sentence starts: `Collection "API"`, `The store`. */
	holder: string;
	/** The error when nothing matches: it lists what there is. */
	missing: () => Error;
};

/**
The one item of `items` that `name` means: its id or exact name, else the only one that
matches ignoring case, else the only one with that slug (`get-user`). When several match
and none exactly ("Get user" and "get user" for `GET USER`), running one of them would be
a guess: a UsageError lists them instead.
*/
export function findOneByName<T extends {id: string; name: string}>(items: readonly T[], name: string, {kind, holder, missing}: NameLookup): T {
	const matches = matchByNameOrId(items, name);
	if (matches.length === 0) {
		throw missing();
	}

	if (matches.length > 1) {
		throw new UsageError(ambiguousNameMessage(holder, kind, name, matches));
	}

	return matches[0]!;
}
