import {formatSize} from '../../../core/http/format-size.js';
import {historyBodyCap} from '../../../core/store/history.js';
import type {KeptShown} from './shown-response.js';

/**
`sent 2026-11-23 21:04:12, 2 of 7 kept`: when the kept response shown was sent, and where it
stands (`last sent …` for the newest, shown by default). The history keeps the first MB of a
body, and says so.
*/
export function keptLabel({entry, place, count}: KeptShown, byDefault: boolean): string {
	// Swedish dates read as ISO 8601, in the local time zone.
	const sent = new Date(entry.time).toLocaleString('sv-SE');
	const cut = entry.bodyCut ? `, its first ${formatSize(historyBodyCap)} kept` : '';
	return byDefault ? `last sent ${sent}${cut}` : `sent ${sent}, ${place} of ${count} kept${cut}`;
}
