/**
`curlew run <collection> [request...]`: sends requests from a collection exactly as the
TUI does (scripts, interpolation, send), in order, sharing runtime variables. Each body
goes to stdout as it arrives, so memory does not grow with it: byte for byte to a pipe or
a file; a terminal is shown its text with every control character as its picture, and no
binary body (`raw` writes the bytes there too). Status lines, warnings, errors and script
output go to stderr once the body is in, with every control character shown as its
picture (a reason phrase or a console line cannot retitle the terminal or write to the
clipboard), each status, warning and error on one line. A failure stops the run and names
the requests it leaves unsent. When the reader of stdout goes away (`| head`), nothing
more is sent and the exit code is that of the responses received so far: what was read is
all the reader asked for.
*/
import type {Writable} from 'node:stream';
import {formatSize} from '../core/http/format-size.js';
import {describeDroppedCredentials} from '../core/http/redirect-credentials.js';
import {statusLine} from '../core/http/status-line.js';
import type {Collection} from '../core/model.js';
import {listedProblems} from '../core/problem-list.js';
import {placeText} from '../core/problem-place.js';
import {maskSecrets} from '../core/secrets.js';
import {findEnvironment, Session, type SendOutcome} from '../core/session/session.js';
import {findCollectionByName, findOneByName, namesOf} from '../core/store/find.js';
import type {Store} from '../core/store/store.js';
import type {Value} from '../core/values.js';
import {makeVisible, oneLine} from '../core/visible-text.js';
import {exitCodes} from './exit-codes.js';
import {UsageError} from './parse-var.js';
import {BodyOutput, type BodyOutputEnd} from './body-output.js';
import {describeWriteError, isReaderGone} from './write-output.js';

export type RunOptions = {
	collection: string;
	requests: string[];
	/** The environment's name; null for none, undefined for the one last chosen in the TUI. */
	environment?: string | null;
	variables: Array<[string, Value]>;
	strict: boolean;
	/** Write each body's exact bytes to a terminal too (`--raw`). */
	raw?: boolean;
	signal?: AbortSignal;
	env?: Readonly<Record<string, string | undefined>>;
};

export type Output = {stdout: Writable; stderr: Writable};

/** What one request came to: the exit code it asks for, and why the run stops there, if it does. */
type Verdict = {code: number; stop?: 'failure' | 'reader gone'};

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

	let exitCode: number = exitCodes.ok;
	try {
		for (const [index, request] of requests.entries()) {
			let body: BodyOutput | undefined;
			const outcome = await session.send(collection, request, {
				environment,
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
			const {code, stop} = report(outcome, output.stderr, written);
			exitCode = Math.max(exitCode, code);
			const unsent = requests.slice(index + 1);
			// A reader of stdout that went away has what it asked for: nothing to say.
			if (stop === 'failure' && unsent.length > 0) {
				output.stderr.write(`${oneLine(`curlew: stopped there; not run: ${namesOf(unsent)}`)}\n`);
			}

			if (stop !== undefined) {
				break;
			}
		}
	} finally {
		await session.close();
	}

	return exitCode;
}

/** Says on stderr what `outcome` came to, its body having gone to stdout as it arrived (see `written`). */
function report(outcome: SendOutcome, stderr: Writable, written: BodyOutputEnd): Verdict {
	const write = (line: string) => stderr.write(`${oneLine(line)}\n`);
	const say = (line: string) => write(maskSecrets(line, outcome.secrets));
	const label = outcome.prepared ? `${outcome.prepared.method} ${shownUrl(outcome.prepared.url, outcome.secrets)}` : `${outcome.request.method} ${outcome.request.name}`;
	for (const log of outcome.logs) {
		// A script's own line breaks are kept (a pretty-printed object stays readable); nothing else reaches the terminal raw.
		const prefix = `[${log.source} ${log.level}] `;
		stderr.write(`${prefix}${makeVisible(maskSecrets(log.text, outcome.secrets), prefix.length)}\n`);
	}

	/*
	A problem in the request's own text names placeholders and variables, never a value:
	masking it would only garble words that contain a secret ("the ••••••ection"). One found
	inside a variable's value may quote that value, so it is masked. Past the first few, one
	line counts the rest.
	*/
	const {listed, rest} = listedProblems(outcome.problems);
	for (const problem of listed) {
		// A loop's message names its whole chain already.
		const through = problem.via.length > 0 && problem.kind !== 'cycle' ? ` (through ${problem.via.join(' → ')})` : '';
		const line = `warning: ${placeText(problem, outcome.edited ?? outcome.request)}: ${problem.message}${through}`;
		if (problem.via.length > 0) {
			say(line);
		} else {
			write(line);
		}
	}

	if (rest !== undefined) {
		write(`warning: ${rest}`);
	}

	// A URL value's shape: it quotes values, so it is masked.
	for (const warning of outcome.warnings ?? []) {
		say(`warning: ${warning}`);
	}

	const fail = (line: string): Verdict => {
		say(`curlew: ${line}`);
		return {code: exitCodes.failure, stop: 'failure'};
	};

	if (outcome.refusal !== undefined) {
		return fail(`${outcome.request.name}: ${outcome.refusal}`);
	}

	if (outcome.result === undefined) {
		return fail(outcome.scriptErrors[0]?.message ?? `${outcome.request.name} was not sent`);
	}

	if (outcome.notKept !== undefined) {
		say(`warning: ${outcome.request.name}: ${outcome.notKept}`);
	}

	if (outcome.result.kind === 'failure') {
		return fail(`${label}: ${outcome.result.message}`);
	}

	const response = outcome.result;
	const {error: writeError, refusedAsBinary} = written;
	say(`${label} → ${statusLine(response)}`);
	if (response.truncated) {
		// The status line's "(truncated)" is easy to miss before a pipe reads a cut body as whole.
		write(`warning: ${outcome.request.name}: the body was cut at ${formatSize(response.size)}, the collection's maxResponseBytes: raise it in the collection settings to get it all`);
	}

	// As curl does: bytes a terminal would read as commands are not written to it, and the run goes on.
	if (refusedAsBinary) {
		say(`curlew: ${outcome.request.name}: the body is binary (${formatSize(response.size)}) and could garble the terminal: not shown; --raw writes it anyway, or pipe it (| xxd) or redirect it to a file (> body.bin)`);
	}

	if (response.droppedOnRedirect !== undefined) {
		write(`warning: ${outcome.request.name}: dropped ${describeDroppedCredentials(response.droppedOnRedirect)}`);
	}

	if (writeError !== undefined && !isReaderGone(writeError)) {
		return fail(`cannot write the response body to stdout: ${describeWriteError(writeError)}`);
	}

	// Tests of its scripts (pm.test, Bruno's test): a count, and a failed one fails the run, as newman's and bru's do.
	const tests = outcome.logs.filter(log => log.test !== undefined);
	const failedTests = tests.filter(log => log.test === 'failed').length;
	if (tests.length > 0) {
		write(`${outcome.request.name}: tests: ${tests.length - failedTests} passed, ${failedTests} failed`);
	}

	// Every post-response script ran: each failure is a line of its own.
	if (outcome.scriptErrors.length > 0) {
		for (const error of outcome.scriptErrors.slice(0, -1)) {
			say(`curlew: ${error.message}`);
		}

		return fail(outcome.scriptErrors.at(-1)!.message);
	}

	const code = refusedAsBinary ? exitCodes.failure : response.status >= 400 ? exitCodes.httpError : failedTests > 0 ? exitCodes.testFailed : exitCodes.ok;
	return writeError === undefined ? {code} : {code, stop: 'reader gone'};
}

function contentTypeOf(headers: ReadonlyArray<[string, string]>): string {
	return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

/** A URL as sent: without its fragment, which never leaves curlew, its secrets masked before it is cut when very long (a value of megabytes). */
function shownUrl(url: URL, secrets: readonly string[]): string {
	const sent = maskSecrets(url.hash === '' ? url.href : url.href.slice(0, -url.hash.length), secrets);
	return sent.length > 2000 ? `${sent.slice(0, 2000)}… (${(sent.length - 2000).toLocaleString('en-US')} more characters)` : sent;
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
