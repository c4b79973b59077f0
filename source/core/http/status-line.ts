import {formatDuration} from './format-duration.js';
import {formatSize} from './format-size.js';
import type {HttpResponse} from './types.js';

type StatusLineFields = Pick<HttpResponse, 'status' | 'statusText' | 'statusClass' | 'timings' | 'size' | 'truncated'>;

/**
The one-line summary the CLI prints to stderr and the TUI shows above a response:
`200 OK  Successful  123 ms  4.2 KB`, with `(truncated)` after the size when the body was cut.
*/
export function statusLine(response: StatusLineFields): string {
	const status = response.statusText === '' ? String(response.status) : `${response.status} ${response.statusText}`;
	const size = formatSize(response.size) + (response.truncated ? ' (truncated)' : '');
	return [status, response.statusClass, formatDuration(response.timings.total), size].join('  ');
}
