import {describe, expect, test} from 'vitest';
import {failureChecklist, failureSummary, statusTone, toneColors} from '../../../../source/tui/panes/response/status-line.js';

describe('status line', () => {
	test.each([
		[101, 'informational', 'blue'],
		[204, 'successful', 'green'],
		[304, 'redirection', 'cyan'],
		[404, 'client-error', 'yellow'],
		[503, 'server-error', 'red'],
	] as const)('%i is %s, shown %s', (status, tone, color) => {
		expect(statusTone(status)).toBe(tone);
		expect(toneColors[statusTone(status)]).toBe(color);
	});

	test('a failure says what happened, how long it took, and what to check', () => {
		const failure = {kind: 'failure', code: 'timeout', message: 'No answer within 30 s.', timings: {total: 30_000}} as const;
		expect(failureSummary(failure)).toBe('Timed out  30.00 s');
		expect(failureChecklist(failure)[0]).toBe('Is the server reachable from here (firewall, VPN)?');
	});
});
