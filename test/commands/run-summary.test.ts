import {describe, expect, it} from 'vitest';
import type {RequestVerdict} from '../../source/commands/request-report.js';
import {maxListedFailures, maxListedRequests, RunSummary} from '../../source/commands/run-summary.js';

const passed: RequestVerdict = {code: 0, failures: [], tests: {passed: 2, failed: 0}, skipped: false};
const skipped: RequestVerdict = {code: 0, failures: [], tests: {passed: 0, failed: 0}, skipped: true};
const failing = (...failures: string[]): RequestVerdict => ({code: 1, failures, tests: {passed: 0, failed: 1}, skipped: false});

describe('the summary of a curlew run', () => {
	it('counts requests and tests, says why the run stopped and how long it took, then lists failures by request and iteration', () => {
		const summary = new RunSummary();
		summary.startIteration();
		summary.add('Log in', passed, 1);
		summary.add('Get user', failing('404 Not Found', '✗ is 200: expected 404 to equal 200'), 1);
		summary.startIteration();
		summary.add('Log in', skipped, 2);
		summary.stoppedBecause('by ctrl+c');
		expect(summary.lines(1240)).toEqual([
			'Requests:    1 passed, 1 failed, 1 skipped, 3 total',
			'Tests:       2 passed, 1 failed, 3 total',
			'Iterations:  2',
			'Stopped:     by ctrl+c',
			'Time:        1.24 s',
			'Failures:',
			'  Get user (iteration 1)',
			'    404 Not Found',
			'    ✗ is 200: expected 404 to equal 200',
		]);
	});

	it('says nothing of tests, iterations or failures a run did not have', () => {
		const summary = new RunSummary();
		summary.startIteration();
		summary.add('Plain', {...passed, tests: {passed: 0, failed: 0}});
		expect(summary.lines(85)).toEqual(['Requests:    1 passed, 1 total', 'Time:        85 ms']);
	});

	it(`lists the failures of the first ${maxListedRequests} failed requests, ${maxListedFailures} each, and counts the rest`, () => {
		const summary = new RunSummary();
		summary.startIteration();
		const many = Array.from({length: maxListedFailures + 5}, (_, index) => `✗ test ${index + 1}`);
		for (let index = 0; index < maxListedRequests + 1_000; index++) {
			summary.add(`Request ${index + 1}`, failing(...many));
		}

		const lines = summary.lines(10);
		expect(lines[0]).toBe('Requests:    0 passed, 1,050 failed, 1,050 total');
		const listedLines = lines.slice(lines.indexOf('Failures:') + 1);
		expect(listedLines).toHaveLength((maxListedFailures + 2) * maxListedRequests + 1);
		expect(listedLines.slice(0, 2)).toEqual(['  Request 1', '    ✗ test 1']);
		expect(listedLines[maxListedFailures + 1]).toBe('    …and 5 more, said above');
		expect(listedLines.at(-2)).toBe('    …and 5 more, said above');
		expect(listedLines.at(-1)).toBe('  …and 1,000 more failed requests, said above');
	});
});
