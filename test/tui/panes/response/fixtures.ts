import type {HttpResponse, TransportFailure} from '../../../../source/core/http/types.js';

export function jsonResponse(value: unknown, overrides: Partial<HttpResponse> = {}): HttpResponse {
	return textResponse(JSON.stringify(value), {headers: [['Content-Type', 'application/json']], ...overrides});
}

export function textResponse(text: string, overrides: Partial<HttpResponse> = {}): HttpResponse {
	const body = new TextEncoder().encode(text);
	return bytesResponse(body, overrides);
}

export function bytesResponse(body: Uint8Array, overrides: Partial<HttpResponse> = {}): HttpResponse {
	return {
		kind: 'response',
		status: 200,
		statusText: 'OK',
		statusClass: 'Successful',
		headers: [['Content-Type', 'text/plain']],
		body,
		size: body.length,
		truncated: false,
		timings: {dns: 2, connect: 3, firstByte: 100, total: 123},
		url: 'http://127.0.0.1:8080/items',
		redirects: [],
		...overrides,
	};
}

export function refused(): TransportFailure {
	return {
		kind: 'failure',
		code: 'refused',
		message: 'Connection refused by 127.0.0.1:9: nothing listens on that port.',
		timings: {total: 4},
	};
}

/** Lines `line 1` .. `line n`. */
export function numberedLines(count: number): string {
	return Array.from({length: count}, (_, index) => `line ${index + 1}`).join('\n');
}
