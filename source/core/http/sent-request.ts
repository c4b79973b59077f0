import type http from 'node:http';
import type {SentHop, SentRequest} from './types.js';

/**
The request as it went out, read back from each hop's `ClientRequest`: Node keeps the head it
wrote (`_header`, the request line and every header line, its own `Connection` and got's
`Accept-Encoding` among them), so what is shown is what the server got, not what curlew meant
to send. A hop whose head was never written (the connection failed first) is left out.
*/
export function sentRequest(hops: readonly http.ClientRequest[], body: Uint8Array | undefined): SentRequest | undefined {
	const sent = hops.flatMap(hop => {
		const head = (hop as {_header?: unknown})._header;
		return typeof head === 'string' ? [parseHead(head)] : [];
	});
	if (sent.length === 0) {
		return undefined;
	}

	return body === undefined || !sent.some(hop => hop.withBody) ? {hops: sent} : {hops: sent, body};
}

function parseHead(head: string): SentHop {
	const [requestLine = '', ...lines] = head.split('\r\n');
	const headers: Array<[string, string]> = [];
	for (const line of lines) {
		const colon = line.indexOf(':');
		if (colon > 0) {
			// Node writes each character of a value as one byte, and curlew gives it UTF-8 that way (see wire-headers.ts).
			headers.push([line.slice(0, colon), Buffer.from(line.slice(colon + 1).trimStart(), 'latin1').toString('utf8')]);
		}
	}

	return {requestLine, headers, withBody: headers.some(([name, value]) => isBodyHeader(name, value))};
}

function isBodyHeader(name: string, value: string): boolean {
	const lower = name.toLowerCase();
	return lower === 'transfer-encoding' || (lower === 'content-length' && value.trim() !== '0');
}
