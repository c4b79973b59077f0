/**
A `curlew run` under way. As with newman and bru, a failed script, test or 4xx/5xx does not
stop it (`bail` does), and its exit code is the worst of its requests'. Its requests go in
order unless their scripts ask otherwise (see RunOrder). A run of several requests ends
with a summary (see RunSummary). When stdout cannot be written, nothing more is sent; when
its reader goes away (`| head`), nothing more is sent either and the exit code is that of
the responses received so far: what was read is all the reader asked for.
*/
import type {Collection, Request} from '../core/model.js';
import {monotonicMs} from '../core/monotonic-clock.js';
import type {Iteration, SendOutcome, Session} from '../core/session/session.js';
import {namesOf} from '../core/store/find.js';
import {oneLine} from '../core/visible-text.js';
import {BodyOutput} from './body-output.js';
import {exitCodes} from './exit-codes.js';
import {reportRequest, type RequestVerdict} from './request-report.js';
import type {Output, RunOptions} from './run-options.js';
import {RunOrder, type Move} from './run-order.js';
import {RunSummary} from './run-summary.js';

/** The run's options, its environment found by id, and where its output goes. */
export type RunSettings = Omit<RunOptions, 'environment'> & {environment?: string; output: Output};

/** A run under way: its requests in the order they go, what they came to, and when it stops. */
export class CollectionRun {
	/** Set once the run cannot or must not go on. */
	stopped = false;
	private readonly began = monotonicMs();
	private readonly summary = new RunSummary();
	private exitCode: number = exitCodes.ok;
	private ran = 0;
	private readerGone = false;

	constructor(
		private readonly session: Session,
		private readonly collection: Collection,
		private readonly requests: readonly Request[],
		private readonly settings: RunSettings,
	) {}

	/** Runs the requests once, as their scripts order them (see RunOrder). */
	async iterate(iteration: Iteration): Promise<void> {
		const several = iteration.count > 1;
		this.summary.startIteration();
		if (several) {
			this.say(`Iteration ${iteration.index + 1} of ${iteration.count}`);
		}

		const order = new RunOrder(this.requests);
		let index: number | undefined = 0;
		while (index !== undefined) {
			const request: Request = this.requests[index]!;
			const {outcome, verdict} = await sendAndReport(this.session, this.collection, request, {...this.settings, iteration});
			this.summary.add(request.name, verdict, several ? iteration.index + 1 : undefined);
			this.ran++;
			this.exitCode = Math.max(this.exitCode, verdict.code);
			const unsent: Unsent = {after: index, iterations: iteration.count - iteration.index - 1};
			const move: Move = this.afterRequest(request, verdict, unsent) ?? order.after(index, outcome.runControl);
			if ('to' in move) {
				index = move.to;
			} else if (move.end === 'iteration') {
				if (move.warning !== undefined) {
					this.say(`warning: ${move.warning}`);
				}

				index = undefined;
			} else {
				if (move.reason === 'too many jumps') {
					this.exitCode = Math.max(this.exitCode, exitCodes.failure);
				}

				const stopExecution = move.reason === 'stopExecution';
				this.stop(move.message, stopExecution ? unsent : undefined, stopExecution ? `by "${request.name}" (stopExecution)` : 'in an endless setNextRequest loop');
				index = undefined;
			}
		}
	}

	/** Writes the summary, if the run calls for one, and gives the run's exit code: the worst of its requests'. */
	end(): number {
		// A reader of stdout that went away has what it asked for: nothing more to say. One request's lines say all a summary would.
		if (!this.readerGone && (this.requests.length > 1 || this.ran > 1)) {
			this.settings.output.stderr.write(['', ...this.summary.lines(monotonicMs() - this.began)].map(line => `${oneLine(line)}\n`).join(''));
		}

		return this.exitCode;
	}

	/** Whether the run stops after `request`, whatever its scripts asked: a move that ends it, or none. */
	private afterRequest(request: Request, verdict: RequestVerdict, unsent: Unsent): Move | undefined {
		// Stopped by ctrl+c, the run ends with what it has; the request's line said it was cancelled.
		if (this.settings.signal?.aborted === true) {
			this.stopped = true;
			this.summary.stoppedBecause('by ctrl+c');
		} else if (verdict.stop === 'reader gone') {
			this.stopped = true;
			this.readerGone = true;
		} else if (verdict.stop === 'stdout failed') {
			this.stop('stopped there', unsent, 'stdout cannot be written');
		} else if (this.settings.bail === true && verdict.code !== exitCodes.ok) {
			this.stop('stopped there (--bail)', unsent, `at the first failure (--bail): "${request.name}"`);
		}

		return this.stopped ? {end: 'iteration'} : undefined;
	}

	/** Stops the run, saying why on stderr with what it leaves unsent, if that is worth saying, and in the summary. */
	private stop(line: string, unsent: Unsent | undefined, why: string): void {
		const requests = unsent === undefined ? [] : this.requests.slice(unsent.after + 1);
		const iterations = unsent?.iterations ?? 0;
		const left = [
			...(requests.length > 0 ? [namesOf(requests)] : []),
			...(iterations > 0 ? [`${iterations.toLocaleString('en-US')} more iteration${iterations === 1 ? '' : 's'}`] : []),
		];
		this.say(`curlew: ${line}${left.length === 0 ? '' : `; not run: ${left.join(', and ')}`}`);
		this.summary.stoppedBecause(why);
		this.stopped = true;
	}

	private say(line: string): void {
		this.settings.output.stderr.write(`${oneLine(line)}\n`);
	}
}

/** What a run that stops now leaves unsent: this iteration's requests listed after the one at `after`, and the iterations after it. */
type Unsent = {after: number; iterations: number};

/** Sends `request` as the run's options say, its body to stdout as it arrives, then says on stderr what it came to. */
async function sendAndReport(session: Session, collection: Collection, request: Request, options: RunSettings & {iteration: Iteration}): Promise<{outcome: SendOutcome; verdict: RequestVerdict}> {
	let body: BodyOutput | undefined;
	const outcome = await session.send(collection, request, {
		environment: options.environment,
		strict: options.strict,
		signal: options.signal,
		env: options.env,
		iteration: options.iteration,
		streamBody(chunk, head) {
			body ??= new BodyOutput(options.output.stdout, {contentType: contentTypeOf(head.headers), raw: options.raw === true});
			return body.write(chunk);
		},
	});
	// A body that was cut short by a failure ends here too, so the failure's line starts a line of its own.
	const written = await body?.end() ?? {refusedAsBinary: false};
	return {outcome, verdict: reportRequest(outcome, options.output.stderr, written)};
}

function contentTypeOf(headers: ReadonlyArray<[string, string]>): string {
	return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}
