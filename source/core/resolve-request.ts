/**
Turns a request as the user wrote it into the request that goes on the wire: every
placeholder filled by the rules of its place (URL, header, JSON or text body, form field),
disabled headers dropped, the URL parsed. Every problem found is returned, with where it
stands, so the UI can show them before sending and `--strict` can refuse.
*/
import type {PreparedBody, PreparedPart, PreparedRequest} from './http/types.js';
import {urlShapeWarnings} from './http/url-shape.js';
import {requestTargetAsWritten} from './http/request-target.js';
import {withScheme} from './http/url-scheme.js';
import {headerProblem} from './http/wire-headers.js';
import {interpolate, interpolateRecordingFills} from './interpolate/index.js';
import type {Problem} from './interpolate/problem.js';
import {withQuery} from './formats/url-query.js';
import {authFor, type Auth, type Request} from './model.js';
import type {Variables} from './values.js';

/** Where in the request a problem stands. */
export type ProblemPlace =
	| {part: 'url'}
	| {part: 'header-name'; index: number}
	| {part: 'header-value'; index: number; header: string}
	| {part: 'body'}
	| {part: 'graphql-variables'}
	| {part: 'form-field'; index: number; field: string}
	| {part: 'body-part'; index: number; name: string}
	| {part: 'body-file'}
	| {part: 'auth'; field: string};

export type RequestProblem = Problem & {place: ProblemPlace};

export type ResolvedRequest = {
	/** Undefined when the request cannot be sent at all: see `error`. */
	prepared?: PreparedRequest;
	problems: RequestProblem[];
	/** Why the request cannot be built (an invalid URL or header), in one sentence. */
	error?: string;
	/**
	Texts computed from secret values, to mask as the secrets are: the base64 of basic
	credentials that hold one.
	*/
	derivedSecrets: string[];
	/**
	What a value did that the user may not mean, one line each, where it stands first: a URL
	placeholder whose value changed the URL's shape (`URL, column 29: {{t}}: its value …`).
	*/
	warnings: string[];
};

export type ResolveOptions = {
	env?: Readonly<Record<string, string | undefined>>;
	/** The names `{{process.env.NAME}}` may read (see InterpolateOptions). Default none. */
	allowedEnv?: readonly string[];
	/** Secret texts (see secretTexts), which a warning never quotes any piece of. */
	secrets?: readonly string[];
	/** The collection's auth, which a request whose auth is `inherit` sends. */
	collectionAuth?: Auth;
};

const headerNamePattern = /^[!#$%&'*+.^`|~\w-]+$/;

export function resolveRequest(request: Request, scope: Variables, options: ResolveOptions = {}): ResolvedRequest {
	const problems: RequestProblem[] = [];
	const fill = (template: string, place: ProblemPlace, context: 'text' | 'json' = 'text') => {
		const result = interpolate(template, scope, {context, env: options.env, allowedEnv: options.allowedEnv});
		for (const problem of result.problems) {
			problems.push({...problem, place});
		}

		return result.text;
	};

	const filledUrl = interpolateRecordingFills(request.url, scope, {env: options.env, allowedEnv: options.allowedEnv});
	for (const problem of filledUrl.problems) {
		problems.push({...problem, place: {part: 'url'}});
	}

	const headers: Array<[string, string]> = [];
	const errors: string[] = [];
	const derivedSecrets: string[] = [];
	for (const [index, header] of request.headers.entries()) {
		if (!header.enabled) {
			continue;
		}

		const name = fill(header.name, {part: 'header-name', index}).trim();
		const value = fill(header.value, {part: 'header-value', index, header: name});
		if (name === '' && value === '') {
			continue;
		}

		if (!headerNamePattern.test(name)) {
			errors.push(`Header name ${JSON.stringify(name)} is invalid: use letters, digits and ! # $ % & ' * + - . ^ _ \` | ~`);
		} else if (/[\r\n\0]/.test(value)) {
			errors.push(`The value of header "${name}" holds a line break or NUL, which HTTP does not allow in a header`);
		} else {
			// What send would refuse is refused here, so the Preview says it before anything goes out.
			const problem = headerProblem([[name, value]]);
			if (problem === undefined) {
				headers.push([name, value]);
			} else {
				errors.push(problem);
			}
		}
	}

	const auth = resolveAuth(authFor({auth: options.collectionAuth}, request), fill, options.secrets ?? []);
	let urlText = filledUrl.text.trim();
	if (auth?.header !== undefined) {
		const [name, value] = auth.header;
		// The auth's header wins over the request's own of that name, as in Postman and Bruno.
		removeHeader(headers, name);
		const problem = headerProblem([auth.header]);
		if (problem === undefined) {
			headers.push([name, value]);
		} else {
			errors.push(`The auth's header cannot be sent: ${problem}`);
		}
	}

	if (auth?.query !== undefined) {
		urlText = withQuery(urlText, auth.query);
	}

	derivedSecrets.push(...auth?.derivedSecrets ?? []);
	const body = resolveBody(request, headers, fill);
	if (body !== undefined && typeof body === 'object' && 'error' in body) {
		errors.push(body.error);
	}

	const url = parseUrl(urlText, request.url);
	if (typeof url === 'string') {
		errors.unshift(url);
	}

	if (errors.length > 0 || typeof url === 'string') {
		return {problems, error: errors.join('; '), warnings: [], derivedSecrets};
	}

	const prepared: PreparedRequest = {method: request.method, url: url.url, headers};
	if (url.target !== undefined) {
		prepared.target = url.target;
	}

	if (auth?.digest !== undefined) {
		prepared.digest = auth.digest;
	}

	if (body !== undefined && !(typeof body === 'object' && 'error' in body) && request.method !== 'HEAD') {
		prepared.body = body;
	}

	return {prepared, problems, warnings: urlShapeWarnings(request.url, filledUrl.fills, options.secrets), derivedSecrets};
}

type ResolvedAuth = {header?: [string, string]; query?: string; digest?: {username: string; password: string}; derivedSecrets?: string[]};

/** What the auth adds to the request, its fields filled now: basic's base64 is of the filled user and password. */
function resolveAuth(auth: Auth | undefined, fill: Fill, secrets: readonly string[]): ResolvedAuth | undefined {
	const field = (template: string, name: string) => fill(template, {part: 'auth', field: name});
	switch (auth?.type) {
		case undefined: {
			return undefined;
		}

		case 'bearer': {
			return {header: ['Authorization', `Bearer ${field(auth.token, 'token')}`]};
		}

		case 'basic': {
			const credentials = `${field(auth.username, 'username')}:${field(auth.password, 'password')}`;
			const encoded = Buffer.from(credentials, 'utf8').toString('base64');
			const fromSecret = secrets.some(secret => credentials.includes(secret));
			return {header: ['Authorization', `Basic ${encoded}`], ...(fromSecret ? {derivedSecrets: [encoded]} : {})};
		}

		case 'digest': {
			return {digest: {username: field(auth.username, 'username'), password: field(auth.password, 'password')}};
		}

		case 'apikey': {
			const key = field(auth.key, 'key');
			const value = field(auth.value, 'value');
			// Without a name there is nothing to send, as in Postman.
			if (key.trim() === '') {
				return undefined;
			}

			return auth.in === 'query' ? {query: `${key}=${value}`} : {header: [key.trim(), value]};
		}
	}
}

function hasHeader(headers: Array<[string, string]>, name: string): boolean {
	const lower = name.toLowerCase();
	return headers.some(([existing]) => existing.toLowerCase() === lower);
}

/** Whether `text` parses as JSON. */
export function looksLikeJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}

/** Whether a request's body is read as JSON: its type says so, or its Content-Type does. */
export function isJsonBody(request: Pick<Request, 'body' | 'headers'>): boolean {
	if (request.body.type === 'json') {
		return true;
	}

	return request.body.type === 'text' && request.headers.some(header => header.enabled && header.name.trim().toLowerCase() === 'content-type' && /\bjson\b/i.test(header.value));
}

type Fill = (template: string, place: ProblemPlace, context?: 'text' | 'json') => string;

function resolveBody(request: Request, headers: Array<[string, string]>, fill: Fill): PreparedBody | {error: string} | undefined {
	const {body} = request;
	const contentType = (type: string) => {
		if (!hasHeader(headers, 'content-type')) {
			headers.push(['Content-Type', type]);
		}
	};

	switch (body.type) {
		case 'none': {
			return undefined;
		}

		case 'json':
		case 'text': {
			const json = isJsonBody(request);
			contentType(json ? 'application/json' : 'text/plain; charset=utf-8');
			return fill(body.text, {part: 'body'}, json ? 'json' : 'text');
		}

		case 'form': {
			contentType('application/x-www-form-urlencoded');
			const form = new URLSearchParams();
			for (const [index, field] of body.fields.entries()) {
				if (field.enabled === false) {
					continue;
				}

				const name = fill(field.name, {part: 'form-field', index, field: field.name});
				form.append(name, fill(field.value, {part: 'form-field', index, field: name}));
			}

			return form.toString();
		}

		case 'multipart': {
			// The Content-Type names the boundary between parts, which only the encoder knows, and the length follows from it: curlew's replace the user's.
			removeHeader(headers, 'content-type');
			removeHeader(headers, 'content-length');
			const parts: PreparedPart[] = [];
			for (const [index, part] of body.parts.entries()) {
				if (part.enabled === false) {
					continue;
				}

				const name = fill(part.name, {part: 'body-part', index, name: part.name});
				const place: ProblemPlace = {part: 'body-part', index, name};
				const own = part.contentType === undefined ? {} : {contentType: fill(part.contentType, place)};
				if (part.type === 'file') {
					const file = fill(part.file, place);
					if (file.trim() === '') {
						return {error: `Multipart part "${name}" is a file part with no file: give the path of the file to send`};
					}

					parts.push({name, file, ...own});
				} else {
					parts.push({name, value: fill(part.value, place), ...own});
				}
			}

			return {multipart: parts};
		}

		case 'file': {
			const file = fill(body.file, {part: 'body-file'});
			if (file.trim() === '') {
				return {error: 'The body is a file body with no file: give the path of the file to send'};
			}

			contentType('application/octet-stream');
			return {file};
		}

		case 'graphql': {
			contentType('application/json');
			// As Postman sends it: the variables' text goes in as written (placeholders filled as in a JSON body), left out when empty.
			const query = `"query":${JSON.stringify(fill(body.text, {part: 'body'}))}`;
			const variables = fill(body.variables ?? '', {part: 'graphql-variables'}, 'json');
			return `{${query}${variables.trim() === '' ? '' : `,"variables":${variables}`}}`;
		}
	}
}

function removeHeader(headers: Array<[string, string]>, name: string): void {
	const lower = name.toLowerCase();
	for (let index = headers.length - 1; index >= 0; index--) {
		if (headers[index]![0].toLowerCase() === lower) {
			headers.splice(index, 1);
		}
	}
}

/** The URL parsed, with its path as written where the parser changed it (see requestTargetAsWritten), or why it cannot be sent. */
function parseUrl(text: string, template: string): {url: URL; target?: string} | string {
	if (text === '') {
		return template.trim() === '' ? 'The URL is empty: type one, such as https://api.example.com/users' : `The URL ${JSON.stringify(template)} is empty once its placeholders are filled`;
	}

	// A URL parser drops tabs and line breaks without a word: a value that holds one would be sent changed.
	const breakAt = text.search(/[\t\r\n]/);
	if (breakAt !== -1) {
		const what = text[breakAt] === '\t' ? 'a tab' : 'a line break';
		return `The URL ${JSON.stringify(text)} holds ${what}${template.includes('{{') ? ', from a value filled into it' : ''}: a URL cannot carry one; encode it (%0A, %0D, %09) if it is meant`;
	}

	const typed = withScheme(text);
	if ('problem' in typed) {
		return typed.problem;
	}

	let url: URL;
	try {
		url = new URL(typed.url);
	} catch {
		return `The URL ${JSON.stringify(text)} is not valid: check the scheme (http:// or https://), the host and the port`;
	}

	// WHATWG URLs accept hosts such as "{{host}}"; no DNS name or address looks like that. An
	// ASCII host, what the URL parser makes of most, is tested first: V8 takes a quarter of a
	// millisecond to compile \p{L} and \p{N} (twice that case-insensitive, which \p{L} need not be).
	if (!/^(?:[\w.~-]+|\[[\dA-Fa-f:.]+\])$/.test(url.hostname) && !/^[\p{L}\p{N}._~-]+$/u.test(url.hostname)) {
		return `The URL ${JSON.stringify(text)} is not valid: "${decodeURIComponent(url.hostname)}" is not a host name or address`;
	}

	const target = requestTargetAsWritten(typed.url, url);
	return target === undefined ? {url} : {url, target};
}
