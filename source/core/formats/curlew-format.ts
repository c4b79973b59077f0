/**
curlew's own collection file (`curlew export` / `curlew import`), JSON:

	{"curlew": 1, "name": "...",
	 "variables": [{"name", "value", "type"?, "secret"?}],
	 "environments": [{"name", "variables": [...]}],
	 "scripts": {"preRequest", "postResponse"},
	 "requests": [{"name", "method", "url", "headers": [{"name", "value", "enabled"?}],
	               "body": {"type", "text"?, "fields"?, "parts"?, "file"?, "variables"?},
	               "scripts": {...}, "auth"?: {"type", ...},
	               "variables"?: [...], "postResponseVariables"?: [{"name", "expression"}],
	               "asserts"?: [{"expression", "operator", "value"?, "enabled"?}],
	               "settings"?: {"followRedirects"?, "maxRedirects"?, "totalTimeoutMs"?}}],
	 "auth"?: {"type", ...},
	 "folders"?: [{"path", "variables": [...]}],
	 "settings": {...only those that differ from the defaults}}

Format 2 added the parts marked `?` after "scripts" and "folders", the body types multipart,
file and graphql with the body's "parts", "file" and "variables", and the setting
persistCookies; a file is written as format 1 when it uses none of them, so that an older
curlew still imports it.

A variable's value is its JSON value. A date at the top of a value is an ISO string marked
`"type": "date"`; without that mark a string that looks like a date stays a string. A date
nested inside an object or array is written {"$date": "<ISO>"} (and a key of the user's
that starts with "$" gains one more "$"), as values.ts stores values. A secret variable is
exported with its name, `"secret": true` and `"value": ""`: the value itself never leaves
the machine. Ids are not part of the file: an imported collection gets fresh ones.
*/
import {defaultSettings, type Assertion, type Body, type BodyType, type Collection, type CollectionSettings, type Request, type Variable} from '../model.js';
import {encodeValue, InvalidValueError, kindOf, validateValue, variableValueProblem, type EncodedValue, type Value, type ValueKind} from '../values.js';
import {readEncodedValue, readIsoDate} from './encoded-value.js';
import {expectObject, expectString, FieldError, fieldPath, describeJson, type JsonObject} from './field-error.js';
import {parseJsonText} from './json-text.js';
import {readCollection} from './read-model.js';

export const curlewFormatVersion = 2;

const valueKinds: readonly ValueKind[] = ['string', 'number', 'boolean', 'null', 'date', 'array', 'object'];

/**
Reads a collection file. Every field is checked before anything is returned, so a caller
never sees half a collection.

@throws JsonSyntaxError with the line and column when the text is not JSON.
@throws FieldError naming the field and what it should hold.
*/
export function parseCollectionFile(text: string): Collection {
	const object = expectObject(parseJsonText(text), '');
	const version = object.curlew;
	if (version === undefined) {
		throw new FieldError('', 'it has no "curlew" key: a curlew collection file starts with {"curlew": 1, "name": ...}');
	}

	if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
		throw new FieldError('curlew', `expected the format version 1 or ${curlewFormatVersion}, found ${describeJson(version)}`);
	}

	if (version > curlewFormatVersion) {
		throw new FieldError('curlew', `the file is format ${version}, written by a newer curlew; this one reads format ${curlewFormatVersion}: upgrade curlew to import it`);
	}

	return readCollection(object, '', {
		ids: 'new',
		readValue: (entry, field) => readFileValue(entry, field, text),
		fromFile: true,
	});
}

export function serializeCollection(collection: Collection): string {
	const file: Record<string, unknown> = {
		curlew: usesFormat2(collection) ? curlewFormatVersion : 1,
		name: collection.name,
		variables: collection.variables.map(variable => writeVariable(variable, '')),
		environments: collection.environments.map(environment => ({
			name: environment.name,
			variables: environment.variables.map(variable => writeVariable(variable, `Environment ${JSON.stringify(environment.name)}: `)),
		})),
		scripts: {...collection.scripts},
		requests: collection.requests.map(request => writeRequest(request)),
	};
	if (collection.auth !== undefined) {
		file.auth = collection.auth;
	}

	if (collection.folders !== undefined && collection.folders.length > 0) {
		file.folders = collection.folders.map(folder => ({
			path: folder.path,
			variables: folder.variables.map(variable => writeVariable(variable, `Folder ${JSON.stringify(folder.path)}: `)),
		}));
	}

	const settings = changedSettings(collection.settings);
	if (Object.keys(settings).length > 0) {
		file.settings = settings;
	}

	if (collection.scriptFiles !== undefined && Object.keys(collection.scriptFiles).length > 0) {
		file.scriptFiles = {...collection.scriptFiles};
	}

	return `${JSON.stringify(file, undefined, '\t')}\n`;
}

export function writeRequest(request: Request): Record<string, unknown> {
	const written: Record<string, unknown> = {
		name: request.name,
		method: request.method,
		url: request.url,
		headers: request.headers.map(({name, value, enabled}) => enabled ? {name, value} : {name, value, enabled}),
		body: request.body,
		scripts: {...request.scripts},
		...(request.auth === undefined ? {} : {auth: request.auth}),
	};
	if (request.variables !== undefined && request.variables.length > 0) {
		written.variables = request.variables.map(variable => writeVariable(variable, `Request ${JSON.stringify(request.name)}: `));
	}

	if (request.postResponseVariables !== undefined && request.postResponseVariables.length > 0) {
		written.postResponseVariables = request.postResponseVariables.map(({name, expression}) => ({name, expression}));
	}

	if (request.asserts !== undefined && request.asserts.length > 0) {
		written.asserts = request.asserts.map(writeAssertion);
	}

	if (request.settings !== undefined && Object.keys(request.settings).length > 0) {
		written.settings = {...request.settings};
	}

	return written;
}

function writeAssertion({expression, operator, value, enabled}: Assertion): Record<string, unknown> {
	return {expression, operator, ...(value === '' ? {} : {value}), ...(enabled ? {} : {enabled})};
}

function usesFormat2(collection: Collection): boolean {
	return (collection.folders?.length ?? 0) > 0
		|| collection.auth !== undefined
		|| collection.settings.persistCookies !== undefined
		|| collection.requests.some(request =>
			(request.variables?.length ?? 0) > 0
			|| (request.postResponseVariables?.length ?? 0) > 0
			|| (request.asserts?.length ?? 0) > 0
			|| Object.keys(request.settings ?? {}).length > 0
			|| request.auth !== undefined
			|| usesFormat2Body(request.body));
}

/** A body format 1 cannot hold: of a type it does not have, or keeping a slot of one. */
function usesFormat2Body(body: Body): boolean {
	return !format1BodyTypes.has(body.type) || body.parts !== undefined || body.file !== undefined || body.variables !== undefined;
}

const format1BodyTypes: ReadonlySet<BodyType> = new Set(['none', 'json', 'text', 'form']);

/**
@throws InvalidValueError for a value readFileValue would refuse (a number beyond 2^53 that
an older curlew let into the store): a file that cannot be imported is no export.
*/
function writeVariable({name, value, secret}: Variable, where: string): Record<string, EncodedValue> {
	if (secret) {
		return {name, value: '', secret: true};
	}

	const problem = validateValue(value);
	if (problem !== undefined) {
		throw new InvalidValueError(`${where}${variableValueProblem(name, problem)} (t in the variables pane edits it as another kind); curlew import would refuse the file, so nothing was exported`);
	}

	if (value instanceof Date) {
		return {name, value: value.toISOString(), type: 'date'};
	}

	return {name, value: encodeValue(value)};
}

export function readFileValue(entry: JsonObject, field: string, fileText: string): Value {
	const valueField = fieldPath(field, 'value');
	if (entry.type === undefined) {
		return readEncodedValue(entry.value, valueField, fileText);
	}

	const type = expectString(entry.type, fieldPath(field, 'type'));
	if (!valueKinds.includes(type as ValueKind)) {
		throw new FieldError(fieldPath(field, 'type'), `${JSON.stringify(type)} is not a value type: use "date" for a date (an ISO string); other kinds follow the JSON value`);
	}

	if (type === 'date') {
		// A secret is exported without its value, whatever its kind.
		if (entry.secret === true && entry.value === '') {
			return '';
		}

		return readIsoDate(entry.value, valueField);
	}

	const value = readEncodedValue(entry.value, valueField, fileText);
	if (kindOf(value) !== type) {
		throw new FieldError(valueField, `the type says ${type} but the value is ${describeJson(entry.value)}: fix the value or leave "type" out`);
	}

	return value;
}

function changedSettings(settings: CollectionSettings): Partial<CollectionSettings> {
	const changed: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(settings)) {
		if (value !== undefined && value !== (defaultSettings as Record<string, unknown>)[key]) {
			changed[key] = value;
		}
	}

	return changed as Partial<CollectionSettings>;
}
