/**
Grapheme clusters, what a person sees as one character (👍🏽, 👨‍👩‍👧, 🇫🇷, e and U+0301), found
around one place of a line: the editors' cursor moves, deletes and is drawn by them.

Intl.Segmenter is only ever handed a small window of the line. Each of its answers costs
time in proportion to the text it was given (about 3 ms per step on a 1 MB line), and a
minified body is one line.
*/

const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});

/** Code units handed to the segmenter at first; the window doubles for a longer cluster. */
const windowSize = 64;

/** How far before a window a sure boundary is looked for (see `windowStart`). */
const sureBoundaryReach = 1024;

/** Where the cluster that starts at `offset` (a cluster boundary) ends. */
export function graphemeEnd(text: string, offset: number): number {
	if (offset >= text.length) {
		return text.length;
	}

	if (offset + 1 === text.length || isSureBoundary(text, offset + 1)) {
		return offset + 1;
	}

	for (let size = windowSize; ; size *= 2) {
		const end = codePointEnd(text, Math.min(text.length, offset + size));
		const {segment} = segmenter.segment(text.slice(offset, end)).containing(0)!;
		// The window's last cluster may go on past the window.
		if (offset + segment.length < end || end === text.length) {
			return offset + segment.length;
		}
	}
}

/** Where the cluster that holds the code unit at `index` starts; the text's length at its end. */
export function graphemeStart(text: string, index: number): number {
	if (index <= 0 || index >= text.length) {
		return Math.max(0, Math.min(index, text.length));
	}

	if (isSureBoundary(text, index)) {
		return index;
	}

	// Where a cluster starts depends on the text before it only: the window ends just after `index`.
	const end = codePointEnd(text, index + 1);
	for (let size = windowSize; ; size *= 2) {
		const {start, sure} = windowStart(text, index - size);
		const found = start + segmenter.segment(text.slice(start, end)).containing(index - start)!.index;
		// A cluster found to start where the window does may have started before it.
		if (sure || found > start) {
			return found;
		}
	}
}

/** The clusters of a short text, such as a row on screen. */
export function graphemesOf(text: string): string[] {
	const clusters: string[] = [];
	for (let offset = 0; offset < text.length;) {
		const end = graphemeEnd(text, offset);
		clusters.push(text.slice(offset, end));
		offset = end;
	}

	return clusters;
}

/**
Where to start segmenting so that every boundary found after that place is the text's own:
the nearest sure boundary at or before `from`. A line with none nearby (a long run of emoji
or of marks) starts near `from` on a character that joins nothing before it (no mark or
joiner, so no rule of UAX #29 needs to look back past it), at the start of its run of
regional indicators, whose pairing into flags counts from the run's start. Whether that
place is a boundary itself is not known (`sure` is false).
*/
function windowStart(text: string, from: number): {start: number; sure: boolean} {
	const lowest = Math.max(0, from - sureBoundaryReach);
	for (let offset = from; offset > lowest; offset--) {
		if (isSureBoundary(text, offset)) {
			return {start: offset, sure: true};
		}
	}

	if (lowest === 0) {
		return {start: 0, sure: true};
	}

	let start = isLowSurrogate(text.charCodeAt(from)) ? from - 1 : from;
	while (start > 0 && joiner.test(String.fromCodePoint(text.codePointAt(start)!))) {
		start -= isLowSurrogate(text.charCodeAt(start - 1)) ? 2 : 1;
	}

	while (start >= 2 && isRegionalIndicator(text.codePointAt(start - 2)!)) {
		start -= 2;
	}

	return {start, sure: start === 0};
}

/**
Whether a cluster surely ends between the code units at `offset - 1` and `offset`: the one
before takes nothing after it (Latin-1 but CR, a CJK ideograph), and the one after joins
nothing before it (it is no mark, joiner or half of a surrogate pair). Most text is made of
such pairs, so most steps need no segmenter at all.
*/
function isSureBoundary(text: string, offset: number): boolean {
	return takesNothingAfter(text.charCodeAt(offset - 1)) && joinsNothingBefore(text.charCodeAt(offset));
}

function takesNothingAfter(code: number): boolean {
	return (code < 0x3_00 && code !== 0x0D) || (code >= 0x34_00 && code <= 0x9F_FF);
}

// Extend, ZWJ and SpacingMark of UAX #29 are all among these; the few more are harmless.
const joiner = /[\p{M}\p{Cf}\p{Grapheme_Extend}\p{Emoji_Modifier}\u0E33\u0EB3]/u;

function joinsNothingBefore(code: number): boolean {
	return code < 0x3_00 || (!isSurrogate(code) && !joiner.test(String.fromCharCode(code)));
}

/** `end`, or one more when it would cut a surrogate pair. */
function codePointEnd(text: string, end: number): number {
	return end < text.length && isLowSurrogate(text.charCodeAt(end)) ? end + 1 : end;
}

function isSurrogate(code: number): boolean {
	return code >= 0xD8_00 && code <= 0xDF_FF;
}

function isLowSurrogate(code: number): boolean {
	return code >= 0xDC_00 && code <= 0xDF_FF;
}

function isRegionalIndicator(codePoint: number): boolean {
	return codePoint >= 0x1_F1_E6 && codePoint <= 0x1_F1_FF;
}
