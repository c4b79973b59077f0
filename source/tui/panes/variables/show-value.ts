/**
A variable's value on one row of the variables pane: compact, dates as ISO text,
secrets masked, cut with `…` to the terminal cells the row has left.
*/
import stringWidth from 'string-width';
import {mask} from '../../../core/secrets.js';
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
		return fitCells(mask, cells);
	}

	if (value instanceof Date) {
		return fitCells(value.toISOString(), cells);
	}

	return fitCells(compactJson(value), cells);
}

/** The text of frozen objects and arrays (all the store hands out), made once: a large value is drawn at every render. */
const texts = new WeakMap<object, string>();

function compactJson(value: Exclude<Value, Date>): string {
	if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) {
		// Dates nested in objects and arrays become their ISO text through Date's toJSON.
		return JSON.stringify(value);
	}

	let text = texts.get(value);
	if (text === undefined) {
		text = JSON.stringify(value);
		texts.set(value, text);
	}

	return text;
}

/**
`text` whole when it fits in `cells` terminal cells, else cut to end in `…` within them.
Cut here by cell width: Ink's own cut lets a wide character that straddles the edge push
the `…` past it. Only the graphemes up to the edge are measured, so a large value costs
no more than a short one.
*/
export function fitCells(text: string, cells: number): string {
	if (cells === Number.POSITIVE_INFINITY) {
		return text;
	}

	let used = 0;
	// Where the `…` goes if the text does not fit: after the last grapheme that leaves a cell for it.
	let cut = 0;
	for (const {segment, index} of graphemes.segment(text)) {
		used += stringWidth(segment);
		if (used > cells) {
			return cells < 1 ? '' : `${text.slice(0, cut)}…`;
		}

		if (used < cells) {
			cut = index + segment.length;
		}
	}

	return text;
}
