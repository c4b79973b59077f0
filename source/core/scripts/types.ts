import type {BodyType, HttpMethod} from '../model.js';
import type {Value} from '../values.js';

export type ScriptPhase = 'pre-request' | 'post-response';

/**
Whose script it is: the collection's runs before the request's own, in each phase; after
the response, the request's post-response variables run first, its assertions last, each
as a program curlew writes from them (see core/assertions).
*/
export type ScriptSource = 'collection' | 'request' | 'post-response variables' | 'assertions';

/** The host side of `client.*`: the caller decides which scopes reads see and where writes go. */
export type ScriptVariables = {
	get(name: string): Value | undefined;
	has(name: string): boolean;
	/** `value` is a copy made for this call, which the variables may keep: no one else holds it. */
	set(name: string, value: Value): void;
	delete(name: string): boolean;
	interpolate(text: string): string;
};

/** The request a pre-request script sees and may change: templates, before interpolation. */
export type ScriptRequest = {
	method: HttpMethod;
	url: string;
	headers: Array<[name: string, value: string]>;
	/** A form's is its encoded text (`a=1&b={{b}}`). */
	body: string;
	/**
	How a value set as `req.body` becomes text: for a form, an object's entries are its fields;
	for a text body, a value is written as a placeholder of it would be there (a date as ISO
	text); otherwise, and by default, as JSON. Text is always taken as it is.
	*/
	bodyType?: BodyType;
};

/** The response a post-response script reads as `res`. */
export type ScriptResponse = {
	status: number;
	statusText: string;
	headers: Array<[name: string, value: string]>;
	body: Uint8Array;
	/** Milliseconds. */
	responseTime: number;
	/** Bytes of body. */
	size: number;
};

export type LogLevel = 'log' | 'info' | 'warn' | 'error';

export type LogEntry = {
	level: LogLevel;
	text: string;
	/** A test's result (pm.test, Bruno's test): the text is `✓ name`, or `✗ name: why` at level error. */
	test?: 'passed' | 'failed';
	/** Which script wrote it, e.g. `collection pre-request` or `request post-response`. */
	source: string;
};

export type ScriptErrorKind = 'syntax' | 'thrown' | 'timeout' | 'memory' | 'stack' | 'invalid-value' | 'cancelled';

export type ScriptError = {
	phase: ScriptPhase;
	requestName: string;
	source: ScriptSource;
	/** 1-based line in the script, when QuickJS reported one. */
	line?: number;
	kind: ScriptErrorKind;
	/** One sentence naming the phase, the request, the line and what went wrong. */
	message: string;
};

export type ScriptLimits = {
	/** The script's own run time: not the sandbox's start, the parts of the API it compiles, nor the host answering its calls. Default 1000. */
	timeoutMs?: number;
	/** Memory per script. Default 64 MB. */
	memoryBytes?: number;
};

/**
A collection's own JavaScript files that its scripts may `require` ('./lib/sign.js'): the text of
each, by its path inside the collection's folder, with `/` between folders and no leading `./`
(`lib/sign.js`). An imported Bruno collection brings the .js files of its folder.
*/
export type ScriptModules = Readonly<Record<string, string>>;

/**
What a Postman or Bruno script asked of the run it is in (`pm.execution.setNextRequest`,
`postman.setNextRequest`, `bru.runner.*`): `nextRequest` names the request to run next, or is
null to stop after this one (as Postman's setNextRequest(null)); `skipRequest` skips this
request (asked before it is sent, it is not sent); `stopExecution` stops the run after it.
*/
export type RunControl = {nextRequest?: string | null; skipRequest?: true; stopExecution?: true};

/** A request a script sends (pm.sendRequest, bru.sendRequest), as curlew's HTTP engine takes it. */
export type ScriptHttpRequest = {
	method: string;
	url: string;
	headers: Array<[name: string, value: string]>;
	body?: string;
};

/** What a request a script sent got back, or why it got nothing (a transport failure, as the HTTP engine says it). */
export type ScriptHttpResponse =
	| {status: number; statusText: string; headers: Array<[name: string, value: string]>; body: string; responseTime: number; size: number}
	| {failure: string};

/** A cookie of the collection's jar, as scripts and the UI read it. */
export type ScriptCookie = {
	name: string;
	value: string;
	domain: string;
	path: string;
	/** ISO 8601; none for a session cookie, which lasts as long as curlew runs (or the jar's file, when kept). */
	expires?: string;
	secure: boolean;
	httpOnly: boolean;
	/** Sent only to the very host that set it, not to its subdomains. */
	hostOnly: boolean;
	sameSite?: string;
};

/** A cookie a script sets, by its parts. */
export type ScriptNewCookie = {name: string; value: string; domain?: string; path?: string; expires?: string; secure?: boolean; httpOnly?: boolean; sameSite?: 'strict' | 'lax' | 'none'};

/**
The collection's cookie jar, as scripts use it (pm.cookies, bru.cookies and their jar()): the
session's own, so that a cookie a script sets goes with the next request.
*/
export type ScriptCookieJar = {
	/** The cookies a request to `url` would send. */
	forUrl(url: string): Promise<ScriptCookie[]>;
	/** Sets a cookie as if `url`'s response had sent it; returns why it was refused, in words, or undefined. */
	set(url: string, cookie: ScriptNewCookie): Promise<string | undefined>;
	/** Removes the cookie `name` a request to `url` would send, or all of them. */
	delete(url: string, name?: string): Promise<void>;
	/** Empties the jar. */
	clear(): Promise<void>;
};

/**
One iteration of a run, as Postman's scripts read it (`pm.iterationData`, `pm.info.iteration`,
`data`, `iteration`) and Bruno's (`bru.runner.iterationData`).
*/
export type ScriptIteration = {
	/** From 0, as Postman counts. */
	index: number;
	count: number;
	/** The row of the run's data file, by column name; empty without one. */
	data: Readonly<Record<string, Value>>;
};

export type RunScriptOptions = {
	code: string;
	phase: ScriptPhase;
	requestName: string;
	source: ScriptSource;
	variables: ScriptVariables;
	/** Pre-request: what `req` starts as. */
	request?: ScriptRequest;
	/** Post-response: what `res` reads. */
	response?: ScriptResponse;
	limits?: ScriptLimits;
	/** The collection's own files that `require('./…')` reads; none by default. */
	modules?: ScriptModules;
	/** Sends a request for `pm.sendRequest` and `bru.sendRequest`; without it, they fail saying so. */
	sendRequest?: (request: ScriptHttpRequest) => Promise<ScriptHttpResponse>;
	/** The selected environment's name, for `bru.getEnvName()`. */
	environmentName?: string;
	/** The collection's cookie jar, got when a script first uses it (tough-cookie loads then); without it, the cookie APIs fail saying so. */
	cookies?: () => Promise<ScriptCookieJar>;
	/** The iteration of a run the script is part of (`curlew run --iterations`, `--data`); none outside a run, which is iteration 0 of 1 with no data. */
	iteration?: ScriptIteration;
	/** Aborted (ctrl+c), the script is stopped at once and fails as cancelled. */
	signal?: AbortSignal;
};

export type ScriptResult = {
	/** Present when a request was given: as the script left it, or unchanged when the script failed. */
	request?: ScriptRequest;
	logs: LogEntry[];
	error?: ScriptError;
	/** The script's own run time in milliseconds, as its time limit counts it; none when it did not run, or was stopped from outside. */
	runMs?: number;
	/** What the script asked of the run, when it asked anything (see RunControl). */
	runControl?: RunControl;
};

/** A phase's scripts, the collection's then the request's (see runScripts). */
export type ScriptsResult = {
	/** Present when a request was given: as the scripts left it (a failed script's changes are not kept). */
	request?: ScriptRequest;
	logs: LogEntry[];
	/** Each script that failed, in the order they ran. */
	errors: ScriptError[];
	/** The scripts' own run time in milliseconds, together (see ScriptResult.runMs); none when no script ran. */
	runMs?: number;
	/** What the scripts asked of the run, together: the last script's next request, and any skip or stop. */
	runControl?: RunControl;
};

export const defaultScriptLimits: Required<ScriptLimits> = {
	timeoutMs: 1000,
	memoryBytes: 64 * 1024 * 1024,
};
