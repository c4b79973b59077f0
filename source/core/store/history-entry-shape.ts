import type {StatusClass, TransportFailureCode} from '../http/types.js';

/*
Every code and class the HTTP layer gives, as records so that the compiler names one added
there and missing here: the TUI looks each up in tables of its own.
*/
const failureCodes: Readonly<Record<TransportFailureCode, true>> = {
	refused: true, dns: true, timeout: true, tls: true, reset: true, cancelled: true, 'invalid-request': true, proxy: true, 'too-many-redirects': true, other: true,
};
const statusClasses: Readonly<Record<StatusClass, true>> = {
	Informational: true, Successful: true, Redirection: true, 'Client error': true, 'Server error': true,
};
const timingPhases = ['redirects', 'dns', 'connect', 'tls', 'firstByte'] as const;

type Fields = Record<string, unknown>;

/**
What is wrong with a stored history entry (`result.status is "200", not a number`), or
undefined when it has every field a response or a failure is shown with, each of its type.
Fields it does not know are let be: a newer curlew may add some.
*/
export function historyEntryProblem(entry: unknown): string | undefined {
	if (!isObject(entry)) {
		return 'it is not an object';
	}

	const {time, bodyCut, result} = entry;
	if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) {
		return `time is ${describe(time)}, not a date`;
	}

	if (bodyCut !== undefined && typeof bodyCut !== 'boolean') {
		return `bodyCut is ${describe(bodyCut)}, not true or false`;
	}

	if (!isObject(result)) {
		return `result is ${describe(result)}, not a response or a failure`;
	}

	if (result.kind === 'failure') {
		return failureProblem(result);
	}

	if (result.kind === 'response') {
		return responseProblem(result);
	}

	return `result.kind is ${describe(result.kind)}, not "response" or "failure"`;
}

function failureProblem(result: Fields): string | undefined {
	if (typeof result.code !== 'string' || !Object.hasOwn(failureCodes, result.code)) {
		return `result.code is ${describe(result.code)}, not one of ${Object.keys(failureCodes).join(', ')}`;
	}

	return fieldProblem(result, 'message', 'text', isString) ?? timingsProblem(result.timings) ?? sentProblem(result.sent);
}

function responseProblem(result: Fields): string | undefined {
	if (typeof result.statusClass !== 'string' || !Object.hasOwn(statusClasses, result.statusClass)) {
		return `result.statusClass is ${describe(result.statusClass)}, not one of ${Object.keys(statusClasses).join(', ')}`;
	}

	return fieldProblem(result, 'status', 'a status from 100 to 999', value => Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 999)
		?? fieldProblem(result, 'statusText', 'text', isString)
		?? fieldProblem(result, 'headers', 'a list of [name, value] pairs of text', isHeaderList)
		?? fieldProblem(result, 'body', 'base64 text', isString)
		?? fieldProblem(result, 'size', 'a count of bytes', value => Number.isSafeInteger(value) && (value as number) >= 0)
		?? fieldProblem(result, 'truncated', 'true or false', value => typeof value === 'boolean')
		?? fieldProblem(result, 'url', 'text', isString)
		?? fieldProblem(result, 'redirects', 'a list of URLs', value => Array.isArray(value) && value.every(isString))
		?? timingsProblem(result.timings)
		?? sentProblem(result.sent);
}

/** The request as sent, which a response kept by an older curlew does not have. */
function sentProblem(sent: unknown): string | undefined {
	if (sent === undefined) {
		return undefined;
	}

	if (!isObject(sent) || !Array.isArray(sent.hops)) {
		return `result.sent is ${describe(sent)}, not the request as sent`;
	}

	for (const [index, hop] of sent.hops.entries()) {
		const at = `result.sent.hops[${index}]`;
		if (!isObject(hop)) {
			return `${at} is ${describe(hop)}, not a request`;
		}

		if (typeof hop.requestLine !== 'string') {
			return `${at}.requestLine is ${describe(hop.requestLine)}, not text`;
		}

		if (!isHeaderList(hop.headers)) {
			return `${at}.headers is ${describe(hop.headers)}, not a list of [name, value] pairs of text`;
		}

		if (typeof hop.withBody !== 'boolean') {
			return `${at}.withBody is ${describe(hop.withBody)}, not true or false`;
		}
	}

	return sent.body === undefined || isString(sent.body) ? undefined : `result.sent.body is ${describe(sent.body)}, not base64 text`;
}

function isHeaderList(value: unknown): boolean {
	return Array.isArray(value) && value.every(pair => Array.isArray(pair) && pair.length === 2 && pair.every(isString));
}

function timingsProblem(timings: unknown): string | undefined {
	if (!isObject(timings)) {
		return `result.timings is ${describe(timings)}, not the times of the phases`;
	}

	if (!isDuration(timings.total)) {
		return `result.timings.total is ${describe(timings.total)}, not a number of milliseconds`;
	}

	const phase = timingPhases.find(name => timings[name] !== undefined && !isDuration(timings[name]));
	return phase === undefined ? undefined : `result.timings.${phase} is ${describe(timings[phase])}, not a number of milliseconds`;
}

function fieldProblem(result: Fields, name: string, what: string, test: (value: unknown) => boolean): string | undefined {
	return test(result[name]) ? undefined : `result.${name} is ${describe(result[name])}, not ${what}`;
}

function isObject(value: unknown): value is Fields {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
	return typeof value === 'string';
}

function isDuration(value: unknown): boolean {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** A value as a problem names it: short, on one line. */
function describe(value: unknown): string {
	if (value === undefined) {
		return 'missing';
	}

	const text = Array.isArray(value) ? 'a list' : isObject(value) ? 'an object' : JSON.stringify(value);
	return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
