/*
The host's answer to a script's sendRequest (pm.sendRequest, bru.sendRequest): the request,
checked, goes to the sender the caller gave (the session's, through curlew's HTTP engine),
and the response comes back as the prelude reads it (see sandbox/send-request.js). The script
waits for it, off its clock.
*/
import {errorAnswer} from './host-calls.js';
import type {ScriptHttpRequest, ScriptHttpResponse} from './types.js';
import {fromWire, maxWireChars} from './wire.js';

export async function answerSendRequest(send: ((request: ScriptHttpRequest) => Promise<ScriptHttpResponse>) | undefined, argsJson: string): Promise<string> {
	if (send === undefined) {
		return errorAnswer('Error', 'sendRequest has no HTTP engine here: scripts send requests when curlew runs them for a request (the TUI, curlew run)');
	}

	const request = readRequest(fromWire((JSON.parse(argsJson) as unknown[])[0]));
	if (request === undefined) {
		return errorAnswer('TypeError', 'sendRequest was given a request curlew cannot send: it needs a method, a URL, headers as name and value, and a body as text');
	}

	try {
		const response = await send(request);
		if ('failure' in response) {
			return errorAnswer('RequestError', response.failure);
		}

		const answer = JSON.stringify(response);
		if (answer.length > maxWireChars) {
			return errorAnswer('RangeError', `The response to sendRequest is more than ${maxWireChars.toLocaleString('en-US')} characters as JSON (16 MB), the most curlew hands to a script in one call`);
		}

		return `v${answer}`;
	} catch (error) {
		return errorAnswer('RequestError', error instanceof Error ? error.message : String(error));
	}
}

function readRequest(value: unknown): ScriptHttpRequest | undefined {
	if (typeof value !== 'object' || value === null) {
		return undefined;
	}

	const {method, url, headers, body} = value as Record<string, unknown>;
	const headersValid = Array.isArray(headers) && headers.every(pair => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');
	if (typeof method !== 'string' || typeof url !== 'string' || !headersValid || (body !== undefined && typeof body !== 'string')) {
		return undefined;
	}

	return {method, url, headers: headers as Array<[string, string]>, ...(body === undefined ? {} : {body})};
}
