/**
What `curlew run` says on stderr of one request once its body has gone to stdout: its
scripts' output, its warnings, its status line or the failure that stopped it, its tests.
Every line has its control characters shown as pictures and its secrets masked where a
value may show. What it comes to (its exit code, its failures, its tests) goes to the run's
summary.
*/
import type {Writable} from 'node:stream';
import {formatSize} from '../core/http/format-size.js';
import {describeDroppedCredentials} from '../core/http/redirect-credentials.js';
import {statusLine} from '../core/http/status-line.js';
import {listedProblems} from '../core/problem-list.js';
import {placeText} from '../core/problem-place.js';
import {maskSecrets} from '../core/secrets.js';
import type {SendOutcome} from '../core/session/session.js';
import {makeVisible, oneLine} from '../core/visible-text.js';
import type {BodyOutputEnd} from './body-output.js';
import {exitCodes} from './exit-codes.js';
import {describeWriteError, isReaderGone} from './write-output.js';

/** What one request came to. */
export type RequestVerdict = {
	/** The exit code it asks for: the run's is the worst of its requests'. */
	code: number;
	/** Why nothing more can be run: stdout cannot be written, or its reader has gone (`| head` has what it wanted). */
	stop?: 'stdout failed' | 'reader gone';
	/** What went wrong, a line each, secrets masked: the summary lists them under the request. */
	failures: string[];
	tests: {passed: number; failed: number};
	/** Its pre-request script asked to skip it (skipRequest): nothing was sent, and that is no failure. */
	skipped: boolean;
};

/** Says on stderr what `outcome` came to, its body having gone to stdout as it arrived (see `written`). */
export function reportRequest(outcome: SendOutcome, stderr: Writable, written: BodyOutputEnd): RequestVerdict {
	const write = (line: string) => stderr.write(`${oneLine(line)}\n`);
	const say = (line: string) => write(maskSecrets(line, outcome.secrets));
	const masked = (line: string) => maskSecrets(line, outcome.secrets);
	const {name} = outcome.request;
	const label = outcome.prepared ? `${outcome.prepared.method} ${shownUrl(outcome.prepared.url, outcome.secrets)}` : `${outcome.request.method} ${name}`;
	for (const log of outcome.logs) {
		// A script's own line breaks are kept (a pretty-printed object stays readable); nothing else reaches the terminal raw.
		const prefix = `[${log.source} ${log.level}] `;
		stderr.write(`${prefix}${makeVisible(masked(log.text), prefix.length)}\n`);
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

	// Tests of its scripts (pm.test, Bruno's test) fail the run as newman's and bru's do; a script may have run some before it failed.
	const tests = {passed: 0, failed: 0};
	const failedTests: string[] = [];
	for (const log of outcome.logs) {
		if (log.test === 'passed') {
			tests.passed++;
		} else if (log.test === 'failed') {
			tests.failed++;
			failedTests.push(masked(log.text));
		}
	}

	const countTests = () => {
		if (tests.passed + tests.failed > 0) {
			write(`${name}: tests: ${tests.passed} passed, ${tests.failed} failed`);
		}
	};

	const failed = (line: string): RequestVerdict => {
		countTests();
		say(`curlew: ${line}`);
		return {code: exitCodes.failure, failures: [...failedTests, masked(line)], tests, skipped: false};
	};

	if (outcome.refusal !== undefined) {
		return failed(`${name}: ${outcome.refusal}`);
	}

	if (outcome.result === undefined) {
		if (outcome.runControl?.skipRequest === true && outcome.scriptErrors.length === 0) {
			countTests();
			write(`${name}: skipped by its pre-request script (skipRequest)`);
			return {code: tests.failed > 0 ? exitCodes.testFailed : exitCodes.ok, failures: failedTests, tests, skipped: true};
		}

		return failed(outcome.scriptErrors[0]?.message ?? `${name} was not sent`);
	}

	if (outcome.notKept !== undefined) {
		say(`warning: ${name}: ${outcome.notKept}`);
	}

	if (outcome.result.kind === 'failure') {
		return failed(`${label}: ${outcome.result.message}`);
	}

	const response = outcome.result;
	const failures: string[] = [];
	let code: number = response.status >= 400 ? exitCodes.httpError : exitCodes.ok;
	say(`${label} → ${statusLine(response)}`);
	if (code !== exitCodes.ok) {
		failures.push(masked(response.statusText === '' ? String(response.status) : `${response.status} ${response.statusText}`));
	}

	if (response.truncated) {
		// The status line's "(truncated)" is easy to miss before a pipe reads a cut body as whole.
		write(`warning: ${name}: the body was cut at ${formatSize(response.size)}, the collection's maxResponseBytes: raise it in the collection settings to get it all`);
	}

	// As curl does: bytes a terminal would read as commands are not written to it, and the run goes on.
	if (written.refusedAsBinary) {
		say(`curlew: ${name}: the body is binary (${formatSize(response.size)}) and could garble the terminal: not shown; --raw writes it anyway, or pipe it (| xxd) or redirect it to a file (> body.bin)`);
		code = exitCodes.failure;
		failures.push(`the body is binary (${formatSize(response.size)}): not shown on the terminal (--raw shows it)`);
	}

	if (response.droppedOnRedirect !== undefined) {
		write(`warning: ${name}: dropped ${describeDroppedCredentials(response.droppedOnRedirect)}`);
	}

	// A reader of stdout that went away has what it asked for: nothing to say. Any other write error stops the run.
	let stop: RequestVerdict['stop'];
	if (written.error !== undefined) {
		stop = isReaderGone(written.error) ? 'reader gone' : 'stdout failed';
	}

	if (stop === 'stdout failed') {
		const line = `cannot write the response body to stdout: ${describeWriteError(written.error!)}`;
		say(`curlew: ${line}`);
		code = exitCodes.failure;
		failures.push(line);
	}

	countTests();
	if (tests.failed > 0) {
		code = Math.max(code, exitCodes.testFailed);
		failures.push(...failedTests);
	}

	// Every post-response script ran: each failure is a line of its own.
	for (const error of outcome.scriptErrors) {
		say(`curlew: ${error.message}`);
		code = exitCodes.failure;
		failures.push(masked(error.message));
	}

	return {code, ...(stop === undefined ? {} : {stop}), failures, tests, skipped: false};
}

/** A URL as sent: without its fragment, which never leaves curlew, its secrets masked before it is cut when very long (a value of megabytes). */
function shownUrl(url: URL, secrets: readonly string[]): string {
	const sent = maskSecrets(url.hash === '' ? url.href : url.href.slice(0, -url.hash.length), secrets);
	return sent.length > 2000 ? `${sent.slice(0, 2000)}… (${(sent.length - 2000).toLocaleString('en-US')} more characters)` : sent;
}
