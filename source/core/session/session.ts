/**
A session: what one TUI run or one `curlew run` process shares between requests.

It holds the runtime variables (set by scripts with `client.setVar`, or `--var`), and it
sends a request the one way both front ends use: pre-request scripts, interpolation,
the HTTP call, post-response scripts, history. The TUI and the headless CLI differ only in
how they show the outcome.
*/
import {sendOptionsFor} from '../http/send-options.js';
import type {PreparedRequest, SendOptions as HttpSendOptions, SendResult, TransportFailure} from '../http/types.js';
import {interpolate} from '../interpolate/index.js';
import type {Body, Collection, Environment, Request, Scripts} from '../model.js';
import {looksLikeJson, resolveRequest, type RequestProblem} from '../resolve-request.js';
import {placeholderList} from '../problem-list.js';
import {mergeScopes} from '../scopes.js';
import {formFields, formText} from '../scripts/form-text.js';
import type {LogEntry, ScriptError, ScriptPhase, ScriptRequest, ScriptResponse, ScriptVariables} from '../scripts/index.js';
import {secretTexts} from '../secrets.js';
import type {Store} from '../store/store.js';
import {findByNameOrId} from '../store/find.js';
import {historyBodyCap} from '../store/history.js';
import {fileStoreError} from '../store/store-error.js';
import {cloneValue, type Value, type Variables} from '../values.js';

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
	private echo: Promise<{url: string; close(): Promise<void>}> | undefined;

	constructor(private readonly store?: Pick<Store, 'history' | 'settings'>) {}

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

	/** The variables in effect for a collection and environment, runtime included. */
	scope(collection: Collection, environmentName?: string, echoUrl?: string): Record<string, Value> {
		const collectionVariables = echoUrl === undefined
			? collection.variables
			: collection.variables.map(variable => variable.name === 'baseUrl' ? {...variable, value: echoUrl} : variable);
		return mergeScopes(collectionVariables, findEnvironment(collection, environmentName)?.variables ?? [], Object.fromEntries(this.runtimeOf(collection)));
	}

	/** The request as it would be sent now, without running scripts or sending. */
	async preview(collection: Collection, request: Request, options: Pick<SendOptions, 'environment' | 'env'> = {}): Promise<Preview> {
		const scope = this.scope(collection, options.environment, await this.echoUrl(collection));
		const secrets = this.secrets(collection, options.environment, scope);
		const resolved = resolveRequest(request, scope, {env: options.env, allowedEnv: this.allowedEnv(), secrets});
		return {...resolved, secrets};
	}

	async send(collection: Collection, request: Request, options: SendOptions = {}): Promise<SendOutcome> {
		const began = Date.now();
		const echoUrl = await this.echoUrl(collection);
		const logs: LogEntry[] = [];
		const scriptTimes: ScriptTimes = {};
		// Worked out when needed: a script may have given a secret its value meanwhile.
		const secretsNow = () => this.secrets(collection, options.environment, this.scope(collection, options.environment, echoUrl));
		const outcome = (fields: Partial<SendOutcome>): SendOutcome => ({
			request,
			problems: [],
			logs,
			scriptErrors: [],
			secrets: secretsNow(),
			...(Object.keys(scriptTimes).length === 0 ? {} : {scriptTimes}),
			...fields,
		});
		const variables = this.scriptVariables(collection, options, echoUrl);

		const before = await this.runPhase(collection, request, 'pre-request', variables, logs, {request: toScriptRequest(request)}, options.signal);
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
			return outcome({scriptErrors: before.errors});
		}

		const edited = before.request === undefined ? undefined : applyScriptRequest(request, before.request);
		const scope = this.scope(collection, options.environment, echoUrl);
		const {prepared, problems, error, warnings} = resolveRequest(edited ?? request, scope, {env: options.env, allowedEnv: this.allowedEnv(), secrets: this.secrets(collection, options.environment, scope)});
		if (error !== undefined || prepared === undefined) {
			return outcome({edited, problems, refusal: error});
		}

		if ((options.strict === true || collection.settings.strict) && problems.length > 0) {
			return outcome({edited, prepared, problems, warnings, refusal: `Not sent: ${problems.length.toLocaleString('en-US')} placeholder${problems.length === 1 ? '' : 's'} unresolved in strict mode (${placeholderList(problems)})`});
		}

		const started = Date.now();
		const {send} = await loadHttpEngine();
		const keepBodyBytes = options.streamBody === undefined || hasScript(collection, request, 'postResponse') ? undefined : historyBodyCap;
		const result = await send(prepared, {
			...sendOptionsFor(collection.settings, {signal: options.signal, env: options.env, onProgress: options.onProgress}),
			onBody: options.streamBody,
			keepBodyBytes,
		});
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
		const after = await this.runPhase(collection, request, 'post-response', variables, logs, {response}, options.signal);
		if (after.runMs !== undefined) {
			scriptTimes.postResponse = after.runMs;
		}

		// Kept once its scripts ran: a token a login's script keeps in a secret is masked in the history too.
		return outcome({edited, prepared, problems, warnings, result, scriptErrors: after.errors, ...this.keep(request.id, started, result, secretsNow())});
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
		const hasScript = [collection.scripts, ...requests.map(request => request.scripts)]
			.some(scripts => scripts.preRequest.trim() !== '' || scripts.postResponse.trim() !== '');
		if (hasScript) {
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

	/** The texts to mask for the collection in the environment (by id or name): its secrets' values, as sent. */
	secrets(collection: Collection, environmentName?: string, scope: Variables = this.scope(collection, environmentName)): string[] {
		return secretTexts([...collection.variables, ...(findEnvironment(collection, environmentName)?.variables ?? [])], scope);
	}

	/** client.* in scripts: reads see every scope, writes go to the runtime scope. */
	private scriptVariables(collection: Collection, options: SendOptions, echoUrl: string | undefined): ScriptVariables {
		const current = () => this.scope(collection, options.environment, echoUrl);
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
		signal: AbortSignal | undefined,
	): Promise<{request?: ScriptRequest; errors: ScriptError[]; runMs?: number}> {
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
			signal,
		});
		logs.push(...run.logs);
		return {...(run.request === undefined ? {} : {request: run.request}), errors: run.errors, ...(run.runMs === undefined ? {} : {runMs: run.runMs})};
	}
}

/** The environment `name` (an id or a name) means, by the rule the CLI uses (see matchByNameOrId): none when ambiguous. */
export function findEnvironment(collection: Collection, name: string | undefined): Environment | undefined {
	if (name === undefined) {
		return undefined;
	}

	return findByNameOrId(collection.environments, name);
}

/** Whether the collection or the request has a script for that phase. */
function hasScript(collection: Collection, request: Request, phase: keyof Scripts): boolean {
	return collection.scripts[phase].trim() !== '' || request.scripts[phase].trim() !== '';
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

/** `req.body`: the text of a JSON or text body, a form as it is sent (`a=1&b={{b}}`). */
function scriptBody(body: Body): string {
	switch (body.type) {
		case 'none': {
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
fields (whatever it looks like: the README promises fields); for no body, JSON when the text
is JSON, else text.
*/
function bodyFromScript(body: Body, text: string): Body {
	switch (body.type) {
		case 'json':
		case 'text': {
			return {type: body.type, text};
		}

		case 'form': {
			const disabled = body.fields.filter(field => field.enabled === false);
			return {type: 'form', fields: [...formFields(text), ...disabled]};
		}

		case 'none': {
			return {type: looksLikeJson(text) ? 'json' : 'text', text};
		}
	}
}
