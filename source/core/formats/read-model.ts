/**
Reads the collection model out of parsed JSON, checking every field. The store's file and
the collection file format (`curlew export`) share it; they differ in whether ids are
stored and in how a variable's value is written.
*/
import {
	assertOperators,
	bodyOf,
	bodyTypes,
	defaultSettings,
	httpMethods,
	maxTimeoutMs,
	newId,
	requestSettingNames,
	unaryAssertOperators,
	type Assertion,
	type AssertOperator,
	type Body,
	type BodyType,
	type Collection,
	type CollectionSettings,
	type Environment,
	type Folder,
	type FormField,
	type Header,
	type MultipartPart,
	type HttpMethod,
	type Request,
	type RequestSettings,
	type ResponseVariable,
	type Scripts,
	type RequestAuth,
	type Variable,
	authTypes,
} from '../model.js';
import {validateStoredVariableName, validateVariableName, type Value} from '../values.js';
import {
	expectArray,
	expectBoolean,
	expectObject,
	expectString,
	expectWholeNumber,
	FieldError,
	fieldPath,
	optionalArray,
	optionalBoolean,
	optionalString,
	requiredString,
	describeJson,
	type JsonObject,
} from './field-error.js';
import {itemNameProblem} from './item-name.js';
import {minMemoryBytes} from '../scripts/limits.js';

export type ModelReadOptions = {
	/** `stored`: ids are in the data and checked; `new`: the data has none and each item gets a fresh one. */
	ids: 'stored' | 'new';
	/** Reads `entry.value` (and whatever says how it is written) of one variable entry. */
	readValue: (entry: JsonObject, field: string) => Value;
	/**
	The data is a file a person may have written (an import), rather than the store: a key
	curlew does not know (a misspelling such as "varaibles" or "header") is refused rather
	than what it holds dropped, a setting is checked as the sandbox would take it, and names
	are checked as new ones are (collection, request and environment names by
	itemNameProblem, variable names by validateVariableName). The store does none of it: a
	newer curlew may have written keys it does not know, and older curlews let names in that
	are refused now (validateStoredVariableName), and no name may make the store unreadable.
	*/
	fromFile?: boolean;
};

const idPattern = /^[\w-]{1,64}$/;

/** The keys of each object of the collection file, known when reading a file: `what` names the object in a message. */
const fileKeys = {
	collection: {what: 'a collection file', keys: ['curlew', 'name', 'variables', 'environments', 'scripts', 'requests', 'settings', 'auth', 'folders', 'scriptFiles']},
	environment: {what: 'an environment', keys: ['name', 'variables']},
	folder: {what: 'a folder', keys: ['path', 'variables']},
	variable: {what: 'a variable', keys: ['name', 'value', 'type', 'secret']},
	request: {what: 'a request', keys: ['name', 'method', 'url', 'headers', 'body', 'scripts', 'auth', 'variables', 'postResponseVariables', 'asserts', 'settings']},
	responseVariable: {what: 'a post-response variable', keys: ['name', 'expression']},
	assertion: {what: 'an assertion', keys: ['expression', 'operator', 'value', 'enabled']},
	header: {what: 'a header', keys: ['name', 'value', 'enabled']},
	body: {what: 'a body', keys: ['type', 'text', 'fields', 'parts', 'file', 'variables']},
	formField: {what: 'a form field', keys: ['name', 'value', 'enabled']},
	part: {what: 'a multipart part', keys: ['type', 'name', 'value', 'file', 'contentType', 'enabled']},
	scripts: {what: 'scripts', keys: ['preRequest', 'postResponse']},
	bearer: {what: 'bearer auth', keys: ['type', 'token']},
	basic: {what: 'basic auth', keys: ['type', 'username', 'password']},
	digest: {what: 'digest auth', keys: ['type', 'username', 'password']},
	apikey: {what: 'API key auth', keys: ['type', 'key', 'value', 'in']},
	none: {what: 'auth of type none', keys: ['type']},
	inherit: {what: 'auth of type inherit', keys: ['type']},
} as const;

/** Throws, when the options ask for it, at the first key of `object` that `kind` does not have, naming the keys it does. */
function refuseUnknownKeys(object: JsonObject, field: string, kind: keyof typeof fileKeys, options: Pick<ModelReadOptions, 'fromFile'>): void {
	if (!options.fromFile) {
		return;
	}

	const {what, keys} = fileKeys[kind];
	const unknown = Object.keys(object).filter(key => !(keys as readonly string[]).includes(key));
	if (unknown.length > 0) {
		throw new FieldError(field, `there is no key ${unknown.map(key => JSON.stringify(key)).join(', ')} in ${what}: the keys are ${keys.join(', ')}`);
	}
}

export function readCollection(value: unknown, field: string, options: ModelReadOptions): Collection {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'collection', options);
	const collection: Collection = {
		id: readId(object, field, options),
		name: readItemName(object, field, 'collection', options),
		variables: readVariables(object.variables, fieldPath(field, 'variables'), options),
		environments: optionalArray(object, 'environments', field).map((environment, index) => readEnvironment(environment, fieldPath(fieldPath(field, 'environments'), index), options)),
		scripts: readScripts(object.scripts, fieldPath(field, 'scripts'), options),
		requests: optionalArray(object, 'requests', field).map((request, index) => readRequest(request, fieldPath(fieldPath(field, 'requests'), index), options)),
		settings: readSettings(object.settings, fieldPath(field, 'settings'), options),
		...optionalList('folders', readFolders(object.folders, fieldPath(field, 'folders'), options)),
		...(object.scriptFiles === undefined ? {} : {scriptFiles: readScriptFiles(object.scriptFiles, fieldPath(field, 'scriptFiles'))}),
	};
	const auth = object.auth === undefined ? undefined : readAuth(object.auth, fieldPath(field, 'auth'), options);
	if (auth?.type === 'inherit') {
		throw new FieldError(fieldPath(fieldPath(field, 'auth'), 'type'), 'a collection has nothing to inherit its auth from: use none, bearer, basic, digest or apikey');
	}

	if (auth !== undefined && auth.type !== 'none') {
		collection.auth = auth;
	}

	return collection;
}

/** `{key: list}` when the list holds anything, else nothing: the model leaves an empty optional list out. */
function optionalList<K extends string, T>(key: K, list: T[]): Partial<Record<K, T[]>> {
	return list.length === 0 ? {} : {[key]: list} as Record<K, T[]>;
}

function readFolders(value: unknown, field: string, options: ModelReadOptions): Folder[] {
	if (value === undefined) {
		return [];
	}

	const paths = new Set<string>();
	return expectArray(value, field).map((entry, index) => {
		const entryField = fieldPath(field, index);
		const object = expectObject(entry, entryField);
		refuseUnknownKeys(object, entryField, 'folder', options);
		const path = requiredString(object, 'path', entryField);
		if (path.trim() === '') {
			throw new FieldError(fieldPath(entryField, 'path'), 'is empty: a folder\'s path is its names joined by " / ", as its requests\' names begin');
		}

		if (paths.has(path)) {
			throw new FieldError(fieldPath(entryField, 'path'), `${JSON.stringify(path)} is listed twice: keep one, with all its variables`);
		}

		paths.add(path);
		return {path, variables: readVariables(object.variables, fieldPath(entryField, 'variables'), options)};
	});
}

/** A path of a collection's own file, as scripts require it: folders and a name ending in .js, none of them `.` or `..`. */
export const scriptFilePath = /^(?:(?!\.\.?\/)[^/\\\0]+\/)*(?!\.\.?$)[^/\\\0]+\.js$/;

function readScriptFiles(value: unknown, field: string): Record<string, string> {
	const object = expectObject(value, field);
	const files: Record<string, string> = {};
	for (const [path, text] of Object.entries(object)) {
		if (!scriptFilePath.test(path)) {
			throw new FieldError(fieldPath(field, path), 'is not a path of a collection\'s own script file: use folders and a name ending in .js, such as lib/sign.js, without ./ or ..');
		}

		if (typeof text !== 'string') {
			throw new FieldError(fieldPath(field, path), 'expected the file\'s text, a string');
		}

		Object.defineProperty(files, path, {value: text, enumerable: true, writable: true, configurable: true});
	}

	return files;
}

export function readEnvironment(value: unknown, field: string, options: ModelReadOptions): Environment {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'environment', options);
	return {
		id: readId(object, field, options),
		name: readItemName(object, field, 'environment', options),
		variables: readVariables(object.variables, fieldPath(field, 'variables'), options),
	};
}

export function readVariables(value: unknown, field: string, options: ModelReadOptions): Variable[] {
	if (value === undefined) {
		return [];
	}

	const seen = new Set<string>();
	return expectArray(value, field).map((entry, index) => {
		const entryField = fieldPath(field, index);
		const object = expectObject(entry, entryField);
		refuseUnknownKeys(object, entryField, 'variable', options);
		const name = requiredString(object, 'name', entryField);
		const problem = options.fromFile ? validateVariableName(name) : validateStoredVariableName(name);
		if (problem !== undefined) {
			throw new FieldError(fieldPath(entryField, 'name'), problem);
		}

		if (seen.has(name)) {
			throw new FieldError(fieldPath(entryField, 'name'), `${JSON.stringify(name)} is defined twice in this list: keep one`);
		}

		seen.add(name);
		if (!('value' in object)) {
			throw new FieldError(fieldPath(entryField, 'value'), 'is missing: every variable needs a value');
		}

		const variable: Variable = {name, value: options.readValue(object, entryField)};
		if (optionalBoolean(object, 'secret', entryField) === true) {
			variable.secret = true;
		}

		return variable;
	});
}

export function readRequest(value: unknown, field: string, options: ModelReadOptions): Request {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'request', options);
	const request: Request = {
		id: readId(object, field, options),
		name: readItemName(object, field, 'request', options),
		method: object.method === undefined ? 'GET' : readMethod(object.method, fieldPath(field, 'method')),
		url: requiredString(object, 'url', field),
		headers: optionalArray(object, 'headers', field).map((header, index) => readHeader(header, fieldPath(fieldPath(field, 'headers'), index), options)),
		body: readBody(object.body, fieldPath(field, 'body'), options),
		scripts: readScripts(object.scripts, fieldPath(field, 'scripts'), options),
		...optionalList('variables', readVariables(object.variables, fieldPath(field, 'variables'), options)),
		...optionalList('postResponseVariables', readResponseVariables(object.postResponseVariables, fieldPath(field, 'postResponseVariables'), options)),
		...optionalList('asserts', optionalArray(object, 'asserts', field).map((entry, index) => readAssertion(entry, fieldPath(fieldPath(field, 'asserts'), index), options))),
		...readRequestSettings(object.settings, fieldPath(field, 'settings'), options),
	};
	const auth = object.auth === undefined ? undefined : readAuth(object.auth, fieldPath(field, 'auth'), options);
	if (auth !== undefined && auth.type !== 'none') {
		request.auth = auth;
	}

	return request;
}

/** An auth of any type, `none` and `inherit` included: where it stands says which it may be. */
export function readAuth(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): RequestAuth {
	const object = expectObject(value, field);
	const type = requiredString(object, 'type', field);
	if (!(authTypes as readonly string[]).includes(type)) {
		throw new FieldError(fieldPath(field, 'type'), `${JSON.stringify(type)} is not an auth type: use ${listChoices(authTypes)}`);
	}

	refuseUnknownKeys(object, field, type as RequestAuth['type'], options);
	const text = (key: string) => optionalString(object, key, field, '');
	switch (type as RequestAuth['type']) {
		case 'bearer': {
			return {type: 'bearer', token: text('token')};
		}

		case 'basic':
		case 'digest': {
			return {type: type as 'basic' | 'digest', username: text('username'), password: text('password')};
		}

		case 'apikey': {
			const placement = object.in ?? 'header';
			if (placement !== 'header' && placement !== 'query') {
				throw new FieldError(fieldPath(field, 'in'), `expected "header" or "query", found ${describeJson(placement)}`);
			}

			return {type: 'apikey', key: text('key'), value: text('value'), in: placement};
		}

		default: {
			return {type: type as 'none' | 'inherit'};
		}
	}
}

function readResponseVariables(value: unknown, field: string, options: ModelReadOptions): ResponseVariable[] {
	if (value === undefined) {
		return [];
	}

	return expectArray(value, field).map((entry, index) => {
		const entryField = fieldPath(field, index);
		const object = expectObject(entry, entryField);
		refuseUnknownKeys(object, entryField, 'responseVariable', options);
		const name = requiredString(object, 'name', entryField);
		const problem = options.fromFile ? validateVariableName(name) : validateStoredVariableName(name);
		if (problem !== undefined) {
			throw new FieldError(fieldPath(entryField, 'name'), problem);
		}

		return {name, expression: requiredString(object, 'expression', entryField)};
	});
}

function readAssertion(value: unknown, field: string, options: ModelReadOptions): Assertion {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'assertion', options);
	const operator = requiredString(object, 'operator', field);
	if (!assertOperators.includes(operator as AssertOperator)) {
		throw new FieldError(fieldPath(field, 'operator'), `${JSON.stringify(operator)} is not an assert operator: use ${listChoices(assertOperators)}`);
	}

	const checked = optionalString(object, 'value', field, '');
	if (options.fromFile && checked !== '' && unaryAssertOperators.has(operator as AssertOperator)) {
		throw new FieldError(fieldPath(field, 'value'), `${operator} compares with nothing: leave the value out`);
	}

	return {
		expression: requiredString(object, 'expression', field),
		operator: operator as AssertOperator,
		value: checked,
		enabled: optionalBoolean(object, 'enabled', field) ?? true,
	};
}

/** `{settings}` when the request sets any, else nothing. */
function readRequestSettings(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): {settings?: RequestSettings} {
	if (value === undefined) {
		return {};
	}

	const object = expectObject(value, field);
	const unknown = Object.keys(object).filter(key => !(requestSettingNames as readonly string[]).includes(key));
	if (options.fromFile && unknown.length > 0) {
		throw new FieldError(field, `there is no request setting ${unknown.map(key => JSON.stringify(key)).join(', ')}: a request may set ${requestSettingNames.join(', ')}; the others are the collection's`);
	}

	const read = readSettings(Object.fromEntries(requestSettingNames.filter(key => object[key] !== undefined).map(key => [key, object[key]])), field, options);
	const settings: RequestSettings = Object.fromEntries(requestSettingNames.filter(key => object[key] !== undefined).map(key => [key, read[key]]));
	return Object.keys(settings).length === 0 ? {} : {settings};
}

export function readMethod(value: unknown, field: string): HttpMethod {
	const text = expectString(value, field);
	const method = text.toUpperCase() as HttpMethod;
	if (!httpMethods.includes(method)) {
		throw new FieldError(field, `${JSON.stringify(text)} is not an HTTP method: use ${listChoices(httpMethods)}`);
	}

	return method;
}

function readHeader(value: unknown, field: string, options: ModelReadOptions): Header {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'header', options);
	return {
		name: requiredString(object, 'name', field),
		value: optionalString(object, 'value', field, ''),
		enabled: optionalBoolean(object, 'enabled', field) ?? true,
	};
}

export function readBody(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): Body {
	if (value === undefined) {
		return {type: 'none'};
	}

	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'body', options);
	const typeText = requiredString(object, 'type', field);
	if (!bodyTypes.includes(typeText as BodyType)) {
		throw new FieldError(fieldPath(field, 'type'), `${JSON.stringify(typeText)} is not a body type: use ${listChoices(bodyTypes)}`);
	}

	// Every slot is read whatever the type: those it does not send are what the user typed for other types.
	return bodyOf(typeText as BodyType, {
		text: optionalString(object, 'text', field, ''),
		fields: optionalArray(object, 'fields', field).map((entry, index) => readFormField(entry, fieldPath(fieldPath(field, 'fields'), index), options)),
		parts: optionalArray(object, 'parts', field).map((entry, index) => readPart(entry, fieldPath(fieldPath(field, 'parts'), index), options)),
		file: optionalString(object, 'file', field, ''),
		variables: optionalString(object, 'variables', field, ''),
	});
}

function readPart(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): MultipartPart {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'part', options);
	const name = requiredString(object, 'name', field);
	if (options.fromFile && object.value !== undefined && object.file !== undefined) {
		throw new FieldError(field, 'holds both a "value" and a "file": a part sends one, text or the bytes of a file; keep one');
	}

	const type = object.type ?? ('file' in object ? 'file' : 'text');
	if (type !== 'text' && type !== 'file') {
		throw new FieldError(fieldPath(field, 'type'), `${describeJson(type)} is not a part type: use "text" (with a "value") or "file" (with a "file" path)`);
	}

	const part: MultipartPart = type === 'file'
		? {type, name, file: requiredString(object, 'file', field)}
		: {type, name, value: optionalString(object, 'value', field, '')};
	const contentType = optionalString(object, 'contentType', field, '');
	if (contentType !== '') {
		part.contentType = contentType;
	}

	const enabled = optionalBoolean(object, 'enabled', field);
	if (enabled !== undefined) {
		part.enabled = enabled;
	}

	return part;
}

function readFormField(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): FormField {
	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'formField', options);
	const formField: FormField = {name: requiredString(object, 'name', field), value: optionalString(object, 'value', field, '')};
	const enabled = optionalBoolean(object, 'enabled', field);
	if (enabled !== undefined) {
		formField.enabled = enabled;
	}

	return formField;
}

export function readScripts(value: unknown, field: string, options: Pick<ModelReadOptions, 'fromFile'>): Scripts {
	if (value === undefined) {
		return {preRequest: '', postResponse: ''};
	}

	const object = expectObject(value, field);
	refuseUnknownKeys(object, field, 'scripts', options);
	return {
		preRequest: optionalString(object, 'preRequest', field, ''),
		postResponse: optionalString(object, 'postResponse', field, ''),
	};
}

const booleanSettings = ['strict', 'followRedirects', 'verifyTls', 'localEcho', 'persistCookies'] as const;
const countSettings = {
	maxRedirects: 0,
	connectTimeoutMs: 1,
	totalTimeoutMs: 1,
	maxResponseBytes: 1,
	scriptTimeoutMs: 1,
	scriptMemoryBytes: 1,
} as const;

/** Every setting a collection can have, as stored and written in collection files. */
const settingNames: readonly string[] = [...booleanSettings, ...Object.keys(countSettings), 'caFile'];

/** Settings missing from the data take their defaults, so adding a setting needs no migration. */
export function readSettings(value: unknown, field: string, {fromFile = false}: Pick<ModelReadOptions, 'fromFile'> = {}): CollectionSettings {
	const settings: CollectionSettings = {...defaultSettings};
	if (value === undefined) {
		return settings;
	}

	const object = expectObject(value, field);
	const unknown = Object.keys(object).filter(key => !settingNames.includes(key));
	if (fromFile && unknown.length > 0) {
		throw new FieldError(field, `there is no setting ${unknown.map(key => JSON.stringify(key)).join(', ')}: the settings are ${settingNames.join(', ')}`);
	}

	for (const key of booleanSettings) {
		if (object[key] !== undefined) {
			settings[key] = expectBoolean(object[key], fieldPath(field, key));
		}
	}

	for (const [key, minimum] of Object.entries(countSettings) as Array<[keyof typeof countSettings, number]>) {
		if (object[key] !== undefined) {
			settings[key] = expectWholeNumber(object[key], fieldPath(field, key), minimum);
			const maximum = key === 'connectTimeoutMs' || key === 'totalTimeoutMs' ? maxTimeoutMs : Number.MAX_SAFE_INTEGER;
			// A store that holds more still opens; text people write is told.
			if (fromFile && settings[key] > maximum) {
				throw new FieldError(fieldPath(field, key), `expected a whole number of at most ${maximum}${maximum === maxTimeoutMs ? ' (24.8 days): no timer waits longer' : ''}, found ${describeJson(object[key])}`);
			}
		}
	}

	// The sandbox would raise a smaller limit without a word; text people write is told. A store that holds one still opens.
	if (fromFile && settings.scriptMemoryBytes < minMemoryBytes) {
		throw new FieldError(fieldPath(field, 'scriptMemoryBytes'), `a script needs at least ${minMemoryBytes} bytes (2 MB): the sandbox itself takes about 1 MB`);
	}

	if (object.caFile !== undefined) {
		settings.caFile = expectString(object.caFile, fieldPath(field, 'caFile'));
	}

	return settings;
}

function readItemName(object: JsonObject, field: string, what: string, options: ModelReadOptions): string {
	const name = requiredString(object, 'name', field);
	const problem = options.fromFile ? itemNameProblem(name, what) : undefined;
	if (problem !== undefined) {
		throw new FieldError(fieldPath(field, 'name'), problem);
	}

	return name;
}

function readId(object: JsonObject, field: string, options: ModelReadOptions): string {
	if (options.ids === 'new') {
		return newId();
	}

	const id = object.id;
	if (typeof id !== 'string' || !idPattern.test(id)) {
		throw new FieldError(fieldPath(field, 'id'), `expected an id of 1 to 64 letters, digits, _ and -, found ${describeJson(id)}`);
	}

	return id;
}

export function listChoices(choices: readonly string[]): string {
	return `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)!}`;
}
