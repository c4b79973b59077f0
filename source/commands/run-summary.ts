/**
The summary `curlew run` ends with on stderr: a few lines a person reads at the end of a
terminal or a CI log, in the spirit of bru's (`Requests:  5 passed, 1 failed, 6 total`),
then what failed, by request:

    Requests:    5 passed, 2 failed, 1 skipped, 8 total
    Tests:       12 passed, 2 failed, 14 total
    Time:        1.24 s
    Failures:
      Get user
        404 Not Found
        ✗ is 200: expected 404 to equal 200
      Log in
        Pre-request script of "Log in" failed at line 3: Error: no token

A run that ended early says why, on a line before the time (`Stopped:     by ctrl+c`).
The failures listed are those of the first maxListedRequests requests that failed, and the
first maxListedFailures of each: one line counts the rest, whose lines came before (a run of
a million iterations holds no more).
*/
import {formatDuration} from '../core/http/format-duration.js';
import type {RequestVerdict} from './request-report.js';

type FailedRequest = {name: string; iteration?: number; failures: readonly string[]};

const labelWidth = 13;
export const maxListedRequests = 50;
export const maxListedFailures = 20;

export class RunSummary {
	private requests = {passed: 0, failed: 0, skipped: 0};
	private readonly tests = {passed: 0, failed: 0};
	private readonly failed: FailedRequest[] = [];
	private failedUnlisted = 0;
	private iterations = 0;
	private stopped: string | undefined;

	/** Counts one request of the run; `iteration` (from 1) names it when the run has several. */
	add(name: string, verdict: RequestVerdict, iteration?: number): void {
		this.tests.passed += verdict.tests.passed;
		this.tests.failed += verdict.tests.failed;
		if (verdict.failures.length > 0) {
			this.requests.failed++;
			if (this.failed.length < maxListedRequests) {
				this.failed.push({name, ...(iteration === undefined ? {} : {iteration}), failures: listed(verdict.failures)});
			} else {
				this.failedUnlisted++;
			}
		} else if (verdict.skipped) {
			this.requests.skipped++;
		} else {
			this.requests.passed++;
		}
	}

	/** Says the run ended before its end: `why` follows "Stopped:" (`at the first failure (--bail): "Get user"`). */
	stoppedBecause(why: string): void {
		this.stopped = why;
	}

	/** Counts an iteration begun. */
	startIteration(): void {
		this.iterations++;
	}

	/** The summary's lines, for a run that took `elapsedMs`. */
	lines(elapsedMs: number): string[] {
		const {passed, failed, skipped} = this.requests;
		const lines = [labelled('Requests:', counts({passed, failed, skipped}))];
		if (this.tests.passed + this.tests.failed > 0) {
			lines.push(labelled('Tests:', counts(this.tests)));
		}

		if (this.iterations > 1) {
			lines.push(labelled('Iterations:', this.iterations.toLocaleString('en-US')));
		}

		if (this.stopped !== undefined) {
			lines.push(labelled('Stopped:', this.stopped));
		}

		lines.push(labelled('Time:', formatDuration(elapsedMs)));
		if (this.failed.length > 0) {
			lines.push('Failures:');
			for (const {name, iteration, failures} of this.failed) {
				lines.push(`  ${name}${iteration === undefined ? '' : ` (iteration ${iteration})`}`, ...failures.map(failure => `    ${failure}`));
			}

			if (this.failedUnlisted > 0) {
				lines.push(`  …and ${this.failedUnlisted.toLocaleString('en-US')} more failed request${this.failedUnlisted === 1 ? '' : 's'}, said above`);
			}
		}

		return lines;
	}
}

/** A request's failures as the summary lists them: the first few, and a line that counts the rest. */
function listed(failures: readonly string[]): readonly string[] {
	if (failures.length <= maxListedFailures) {
		return failures;
	}

	const rest = failures.length - maxListedFailures;
	return [...failures.slice(0, maxListedFailures), `…and ${rest.toLocaleString('en-US')} more, said above`];
}

function labelled(label: string, text: string): string {
	return `${label.padEnd(labelWidth)}${text}`;
}

/** `5 passed, 2 failed, 7 total`: passed and total always, the others when there are any. */
function counts(numbers: Record<'passed' | 'failed', number> & {skipped?: number}): string {
	const parts = [`${numbers.passed.toLocaleString('en-US')} passed`];
	let total = numbers.passed;
	for (const kind of ['failed', 'skipped'] as const) {
		const count = numbers[kind] ?? 0;
		total += count;
		if (count > 0) {
			parts.push(`${count.toLocaleString('en-US')} ${kind}`);
		}
	}

	return [...parts, `${total.toLocaleString('en-US')} total`].join(', ');
}
