/**
The history tab's rows: the request's kept responses, newest first, each with when it was
sent, its status, size and duration. A kept response never changes once written, so each is
read once per session for its row, however often the tab is drawn.
*/
import {formatDuration} from '../../../core/http/format-duration.js';
import {formatSize} from '../../../core/http/format-size.js';
import {oneLine} from '../../../core/visible-text.js';
import type {World} from '../../pipeline/world.js';

export type KeptRow = {name: string; sent: string; status: string; size: string; duration: string; failed: boolean};

const rows = new Map<string, KeptRow | undefined>();

function rowOf(world: World, requestId: string, name: string): KeptRow | undefined {
	const key = `${requestId}/${name}`;
	if (!rows.has(key)) {
		const entry = world.keptEntry(requestId, name);
		rows.set(key, entry === undefined ? undefined : {
			name,
			// Swedish dates read as ISO 8601, in the local time zone.
			sent: new Date(entry.time).toLocaleString('sv-SE'),
			status: oneLine(entry.result.kind === 'response' ? `${entry.result.status} ${entry.result.statusText}`.trim() : `failed: ${entry.result.code}`),
			size: entry.result.kind === 'response' ? formatSize(entry.result.size) : '',
			duration: formatDuration(entry.result.timings.total),
			failed: entry.result.kind === 'failure',
		});
	}

	return rows.get(key);
}

/** The request's kept responses as the history tab lists them, newest first; one that cannot be read is left out. */
export function keptRows(world: World, requestId: string): KeptRow[] {
	return world.keptNames(requestId).toReversed().flatMap(name => {
		const row = rowOf(world, requestId, name);
		return row === undefined ? [] : [row];
	});
}
