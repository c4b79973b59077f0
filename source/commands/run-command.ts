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
import {findEnvironment, Session, type SendOutcome} from '../core/session/session.js';
import {findCollectionByName, findOneByName, namesOf} from '../core/store/find.js';
import type {Store} from '../core/store/store.js';
import type {Value} from '../core/values.js';
import {oneLine} from '../core/visible-text.js';
import {BodyOutput} from './body-output.js';
import {exitCodes} from './exit-codes.js';
import {UsageError} from './parse-var.js';
import {reportRequest, type RequestVerdict} from './request-report.js';
import {RunOrder} from './run-order.js';
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

	const session = new Session(store);
	session.warmUp(collection, requests);
	for (const [name, value] of options.variables) {
		session.runtimeOf(collection).set(name, value);
	}

	const began = performance.now();
	const summary = new RunSummary();
	let exitCode: number = exitCodes.ok;
	let sent = 0;
	let stop: RequestVerdict['stop'];
	const stopWith = (line: string, unsent: readonly Request[], why: string) => {
		const notRun = unsent.length === 0 ? '' : `; not run: ${namesOf(unsent)}`;
		output.stderr.write(`${oneLine(`curlew: ${line}${notRun}`)}\n`);
		summary.stoppedBecause(why);
	};

	try {
		const order = new RunOrder(requests);
		let index: number | undefined = 0;
		while (index !== undefined) {
			const request = requests[index]!;
			const {outcome, verdict} = await sendAndReport(session, collection, request, {...options, environment}, output);
			summary.add(request.name, verdict);
			sent++;
			exitCode = Math.max(exitCode, verdict.code);
			stop = verdict.stop;
			const unsent = requests.slice(index + 1);
			// Stopped by ctrl+c, the run ends with what it has; the request's line said it was cancelled.
			if (options.signal?.aborted === true) {
				summary.stoppedBecause('by ctrl+c');
				break;
			}

			if (stop === 'reader gone') {
				break;
			}

			if (stop === 'stdout failed') {
				stopWith('stopped there', unsent, 'stdout cannot be written');
				break;
			}

			if (options.bail === true && verdict.code !== exitCodes.ok) {
				stopWith('stopped there (--bail)', unsent, `at the first failure (--bail): "${request.name}"`);
				break;
			}

			const move = order.after(index, outcome.runControl);
			if ('to' in move) {
				index = move.to;
			} else if (move.end === 'iteration') {
				if (move.warning !== undefined) {
					output.stderr.write(`${oneLine(`warning: ${move.warning}`)}\n`);
				}

				index = undefined;
			} else {
				if (move.reason === 'too many jumps') {
					exitCode = Math.max(exitCode, exitCodes.failure);
				}

				stopWith(move.message, move.reason === 'stopExecution' ? unsent : [], move.reason === 'stopExecution' ? `by "${request.name}" (stopExecution)` : 'in an endless setNextRequest loop');
				break;
			}
		}
	} finally {
		await session.close();
	}

	// A reader of stdout that went away has what it asked for: nothing more to say. One request's lines say all a summary would.
	if (stop !== 'reader gone' && (requests.length > 1 || sent > 1)) {
		output.stderr.write(['', ...summary.lines(performance.now() - began)].map(line => `${oneLine(line)}\n`).join(''));
	}

	return exitCode;
}

/** Sends `request` as the run's options say, its body to stdout as it arrives, then says on stderr what it came to. */
async function sendAndReport(session: Session, collection: Collection, request: Request, options: RunOptions & {environment?: string}, output: Output): Promise<{outcome: SendOutcome; verdict: RequestVerdict}> {
	let body: BodyOutput | undefined;
	const outcome = await session.send(collection, request, {
		environment: options.environment,
		strict: options.strict,
		signal: options.signal,
		env: options.env,
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
