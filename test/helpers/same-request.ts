/**
What two clients' requests to a recording server must share to be the same request: the
method, the target, the headers the user gave (each client adds its own User-Agent, Accept,
Accept-Encoding, Connection and Host where the user gave none) and the body's bytes. A
multipart body is compared part by part: each client draws its own boundary.
*/
import type {RecordedRequest} from './recording-server.js';

/** Headers a client adds of its own accord; the one the user gave of the same name is compared. */
const clientsOwn = new Set(['host', 'user-agent', 'accept', 'accept-encoding', 'connection']);

export type ComparableRequest = {
	method: string;
	url: string;
	headers: Array<[string, string]>;
	body: string | Array<{headers: string[]; content: string}>;
};

export function comparable(request: RecordedRequest, userHeaderNames: readonly string[] = []): ComparableRequest {
	const given = new Set(userHeaderNames.map(name => name.toLowerCase()));
	const headers: Array<[string, string]> = [];
	for (let index = 0; index < request.rawHeaders.length; index += 2) {
		const name = request.rawHeaders[index]!;
		const lower = name.toLowerCase();
		if (!clientsOwn.has(lower) || given.has(lower)) {
			headers.push([name, request.rawHeaders[index + 1]!]);
		}
	}

	const boundary = /^multipart\/form-data;.*boundary=("?)([^";]+)\1/i.exec(String(request.headers['content-type'] ?? ''))?.[2];
	if (boundary === undefined) {
		return {method: request.method, url: request.url, headers, body: request.body.toString('latin1')};
	}

	// Past the boundary the headers differ in their bytes only where the boundary is, and in how long the body is.
	const withoutBoundary = headers
		.filter(([name]) => name.toLowerCase() !== 'content-length')
		.map(([name, value]): [string, string] => [name, name.toLowerCase() === 'content-type' ? value.replace(boundary, '<boundary>') : value]);
	return {method: request.method, url: request.url, headers: withoutBoundary, body: multipartParts(request.body.toString('latin1'), boundary)};
}

function multipartParts(body: string, boundary: string): Array<{headers: string[]; content: string}> {
	const delimiter = `--${boundary}`;
	return body.split(delimiter).slice(1, -1).map(section => {
		const text = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
		const end = text.indexOf('\r\n\r\n');
		const headers = text.slice(0, end).split('\r\n').map(line => line.toLowerCase().replace(/\s*;\s*/g, '; ')).sort();
		return {headers, content: text.slice(end + 4)};
	});
}
