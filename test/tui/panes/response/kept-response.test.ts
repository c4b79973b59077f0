import {describe, expect, it} from 'vitest';
import type {SendOutcome} from '../../../../source/core/session/session.js';
import {keptShownOf, stepKept} from '../../../../source/tui/panes/response/kept-response.js';

/** An outcome of this session: kept under `keptAs`, or sent nothing (refused, its script failed). */
function outcome(keptAs?: string): SendOutcome {
	return {request: {} as SendOutcome['request'], problems: [], logs: [], scriptErrors: [], secrets: [], ...(keptAs === undefined ? {} : {keptAs})};
}

/** Every step from what is shown first, one direction, until the end. */
function walk(names: string[], last: SendOutcome | undefined, direction: 'older' | 'newer', from?: string): Array<string | undefined> {
	const shown: Array<string | undefined> = [];
	let current = from;
	for (let step = stepKept(names, current, last, direction); step !== undefined; step = stepKept(names, current, last, direction)) {
		current = step.show;
		shown.push(current);
		if (current === undefined) {
			// Back at the outcome: what the pane shows by default.
			break;
		}
	}

	return shown;
}

describe('stepping through kept responses', () => {
	it('shows the newest kept when this session sent nothing, and steps to the oldest', () => {
		expect(keptShownOf(['a', 'b', 'c'], undefined, undefined)).toBe('c');
		expect(walk(['a', 'b', 'c'], undefined, 'older')).toEqual(['b', 'a']);
		expect(walk(['a', 'b', 'c'], undefined, 'newer', 'a')).toEqual(['b', 'c']);
		expect(stepKept(['a', 'b', 'c'], undefined, undefined, 'newer')).toBeUndefined();
	});

	it('puts this session\'s outcome in the place of its own kept response, and steps back to it', () => {
		expect(keptShownOf(['a', 'b', 'c'], undefined, outcome('c'))).toBeUndefined();
		expect(walk(['a', 'b', 'c'], outcome('c'), 'older')).toEqual(['b', 'a']);
		expect(walk(['a', 'b', 'c'], outcome('c'), 'newer', 'a')).toEqual(['b', undefined]);
	});

	it('puts an outcome that sent nothing after every kept response: the newest kept is one step back', () => {
		expect(walk(['a'], outcome(), 'older')).toEqual(['a']);
		expect(walk(['a'], outcome(), 'newer', 'a')).toEqual([undefined]);
	});

	it('reaches another window\'s later sends from this session\'s outcome, which stands where it was kept', () => {
		// This window sent m; another sent x and y after it.
		expect(walk(['m', 'x', 'y'], outcome('m'), 'older')).toEqual([]);
		expect(walk(['m', 'x', 'y'], outcome('m'), 'newer')).toEqual(['x', 'y']);
		expect(walk(['m', 'x', 'y'], outcome('m'), 'older', 'y')).toEqual(['x', undefined]);
	});

	it('takes no step from a kept response dropped past the limit', () => {
		expect(stepKept(['b', 'c'], 'a', undefined, 'older')).toBeUndefined();
		expect(stepKept(['b', 'c'], 'a', undefined, 'newer')).toBeUndefined();
	});
});
