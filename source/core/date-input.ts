/**
A date as a person types it: an ISO 8601 date-time, or a moment relative to the clock:
`now`, `today` (this day's midnight, local time), and offsets from now such as `+1h`, `-2d`,
`+30m`, which may follow `now` or `today` and each other (`today +9h`, `+1d2h`).
*/
import {readIsoDateTime, type IsoDateReading} from './values.js';

const unitMilliseconds: Readonly<Record<string, number>> = {
	s: 1000,
	m: 60 * 1000,
	h: 60 * 60 * 1000,
	d: 24 * 60 * 60 * 1000,
	w: 7 * 24 * 60 * 60 * 1000,
};

const amount = String.raw`\s*\d+\s*[smhdw]`;
/** A sign and amounts of time: `+1d2h` is a day and two hours. */
const signedRun = String.raw`\s*[+-](?:${amount})+`;
const relative = new RegExp(String.raw`^(?<base>now|today)?(?<offsets>(?:${signedRun})*)$`, 'i');
const runs = new RegExp(signedRun, 'gi');
const amounts = /(\d+)\s*([smhdw])/gi;

export const dateInputExamples = 'an ISO 8601 date-time such as 2024-01-31T12:00:00Z, or now, today, +1h, -2d, +30m (units s, m, h, d, w)';

/** Reads `text` as a date, relative words and offsets counted from `now`. */
export function readDateInput(text: string, now: Date = new Date()): IsoDateReading {
	const trimmed = text.trim();
	const match = relative.exec(trimmed);
	const {base, offsets = ''} = match?.groups ?? {};
	// An offset may come without a base, but there must be one or the other.
	if (match === null || (base === undefined && offsets === '')) {
		const iso = readIsoDateTime(trimmed);
		return iso.date === undefined && !/^[+-]?\d{4,6}-/.test(trimmed) ? {problem: `${JSON.stringify(text)} is not a date: type ${dateInputExamples}`} : iso;
	}

	let time = base?.toLowerCase() === 'today' ? startOfDay(now) : now.getTime();
	for (const [run] of offsets.matchAll(runs)) {
		const sign = run.trim().startsWith('-') ? -1 : 1;
		for (const [, count, unit] of run.matchAll(amounts)) {
			time += sign * Number(count) * unitMilliseconds[unit!.toLowerCase()]!;
		}
	}

	const date = new Date(time);
	return Number.isNaN(date.getTime()) ? {problem: `${JSON.stringify(text)} is beyond the dates there are (up to +275760-09-13)`} : {date};
}

function startOfDay(now: Date): number {
	const day = new Date(now.getTime());
	day.setHours(0, 0, 0, 0);
	return day.getTime();
}
