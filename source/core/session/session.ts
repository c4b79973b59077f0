/**
A session: what one TUI run or one `curlew run` process shares between requests.

It holds the runtime variables (set by scripts with `client.setVar`, or `--var`), and it
sends a request the one way both front ends use: pre-request scripts, interpolation,
the HTTP call, post-response scripts, history. The TUI and the headless CLI differ only in
how they show the outcome.
*/
import fs from 'node:fs';
import path from 'node:path';
import {sendOptionsFor} from '../http/send-options.js';
import type {PreparedBody, PreparedRequest, ResponseHead, SendOptions as HttpSendOptions, SendResult, TransportFailure} from '../http/types.js';
import {interpolate} from '../interpolate/index.js';
import {settingsFor, type Body, type Collection, type Environment, type Request, type Scripts} from '../model.js';
import {looksLikeJson, resolveRequest, type RequestProblem} from '../resolve-request.js';
import {placeholderList} from '../problem-list.js';
import {mergeScopes, requestLayers} from '../scopes.js';
import {formFields, formText} from '../scripts/form-text.js';
import {assertionProgram} from '../assertions/assertion-program.js';
import {responseVariablesProgram} from '../assertions/response-variables-program.js';
import type {LogEntry, RunControl, ScriptError, ScriptPhase, ScriptRequest, ScriptResponse, ScriptSource, ScriptVariables} from '../scripts/index.js';
import {secretTexts} from '../secrets.js';
import type {Store} from '../store/store.js';
import {findByNameOrId} from '../store/find.js';
import type {CollectionCookies, CookieInfo, NewCookie} from './collection-cookies.js';
import {historyBodyCap} from '../store/history.js';
import {fileStoreError} from '../store/store-error.js';
import {cloneValue, type Value, type Variables} from '../values.js';
import {scriptSender} from './script-sender.js';

export type {RunControl} from '../scripts/index.js';

export type SendOutcome = {
	request: Request;
	/** The request as its pre-request scripts left it, which the problems' offsets point into; undefined when it is `request`. */
	edited?: Request;
	/** What went on the wire; undefined when nothing was sent. */
	prepared?: PreparedRequest;
	/** The response or transport failure; undefined when nothing was sent. */
	result?: SendResult;
	problems: RequestProblem[];
	/** What a value did that the user may not mean (see ResolvedRequest.warnings). */
	warnings?: string[];
	logs: LogEntry[];
	/**
	The scripts that failed, in the order they ran, each naming its script: a pre-request
	failure stops the send, post-response ones keep the response.
	*/
	scriptErrors: ScriptError[];
	/** Why the request was not sent (strict mode with problems, an invalid URL or header). */
	refusal?: string;
	/** The name the history keeps the result under (see ResponseHistory.names). */
	keptAs?: string;
	/** Why the response could not be kept in the history (a full disk, a folder not writable): the send stands. */
	notKept?: string;
	/** Texts to mask when showing this outcome. */
	secrets: string[];
	/** The scripts' own run time in each phase that ran any (see ScriptResult.runMs). */
	scriptTimes?: ScriptTimes;
	/**
	What the request's scripts asked of the run (Postman's setNextRequest, Bruno's bru.runner…),
	both phases together, for `curlew run` to act on. A pre-request script's skipRequest has
	already been acted on: the request was not sent.
	*/
	runControl?: RunControl;
};

/** A collection's cookie jar, as the UI and scripts use it (see Session.cookies). */
export type CollectionCookieJar = {
	/** Every cookie, by domain, path and name; expired ones are gone. */
	list(): Promise<CookieInfo[]>;
	/** The cookies a request to `url` would send, in the order they go. */
	forUrl(url: string): Promise<CookieInfo[]>;
	/** Sets a cookie as if `url`'s response had sent it (a Set-Cookie line, or its parts); returns why it was refused, in words, or undefined. */
	set(url: string, cookie: NewCookie): Promise<string | undefined>;
	/** Removes the cookie `name` a request to `url` would send, or all of them. */
	delete(url: string, name?: string): Promise<void>;
	/** Removes the one cookie of that domain, path and name. */
	remove(cookie: Pick<CookieInfo, 'domain' | 'path' | 'name'>): Promise<void>;
	clear(): Promise<void>;
};

/** Milliseconds of the scripts' own run, by phase: the collection's and the request's together. */
export type ScriptTimes = {preRequest?: number; postResponse?: number};

export type SendOptions = {
	environment?: string;
	signal?: AbortSignal;
	/** Refuse to send while any placeholder is unresolved (also on when the collection says so). */
	strict?: boolean;
	env?: Readonly<Record<string, string | undefined>>;
	/** Hears the response arrive (see the HTTP layer's `SendOptions`). */
	onProgress?: HttpSendOptions['onProgress'];
	/**
	Takes the body as it arrives (see the HTTP layer's `onBody`), so that it need not be held:
	the outcome's response then keeps only what the session needs, the whole body for a
	post-response script to read, else the start the history keeps.
	*/
	streamBody?: HttpSendOptions['onBody'];
	/** Sees each chunk of the body as it arrives (a screen shows it arriving); unlike `streamBody`, the response keeps the whole body. */
	onBodyChunk?: (chunk: Uint8Array, head: ResponseHead) => void;
	/** The iteration of a run this send is part of (`curlew run --iterations`, `--data`). */
	iteration?: Iteration;
};

/**
One iteration of a run: which, of how many, and its row of the run's data file, for scripts
to read as Postman's do (`pm.info.iteration`, `pm.info.iterationCount`, `pm.iterationData`,
`data`, `iteration`).
*/
export type Iteration = {
	/** From 0, as Postman counts. */
	index: number;
	count: number;
	/**
	The row's values by column name: variables of this send, above the environment's and below
	the runtime's, as newman ranks a data file's (a CSV's values are strings).
	*/
	data: Readonly<Record<string, Value>>;
};

export type Preview = {
	prepared?: PreparedRequest;
	problems: RequestProblem[];
	error?: string;
	/** What a value did that the user may not mean (see ResolvedRequest.warnings). */
	warnings?: string[];
	secrets: string[];
};

/*
The HTTP engine (got and its helpers) is the largest thing a session needs and the TUI
needs it only at the first send: loaded then, or earlier by loadHttp, not before the
first frame.
*/
let httpEngine: Promise<typeof import('../http/send.js')> | undefined;
const loadHttpEngine = async () => (httpEngine ??= import('../http/send.js'));

/*
tough-cookie (with its public suffix list) is loaded with the first send or cookie look-up,
not before the first frame.
*/
let cookieModule: Promise<typeof import('./collection-cookies.js')> | undefined;
const loadCookies = async () => (cookieModule ??= import('./collection-cookies.js'));

/*
The script sandbox (its preludes, the worker's source, QuickJS's paths) is loaded by the
first request that has a script, and the echo server by the first collection that asks
for it: a send without either, and the TUI's first frame, never wait for them.
*/
let scriptsModule: Promise<typeof import('../scripts/index.js')> | undefined;
const loadScripts = async () => (scriptsModule ??= import('../scripts/index.js'));
const startEchoServer = async () => (await import('../echo-server.js')).startEchoServer();

export class Session {
	/** Runtime variables by collection id: the highest scope, alive for the session. */
	private readonly runtimes = new Map<string, Map<string, Value>>();
	/** Cookie jars by collection id: each collection's own, alive for the session (and kept in a file when it says so). */
	private readonly jars = new Map<string, Promise<CollectionCookies>>();
	private echo: Promise<{url: string; close(): Promise<void>}> | undefined;

	constructor(private readonly store?: Pick<Store, 'history' | 'settings' | 'path'>) {}

	/**
	A collection's cookies: what its responses' Set-Cookie headers gave, which its later
	requests send back, as a browser would. Each collection has its own jar, for the session;
	with the collection's setting persistCookies it is read from and written to
	`<config folder>/cookies/<collection id>.json` (mode 0600, never exported). A change made
	through it (set, delete, clear) is kept at once.
	*/
	async cookies(collection: Pick<Collection, 'id' | 'settings'>): Promise<CollectionCookieJar> {
		const jar = await this.jarOf(collection);
		const persist = () => {
			this.saveCookies(collection, jar);
		};

		return {
			list: async () => jar.list(),
			forUrl: async url => jar.forUrl(url),
			async set(url, cookie) {
				const refused = await jar.set(url, cookie);
				persist();
				return refused;
			},
			async delete(url, name) {
				await jar.delete(url, name);
				persist();
			},
			async remove(cookie) {
				await jar.remove(cookie);
				persist();
			},
			async clear() {
				await jar.clear();
				persist();
			},
		};
	}

	/** The cookies (`name=value; ...`) the collection's jar would add to a request to `url` now. */
	async jarCookiesFor(collection: Pick<Collection, 'id' | 'settings'>, url: URL): Promise<string> {
		const jar = this.existingJar(collection);
		return jar === undefined ? '' : (await jar).jar.getCookieString(url.href);
	}

	/** The collection's jar when it has one: this session's, or a kept file to read. The jar (tough-cookie, a few hundred ms to load) is made when a response first sets a cookie. */
	private existingJar(collection: Pick<Collection, 'id' | 'settings'>): Promise<CollectionCookies> | undefined {
		const kept = this.store !== undefined && collection.settings.persistCookies === true && fs.existsSync(this.cookieFile(collection.id));
		return this.jars.get(collection.id) ?? (kept ? this.jarOf(collection) : undefined);
	}

	private async jarOf(collection: Pick<Collection, 'id' | 'settings'>): Promise<CollectionCookies> {
		let jar = this.jars.get(collection.id);
		if (jar === undefined) {
			jar = loadCookies().then(({CollectionCookies}) => new CollectionCookies(this.cookieFile(collection.id), this.store !== undefined && collection.settings.persistCookies === true));
			this.jars.set(collection.id, jar);
		}

		return jar;
	}

	private cookieFile(collectionId: string): string {
		return path.join(path.dirname(this.store?.path ?? '.'), 'cookies', `${collectionId}.json`);
	}

	/** Writes the jar's file when the collection keeps its cookies (removes it when it no longer does); a session without a store keeps none. A disk that refuses costs the file, never the send. */
	private saveCookies(collection: Pick<Collection, 'settings'>, jar: CollectionCookies): void {
		if (this.store === undefined) {
			return;
		}

		try {
			jar.save(collection.settings.persistCookies === true);
		} catch {
			// The jar in memory goes on; the next save tries again.
		}
	}

	/**
	The environment variables placeholders may read: those the user allowed in their own
	settings (`curlew env allow`), read at each use so a change made meanwhile counts; none
	without a store.
	*/
	allowedEnv(): readonly string[] {
		return this.store?.settings().allowedEnv ?? [];
	}

	/**
	A collection's runtime variables (set by its scripts, or by `curlew run --var`). Each
	collection has its own: a token one API's login set is never sent to another API.
	*/
	runtimeOf(collection: Pick<Collection, 'id'>): Map<string, Value> {
		let runtime = this.runtimes.get(collection.id);
		if (runtime === undefined) {
			runtime = new Map();
			this.runtimes.set(collection.id, runtime);
		}

		return runtime;
	}

	/**
	The variables in effect for a collection and environment, runtime included, and, given a
	request, its folders' and its own (see scopes for the order); an iteration's data (see
	Iteration.data) ranks with the runtime's, below the values set there.
	*/
	scope(collection: Collection, environmentName?: string, request?: Request, echoUrl?: string, iterationData: Iteration['data'] = {}): Record<string, Value> {
		const collectionVariables = echoUrl === undefined
			? collection.variables
			: collection.variables.map(variable => variable.name === 'baseUrl' ? {...variable, value: echoUrl} : variable);
		return mergeScopes({
			collection: collectionVariables,
			environment: findEnvironment(collection, environmentName)?.variables ?? [],
			...requestLayers(collection, request),
			runtime: {...iterationData, ...Object.fromEntries(this.runtimeOf(collection))},
		});
	}

	/** The request as it would be sent now, without running scripts or sending. */
	async preview(collection: Collection, request: Request, options: Pick<SendOptions, 'environment' | 'env'> = {}): Promise<Preview> {
		const scope = this.scope(collection, options.environment, request, await this.echoUrl(collection));
		const secrets = this.secrets(collection, options.environment, scope, request);
		const {derivedSecrets, ...resolved} = resolveRequest(request, scope, {env: options.env, allowedEnv: this.allowedEnv(), secrets, collectionAuth: collection.auth});
		return {...resolved, secrets: [...secrets, ...derivedSecrets]};
	}

	async send(collection: Collection, request: Request, options: SendOptions = {}): Promise<SendOutcome> {
		const began = Date.now();
		const echoUrl = await this.echoUrl(collection);
		const logs: LogEntry[] = [];
		const scriptTimes: ScriptTimes = {};
		// Worked out when needed: a script may have given a secret its value meanwhile.
		const secretsDerived: string[] = [];
		const secretsNow = () => [...this.secrets(collection, options.environment, this.scope(collection, options.environment, request, echoUrl, options.iteration?.data), request), ...secretsDerived];
		const outcome = (fields: Partial<SendOutcome>): SendOutcome => ({
			request,
			problems: [],
			logs,
			scriptErrors: [],
			secrets: secretsNow(),
			...(Object.keys(scriptTimes).length === 0 ? {} : {scriptTimes}),
			...fields,
		});
		const variables = this.scriptVariables(collection, request, options, echoUrl);

		const before = await this.runPhase(collection, request, 'pre-request', variables, logs, {request: toScriptRequest(request)}, options);
		if (before.runMs !== undefined) {
			scriptTimes.preRequest = before.runMs;
		}

		// Cancelled while its script ran: a cancelled send, as the user asked, never a failing script.
		if (before.errors.some(error => error.kind === 'cancelled')) {
			const result: TransportFailure = {
				kind: 'failure',
				code: 'cancelled',
				message: 'The request was cancelled while its pre-request script ran: nothing was sent',
				timings: {total: Date.now() - began},
			};
			return outcome({result, ...this.keep(request.id, began, result, secretsNow())});
		}

		if (before.errors.length > 0) {
			return outcome({scriptErrors: before.errors, ...asked(before.runControl)});
		}

		if (before.runControl?.skipRequest === true) {
			return outcome({runControl: before.runControl});
		}

		const edited = before.request === undefined ? undefined : applyScriptRequest(request, before.request);
		const scope = this.scope(collection, options.environment, request, echoUrl, options.iteration?.data);
		const {prepared, problems, error, warnings, derivedSecrets} = resolveRequest(edited ?? request, scope, {env: options.env, allowedEnv: this.allowedEnv(), secrets: this.secrets(collection, options.environment, scope, request), collectionAuth: collection.auth});
		secretsDerived.push(...derivedSecrets);
		if (error !== undefined || prepared === undefined) {
			return outcome({edited, problems, refusal: error});
		}

		if ((options.strict === true || collection.settings.strict) && problems.length > 0) {
			return outcome({edited, prepared, problems, warnings, refusal: `Not sent: ${problems.length.toLocaleString('en-US')} placeholder${problems.length === 1 ? '' : 's'} unresolved in strict mode (${placeholderList(problems)})`});
		}

		const started = Date.now();
		const {send} = await loadHttpEngine();
		const keepBodyBytes = options.streamBody === undefined || readsResponse(collection, request) ? undefined : historyBodyCap;
		let cookies = this.existingJar(collection);
		let cookiesSet = false;
		const result = await send(prepared, {
			...sendOptionsFor(settingsFor(collection, request), {signal: options.signal, env: options.env, onProgress: options.onProgress}),
			onBody: options.streamBody ?? watching(options.onBodyChunk),
			keepBodyBytes,
			cookieJar: {
				getCookieString: async url => cookies === undefined ? '' : (await cookies).jar.getCookieString(url),
				setCookie: async (line, url) => {
					cookiesSet = true;
					cookies ??= this.jarOf(collection);
					return (await cookies).jar.setCookie(line, url);
				},
			},
		});
		if (cookiesSet && cookies !== undefined) {
			this.saveCookies(collection, await cookies);
		}

		if (result.kind === 'failure') {
			return outcome({edited, prepared, problems, warnings, result, ...this.keep(request.id, started, result, secretsNow())});
		}

		const response: ScriptResponse = {
			status: result.status,
			statusText: result.statusText,
			headers: result.headers,
			body: result.body,
			responseTime: result.timings.total,
			size: result.size,
		};
		// Bruno's order: the post-response variables, the scripts, then the assertions, which read what the scripts set.
		const sent = {...toScriptRequest(edited ?? request), method: prepared.method, url: prepared.url.href, headers: prepared.headers, body: sentBody(prepared.body)};
		const fromResponse = await this.runProgram(collection, request, 'post-response variables', await responseVariablesProgram(request.postResponseVariables ?? []), variables, logs, response, options.signal);
		const after = await this.runPhase(collection, request, 'post-response', variables, logs, {request: sent, response}, options);
		const fill = (text: string) => interpolate(text, this.scope(collection, options.environment, request, echoUrl), {env: options.env, allowedEnv: this.allowedEnv()}).text;
		const checked = await this.runProgram(collection, request, 'assertions', await assertionProgram(request.asserts ?? [], fill), variables, logs, response, options.signal);
		const runs = [fromResponse, after, checked].filter(run => run.runMs !== undefined);
		if (runs.length > 0) {
			scriptTimes.postResponse = runs.reduce((total, run) => total + run.runMs!, 0);
		}

		// Kept once its scripts ran: a token a login's script keeps in a secret is masked in the history too.
		const scriptErrors = [...fromResponse.errors, ...after.errors, ...checked.errors];
		const runControl = before.runControl === undefined && after.runControl === undefined ? undefined : {...before.runControl, ...after.runControl};
		return outcome({edited, prepared, problems, warnings, result, scriptErrors, ...asked(runControl), ...this.keep(request.id, started, result, secretsNow())});
	}

	/** Runs a program curlew wrote from the request's data (its post-response variables, its assertions) in the sandbox, after the response; none runs when there is none. */
	private async runProgram(
		collection: Collection,
		request: Request,
		source: Extract<ScriptSource, 'post-response variables' | 'assertions'>,
		code: string | undefined,
		variables: ScriptVariables,
		logs: LogEntry[],
		response: ScriptResponse,
		signal: AbortSignal | undefined,
	): Promise<{errors: ScriptError[]; runMs?: number}> {
		if (code === undefined) {
			return {errors: []};
		}

		const {runScript} = await loadScripts();
		const run = await runScript({
			code,
			phase: 'post-response',
			requestName: request.name,
			source,
			variables,
			response,
			limits: {timeoutMs: collection.settings.scriptTimeoutMs, memoryBytes: collection.settings.scriptMemoryBytes},
			signal,
		});
		logs.push(...run.logs);
		return {errors: run.error === undefined ? [] : [run.error], ...(run.runMs === undefined ? {} : {runMs: run.runMs})};
	}

	/**
	Keeps the result in the history, `secrets` masked; a history that cannot be written never
	turns a send that happened into a failure.
	*/
	private keep(requestId: string, startedAt: number, result: SendResult, secrets: readonly string[]): Pick<SendOutcome, 'keptAs' | 'notKept'> {
		try {
			return {keptAs: this.store?.history.append(requestId, {time: new Date(startedAt).toISOString(), result}, secrets)};
		} catch (error) {
			const reason = fileStoreError(error, this.store?.history.directory ?? '') ?? error;
			return {notKept: `the response was not kept in the history: ${reason instanceof Error ? reason.message : String(reason)}`};
		}
	}

	/** Loads the HTTP engine now, so the first send does not wait for it (the TUI calls this after its first frame). */
	async loadHttp(): Promise<void> {
		await loadHttpEngine();
	}

	/**
	Starts loading the HTTP engine, and the script sandbox when these requests have
	scripts, so their start-up overlaps other work instead of following it.
	*/
	warmUp(collection: Collection, requests: readonly Request[]): void {
		// A failure to load shows where it matters: at the send, which awaits the same promise.
		loadHttpEngine().catch(() => undefined);
		const runsScripts = requests.some(request => hasScript(collection, request, 'preRequest') || readsResponse(collection, request));
		if (runsScripts) {
			loadScripts().then(({warmUpSandbox}) => {
				warmUpSandbox({timeoutMs: collection.settings.scriptTimeoutMs, memoryBytes: collection.settings.scriptMemoryBytes});
			}).catch(() => undefined);
		}
	}

	/** Stops the loopback echo server, if a collection needed one, and the script sandbox. */
	async close(): Promise<void> {
		const echo = this.echo;
		this.echo = undefined;
		await Promise.all([echo?.then(async server => server.close()), scriptsModule?.then(async ({closeSandbox}) => closeSandbox(), () => undefined)]);
	}

	private async echoUrl(collection: Collection): Promise<string | undefined> {
		if (collection.settings.localEcho !== true) {
			return undefined;
		}

		this.echo ??= startEchoServer();
		return (await this.echo).url;
	}

	/** The texts to mask for the collection in the environment (by id or name), and the request's folders and its own: its secrets' values, as sent. */
	secrets(collection: Collection, environmentName?: string, scope: Variables = this.scope(collection, environmentName), request?: Request): string[] {
		const {folders = [], request: own = []} = requestLayers(collection, request);
		return secretTexts([
			...collection.variables,
			...(findEnvironment(collection, environmentName)?.variables ?? []),
			...folders.flatMap(folder => folder.variables),
			...own,
		], scope);
	}

	/** client.* in scripts: reads see every scope, writes go to the runtime scope. */
	private scriptVariables(collection: Collection, request: Request, options: SendOptions, echoUrl: string | undefined): ScriptVariables {
		const current = () => this.scope(collection, options.environment, request, echoUrl, options.iteration?.data);
		return {
			get: name => {
				const scope = current();
				return Object.hasOwn(scope, name) ? cloneValue(scope[name]!) : undefined;
			},
			has: name => Object.hasOwn(current(), name),
			// The value is the host's own copy of what the script passed (see ScriptVariables.set): kept as it is.
			set: (name, value) => {
				this.runtimeOf(collection).set(name, value);
			},
			delete: name => this.runtimeOf(collection).delete(name),
			interpolate: text => interpolate(text, current(), {env: options.env, allowedEnv: this.allowedEnv()}).text,
		};
	}

	private async runPhase(
		collection: Collection,
		request: Request,
		phase: ScriptPhase,
		variables: ScriptVariables,
		logs: LogEntry[],
		subject: {request?: ScriptRequest; response?: ScriptResponse},
		options: SendOptions,
	): Promise<{request?: ScriptRequest; errors: ScriptError[]; runMs?: number; runControl?: RunControl}> {
		const key = phase === 'pre-request' ? 'preRequest' : 'postResponse';
		if (!hasScript(collection, request, key)) {
			return {errors: []};
		}

		const code = {collection: collection.scripts[key], request: request.scripts[key]};
		const {runScripts} = await loadScripts();
		const run = await runScripts({
			code,
			phase,
			requestName: request.name,
			variables,
			request: subject.request,
			response: subject.response,
			limits: {timeoutMs: collection.settings.scriptTimeoutMs, memoryBytes: collection.settings.scriptMemoryBytes},
			signal: options.signal,
			sendRequest: scriptSender(collection, {signal: options.signal, env: options.env, engine: loadHttpEngine}),
			...(collection.scriptFiles === undefined ? {} : {modules: collection.scriptFiles}),
			...(options.environment === undefined ? {} : {environmentName: findEnvironment(collection, options.environment)?.name ?? options.environment}),
			cookies: async () => this.cookies(collection),
			...(options.iteration === undefined ? {} : {iteration: options.iteration}),
		});
		logs.push(...run.logs);
		return {...(run.request === undefined ? {} : {request: run.request}), errors: run.errors, ...(run.runMs === undefined ? {} : {runMs: run.runMs}), ...asked(run.runControl)};
	}
}

/** The environment `name` (an id or a name) means, by the rule the CLI uses (see matchByNameOrId): none when ambiguous. */
export function findEnvironment(collection: Collection, name: string | undefined): Environment | undefined {
	if (name === undefined) {
		return undefined;
	}

	return findByNameOrId(collection.environments, name);
}

function asked(runControl: RunControl | undefined): {runControl?: RunControl} {
	return runControl === undefined ? {} : {runControl};
}

/** The body as post-response scripts read it in `req`: text (bytes as UTF-8); empty for a multipart or file body. */
function sentBody(body: PreparedBody | undefined): string {
	if (body === undefined || (typeof body !== 'string' && !(body instanceof Uint8Array))) {
		// A multipart form's parts and a file's bytes are not text a script reads.
		return '';
	}

	return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

/** A listener as the HTTP layer's `onBody`, which never holds the body back. */
function watching(listener: SendOptions['onBodyChunk']): HttpSendOptions['onBody'] {
	return listener === undefined ? undefined : (chunk, head) => {
		listener(chunk, head);
		return undefined;
	};
}

/** Whether the collection or the request has a script for that phase. */
function hasScript(collection: Collection, request: Request, phase: keyof Scripts): boolean {
	return collection.scripts[phase].trim() !== '' || request.scripts[phase].trim() !== '';
}

/** Whether the response goes to the sandbox: a post-response script, post-response variables or assertions read it. */
function readsResponse(collection: Collection, request: Request): boolean {
	return hasScript(collection, request, 'postResponse')
		|| (request.postResponseVariables?.length ?? 0) > 0
		|| (request.asserts ?? []).some(assertion => assertion.enabled);
}

function toScriptRequest(request: Request): ScriptRequest {
	return {
		method: request.method,
		url: request.url,
		headers: request.headers.filter(header => header.enabled).map(header => [header.name, header.value]),
		body: scriptBody(request.body),
		bodyType: request.body.type,
	};
}

/**
`req.body`: the text of a JSON or text body, a form as it is sent (`a=1&b={{b}}`), a GraphQL
body's query; empty for a multipart or file body, whose parts and bytes are not text.
*/
function scriptBody(body: Body): string {
	switch (body.type) {
		case 'none':
		case 'multipart':
		case 'file': {
			return '';
		}

		case 'form': {
			return formText(body.fields);
		}

		default: {
			return body.text;
		}
	}
}

/** The request as a pre-request script left it: its URL, method, headers and body apply to what is sent. */
function applyScriptRequest(request: Request, changed: ScriptRequest): Request {
	const disabled = request.headers.filter(header => !header.enabled);
	return {
		...request,
		method: changed.method,
		url: changed.url,
		headers: [...changed.headers.map(([name, value]) => ({name, value, enabled: true})), ...disabled],
		body: changed.body === scriptBody(request.body) ? request.body : bodyFromScript(request.body, changed.body),
	};
}

/**
The body a script's new `req.body` makes: of the same type, a form's text read back into its
fields (whatever it looks like: the README promises fields), a GraphQL body's query; for no
body, or a multipart or file body a script cannot read as text, JSON when the text is JSON,
else text.
*/
function bodyFromScript(body: Body, text: string): Body {
	switch (body.type) {
		case 'json':
		case 'text': {
			return {type: body.type, text};
		}

		case 'graphql': {
			return {...body, text};
		}

		case 'form': {
			const disabled = body.fields.filter(field => field.enabled === false);
			return {type: 'form', fields: [...formFields(text), ...disabled]};
		}

		case 'none':
		case 'multipart':
		case 'file': {
			return {type: looksLikeJson(text) ? 'json' : 'text', text};
		}
	}
}
