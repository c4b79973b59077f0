/**
Reads the files of a Bruno collection saved in YAML (Bruno 3's OpenCollection layout:
opencollection.yml, folder.yml in each folder, a .yml file per request, environments/*.yml)
into the shapes @usebruno/lang gives for .bru files, so that one reader (bruno-import.ts)
makes curlew's collection of either. Every field is checked: a file that is not what its
place needs is a FieldError naming the file and the field (`users/Get.yml: http.headers[0]`).
*/
import YAML from 'yaml';
import type {BruAuth, BruEnvironment, BruFolder, BruMultipartField, BruPair, BruRequest, BruScripts, BruVars} from '@usebruno/lang';
import type {BrunoFile} from './bruno-file.js';
import {describeJson, FieldError, fieldPath, type JsonObject} from './field-error.js';

/** A field of a file: its path and where in it, for FieldError. */
type Place = {file: string; field: string};

const at = (place: Place, key: string | number): Place => ({file: place.file, field: fieldPath(place.field, key)});

function refuse(place: Place, problem: string): never {
	throw new FieldError(place.field === '' ? place.file : `${place.file}: ${place.field}`, problem);
}

/** The file's YAML, which must be a mapping. */
function parseFile(file: BrunoFile): JsonObject {
	let value: unknown;
	try {
		value = YAML.parse(file.text, {intAsBigInt: true, logLevel: 'error'});
	} catch (error) {
		const place = (error as {linePos?: Array<{line: number; col: number}>}).linePos?.[0];
		const message = (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
		throw new FieldError(file.path, place === undefined ? `is not YAML curlew can read: ${message}` : `line ${place.line}, column ${place.col}: ${message}`);
	}

	return mapping(value ?? {}, {file: file.path, field: ''});
}

function mapping(value: unknown, place: Place): JsonObject {
	if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) {
		refuse(place, `expected a mapping (key: value lines), found ${shown(value)}`);
	}

	return value as JsonObject;
}

function optionalMapping(object: JsonObject, key: string, place: Place): JsonObject | undefined {
	const value = object[key];
	return value === undefined || value === null ? undefined : mapping(value, at(place, key));
}

function list(object: JsonObject, key: string, place: Place): unknown[] {
	const value = object[key];
	if (value === undefined || value === null) {
		return [];
	}

	if (!Array.isArray(value)) {
		refuse(at(place, key), `expected a list (lines that start with -), found ${shown(value)}`);
	}

	return value;
}

/** A scalar as the text it stands for: YAML reads `200` as a number and `true` as a boolean where Bruno means the text. */
function text(object: JsonObject, key: string, place: Place, fallback = ''): string {
	const value = object[key];
	if (value === undefined || value === null) {
		return fallback;
	}

	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
		return String(value);
	}

	refuse(at(place, key), `expected text, found ${shown(value)}`);
}

function flag(object: JsonObject, key: string, place: Place): boolean | undefined {
	const value = object[key];
	if (value === undefined || value === null) {
		return undefined;
	}

	if (typeof value !== 'boolean') {
		refuse(at(place, key), `expected true or false, found ${shown(value)}`);
	}

	return value;
}

function shown(value: unknown): string {
	if (value instanceof Uint8Array) {
		return 'binary data';
	}

	return typeof value === 'bigint' ? `a number (${value})` : describeJson(value);
}

/** `[{name, value, disabled}]` lists: headers, params, form fields, variables. */
function pairs(object: JsonObject, key: string, place: Place): BruPair[] {
	return list(object, key, place).map((entry, index) => {
		const entryPlace = at(at(place, key), index);
		const pair = mapping(entry, entryPlace);
		return {name: text(pair, 'name', entryPlace), value: variableValue(pair, entryPlace), enabled: flag(pair, 'disabled', entryPlace) !== true};
	});
}

/** A variable's value: text, or Bruno's typed form `{type, data}`, whose data is the text. */
function variableValue(pair: JsonObject, place: Place): string {
	const value = pair.value;
	if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)) {
		return text(value as JsonObject, 'data', at(place, 'value'));
	}

	if (Array.isArray(value)) {
		// Variants of a value: the selected one, else the first.
		const variants = value.map((variant, index) => mapping(variant, at(at(place, 'value'), index)));
		const chosen = variants.find(variant => variant.selected === true) ?? variants[0];
		return chosen === undefined ? '' : variableValue(chosen, at(place, 'value'));
	}

	return text(pair, 'value', place);
}

function scripts(object: JsonObject, place: Place): {script: BruScripts; tests?: string} {
	const script: BruScripts = {};
	let tests: string | undefined;
	for (const [index, entry] of list(object, 'scripts', place).entries()) {
		const entryPlace = at(at(place, 'scripts'), index);
		const {type, code} = {type: text(mapping(entry, entryPlace), 'type', entryPlace), code: text(entry as JsonObject, 'code', entryPlace)};
		switch (type) {
			case 'before-request': {
				script.req = code;
				break;
			}

			case 'after-response': {
				script.res = code;
				break;
			}

			case 'tests': {
				tests = code;
				break;
			}

			case 'hooks': {
				script.hooks = code;
				break;
			}

			default: {
				refuse(at(entryPlace, 'type'), `expected before-request, after-response, tests or hooks, found ${JSON.stringify(type)}`);
			}
		}
	}

	return tests === undefined ? {script} : {script, tests};
}

/** `variables` and the `set-variable` actions after the response, as vars:pre-request and vars:post-response. */
function vars(object: JsonObject, place: Place): BruVars {
	const response = list(object, 'actions', place).flatMap((entry, index): BruPair[] => {
		const entryPlace = at(at(place, 'actions'), index);
		const action = mapping(entry, entryPlace);
		if (text(action, 'type', entryPlace) !== 'set-variable' || text(action, 'phase', entryPlace, 'after-response') !== 'after-response') {
			return [];
		}

		const selector = optionalMapping(action, 'selector', entryPlace) ?? {};
		const variable = optionalMapping(action, 'variable', entryPlace) ?? {};
		return [{
			name: text(variable, 'name', at(entryPlace, 'variable')),
			value: text(selector, 'expression', at(entryPlace, 'selector')),
			enabled: flag(action, 'disabled', entryPlace) !== true,
		}];
	});
	return {req: pairs(object, 'variables', place), res: response};
}

function auth(value: unknown, place: Place): {mode: string; auth: BruAuth} {
	if (value === undefined || value === null) {
		return {mode: 'none', auth: {mode: 'none'}};
	}

	if (value === 'inherit') {
		return {mode: 'inherit', auth: {mode: 'inherit'}};
	}

	const object = mapping(value, place);
	const mode = text(object, 'type', place, 'none');
	const read = (key: string) => text(object, key, place);
	switch (mode) {
		case 'bearer': {
			return {mode, auth: {mode, bearer: {token: read('token')}}};
		}

		case 'basic': {
			return {mode, auth: {mode, basic: {username: read('username'), password: read('password')}}};
		}

		case 'apikey': {
			return {mode, auth: {mode, apikey: {key: read('key'), value: read('value'), placement: read('placement') === 'query' ? 'queryparams' : 'header'}}};
		}

		default: {
			return {mode, auth: {mode}};
		}
	}
}

/** The body, or the selected one of its variants (a list of `{title, selected, body}`). */
function chosenBody(value: unknown, place: Place): {value: JsonObject | undefined; place: Place} {
	if (!Array.isArray(value)) {
		return {value: value === undefined || value === null ? undefined : mapping(value, place), place};
	}

	const variants = value.map((variant, index) => mapping(variant, at(place, index)));
	const index = Math.max(0, variants.findIndex(variant => variant.selected === true));
	return variants.length === 0 ? {value: undefined, place} : chosenBody(variants[index]!.body, at(at(place, index), 'body'));
}

function body(value: unknown, graphql: boolean, place: Place): {mode: string; body: NonNullable<BruRequest['body']>} {
	const chosen = chosenBody(value, place);
	if (chosen.value === undefined) {
		return {mode: 'none', body: {}};
	}

	const object = chosen.value;
	if (graphql) {
		return {mode: 'graphql', body: {graphql: {query: text(object, 'query', chosen.place), variables: text(object, 'variables', chosen.place)}}};
	}

	const type = text(object, 'type', chosen.place);
	switch (type) {
		case 'json':
		case 'text':
		case 'xml':
		case 'sparql': {
			return {mode: type, body: {[type]: text(object, 'data', chosen.place)}};
		}

		case 'form-urlencoded': {
			return {mode: 'formUrlEncoded', body: {formUrlEncoded: pairs(object, 'data', chosen.place)}};
		}

		case 'multipart-form': {
			const fields = list(object, 'data', chosen.place).map((entry, index): BruMultipartField => {
				const entryPlace = at(at(chosen.place, 'data'), index);
				const field = mapping(entry, entryPlace);
				const kind = text(field, 'type', entryPlace, 'text') === 'file' ? 'file' : 'text';
				return {name: text(field, 'name', entryPlace), type: kind, value: kind === 'file' ? '' : text(field, 'value', entryPlace), enabled: flag(field, 'disabled', entryPlace) !== true};
			});
			return {mode: 'multipartForm', body: {multipartForm: fields}};
		}

		default: {
			return {mode: type === '' ? 'none' : type, body: {}};
		}
	}
}

function settings(object: JsonObject, place: Place): BruRequest['settings'] {
	const given = optionalMapping(object, 'settings', place);
	if (given === undefined) {
		return undefined;
	}

	const settingsPlace = at(place, 'settings');
	const count = (key: string): number | undefined => {
		const value = given[key];
		if (value === undefined || value === null || value === 'inherit') {
			return undefined;
		}

		const number = typeof value === 'bigint' || typeof value === 'number' ? Number(value) : Number.NaN;
		if (!Number.isSafeInteger(number) || number < 0) {
			refuse(at(settingsPlace, key), `expected a whole number of milliseconds or inherit, found ${shown(value)}`);
		}

		return number;
	};

	const read: NonNullable<BruRequest['settings']> = {};
	const encodeUrl = flag(given, 'encodeUrl', settingsPlace);
	const followRedirects = flag(given, 'followRedirects', settingsPlace);
	const timeout = count('timeout');
	const maxRedirects = count('maxRedirects');
	Object.assign(read, encodeUrl === undefined ? {} : {encodeUrl}, followRedirects === undefined ? {} : {followRedirects}, timeout === undefined ? {} : {timeout}, maxRedirects === undefined ? {} : {maxRedirects});
	return read;
}

/** A request's .yml file. */
export function parseOpenCollectionRequest(file: BrunoFile): BruRequest {
	const place: Place = {file: file.path, field: ''};
	const object = parseFile(file);
	const info = optionalMapping(object, 'info', place) ?? {};
	const type = text(info, 'type', at(place, 'info'), 'http');
	const details = optionalMapping(object, type === 'graphql' ? 'graphql' : 'http', place) ?? {};
	const detailsPlace = at(place, type === 'graphql' ? 'graphql' : 'http');
	const runtime = optionalMapping(object, 'runtime', place) ?? {};
	const runtimePlace = at(place, 'runtime');
	const authOf = auth(details.auth ?? runtime.auth, at(details.auth === undefined ? runtimePlace : detailsPlace, 'auth'));
	const bodyOf = body(details.body, type === 'graphql', at(detailsPlace, 'body'));
	const {script, tests} = scripts(runtime, runtimePlace);
	const params = list(details, 'params', detailsPlace).map((entry, index) => {
		const entryPlace = at(at(detailsPlace, 'params'), index);
		const param = mapping(entry, entryPlace);
		return {name: text(param, 'name', entryPlace), value: text(param, 'value', entryPlace), enabled: flag(param, 'disabled', entryPlace) !== true, type: text(param, 'type', entryPlace) === 'path' ? 'path' as const : 'query' as const};
	});
	const assertions = list(runtime, 'assertions', runtimePlace).map((entry, index): BruPair => {
		const entryPlace = at(at(runtimePlace, 'assertions'), index);
		const assertion = mapping(entry, entryPlace);
		const operator = text(assertion, 'operator', entryPlace, 'eq');
		const value = text(assertion, 'value', entryPlace);
		return {name: text(assertion, 'expression', entryPlace), value: value === '' ? operator : `${operator} ${value}`, enabled: flag(assertion, 'disabled', entryPlace) !== true};
	});
	const read: BruRequest = {
		meta: {name: text(info, 'name', at(place, 'info'), file.path.split('/').at(-1)!.replace(/\.yml$/, '')), type, seq: text(info, 'seq', at(place, 'info'))},
		http: {method: text(details, 'method', detailsPlace, 'GET').toLowerCase(), url: text(details, 'url', detailsPlace), body: bodyOf.mode, auth: authOf.mode},
		params,
		headers: pairs(details, 'headers', detailsPlace),
		auth: authOf.auth,
		body: bodyOf.body,
		vars: vars(runtime, runtimePlace),
		assertions,
		script,
		...(tests === undefined ? {} : {tests}),
	};
	const readSettings = settings(object, place);
	return readSettings === undefined ? read : {...read, settings: readSettings};
}

/** What opencollection.yml and folder.yml give their requests: `request` (headers, auth, variables, scripts). */
function folderOf(object: JsonObject, place: Place, name: string | undefined, seq: string | undefined): BruFolder {
	const defaults = optionalMapping(object, 'request', place) ?? {};
	const defaultsPlace = at(place, 'request');
	const {script, tests} = scripts(defaults, defaultsPlace);
	const folder: BruFolder = {
		headers: pairs(defaults, 'headers', defaultsPlace),
		vars: vars(defaults, defaultsPlace),
		script,
		...(defaults.auth === undefined ? {} : {auth: auth(defaults.auth, at(defaultsPlace, 'auth')).auth}),
		...(tests === undefined ? {} : {tests}),
	};
	return name === undefined ? folder : {...folder, meta: {name, ...(seq === undefined || seq === '' ? {} : {seq})}};
}

/** A folder.yml. */
export function parseOpenCollectionFolder(file: BrunoFile): BruFolder {
	const place: Place = {file: file.path, field: ''};
	const object = parseFile(file);
	const info = optionalMapping(object, 'info', place) ?? {};
	return folderOf(object, place, text(info, 'name', at(place, 'info'), file.path.split('/').at(-2) ?? ''), text(info, 'seq', at(place, 'info')));
}

/** opencollection.yml: the collection's name, its requests' defaults, and the folders it says to skip. */
export function parseOpenCollectionRoot(file: BrunoFile): {name: unknown; root: BruFolder; ignore: string[] | undefined} {
	const place: Place = {file: file.path, field: ''};
	const object = parseFile(file);
	const info = optionalMapping(object, 'info', place) ?? {};
	const extensions = optionalMapping(object, 'extensions', place) ?? {};
	const ignore = extensions.ignore === undefined ? undefined : list(extensions, 'ignore', at(place, 'extensions')).map((entry, index) => {
		if (typeof entry !== 'string') {
			refuse(at(at(at(place, 'extensions'), 'ignore'), index), `expected a folder's name, found ${shown(entry)}`);
		}

		return entry;
	});
	return {name: info.name, root: folderOf(object, place, undefined, undefined), ignore};
}

/** An environments/*.yml: its name (the file's when it gives none) and variables; a secret one has no value in the file. */
export function parseOpenCollectionEnvironment(file: BrunoFile): {name: string; environment: BruEnvironment} {
	const place: Place = {file: file.path, field: ''};
	const object = parseFile(file);
	const variables = list(object, 'variables', place).map((entry, index) => {
		const entryPlace = at(at(place, 'variables'), index);
		const variable = mapping(entry, entryPlace);
		const secret = variable.secret === true || variable.transient === true;
		return {name: text(variable, 'name', entryPlace), value: secret ? '' : variableValue(variable, entryPlace), enabled: flag(variable, 'disabled', entryPlace) !== true, secret};
	});
	return {name: text(object, 'name', place, file.path.split('/').at(-1)!.replace(/\.yml$/, '')), environment: {variables}};
}
