/** The response pane's first line: the tone its colour comes from, and what a failure says. */
import type {TransportFailure, TransportFailureCode} from '../../../core/http/types.js';
import {formatDuration} from '../../../core/http/format-duration.js';

export type Tone = 'informational' | 'successful' | 'redirection' | 'client-error' | 'server-error' | 'failure';

/** Ink colour names per tone; distinct so the class reads at a glance. */
export const toneColors: Readonly<Record<Tone, string>> = {
	informational: 'blue',
	successful: 'green',
	redirection: 'cyan',
	'client-error': 'yellow',
	'server-error': 'red',
	failure: 'red',
};

export function statusTone(status: number): Tone {
	if (status < 200) {
		return 'informational';
	}

	if (status < 300) {
		return 'successful';
	}

	if (status < 400) {
		return 'redirection';
	}

	return status < 500 ? 'client-error' : 'server-error';
}

const failureTitles: Readonly<Record<TransportFailureCode, string>> = {
	refused: 'Connection refused',
	dns: 'Host not found',
	timeout: 'Timed out',
	tls: 'TLS error',
	reset: 'Connection reset',
	cancelled: 'Cancelled',
	'invalid-request': 'Invalid request',
	proxy: 'Proxy error',
	'too-many-redirects': 'Too many redirects',
	other: 'Request failed',
};

const failureChecks: Readonly<Record<TransportFailureCode, readonly string[]>> = {
	refused: ['Is the server running, and listening on that host and port?', 'Is the port in the URL the right one?'],
	dns: ['Is the host name spelled right?', 'Is the network (or VPN) up, and does DNS resolve the name?'],
	timeout: ['Is the server reachable from here (firewall, VPN)?', 'A slow endpoint may need a longer timeout in the collection settings.'],
	tls: ['Does the certificate match the host name, and is it still valid?', 'A private authority needs its CA file in the collection settings; verification can be turned off there for a test server.'],
	reset: ['The server or something between (proxy, load balancer) closed the connection: check its logs.', 'Does the URL use http:// for a plain-HTTP server and https:// for TLS?'],
	cancelled: ['Press ctrl+r to send it again.'],
	'invalid-request': ['Check the URL and header values in the request pane.'],
	proxy: ['Check HTTP_PROXY, HTTPS_PROXY and NO_PROXY in your environment.'],
	'too-many-redirects': ['The server may redirect in a loop: open the timing tab of a single hop with redirects off (collection settings), or raise the limit there.'],
	other: ['Check the URL, the network and the server.'],
};

/** `Connection refused  12 ms`. */
export function failureSummary(failure: TransportFailure): string {
	return `${failureTitles[failure.code]}  ${formatDuration(failure.timings.total)}`;
}

export function failureChecklist(failure: TransportFailure): readonly string[] {
	return failureChecks[failure.code];
}
