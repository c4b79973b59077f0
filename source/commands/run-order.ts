/**
The order of a `curlew run`: its requests one after the other, unless a request's scripts
asked otherwise (see RunControl). `setNextRequest(name)` jumps to that request of the
run's list, found as the CLI finds names; `setNextRequest(null)`, or a name the run does
not have, ends the iteration after this request, as newman does; `stopExecution` ends the
run. A setNextRequest loop could run for ever: past maxJumpsPerIteration jumps in one
iteration the run stops, as bru's does past 10,000.
*/
import type {Request} from '../core/model.js';
import type {RunControl} from '../core/session/session.js';
import {matchByNameOrId, namesOf} from '../core/store/find.js';

export const maxJumpsPerIteration = 10_000;

/** Where a run goes after a request. */
export type Move =
	/** On to the request at `index` of the run's list. */
	| {to: number}
	/** The iteration is over: its list is done, or a script ended it; `warning` says why when the script's wish could not be met. */
	| {end: 'iteration'; warning?: string}
	/** The run is over: `message` says why. */
	| {end: 'run'; reason: 'stopExecution' | 'too many jumps'; message: string};

/** One iteration's way through the run's list of requests. */
export class RunOrder {
	private jumps = 0;

	constructor(private readonly requests: readonly Request[]) {}

	/** Where the iteration goes after the request at `index`, its scripts having asked for `control`. */
	after(index: number, control: RunControl = {}): Move {
		const {name} = this.requests[index]!;
		if (control.stopExecution === true) {
			return {end: 'run', reason: 'stopExecution', message: `"${name}" stopped the run (stopExecution)`};
		}

		if (control.nextRequest === null) {
			return {end: 'iteration'};
		}

		if (control.nextRequest === undefined) {
			return index + 1 < this.requests.length ? {to: index + 1} : {end: 'iteration'};
		}

		const wanted = control.nextRequest;
		// The same request named twice on the command line is one request to jump to: its first place in the list.
		const matches = [...new Set(matchByNameOrId(this.requests, wanted))];
		if (matches.length !== 1) {
			const why = matches.length === 0 ? 'names no request of this run' : `matches ${matches.length} requests of this run and none exactly: ${namesOf(matches)}`;
			return {end: 'iteration', warning: `${name}: setNextRequest(${JSON.stringify(wanted)}) ${why}; this iteration ends here`};
		}

		this.jumps++;
		const target = matches[0]!;
		if (this.jumps > maxJumpsPerIteration) {
			return {
				end: 'run',
				reason: 'too many jumps',
				message: `stopped: setNextRequest jumped more than ${maxJumpsPerIteration.toLocaleString('en-US')} times in one iteration, which looks like an endless loop (the last from "${name}" to "${target.name}")`,
			};
		}

		return {to: this.requests.indexOf(target)};
	}
}
