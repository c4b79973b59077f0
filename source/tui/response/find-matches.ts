/**
Every place a query occurs in a document's text, found in one scan when the search is
submitted (never per keystroke). Smart case, as in vim and less: a query with no capital
letter ignores case. A large body's text is never held whole: it is made and searched a
few thousand lines at a time.
*/
import {lineCount, type TextDocument} from './text-document.js';

export type Matches = {
	/** Start offsets in the text, ascending. */
	offsets: Uint32Array;
	/** Characters each match covers. */
	length: number;
	/** The scan stopped at `maxMatches`: there are more. */
	capped: boolean;
};

export const maxMatches = 1_000_000;

/** Lines made and searched at a time. */
const linesPerScan = 4096;

function escapeRegExp(text: string): string {
	return text.replaceAll(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

export function findMatches(document: TextDocument, query: string): Matches {
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

	// Case-insensitive matching in the original string keeps offsets exact (lowercasing first could change lengths).
	const pattern = query === query.toLowerCase() && query !== query.toUpperCase() ? new RegExp(escapeRegExp(query), 'gi') : undefined;
	/** The first match at or after `from` in `text`, not overlapping the last one found. */
	const next = (text: string, from: number): number => {
		if (pattern === undefined) {
			return text.indexOf(query, from);
		}

		pattern.lastIndex = from;
		return pattern.exec(text)?.index ?? -1;
	};

	// The end of each piece of text is searched again with the next one, so a match across the two is found (a query may hold a newline).
	let carried = '';
	let carriedStart = 0;
	/** Matches never overlap: the next may start no earlier than the last one's end. */
	let allowedFrom = 0;
	const lines = lineCount(document);
	for (let from = 0; query !== '' && from < lines && count < maxMatches; from += linesPerScan) {
		const piece = document.lines(from, Math.min(lines, from + linesPerScan)).join('\n');
		const text = from === 0 ? piece : `${carried}\n${piece}`;
		const textStart = from === 0 ? 0 : carriedStart;
		for (let offset = next(text, Math.max(0, allowedFrom - textStart)); offset !== -1 && count < maxMatches; offset = next(text, offset + query.length)) {
			add(textStart + offset);
			allowedFrom = textStart + offset + query.length;
		}

		const keep = Math.min(text.length, query.length - 1);
		carried = text.slice(text.length - keep);
		carriedStart = textStart + text.length - keep;
	}

	return {offsets: offsets.slice(0, count), length: query.length, capped: count >= maxMatches};
}
