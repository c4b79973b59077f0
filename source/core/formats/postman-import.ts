/**
Reads a Postman Collection (v2.0 or v2.1, such as Postman and `curlew export --format
postman` write) and a Postman environment into curlew's model.

A request inside folders is named `Folder / Sub / Request`, a folder's scripts run before
its requests' own (as in Postman) by being copied into them, its auth is copied into its
requests that inherit (a request that inherits the collection's auth keeps inheriting it),
and its variables are that folder's (see Folder in the model). Placeholders need no change:
`{{name}}` is Postman's syntax too. What curlew cannot hold (auth kinds other than bearer,
basic, digest and API key, disabled variables) is left out with a note;
protocolProfileBehavior's redirect and TLS settings become the collection's where its
requests agree, and the redirect settings of a request that differs its own; descriptions
are documentation and are not kept. A file with no `info` (newman runs one) is read as
v2.1, named after the file.
*/
import path from 'node:path';
import {bodyOf, createCollection, createRequest, defaultSettings, httpMethods, requestSettingNames, type Body, type CollectionSettings, type Folder, type FormField, type Header, type HttpMethod, type MultipartPart, type Request, type RequestAuth, type RequestSettings, type Scripts, type Variable} from '../model.js';
import {isExactNumber, validateValue, validateVariableName, type Value} from '../values.js';
import {collectionAuthOf, inheritedAuth, unsupportedAuthNote, type InheritedAuth} from './auth-import.js';
import {describeJson, expectArray, expectObject, expectString, FieldError, fieldPath, optionalArray, type JsonObject} from './field-error.js';
import type {ImportedCollection, ImportedEnvironment} from './imported.js';
import {foldScripts} from './fold-scripts.js';
import {variablesDoubled, withBackslashesKept} from './literal-text.js';
import {findHeader} from './header-list.js';
import {itemNameProblem} from './item-name.js';
import {withoutJsonComments} from './json-comments.js';
import {postmanApi, scriptsToPort} from './scripts-to-port.js';
import type {SettingSources} from './settings-notes.js';

/** The `info.schema` of a Postman collection file, which names a postman.com schema; undefined for any other file. */
export function postmanSchemaOf(file: JsonObject): string | undefined {
	const {info} = file;
	const schema = typeof info === 'object' && info !== null ? (info as JsonObject).schema : undefined;
	return typeof schema === 'string' && /postman\.com\//i.test(schema) ? schema : undefined;
}

/** A Postman collection without its `info` (no schema, no name), as newman runs one: a list of `item`s and nothing of another format. */
export function isPostmanWithoutInfo(file: JsonObject): boolean {
	return file.info === undefined && Array.isArray(file.item) && file.curlew === undefined;
}

/** What a folder hands down to what it holds. */
type Inherited = {
	path: string[];
	auth: InheritedAuth;
	/** protocolProfileBehavior, the folder's over the collection's. */
	behavior: JsonObject;
	preRequest: string[];
	postResponse: string[];
};

type Reading = {
	notes: string[];
	/** The collection's variables by name, folders' added. */
	variables: Map<string, Variable>;
	requests: Request[];
	/** Each request's protocolProfileBehavior (its own over its folders'), in the order of `requests`. */
	behaviors: Array<{where: string; behavior: JsonObject}>;
	/** Folders with variables, by path. */
	folders: Map<string, Folder>;
	/** The collection file's folder, which relative file paths are read from. */
	folder?: string;
};

export type PostmanReadOptions = {
	/** The file's name, which names a collection that has no `info`. */
	fileName?: string;
	/** The collection file's folder: a relative file path in a body is made absolute from there. Without it, paths stay as written. */
	folder?: string;
};

/** @throws FieldError naming the field (`item[2].item[0].request.method`) and what it should hold. */
export function readPostmanCollection(json: unknown, {fileName = 'imported', folder}: PostmanReadOptions = {}): ImportedCollection {
	const file = expectObject(json, '');
	const reading: Reading = {notes: [], variables: new Map(), requests: [], behaviors: [], folders: new Map(), folder};
	let name: string;
	if (isPostmanWithoutInfo(file)) {
		name = checkedName(nameFromFile(fileName), 'the file\'s name', 'collection');
		reading.notes.push(`it has no "info": it was read as a Postman Collection v2.1, and named "${name}" after the file`);
	} else {
		const schema = postmanSchemaOf(file)!;
		if (!/\/v2\.[01]\.\d+\//.test(schema)) {
			throw new FieldError('info.schema', `${schema} is not a collection format curlew reads: export the collection from Postman as Collection v2.1`);
		}

		name = checkedName(expectObject(file.info, 'info').name, 'info.name', 'collection');
	}

	for (const variable of readVariables(file.variable, 'variable', 'the collection', reading.notes)) {
		reading.variables.set(variable.name, variable);
	}

	const scripts = readEvents(file.event, 'event', 'the collection', reading.notes);
	const fileAuth = file.auth === undefined || file.auth === null ? undefined : expectObject(file.auth, 'auth');
	const auth = collectionAuthOf(fileAuth === undefined ? undefined : authOf(fileAuth, 'the collection', reading.notes));
	readItems(file.item, 'item', {path: [], auth: {from: 'collection', auth}, behavior: behaviorOf(file, ''), preRequest: [], postResponse: []}, reading);
	const {settings, sources} = settingsOf(reading);
	const collection = createCollection({
		name,
		settings: {...defaultSettings, ...settings},
		variables: [...reading.variables.values()],
		scripts: {preRequest: foldScripts(scripts.preRequest), postResponse: foldScripts(scripts.postResponse)},
		requests: reading.requests,
		...(auth === undefined ? {} : {auth}),
		...(reading.folders.size === 0 ? {} : {folders: [...reading.folders.values()]}),
	});
	return withBackslashesKept({collection, notes: [...reading.notes, ...scriptsToPort(collection, postmanApi)], settingSources: sources});
}

/** @throws FieldError naming the field and what it should hold. */
export function readPostmanEnvironment(json: unknown): ImportedEnvironment {
	const file = expectObject(json, '');
	const name = checkedName(file.name, 'name', 'environment');
	const notes: string[] = [];
	const variables = readVariables(file.values, 'values', `environment "${name}"`, notes);
	return {environment: {name, variables: variablesDoubled(variables)}, notes};
}

function readItems(value: unknown, field: string, inherited: Inherited, reading: Reading): void {
	for (const [index, entry] of (value === undefined ? [] : expectArray(value, field)).entries()) {
		const itemField = fieldPath(field, index);
		const item = expectObject(entry, itemField);
		const name = checkedName(item.name, fieldPath(itemField, 'name'), Array.isArray(item.item) ? 'folder' : 'request');
		if (item.item !== undefined) {
			readFolder(item, itemField, name, inherited, reading);
		} else if (item.request === undefined) {
			throw new FieldError(itemField, 'is neither a request (it has no "request") nor a folder (it has no "item")');
		} else {
			const requestName = [...inherited.path, name].join(' / ');
			const request = readRequest(item, itemField, requestName, inherited, reading);
			if (request !== undefined) {
				reading.requests.push(request);
				reading.behaviors.push({where: `request "${requestName}"`, behavior: {...inherited.behavior, ...behaviorOf(item, itemField)}});
			}
		}
	}
}

function readFolder(folder: JsonObject, field: string, name: string, inherited: Inherited, reading: Reading): void {
	const path = [...inherited.path, name];
	const where = `folder "${path.join(' / ')}"`;
	const scripts = readEvents(folder.event, fieldPath(field, 'event'), where, reading.notes);
	if (scripts.preRequest.length > 0 || scripts.postResponse.length > 0) {
		reading.notes.push(`${where}: its scripts were copied into each of its requests, before their own: curlew has no folders`);
	}

	const variables = readVariables(folder.variable, fieldPath(field, 'variable'), where, reading.notes);
	if (variables.length > 0) {
		const folderPath = path.join(' / ');
		const taken = reading.folders.get(folderPath);
		if (taken === undefined) {
			reading.folders.set(folderPath, {path: folderPath, variables});
		} else {
			// Two sibling folders of one name are one folder in curlew, as their requests' names are alike too.
			reading.notes.push(`${where}: two folders have this name: curlew keeps their variables together, the later folder's winning`);
			const names = new Set(variables.map(variable => variable.name));
			taken.variables = [...taken.variables.filter(variable => !names.has(variable.name)), ...variables];
		}
	}

	const own = folder.auth === undefined || folder.auth === null ? undefined : expectObject(folder.auth, fieldPath(field, 'auth'));
	readItems(folder.item, fieldPath(field, 'item'), {
		path,
		// curlew has no folder auth: a folder's own is copied into each request of it that inherits.
		auth: own === undefined || own.type === 'inherit' ? inherited.auth : {from: 'folder', auth: authOf(own, where, reading.notes)},
		behavior: {...inherited.behavior, ...behaviorOf(folder, field)},
		preRequest: [...inherited.preRequest, ...scripts.preRequest],
		postResponse: [...inherited.postResponse, ...scripts.postResponse],
	}, reading);
}

/** The request, or undefined when curlew cannot send it (a method it does not have), with a note. */
function readRequest(item: JsonObject, field: string, name: string, inherited: Inherited, {notes, folder}: Reading): Request | undefined {
	const where = `request "${name}"`;
	const requestField = fieldPath(field, 'request');
	// The schema lets a request be only its URL.
	const request = typeof item.request === 'string' ? {url: item.request} : expectObject(item.request, requestField);
	const methodText = request.method === undefined ? 'GET' : expectString(request.method, fieldPath(requestField, 'method')).toUpperCase();
	if (!httpMethods.includes(methodText as HttpMethod)) {
		notes.push(`${where} was left out: its method ${methodText} is not one curlew sends (${httpMethods.join(', ')})`);
		return undefined;
	}

	const headers = readHeaders(request.header, fieldPath(requestField, 'header'));
	const url = readUrl(request.url, fieldPath(requestField, 'url'), where, notes);
	// Postman's default for a request is to inherit.
	const ownAuth = request.auth === undefined || request.auth === null ? undefined : expectObject(request.auth, fieldPath(requestField, 'auth'));
	const auth = ownAuth === undefined || ownAuth.type === 'inherit' ? inheritedAuth(inherited.auth) : authOf(ownAuth, where, notes);

	const scripts = readEvents(item.event, fieldPath(field, 'event'), where, notes);
	const behavior = {...inherited.behavior, ...behaviorOf(item, field)};
	const body = readBody(request.body, fieldPath(requestField, 'body'), {headers, where, notes, folder});
	return createRequest({
		name,
		method: methodText as HttpMethod,
		url,
		headers,
		...(auth === undefined || auth.type === 'none' ? {} : {auth}),
		body: prunedBody(body, methodText, behavior, where, notes),
		scripts: {
			preRequest: foldScripts([...inherited.preRequest, ...scripts.preRequest]),
			postResponse: foldScripts([...inherited.postResponse, ...scripts.postResponse]),
		},
	});
}

/** Postman's protocolProfileBehavior settings that are curlew collection settings, and how each maps. */
const behaviorSettings = [
	{key: 'followRedirects', setting: 'followRedirects', read: (value: unknown) => typeof value === 'boolean' ? value : undefined},
	{key: 'strictSSL', setting: 'verifyTls', read: (value: unknown) => typeof value === 'boolean' ? value : undefined},
	{key: 'maxRedirects', setting: 'maxRedirects', read: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined},
] as const satisfies ReadonlyArray<{key: string; setting: keyof CollectionSettings; read: (value: unknown) => CollectionSettings[keyof CollectionSettings] | undefined}>;

function behaviorOf(item: JsonObject, field: string): JsonObject {
	const behavior = item.protocolProfileBehavior;
	return behavior === undefined || behavior === null ? {} : expectObject(behavior, fieldPath(field, 'protocolProfileBehavior'));
}

/**
The collection settings that every request's protocolProfileBehavior agrees on (set on the
collection, or alike on each request). Where requests differ, the collection keeps curlew's
default, and each request that sets another keeps it as its own setting when a request may
have one (followRedirects, maxRedirects); else (strictSSL) it is a note. disableUrlEncoding
is a note wherever it is set.
*/
function settingsOf({behaviors, requests, notes}: Reading): {settings: Partial<CollectionSettings>; sources: SettingSources} {
	const settings: Partial<CollectionSettings> = {};
	const sources: SettingSources = {};
	for (const {key, setting, read} of behaviorSettings) {
		const values = behaviors.map(({behavior}) => read(behavior[key]));
		const [first] = values;
		if (first !== undefined && values.every(value => value === first)) {
			(settings as Record<string, unknown>)[setting] = first;
			sources[setting] = `protocolProfileBehavior.${key}: ${JSON.stringify(first)}`;
			continue;
		}

		for (const [index, value] of values.entries()) {
			if (value === undefined || value === defaultSettings[setting]) {
				continue;
			}

			if ((requestSettingNames as readonly string[]).includes(setting)) {
				const request = requests[index]!;
				request.settings = {...request.settings, [setting]: value} as RequestSettings;
			} else {
				notes.push(`${behaviors[index]!.where}: its setting ${key}: ${String(value)} was left out: curlew has one ${setting} for the whole collection, and the other requests differ; set it in the collection's settings if this one needs it`);
			}
		}
	}

	for (const {where, behavior} of behaviors) {
		if (behavior.disableUrlEncoding === true) {
			notes.push(`${where}: its setting disableUrlEncoding: true was left out: curlew sends a URL as the URL standard writes it, percent-encoding a space or a character outside ASCII, whatever the setting`);
		}
	}

	return {settings, sources};
}

function readUrl(value: unknown, field: string, where: string, notes: string[]): string {
	if (value === undefined || value === null) {
		return '';
	}

	if (typeof value === 'string') {
		return value;
	}

	const url = expectObject(value, field);
	const query = optionalArray(url, 'query', field).map((entry, index) => readPair(entry, fieldPath(fieldPath(field, 'query'), index)));
	let text = url.raw === undefined ? urlFromParts(url, field, query) : expectString(url.raw, fieldPath(field, 'raw'));
	text = withoutParameters(text, query.filter(parameter => parameter.disabled));
	const values = new Map<string, string[]>();
	for (const [index, entry] of optionalArray(url, 'variable', field).entries()) {
		const {key, value} = readPair(entry, fieldPath(fieldPath(field, 'variable'), index));
		const ofKey = values.get(key) ?? [];
		ofKey.push(value);
		values.set(key, ofKey);
	}

	// One pass over the path: the nth segment /:key takes the nth variable of that key, and a value is not read again for segments.
	return values.size === 0 ? text : text.replaceAll(/\/:([^/?#]+)(?=[/?#]|$)/g, (segment: string, key: string) => {
		const value = values.get(key)?.shift();
		if (value === '') {
			notes.push(`${where}: its path variable :${key} has no value: curlew has no path variables, so put the value (or a {{placeholder}}) in the URL`);
		}

		return value === undefined || value === '' ? segment : `/${value}`;
	});
}

/** The URL written by its parts, which a file may give instead of `raw`. */
function urlFromParts(url: JsonObject, field: string, query: Pair[]): string {
	const part = (key: string): string => {
		const value = url[key];
		if (value === undefined) {
			return '';
		}

		if (Array.isArray(value)) {
			return value.map((segment, index) => typeof segment === 'object' && segment !== null ? String((segment as JsonObject).value ?? '') : expectString(segment, fieldPath(fieldPath(field, key), index))).join(key === 'host' ? '.' : '/');
		}

		return typeof value === 'number' ? String(value) : expectString(value, fieldPath(field, key));
	};

	const protocol = part('protocol');
	const port = part('port');
	const path = part('path');
	const enabled = query.filter(parameter => !parameter.disabled).map(parameter => parameter.value === '' ? parameter.key : `${parameter.key}=${parameter.value}`);
	const hash = part('hash');
	return `${protocol === '' ? '' : `${protocol}://`}${part('host')}${port === '' ? '' : `:${port}`}${path === '' || path.startsWith('/') ? path : `/${path}`}${enabled.length === 0 ? '' : `?${enabled.join('&')}`}${hash === '' ? '' : `#${hash}`}`;
}

/** `url` without the query parameters Postman has disabled (a file may keep them in `raw`). */
function withoutParameters(url: string, disabled: Pair[]): string {
	const hashAt = url.indexOf('#');
	const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
	const queryAt = beforeHash.indexOf('?');
	if (disabled.length === 0 || queryAt === -1) {
		return url;
	}

	const parameters = beforeHash.slice(queryAt + 1).split('&');
	for (const {key, value} of disabled) {
		const index = parameters.findIndex(parameter => parameter === `${key}=${value}` || (value === '' && parameter === key));
		if (index !== -1) {
			parameters.splice(index, 1);
		}
	}

	return `${beforeHash.slice(0, queryAt)}${parameters.length === 0 ? '' : `?${parameters.join('&')}`}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}

type Pair = {key: string; value: string; disabled: boolean; type?: string};

/** A `{key, value, disabled}` entry; a value that is not text (Postman writes some as numbers or booleans) becomes its text. */
function readPair(value: unknown, field: string): Pair {
	const object = expectObject(value, field);
	const key = object.key ?? '';
	const pair: Pair = {
		key: typeof key === 'string' ? key : expectString(key, fieldPath(field, 'key')),
		value: textOf(object.value),
		disabled: object.disabled === true,
	};
	if (typeof object.type === 'string') {
		pair.type = object.type;
	}

	return pair;
}

function textOf(value: unknown): string {
	if (value === undefined || value === null) {
		return '';
	}

	return typeof value === 'string' ? value : JSON.stringify(value);
}

function readHeaders(value: unknown, field: string): Header[] {
	if (value === undefined || value === null) {
		return [];
	}

	// v2.0 lets headers be one block of text, a header a line.
	if (typeof value === 'string') {
		return value.split(/\r?\n/).filter(line => line.includes(':')).map(line => {
			const colon = line.indexOf(':');
			return {name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim(), enabled: true};
		});
	}

	return expectArray(value, field).map((entry, index) => {
		const {key, value: text, disabled} = readPair(entry, fieldPath(field, index));
		return {name: key, value: text, enabled: !disabled};
	});
}

/**
The body as Postman sends it: a GET's or a HEAD's is dropped unless protocolProfileBehavior's
disableBodyPruning (the request's, its folders' or the collection's) says to send it, as
Postman's runtime prunes the body of methods that have none. What was typed is kept in the
body's slots, so that changing the method back or the type brings it back.
*/
function prunedBody(body: Body, method: string, behavior: JsonObject, where: string, notes: string[]): Body {
	if (body.type === 'none' || (method !== 'GET' && method !== 'HEAD') || behavior.disableBodyPruning === true) {
		return body;
	}

	if (method === 'GET') {
		notes.push(`${where}: its body is not sent, as Postman does not send a GET's body unless protocolProfileBehavior.disableBodyPruning is true; it is kept, so choosing its type again sends it`);
	}

	const {type: _type, ...slots} = body;
	return {type: 'none', ...slots};
}

type BodyReading = {
	headers: Header[];
	where: string;
	notes: string[];
	/** The collection file's folder: a relative file path is read from there. */
	folder?: string;
};

function readBody(value: unknown, field: string, {headers, where, notes, folder}: BodyReading): Body {
	if (value === undefined || value === null) {
		return {type: 'none'};
	}

	const body = expectObject(value, field);
	if (body.disabled === true) {
		notes.push(`${where}: its body was left out: it is disabled in Postman`);
		return {type: 'none'};
	}

	const mode = body.mode === undefined ? undefined : expectString(body.mode, fieldPath(field, 'mode'));
	switch (mode) {
		case undefined: {
			return {type: 'none'};
		}

		case 'raw': {
			const text = body.raw === undefined ? '' : expectString(body.raw, fieldPath(field, 'raw'));
			if (text === '') {
				return {type: 'none'};
			}

			const language = ((body.options as JsonObject | undefined)?.raw as JsonObject | undefined)?.language;
			const saysJson = language === undefined
				? /\bjson\b/i.test(findHeader(headers, 'content-type')?.value ?? '')
				: language === 'json';
			if (saysJson) {
				const json = withoutJsonComments(text);
				if (json !== text) {
					notes.push(`${where}: the comments in its JSON body were removed, as Postman removes them before sending`);
				}

				return {type: 'json', text: json};
			}

			const contentType = typeof language === 'string' ? rawContentTypes[language] : undefined;
			if (contentType !== undefined && findHeader(headers, 'content-type') === undefined) {
				headers.push({name: 'Content-Type', value: contentType, enabled: true});
			}

			return {type: 'text', text};
		}

		case 'urlencoded': {
			const fields = readFields(body.urlencoded, fieldPath(field, 'urlencoded'));
			return fields.length === 0 ? {type: 'none'} : {type: 'form', fields};
		}

		case 'formdata': {
			const parts = readParts(body.formdata, fieldPath(field, 'formdata'), where, notes, folder);
			return parts.length === 0 ? {type: 'none'} : {type: 'multipart', parts};
		}

		case 'file': {
			const file = body.file === undefined || body.file === null ? {} : expectObject(body.file, fieldPath(field, 'file'));
			const source = typeof file.src === 'string' ? file.src : '';
			if (source === '') {
				notes.push(`${where}: its file body names no file: choose one in curlew, or in Postman before exporting`);
				return {type: 'none'};
			}

			return {type: 'file', file: filePath(source, folder)};
		}

		case 'graphql': {
			const graphql = body.graphql === undefined ? {} : expectObject(body.graphql, fieldPath(field, 'graphql'));
			const query = graphql.query === undefined ? '' : expectString(graphql.query, fieldPath(fieldPath(field, 'graphql'), 'query'));
			// The variables' text is kept as written: it may hold placeholders outside quotes, as curlew's JSON bodies may.
			const variables = textOf(graphql.variables);
			return bodyOf('graphql', {text: query, variables});
		}

		default: {
			notes.push(`${where}: its ${mode} body was left out: curlew sends JSON, text, form, multipart, file and GraphQL bodies`);
			return {type: 'none'};
		}
	}
}

/** A file as Postman names it, absolute: a relative path is read from the collection file's folder, where newman run from there would read it. */
function filePath(source: string, folder: string | undefined): string {
	return folder === undefined || path.isAbsolute(source) ? source : path.join(folder, source);
}

/** The Content-Type Postman gives a raw body of each language, where curlew's text body would go out as text/plain. */
const rawContentTypes: Readonly<Record<string, string>> = {
	xml: 'application/xml',
	html: 'text/html',
	javascript: 'application/javascript',
};

/** Form fields; a disabled one stays, disabled, as curlew's forms can hold it. */
function readFields(value: unknown, field: string): FormField[] {
	const pairs = value === undefined ? [] : expectArray(value, field).map((entry, index) => readPair(entry, fieldPath(field, index)));
	return pairs.map(({key, value: text, disabled}) => disabled ? {name: key, value: text, enabled: false} : {name: key, value: text});
}

/**
The parts of a multipart form: text, or files (`src`, one path or a list, each a part of the
same name, as Postman sends them); a file part that names no file is left out with a note.
*/
function readParts(value: unknown, field: string, where: string, notes: string[], folder: string | undefined): MultipartPart[] {
	const parts: MultipartPart[] = [];
	for (const [index, entry] of (value === undefined ? [] : expectArray(value, field)).entries()) {
		const entryField = fieldPath(field, index);
		const {key, value: text, disabled, type} = readPair(entry, entryField);
		const object = entry as JsonObject;
		const own = {
			...(typeof object.contentType === 'string' && object.contentType !== '' ? {contentType: object.contentType} : {}),
			...(disabled ? {enabled: false} : {}),
		};
		if (type !== 'file') {
			parts.push({type: 'text', name: key, value: text, ...own});
			continue;
		}

		const sources = (Array.isArray(object.src) ? object.src : [object.src]).filter((source): source is string => typeof source === 'string' && source !== '');
		if (sources.length === 0) {
			notes.push(`${where}: its file part "${key}" names no file and was left out: choose the file in curlew, or in Postman before exporting`);
		}

		for (const source of sources) {
			parts.push({type: 'file', name: key, file: filePath(source, folder), ...own});
		}
	}

	return parts;
}

/** curlew's auth for a Postman auth setting; a kind curlew cannot send is none, with a note. */
function authOf(auth: JsonObject, where: string, notes: string[]): RequestAuth | undefined {
	const type = typeof auth.type === 'string' ? auth.type : 'noauth';
	const parameter = (key: string): string => authParameter(auth, type, key);
	switch (type) {
		case 'noauth': {
			return {type: 'none'};
		}

		case 'inherit': {
			return {type: 'inherit'};
		}

		case 'bearer': {
			return {type: 'bearer', token: parameter('token')};
		}

		case 'basic':
		case 'digest': {
			return {type, username: parameter('username'), password: parameter('password')};
		}

		case 'apikey': {
			return {type: 'apikey', key: parameter('key'), value: parameter('value'), in: parameter('in') === 'query' ? 'query' : 'header'};
		}

		default: {
			notes.push(unsupportedAuthNote(where, type));
			return undefined;
		}
	}
}

/** v2.1 writes an auth's settings as `[{key, value}]`, v2.0 as an object. */
function authParameter(auth: JsonObject, type: string, key: string): string {
	const settings = auth[type];
	if (Array.isArray(settings)) {
		const entry = settings.find(setting => typeof setting === 'object' && setting !== null && (setting as JsonObject).key === key) as JsonObject | undefined;
		return textOf(entry?.value);
	}

	return typeof settings === 'object' && settings !== null ? textOf((settings as JsonObject)[key]) : '';
}

function readEvents(value: unknown, field: string, where: string, notes: string[]): {preRequest: string[]; postResponse: string[]} {
	const scripts = {preRequest: [] as string[], postResponse: [] as string[]};
	for (const [index, entry] of (value === undefined || value === null ? [] : expectArray(value, field)).entries()) {
		const eventField = fieldPath(field, index);
		const event = expectObject(entry, eventField);
		const phase: keyof Scripts | undefined = event.listen === 'prerequest' ? 'preRequest' : event.listen === 'test' ? 'postResponse' : undefined;
		if (phase === undefined) {
			throw new FieldError(fieldPath(eventField, 'listen'), `expected "prerequest" or "test", found ${describeJson(event.listen)}`);
		}

		const script = event.script === undefined ? {} : expectObject(event.script, fieldPath(eventField, 'script'));
		const exec = script.exec === undefined ? '' : Array.isArray(script.exec)
			? script.exec.map((line, lineIndex) => expectString(line, fieldPath(fieldPath(fieldPath(eventField, 'script'), 'exec'), lineIndex))).join('\n')
			: expectString(script.exec, fieldPath(fieldPath(eventField, 'script'), 'exec'));
		if (exec.trim() === '') {
			continue;
		}

		if (event.disabled === true) {
			notes.push(`${where}: its disabled ${event.listen} script was left out`);
			continue;
		}

		scripts[phase].push(exec);
	}

	return scripts;
}

/**
Variables; a disabled one, or one whose name curlew cannot use, is left out with a note, and
of two with the same name the later one wins, as in Postman. `type` "number" and "boolean"
give those kinds when the text is one; "secret" marks it secret.
*/
function readVariables(value: unknown, field: string, where: string, notes: string[]): Variable[] {
	const variables = new Map<string, Variable>();
	for (const [index, entry] of (value === undefined || value === null ? [] : expectArray(value, field)).entries()) {
		const entryField = fieldPath(field, index);
		const object = expectObject(entry, entryField);
		const keyField = object.key === undefined ? 'id' : 'key';
		const name = expectString(object[keyField], fieldPath(entryField, keyField));
		if (object.disabled === true || object.enabled === false) {
			notes.push(`${where}: variable "${name}" was left out: it is disabled in Postman`);
			continue;
		}

		const problem = validateVariableName(name);
		if (problem !== undefined) {
			notes.push(`${where}: variable "${name}" was left out: ${problem}`);
			continue;
		}

		if (variables.has(name)) {
			notes.push(`${where}: variable "${name}" is defined twice: the later value was kept, as Postman does`);
			variables.delete(name);
		}

		const variable: Variable = {name, value: typedValue(object.value, object.type, fieldPath(entryField, 'value'))};
		if (object.type === 'secret') {
			variable.secret = true;
		}

		variables.set(name, variable);
	}

	return [...variables.values()];
}

const numberText = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON number beyond ±(2^53 − 1) was rounded as the file was read: it is refused, as by curlew's own format. */
function typedValue(value: unknown, type: unknown, field: string): Value {
	if (typeof value === 'boolean') {
		return value;
	}

	if (typeof value === 'number') {
		const problem = Number.isFinite(value) ? validateValue(value) : undefined;
		if (problem !== undefined) {
			throw new FieldError(field, problem);
		}

		return Number.isFinite(value) ? value : String(value);
	}

	const text = textOf(value);
	if (type === 'number' && numberText.test(text.trim()) && isExactNumber(Number(text))) {
		return Number(text);
	}

	if (type === 'boolean' && (text === 'true' || text === 'false')) {
		return text === 'true';
	}

	return text;
}

/** `shop` for shop.postman_collection.json or shop.json. */
function nameFromFile(fileName: string): string {
	const base = fileName.split(/[/\\]/).at(-1) ?? fileName;
	return base.replace(/(?:\.postman_collection)?\.json$/i, '');
}

function checkedName(value: unknown, field: string, what: string): string {
	const name = expectString(value, field);
	const problem = itemNameProblem(name, what);
	if (problem !== undefined) {
		throw new FieldError(field, problem);
	}

	return name;
}
