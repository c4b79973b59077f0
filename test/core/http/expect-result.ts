import type {HttpResponse, SendResult, TransportFailure} from '../../../source/core/http/types.js';

export function expectResponse(result: SendResult): HttpResponse {
	if (result.kind !== 'response') {
		throw new Error(`Expected a response, got the failure: ${result.message}`);
	}

	return result;
}

export function expectFailure(result: SendResult): TransportFailure {
	if (result.kind !== 'failure') {
		throw new Error(`Expected a failure, got a ${result.status} response`);
	}

	return result;
}

export function textOf(response: HttpResponse): string {
	return Buffer.from(response.body).toString('utf8');
}
