/**
Every place a query occurs in a document's text, found in one scan when the search is
submitted (never per keystroke). Smart case, as in vim and less: a query with no capital
letter ignores case.
*/
export type Matches = {
	/** Start offsets in the text, ascending. */
	offsets: Uint32Array;
	/** Characters each match covers. */
	length: number;
	/** The scan stopped at `maxMatches`: there are more. */
	capped: boolean;
};

export const maxMatches = 1_000_000;

function escapeRegExp(text: string): string {
	return text.replaceAll(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

export function findMatches(text: string, query: string): Matches {
	let offsets = new Uint32Array(64);
	let count = 0;
	const add = (offset: number): void => {
		if (count === offsets.length) {
			const larger = new Uint32Array(offsets.length * 2);
			larger.set(offsets);
			offsets = larger;
		}

		offsets[count++] = offset;
	};

	if (query !== '') {
		if (query === query.toLowerCase() && query !== query.toUpperCase()) {
			// Case-insensitive matching in the original string keeps offsets exact (lowercasing first could change lengths).
			const pattern = new RegExp(escapeRegExp(query), 'gi');
			for (let match = pattern.exec(text); match !== null && count < maxMatches; match = pattern.exec(text)) {
				add(match.index);
			}
		} else {
			for (let offset = text.indexOf(query); offset !== -1 && count < maxMatches; offset = text.indexOf(query, offset + query.length)) {
				add(offset);
			}
		}
	}

	return {offsets: offsets.slice(0, count), length: query.length, capped: count >= maxMatches};
}
