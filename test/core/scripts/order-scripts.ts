// A POST to /orders and its 201 response, with the scripts of the Postman- and Bruno-style API tests run before and after it.
import {runScript, type ScriptRequest, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

export const request: ScriptRequest = {method: 'POST', url: '{{baseUrl}}/orders', headers: [['Accept', 'application/json'], ['X-Trace', 'a'], ['X-Trace', 'b']], body: '{"sku":"a"}', bodyType: 'json'};

export function response(body: string, headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['X-Request-Id', 'r-1'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2']]): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status: 201, statusText: 'Created', headers, body: bytes, responseTime: 42, size: bytes.length};
}

export const texts = (logs: Array<{text: string}>) => logs.map(entry => entry.text);

export async function pre(code: string, variables = scopeVariables(), extra = {}) {
	return runScript({code, phase: 'pre-request', requestName: 'Create order', source: 'request', variables, request, ...extra});
}

export async function post(code: string, variables = scopeVariables(), body = '{"id":7,"items":[{"sku":"a"}]}') {
	return runScript({code, phase: 'post-response', requestName: 'Create order', source: 'request', variables, request, response: response(body)});
}

