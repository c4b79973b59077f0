/**
Where the `{{placeholders}}` of one line stand, for colouring them as they are typed.

This is a display helper, not the interpolation scanner: it works on one line of an
unfinished template and only needs to be right about what is on screen. `\{{` is a
literal, as in the engine, and so is `{{` after any odd run of backslashes; after an even
run (`\\{{`, a backslash in text or an escaped one in a JSON string) the placeholder is live.
*/
import {backslashRunBefore} from '../core/interpolate/scan.js';

export type PlaceholderSpan = {
	/** First code point of `{{`. */
	readonly start: number;
	/** Code point just after `}}`. */
	readonly end: number;
	/** The path between the braces, trimmed: what the engine would resolve. */
	readonly expression: string;
};

export function placeholderSpans(line: string): PlaceholderSpan[] {
	const spans: PlaceholderSpan[] = [];
	const toCodePoints = codePointCounter(line);
	let open = line.indexOf('{{');
	while (open !== -1) {
		if (backslashRunBefore(line, open) % 2 === 1) {
			open = line.indexOf('{{', open + 2);
			continue;
		}

		const close = line.indexOf('}}', open + 2);
		if (close === -1) {
			break;
		}

		const reopened = line.lastIndexOf('{{', close);
		const start = reopened > open ? reopened : open;
		spans.push({
			start: toCodePoints(start),
			end: toCodePoints(close + 2),
			expression: line.slice(start + 2, close).trim(),
		});
		open = line.indexOf('{{', close + 2);
	}

	return spans;
}

/** UTF-16 offset to code point index, for offsets asked in increasing order: linear overall. */
function codePointCounter(text: string): (offset: number) => number {
	if (!/[\uD800-\uDFFF]/.test(text)) {
		return offset => offset;
	}

	let unit = 0;
	let index = 0;
	return offset => {
		for (; unit < offset; unit++) {
			const code = text.charCodeAt(unit);
			const isLowHalf = code >= 0xDC_00 && code <= 0xDF_FF && unit > 0;
			if (!isLowHalf) {
				index++;
			}
		}

		return index;
	};
}
