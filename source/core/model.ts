/**
The collection model: what a user edits and what the store and the file formats keep.
Nothing here knows about the UI or about HTTP; see http/ and store/ for those.
*/
import type {Value} from './values.js';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = typeof httpMethods[number];

export type Variable = {
	name: string;
	value: Value;
	/** Masked in the UI, left out of exports and headless output. */
	secret?: boolean;
};

export type Header = {
	name: string;
	value: string;
	enabled: boolean;
};

export type FormField = {
	name: string;
	value: string;
	enabled?: boolean;
};

/**
A part of a multipart/form-data body: text, or the bytes of a file read when the request is
sent. `contentType` is the part's own Content-Type; without it a text part has none and a
file part is application/octet-stream.
*/
export type MultipartPart =
	| {type: 'text'; name: string; value: string; contentType?: string; enabled?: boolean}
	| {type: 'file'; name: string; file: string; contentType?: string; enabled?: boolean};

export const bodyTypes = ['none', 'json', 'text', 'form', 'multipart', 'file', 'graphql'] as const;
export type BodyType = typeof bodyTypes[number];

/**
What a body keeps for each type side by side: `text` for JSON and text bodies and a GraphQL
query, `fields` for a URL-encoded form, `parts` for a multipart form, `file` for a file body
(a path: relative ones are read from the folder curlew runs in), `variables` for a GraphQL
query's variables (JSON, with placeholders).
*/
export type BodySlots = {
	text?: string;
	fields?: FormField[];
	parts?: MultipartPart[];
	file?: string;
	variables?: string;
};

/**
A body holds what was typed for each type side by side (see BodySlots). Only what its `type`
names is sent; the rest is kept so that changing the type back brings it back. A slot that
holds nothing is left out.
*/
export type Body =
	| ({type: 'none'} & BodySlots)
	| ({type: 'json'; text: string} & BodySlots)
	| ({type: 'text'; text: string} & BodySlots)
	| ({type: 'form'; fields: FormField[]} & BodySlots)
	| ({type: 'multipart'; parts: MultipartPart[]} & BodySlots)
	| ({type: 'file'; file: string} & BodySlots)
	| ({type: 'graphql'; text: string} & BodySlots);

/**
How a request says who sends it. Each field is a template, filled when the request is sent:
basic's header is the base64 of the filled user and password, digest answers the server's
challenge with them, an API key goes in a header or the query.
*/
export type Auth =
	| {type: 'bearer'; token: string}
	| {type: 'basic'; username: string; password: string}
	| {type: 'digest'; username: string; password: string}
	| {type: 'apikey'; key: string; value: string; in: 'header' | 'query'};

export const authTypes = ['none', 'inherit', 'bearer', 'basic', 'digest', 'apikey'] as const;

/** A request's auth: its own, none, or the collection's (`inherit`, as Postman and Bruno write it). */
export type RequestAuth = Auth | {type: 'none'} | {type: 'inherit'};

export type Scripts = {
	preRequest: string;
	postResponse: string;
};

/** Bruno's assert operators, in Bruno's order. */
export const assertOperators = [
	'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'contains', 'notContains', 'length', 'matches', 'notMatches', 'startsWith', 'endsWith', 'between',
	'isEmpty', 'isNotEmpty', 'isNull', 'isUndefined', 'isDefined', 'isTruthy', 'isFalsy', 'isJson', 'isNumber', 'isString', 'isBoolean', 'isArray',
] as const;
export type AssertOperator = typeof assertOperators[number];

/** The operators that compare with nothing: their assertion's value is empty. */
export const unaryAssertOperators: ReadonlySet<AssertOperator> = new Set(['isEmpty', 'isNotEmpty', 'isNull', 'isUndefined', 'isDefined', 'isTruthy', 'isFalsy', 'isJson', 'isNumber', 'isString', 'isBoolean', 'isArray']);

/**
A check of the response, run after the post-response scripts and counted as a test (Bruno's
assert block): `expression` is JavaScript read in the script sandbox (`res.status`,
`res.body.items.length`, `res('data.id')`), `value` what it is compared with, written as in
Bruno: a number, true, false, null, "quoted" or plain text, `a, b` for in, notIn and between,
a regular expression's source (between slashes or not) for matches; placeholders are filled
first. An operator of unaryAssertOperators has the value ''.
*/
export type Assertion = {
	expression: string;
	operator: AssertOperator;
	value: string;
	enabled: boolean;
};

/**
A runtime variable set from the response as soon as it comes, before the post-response
scripts run (Bruno's vars:post-response): `expression` is JavaScript read in the script
sandbox, such as `res.body.token`.
*/
export type ResponseVariable = {
	name: string;
	expression: string;
};

/** The collection's settings a request may set for itself: each one it sets wins over the collection's. */
export const requestSettingNames = ['followRedirects', 'maxRedirects', 'totalTimeoutMs'] as const;
export type RequestSettings = Partial<Pick<CollectionSettings, typeof requestSettingNames[number]>>;

/**
A request. The optional parts are left out when they hold nothing. A request named
`Folder / Sub / Name` is in the folders `Folder` and `Folder / Sub` (see foldersOf).
*/
export type Request = {
	id: string;
	name: string;
	method: HttpMethod;
	url: string;
	headers: Header[];
	body: Body;
	scripts: Scripts;
	/** Left out: none. */
	auth?: RequestAuth;
	/** The request's own variables (Bruno's vars:pre-request): a scope above its folders', below the runtime one. */
	variables?: Variable[];
	postResponseVariables?: ResponseVariable[];
	asserts?: Assertion[];
	settings?: RequestSettings;
};

/**
The variables of a folder, which its requests see above the environment's and below their
own. `path` is the folder's names joined by " / ", as the names of the requests in it begin:
the folder `Users / Admin` holds the request `Users / Admin / List`.
*/
export type Folder = {
	path: string;
	variables: Variable[];
};

export type Environment = {
	id: string;
	name: string;
	variables: Variable[];
};

export type CollectionSettings = {
	/** Refuse to send while any placeholder is unresolved. */
	strict: boolean;
	followRedirects: boolean;
	maxRedirects: number;
	connectTimeoutMs: number;
	totalTimeoutMs: number;
	verifyTls: boolean;
	/** A PEM file of extra certificate authorities to trust. */
	caFile?: string;
	maxResponseBytes: number;
	scriptTimeoutMs: number;
	scriptMemoryBytes: number;
	/** Keep the collection's cookie jar in a file beside the store (mode 0600, never exported), so a login lasts past the session. */
	persistCookies?: boolean;
	/** The collection talks to curlew's local echo server: whoever runs it starts one and sets a runtime `baseUrl` to its URL. */
	localEcho?: boolean;
};

export type Collection = {
	id: string;
	name: string;
	variables: Variable[];
	environments: Environment[];
	scripts: Scripts;
	requests: Request[];
	settings: CollectionSettings;
	/** What a request whose auth is `inherit` sends; left out: none. */
	auth?: Auth;
	/** Only folders that hold variables are listed, each once, in no particular order. */
	folders?: Folder[];
	/**
	The collection's own JavaScript files, which its scripts require by a path from the
	collection's folder (`require('./lib/sign.js')`): each file's text by that path, `/` between
	folders, without `./` (`lib/sign.js`). An imported Bruno collection brings the .js files of
	its folder; none otherwise. Scripts read them from here, never from the disk.
	*/
	scriptFiles?: Record<string, string>;
};

export const defaultSettings: Readonly<CollectionSettings> = Object.freeze({
	strict: false,
	followRedirects: true,
	maxRedirects: 10,
	connectTimeoutMs: 10_000,
	totalTimeoutMs: 30_000,
	verifyTls: true,
	maxResponseBytes: 100 * 1024 * 1024,
	scriptTimeoutMs: 1000,
	scriptMemoryBytes: 64 * 1024 * 1024,
});

/** The auth a request is sent with: its own, or its collection's when it inherits; undefined for none. */
export function authFor(collection: Pick<Collection, 'auth'>, request: Pick<Request, 'auth'>): Auth | undefined {
	const own = request.auth;
	if (own === undefined || own.type === 'none') {
		return undefined;
	}

	return own.type === 'inherit' ? collection.auth : own;
}

/** The longest connect or total timeout, in milliseconds: Node's timers take no more, and fire at once for a longer one. */
export const maxTimeoutMs = (2 ** 31) - 1;

export const emptyScripts: Readonly<Scripts> = Object.freeze({preRequest: '', postResponse: ''});

export function newId(): string {
	return crypto.randomUUID();
}

export function createRequest(fields: Partial<Request> = {}): Request {
	return {
		id: newId(),
		name: 'New request',
		method: 'GET',
		url: '',
		headers: [],
		body: {type: 'none'},
		scripts: {...emptyScripts},
		...fields,
	};
}

export function createCollection(fields: Partial<Collection> = {}): Collection {
	return {
		id: newId(),
		name: 'New collection',
		variables: [],
		environments: [],
		scripts: {...emptyScripts},
		requests: [],
		settings: {...defaultSettings},
		...fields,
	};
}

/** The folders a request is in, outermost first: those whose path, and " / ", begins its name. */
export function foldersOf(collection: Pick<Collection, 'folders'>, request: Pick<Request, 'name'>): Folder[] {
	return (collection.folders ?? [])
		.filter(folder => request.name.startsWith(`${folder.path} / `))
		.sort((a, b) => a.path.length - b.path.length);
}

/** The settings a request is sent with: its own over the collection's. */
export function settingsFor(collection: Pick<Collection, 'settings'>, request: Pick<Request, 'settings'>): CollectionSettings {
	return {...collection.settings, ...request.settings};
}

/** The body of a type with the given slots; an empty slot is left out unless the type sends it. */
export function bodyOf(type: BodyType, {text = '', fields = [], parts = [], file = '', variables = ''}: BodySlots): Body {
	const kept: BodySlots = {
		...(text === '' ? {} : {text}),
		...(fields.length === 0 ? {} : {fields}),
		...(parts.length === 0 ? {} : {parts}),
		...(file === '' ? {} : {file}),
		...(variables === '' ? {} : {variables}),
	};
	switch (type) {
		case 'none': {
			return {type, ...kept};
		}

		case 'form': {
			return {type, ...kept, fields};
		}

		case 'multipart': {
			return {type, ...kept, parts};
		}

		case 'file': {
			return {type, ...kept, file};
		}

		default: {
			return {type, ...kept, text};
		}
	}
}
