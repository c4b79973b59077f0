import {describe, expect, it} from 'vitest';
import {formatSize} from '../../../source/core/http/format-size.js';
import {statusClassOf} from '../../../source/core/http/status-class.js';
import {statusLine} from '../../../source/core/http/status-line.js';

describe('statusClassOf', () => {
	it.each([
		[100, 'Informational'],
		[199, 'Informational'],
		[200, 'Successful'],
		[299, 'Successful'],
		[301, 'Redirection'],
		[399, 'Redirection'],
		[400, 'Client error'],
		[451, 'Client error'],
		[500, 'Server error'],
		[599, 'Server error'],
		[999, 'Server error'],
	] as const)('%i is %s', (status, statusClass) => {
		expect(statusClassOf(status)).toBe(statusClass);
	});
});

describe('formatSize', () => {
	it.each([
		[0, '0 B'],
		[512, '512 B'],
		[1023, '1023 B'],
		[1024, '1 KB'],
		[4300, '4.2 KB'],
		[102_400, '100 KB'],
		[1_048_575, '1 MB'],
		[3.1 * 1024 * 1024, '3.1 MB'],
		[100 * 1024 * 1024, '100 MB'],
		[5 * 1024 ** 3, '5 GB'],
	])('%d bytes read %s', (bytes, text) => {
		expect(formatSize(bytes)).toBe(text);
	});
});

describe('statusLine', () => {
	const base = {status: 200, statusText: 'OK', statusClass: 'Successful' as const, size: 4300, truncated: false, timings: {total: 123.4}};

	it('joins status, class, time and size with two spaces', () => {
		expect(statusLine(base)).toBe('200 OK  Successful  123 ms  4.2 KB');
	});

	it('shows seconds past one second and marks a cut body', () => {
		expect(statusLine({...base, status: 500, statusText: 'Internal Server Error', statusClass: 'Server error', timings: {total: 2345}, size: 100 * 1024 * 1024, truncated: true}))
			.toBe('500 Internal Server Error  Server error  2.35 s  100 MB (truncated)');
	});

	it('shows the bare code when there is no reason phrase', () => {
		expect(statusLine({...base, status: 299, statusText: ''})).toBe('299  Successful  123 ms  4.2 KB');
	});
});
