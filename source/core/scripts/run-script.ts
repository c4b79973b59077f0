import {httpMethods, type HttpMethod} from '../model.js';
import {answerHostCall} from './host-calls.js';
import {resolveLimits} from './limits.js';
import {awaitsAtTopLevel, markLines, returnsAtTopLevel} from './line-marks.js';
import {answerSendRequest} from './send-request-call.js';
import {runInSandbox, warmUpSandbox} from './sandbox.js';
import {logSource, scriptError, scriptTitle} from './script-error.js';
import {ScriptOutput} from './script-output.js';
import {type RunControl, type RunScriptOptions, type ScriptRequest, type ScriptResult} from './types.js';

/**
Runs one script in the QuickJS sandbox: a fresh context with `client`, `req` (when a
request is given), `res` (when a response is given) and `console`, and nothing else of the
host. Never rejects: syntax errors, throws and exceeded limits come back as `error`.
Empty or whitespace-only code is not run at all.
*/
export async function runScript(options: RunScriptOptions): Promise<ScriptResult> {
	const request = options.request === undefined ? undefined : copyRequest(options.request);
	if (options.code.trim() === '') {
		return {...(request === undefined ? {} : {request}), logs: []};
	}

	const {timeoutMs, memoryBytes} = resolveLimits(options.limits);
	// The sandbox starts, if it has not, while the script is marked: the parser may have to load for that.
	warmUpSandbox({timeoutMs, memoryBytes});
	const output = new ScriptOutput(logSource(options));
	const {response} = options;
	const outcome = await runInSandbox({
		code: await runnable(options.code),
		setup: sandboxSetup(options, request),
		timeoutMs,
		memoryBytes,
		signal: options.signal,
		call: (op, argsJson) => op === 'sendRequest' ? answerSendRequest(options.sendRequest, argsJson) : answerHostCall({variables: options.variables, response, modules: options.modules}, op, argsJson),
		log(level, text) {
			output.add(level, text);
		},
	});
	output.close(outcome.dropped, outcome.status === 'killed' || outcome.status === 'cancelled');
	const {logs} = output;
	const timed = outcome.runMs === undefined ? {} : {runMs: outcome.runMs};

	const run = {phase: options.phase, requestName: options.requestName, source: options.source, timeoutMs, memoryBytes};
	if (outcome.status !== 'completed') {
		return {...(request === undefined ? {} : {request}), logs, error: scriptError(run, outcome), ...timed};
	}

	const left = readResult(outcome.result);
	const asked = left.runControl === undefined ? {} : {runControl: left.runControl};
	if (request === undefined) {
		return {logs, ...timed, ...asked};
	}

	const changed = readRequest(left.request, request.bodyType);
	if (changed === undefined) {
		return {
			request,
			logs,
			error: {...run, kind: 'invalid-value', message: `${scriptTitle(run)} failed: it left req in a state that cannot be sent; set req.url, req.method, req.headers and req.body through their setters`},
			...timed,
		};
	}

	return {request: changed, logs, ...timed, ...asked};
}

/**
Whether a script may use the Postman and Bruno layer (`pm`, `bru`, `test`, `expect`), which a
run compiles only then. A method call such as `/x/.test(text)` is not `test(`.
*/
/**
The script marked for its errors' lines; run as the body of a function when it has a `return`
outside any function, as Postman and Bruno run every script, so that `return` ends it, and of
an async function when it has an `await` outside any function (Postman and Bruno allow both),
whose promise the run then waits for. Only then: the value a script ends with (a promise it
leaves running) is lost in a function.
The opening shares the first line, so every line keeps its number.
*/
async function runnable(code: string): Promise<string> {
	const marked = await markLines(code);
	if (await awaitsAtTopLevel(code)) {
		return `(async function () {${marked}\n})();`;
	}

	return await returnsAtTopLevel(code) ? `(function () {${marked}\n})();` : marked;
}

/** Whether a script may use Postman's legacy API (`tests[…]`, `responseBody`, `postman.*`…), compiled only then. */
export function usesLegacyApi(code: string): boolean {
	return /(?<![\w$.])(?:tests\s*\[|response(?:Body|Code|Headers|Time)\b|postman\s*\.|(?:environment|globals|data|request)\s*[.[]|iteration\b|xml2Json\b)/.test(code);
}

/** Whether a script may assert (`expect`, `pm.response.to`, `assert`): chai is then loaded before it runs. */
export function usesAssertions(code: string): boolean {
	return /(?<![\w$])(?:expect|assert)\b|\.\s*to\b/.test(code);
}

export function usesCompatApi(code: string): boolean {
	return /(?<![\w$.])(?:(?:pm|bru)\s*\.|(?:test|expect)\s*\()/.test(code);
}

/** What the prelude's begin reads (see sandbox/prelude.js): the request, the response's metadata, and whether the run needs the Postman and Bruno layer. */
export function sandboxSetup(options: Pick<RunScriptOptions, 'code' | 'phase' | 'requestName' | 'response' | 'environmentName'>, request: ScriptRequest | undefined): string {
	const {response} = options;
	return JSON.stringify({
		request,
		response: response === undefined ? undefined : {
			status: response.status,
			statusText: response.statusText,
			headers: response.headers,
			responseTime: response.responseTime,
			size: response.size,
		},
		compat: usesCompatApi(options.code) || usesLegacyApi(options.code)
			? {requestName: options.requestName, phase: options.phase, environmentName: options.environmentName, assertions: usesAssertions(options.code), legacy: usesLegacyApi(options.code)}
			: undefined,
	});
}

function copyRequest(request: ScriptRequest): ScriptRequest {
	const copy: ScriptRequest = {method: request.method, url: request.url, headers: request.headers.map(([name, value]) => [name, value]), body: request.body};
	return request.bodyType === undefined ? copy : {...copy, bodyType: request.bodyType};
}

/** What the prelude hands back (see finish in sandbox/prelude.js), read as JSON; the parts are checked by those who read them. */
function readResult(json: string): {request?: unknown; runControl?: RunControl} {
	let result: unknown;
	try {
		result = JSON.parse(json);
	} catch {
		return {};
	}

	if (typeof result !== 'object' || result === null) {
		return {};
	}

	const {request, runControl} = result as Record<string, unknown>;
	return {request, runControl: readRunControl(runControl)};
}

/** The run control a script asked for, checked again here: the host trusts nothing from the sandbox. */
function readRunControl(value: unknown): RunControl | undefined {
	if (typeof value !== 'object' || value === null) {
		return undefined;
	}

	const {nextRequest, skipRequest, stopExecution} = value as Record<string, unknown>;
	const control: RunControl = {
		...(typeof nextRequest === 'string' || nextRequest === null ? {nextRequest} : {}),
		...(skipRequest === true ? {skipRequest} : {}),
		...(stopExecution === true ? {stopExecution} : {}),
	};
	return Object.keys(control).length === 0 ? undefined : control;
}

/** The request state the prelude hands back, checked again here: the host trusts nothing from the sandbox. */
function readRequest(state: unknown, bodyType: ScriptRequest['bodyType']): ScriptRequest | undefined {
	if (typeof state !== 'object' || state === null) {
		return undefined;
	}

	const {method, url, headers, body} = state as Record<string, unknown>;
	const headersValid = Array.isArray(headers) && headers.every(pair => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');
	if (!httpMethods.includes(method as HttpMethod) || typeof url !== 'string' || typeof body !== 'string' || !headersValid) {
		return undefined;
	}

	const request: ScriptRequest = {method: method as HttpMethod, url, headers: headers as Array<[string, string]>, body};
	return bodyType === undefined ? request : {...request, bodyType};
}
