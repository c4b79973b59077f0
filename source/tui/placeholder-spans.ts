/**
Where the `{{placeholders}}` of one line stand, for colouring them as they are typed.

This is a display helper, not the interpolation scanner: it works on one line of an
unfinished template and only needs to be right about what is on screen. `\{{` is a
literal, as in the engine, and so is `{{` after any odd run of backslashes; after an even
run (`\\{{`, a backslash in text or an escaped one in a JSON string) the placeholder is live.
*/
import {backslashRunBefore} from '../core/interpolate/scan.js';

export type PlaceholderSpan = {
	/** UTF-16 offset of `{{`. */
	readonly start: number;
	/** UTF-16 offset just after `}}`. */
	readonly end: number;
	/** The path between the braces, trimmed: what the engine would resolve. */
	readonly expression: string;
};

/**
The placeholders of `line` that overlap UTF-16 offsets [`from`, `to`): all of them by
default. The cost follows the window, not the line: a minified body of one line holds
a hundred thousand placeholders, of which a row shows a few.
*/
export function placeholderSpans(line: string, from = 0, to = line.length): PlaceholderSpan[] {
	const spans: PlaceholderSpan[] = [];
	let open = line.indexOf('{{', scanStart(line, from));
	while (open !== -1 && open < to) {
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
		if (close + 2 > from && start < to) {
			spans.push({start, end: close + 2, expression: line.slice(start + 2, close).trim()});
		}

		open = line.indexOf('{{', close + 2);
	}

	return spans;
}

/**
Where a scan for the placeholders at `from` may start: right after the last `}}` that ends
by then. A `}}` closes whatever `{{` was open before it, so a scan of the whole line is
looking for a fresh `{{` there too: both find the same placeholders from that point on,
and none before it reaches `from`.
*/
function scanStart(line: string, from: number): number {
	const close = from < 2 ? -1 : line.lastIndexOf('}}', from - 2);
	return close === -1 ? 0 : close + 2;
}
