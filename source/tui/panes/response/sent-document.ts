/**
The sent tab's text: the request as it went on the wire, hop by hop (a redirect followed is a
hop of its own), each its request line and header lines as the server got them, then the body
(after the first hop that carried it). Secrets were masked in the outcome or the history
already; the body is shown exactly as sent, control characters as their pictures.
*/
import {formatSize} from '../../../core/http/format-size.js';
import {historyBodyCap} from '../../../core/store/history.js';
import type {SentRequest} from '../../../core/http/types.js';
import {makeVisible} from '../../../core/visible-text.js';
import {createDocument, type TextDocument} from './text-document.js';

const utf8 = new TextDecoder('utf-8', {fatal: true});

function bodyText(body: Uint8Array): string {
	try {
		return makeVisible(utf8.decode(body));
	} catch {
		return `(binary, ${body.byteLength.toLocaleString('en-US')} bytes: not shown)`;
	}
}

export function sentDocument(sent: SentRequest): TextDocument {
	const lines: string[] = [];
	let bodyShown = false;
	for (const [index, hop] of sent.hops.entries()) {
		if (index > 0) {
			lines.push('', `── redirect ${index} of ${sent.hops.length - 1} ──`);
		}

		lines.push(oneRow(hop.requestLine), ...hop.headers.map(([name, value]) => oneRow(`${name}: ${value}`)));
		if (hop.withBody && sent.body !== undefined) {
			lines.push('');
			if (bodyShown) {
				lines.push('(the same body again)');
			} else {
				lines.push(bodyText(sent.body));
				if (sent.bodyCut === true) {
					lines.push(`(the history keeps the first ${formatSize(historyBodyCap)} of a body sent)`);
				}

				bodyShown = true;
			}
		}
	}

	return createDocument(lines.join('\n'), 'plain');
}

function oneRow(text: string): string {
	return makeVisible(text).replaceAll('\n', ' ');
}
