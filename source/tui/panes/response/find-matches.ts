/**
Every place a query occurs in a document's text, found in one scan when the search is
submitted (never per keystroke). Smart case, as in vim, less and ripgrep: a query with no
capital letter ignores case, one with a capital matches it exactly. A query is the text as
typed, or with `regex` a JavaScript regular expression (a capital in an escape such as `\S`
is not a letter of the text, and does not make it exact).
*/
export type Matches = {
	/** Start offsets in the text, ascending. */
	offsets: Uint32Array;
	/** End offsets, one per match: a regular expression's matches differ in length. */
	ends: Uint32Array;
	/** The scan stopped at `maxMatches`: there are more. */
	capped: boolean;
};

export const maxMatches = 1_000_000;

function escapeRegExp(text: string): string {
	return text.replaceAll(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Whether the query asks for case to match: it has a capital letter (in a regular expression, outside its escapes). */
export function matchesCase(query: string, regex: boolean): boolean {
	const letters = regex ? query.replaceAll(/\\./gu, '') : query;
	return letters !== letters.toLowerCase();
}

/** Why `query` is no regular expression, in the engine's words; undefined when it is one. */
export function regexProblem(query: string): string | undefined {
	try {
		new RegExp(query, 'u');
		return undefined;
	} catch (error) {
		return (error as Error).message.replace(/^Invalid regular expression: /, '');
	}
}

export function findMatches(text: string, query: string, regex = false): Matches {
	let offsets = new Uint32Array(64);
	let ends = new Uint32Array(64);
	let count = 0;
	const add = (offset: number, end: number): void => {
		if (count === offsets.length) {
			const larger = new Uint32Array(offsets.length * 2);
			larger.set(offsets);
			offsets = larger;
			const largerEnds = new Uint32Array(ends.length * 2);
			largerEnds.set(ends);
			ends = largerEnds;
		}

		offsets[count] = offset;
		ends[count++] = end;
	};

	if (query !== '' && (!regex || regexProblem(query) === undefined)) {
		const exact = matchesCase(query, regex);
		if (!regex && exact) {
			for (let offset = text.indexOf(query); offset !== -1 && count < maxMatches; offset = text.indexOf(query, offset + query.length)) {
				add(offset, offset + query.length);
			}
		} else {
			// Matching in the original string keeps offsets exact (lowercasing first could change lengths). `m`: ^ and $ are a line's.
			const pattern = new RegExp(regex ? query : escapeRegExp(query), exact ? 'gmu' : 'gimu');
			for (let match = pattern.exec(text); match !== null && count < maxMatches; match = pattern.exec(text)) {
				if (match[0] === '') {
					// An empty match (`^`, `x*`) marks nothing; stepping past it keeps the scan going.
					pattern.lastIndex++;
					continue;
				}

				add(match.index, match.index + match[0].length);
			}
		}
	}

	return {offsets: offsets.slice(0, count), ends: ends.slice(0, count), capped: count >= maxMatches};
}
