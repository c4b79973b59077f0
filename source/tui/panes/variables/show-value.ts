/**
A variable's value on one row of the variables pane: compact, dates as ISO text,
secrets masked, cut in the middle with `…` to the terminal cells the row has left, so both
ends stay in sight (a URL's host and its path, a token's first and last characters).
*/
import stringWidth from 'string-width';
import {mask} from '../../../core/secrets.js';
import {makeVisible} from '../../../core/visible-text.js';
import type {Value} from '../../../core/values.js';

export type ShowValueOptions = {
	secret?: boolean;
	reveal?: boolean;
	/** Terminal cells the value may take. Default: no limit. */
	cells?: number;
};

const graphemes = new Intl.Segmenter();

export function showValue(value: Value, {secret, reveal, cells = Number.POSITIVE_INFINITY}: ShowValueOptions = {}): string {
	if (secret && !reveal) {
		return fitMiddle(mask, cells);
	}

	if (value instanceof Date) {
		return fitMiddle(value.toISOString(), cells);
	}

	return fitMiddle(compactText(value, cells), cells);
}

/** The text of frozen objects and arrays (all the store hands out), made once: a large value is drawn at every render. */
const texts = new WeakMap<object, string>();

/**
The value as compact JSON, made visible (JSON leaves C1 controls and bidi overrides raw). Of a
string much longer than the row, only both ends are written out: the middle is cut anyway.
*/
function compactText(value: Exclude<Value, Date>, cells: number): string {
	if (typeof value === 'string') {
		const end = 2 * cells + 8;
		if (value.length <= 2 * end) {
			return makeVisible(JSON.stringify(value));
		}

		return makeVisible(`${JSON.stringify(value.slice(0, end)).slice(0, -1)}${JSON.stringify(value.slice(-end)).slice(1)}`);
	}

	if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) {
		// Dates nested in objects and arrays become their ISO text through Date's toJSON.
		return makeVisible(JSON.stringify(value));
	}

	let text = texts.get(value);
	if (text === undefined) {
		text = makeVisible(JSON.stringify(value));
		texts.set(value, text);
	}

	return text;
}

/**
`text` whole when it fits in `cells` terminal cells, else its start and its end with `…`
between them. Only the graphemes at both ends are measured, so a large value costs no more
than a short one; a wide character that would straddle a half is left out, not split.
*/
export function fitMiddle(text: string, cells: number): string {
	if (cells === Number.POSITIVE_INFINITY || !exceeds(text, cells)) {
		return text;
	}

	if (cells < 2) {
		return cells < 1 ? '' : '…';
	}

	const room = cells - 1;
	const head = startWithin(text, Math.ceil(room / 2));
	const tail = endWithin(text, room - stringWidth(head));
	return `${head}…${tail}`;
}

/**
`text` whole when it fits in `cells` terminal cells, else cut to end in `…` within them.
Cut here by cell width: Ink's own cut lets a wide character that straddles the edge push
the `…` past it.
*/
export function fitCells(text: string, cells: number): string {
	if (cells === Number.POSITIVE_INFINITY || !exceeds(text, cells)) {
		return text;
	}

	return cells < 1 ? '' : `${startWithin(text, cells - 1)}…`;
}

/**
The part of `text` that `cells` cells could show: segmenting copies the whole text first, so
a value of megabytes is never segmented whole. A cell takes a code unit at least, and more
than 16 only in pathological clusters.
*/
function reach(cells: number): number {
	return (cells * 16) + 16;
}

/** Whether `text` takes more than `cells` cells, measuring no further than it must. */
function exceeds(text: string, cells: number): boolean {
	if (text.length > reach(cells)) {
		return true;
	}

	let used = 0;
	for (const {segment} of graphemes.segment(text)) {
		used += stringWidth(segment);
		if (used > cells) {
			return true;
		}
	}

	return false;
}

/** The longest start of `text` within `cells` cells, whole graphemes only. */
function startWithin(text: string, cells: number): string {
	let used = 0;
	let end = 0;
	for (const {segment, index} of graphemes.segment(text.slice(0, reach(cells)))) {
		used += stringWidth(segment);
		if (used > cells) {
			break;
		}

		end = index + segment.length;
	}

	return text.slice(0, end);
}

/** The longest end of `text` within `cells` cells, whole graphemes only. Only its last part is segmented. */
function endWithin(text: string, cells: number): string {
	const from = Math.max(0, text.length - reach(cells));
	// A cut through a cluster leaves a broken first segment: it is never among the last `cells` cells' graphemes unless the text is that short.
	const pieces = [...graphemes.segment(text.slice(from))].map(({segment}) => segment);
	let used = 0;
	let start = pieces.length;
	while (start > (from === 0 ? 0 : 1)) {
		const width = stringWidth(pieces[start - 1]!);
		if (used + width > cells) {
			break;
		}

		used += width;
		start--;
	}

	return pieces.slice(start).join('');
}
