/**
`curlew run <collection> [request...]`: sends requests from a collection exactly as the
TUI does (scripts, interpolation, send), in order, sharing runtime variables. Each body
goes to stdout as it arrives, so memory does not grow with it: byte for byte to a pipe or
a file; a terminal is shown its text with every control character as its picture, and no
binary body (`raw` writes the bytes there too). What each request came to goes to stderr
once its body is in (see reportRequest). As with newman and bru, a failed script, test or
4xx/5xx does not stop the run (`bail` does); the exit code is the worst of the run, and a
run of several requests ends with a summary (see RunSummary). When stdout cannot be
written, nothing more is sent; when its reader goes away (`| head`), nothing more is sent
either and the exit code is that of the responses received so far: what was read is all
the reader asked for.
*/
import type {Writable} from 'node:stream';
import type {Collection, Request} from '../core/model.js';
import {findEnvironment, Session, type Iteration, type SendOutcome} from '../core/session/session.js';
import {findCollectionByName, findOneByName, namesOf} from '../core/store/find.js';
import type {Store} from '../core/store/store.js';
import type {Value} from '../core/values.js';
import {oneLine} from '../core/visible-text.js';
import {BodyOutput} from './body-output.js';
import {exitCodes} from './exit-codes.js';
import {UsageError} from './parse-var.js';
import {reportRequest, type RequestVerdict} from './request-report.js';
import {readIterationData} from './iteration-data.js';
import {RunOrder, type Move} from './run-order.js';
import {RunSummary} from './run-summary.js';

export type RunOptions = {
	collection: string;
	requests: string[];
	/** The environment's name; null for none, undefined for the one last chosen in the TUI. */
	environment?: string | null;
	variables: Array<[string, Value]>;
	strict: boolean;
	/** Write each body's exact bytes to a terminal too (`--raw`). */
	raw?: boolean;
	/** Stop at the first request that fails (`--bail`), as newman and bru do. */
	bail?: boolean;
	/** How many times to run the requests (`--iterations`); by default once, or once per row of `data`. */
	iterations?: number;
	/** A CSV or JSON file of one row per iteration (`--data`): see readIterationData. */
	data?: string;
	signal?: AbortSignal;
	env?: Readonly<Record<string, string | undefined>>;
};

export type Output = {stdout: Writable; stderr: Writable};

export async function runCommand(store: Store, options: RunOptions, output: Output): Promise<number> {
	const collection = findCollectionByName(store.collections(), options.collection);
	const chosen = typeof options.environment === 'string' ? findInCollectionOrThrow(collection, collection.environments, 'environment', options.environment) : undefined;
	// Without --env, the environment chosen in the TUI, as the TUI would send; said on stderr, as it decides where requests go.
	const saved = options.environment === undefined ? findEnvironment(collection, store.settings().selectedEnvironments[collection.id]) : undefined;
	const environment = (chosen ?? saved)?.id;
	if (saved !== undefined) {
		output.stderr.write(`${oneLine(`Environment "${saved.name}", as chosen in the terminal UI (--env chooses another, --no-env none)`)}\n`);
	}

	const requests = options.requests.length === 0 ? collection.requests : options.requests.map(name => findInCollectionOrThrow(collection, collection.requests, 'request', name));
	if (requests.length === 0) {
		throw new UsageError(`Collection "${collection.name}" has no requests to run`);
	}

	const rows = options.data === undefined ? undefined : await readIterationData(options.data);
	const iterations = options.iterations ?? rows?.length ?? 1;
	const session = new Session(store);
	session.warmUp(collection, requests);
	for (const [name, value] of options.variables) {
		session.runtimeOf(collection).set(name, value);
	}

	const run = new CollectionRun(session, collection, requests, {...options, environment}, output);
	try {
		for (let index = 0; index < iterations && !run.stopped; index++) {
			// Past the data's last row, newman's way: the last row again.
			await run.iterate({index, count: iterations, data: rows?.[Math.min(index, rows.length - 1)] ?? {}});
		}
	} finally {
		await session.close();
	}

	return run.end();
}

type RunSettings = Omit<RunOptions, 'environment'> & {environment?: string};

/** A run under way: its requests in the order they go, what they came to, and when it stops. */
class CollectionRun {
	/** Set once the run cannot or must not go on. */
	stopped = false;
	private readonly began = performance.now();
	private readonly summary = new RunSummary();
	private exitCode: number = exitCodes.ok;
	private sent = 0;
	private readerGone = false;

	constructor(
		private readonly session: Session,
		private readonly collection: Collection,
		private readonly requests: readonly Request[],
		private readonly settings: RunSettings,
		private readonly output: Output,
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
			const {outcome, verdict} = await sendAndReport(this.session, this.collection, request, {...this.settings, iteration}, this.output);
			this.summary.add(request.name, verdict, several ? iteration.index + 1 : undefined);
			this.sent++;
			this.exitCode = Math.max(this.exitCode, verdict.code);
			const unsent: Unsent = {requests: this.requests.slice(index + 1), iterations: iteration.count - iteration.index - 1};
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
				this.stop(move.message, stopExecution ? unsent : {requests: [], iterations: 0}, stopExecution ? `by "${request.name}" (stopExecution)` : 'in an endless setNextRequest loop');
				index = undefined;
			}
		}
	}

	/** Writes the summary, if the run calls for one, and gives the run's exit code: the worst of its requests'. */
	end(): number {
		// A reader of stdout that went away has what it asked for: nothing more to say. One request's lines say all a summary would.
		if (!this.readerGone && (this.requests.length > 1 || this.sent > 1)) {
			this.output.stderr.write(['', ...this.summary.lines(performance.now() - this.began)].map(line => `${oneLine(line)}\n`).join(''));
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

	/** Stops the run, saying why on stderr with what it leaves unsent, and in the summary. */
	private stop(line: string, unsent: Unsent, why: string): void {
		const left = [
			...(unsent.requests.length > 0 ? [namesOf(unsent.requests)] : []),
			...(unsent.iterations > 0 ? [`${unsent.iterations.toLocaleString('en-US')} more iteration${unsent.iterations === 1 ? '' : 's'}`] : []),
		];
		this.say(`curlew: ${line}${left.length === 0 ? '' : `; not run: ${left.join(', and ')}`}`);
		this.summary.stoppedBecause(why);
		this.stopped = true;
	}

	private say(line: string): void {
		this.output.stderr.write(`${oneLine(line)}\n`);
	}
}

/** What a run that stops now leaves unsent: the rest of this iteration's list, and the iterations after it. */
type Unsent = {requests: readonly Request[]; iterations: number};

/** Sends `request` as the run's options say, its body to stdout as it arrives, then says on stderr what it came to. */
async function sendAndReport(session: Session, collection: Collection, request: Request, options: RunSettings & {iteration: Iteration}, output: Output): Promise<{outcome: SendOutcome; verdict: RequestVerdict}> {
	let body: BodyOutput | undefined;
	const outcome = await session.send(collection, request, {
		environment: options.environment,
		strict: options.strict,
		signal: options.signal,
		env: options.env,
		iteration: options.iteration,
		streamBody(chunk, head) {
			body ??= new BodyOutput(output.stdout, {contentType: contentTypeOf(head.headers), raw: options.raw === true});
			return body.write(chunk);
		},
	});
	// A body that was cut short by a failure ends here too, so the failure's line starts a line of its own.
	const written = await body?.end() ?? {refusedAsBinary: false};
	return {outcome, verdict: reportRequest(outcome, output.stderr, written)};
}

function contentTypeOf(headers: ReadonlyArray<[string, string]>): string {
	return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

/** One of `collection`'s requests or environments (`items`), by the CLI's name rule; a clear StoreError when none or several match. */
function findInCollectionOrThrow<T extends {id: string; name: string}>(collection: Collection, items: readonly T[], singular: 'request' | 'environment', name: string): T {
	return findOneByName(items, name, {
		kind: `${singular}s`,
		holder: `Collection "${collection.name}"`,
		missing() {
			const names = namesOf(items);
			const choices = names === '' ? (singular === 'environment' ? ': it has none' : '') : `: choose one of ${names}`;
			return `Collection "${collection.name}" has no ${singular} "${name}"${choices}`;
		},
	});
}
