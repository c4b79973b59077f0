import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {parseCollectionFile, serializeCollection} from '../../../source/core/formats/curlew-format.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {itemNameProblem} from '../../../source/core/formats/item-name.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';
import {
	assertOperators,
	createCollection,
	createRequest,
	defaultSettings,
	httpMethods,
	unaryAssertOperators,
	type Assertion,
	type Body,
	type Collection,
	type CollectionSettings,
	type Variable,
} from '../../../source/core/model.js';
import {validateVariableName, type Value} from '../../../source/core/values.js';

function sample(): Collection {
	return createCollection({
		name: 'Sample',
		variables: [
			{name: 'text', value: 'hello'},
			{name: 'looksLikeDate', value: '2024-01-31T12:00:00.000Z'},
			{name: 'count', value: 3.5},
			{name: 'negativeZero', value: -0},
			{name: 'on', value: false},
			{name: 'nothing', value: null},
			{name: 'when', value: new Date('2024-01-31T12:00:00.000Z')},
			{name: 'list', value: [1, 'two', {three: new Date('2001-02-03T04:05:06.007Z')}]},
			{name: 'nested', value: {$weird: {$date: 'not a tag'}, deep: {at: new Date(0)}}},
			{name: 'token', value: 'sekrit', secret: true},
		],
		environments: [{id: 'e1', name: 'Staging', variables: [{name: 'host', value: 'staging.example.com'}]}],
		scripts: {preRequest: 'console.log(1)', postResponse: 'client.setVar("a", 1)'},
		requests: [
			createRequest({
				name: 'Create',
				method: 'POST',
				url: '{{base}}/items',
				headers: [{name: 'Accept', value: 'application/json', enabled: true}, {name: 'X-Off', value: '1', enabled: false}],
				body: {type: 'json', text: '{"a": {{count}}}'},
				scripts: {preRequest: 'req.headers["x"] = "1"', postResponse: ''},
			}),
			createRequest({name: 'Form', method: 'PUT', url: '/f', body: {type: 'form', fields: [{name: 'a', value: '1'}, {name: 'b', value: '2', enabled: false}]}}),
			createRequest({name: 'Text', method: 'PATCH', url: '/t', body: {type: 'text', text: 'plain'}}),
			createRequest({name: 'Upload', method: 'POST', url: '/u', body: {type: 'multipart', parts: [
				{type: 'text', name: 'who', value: '{{user}}'},
				{type: 'text', name: 'meta', value: '{}', contentType: 'application/json', enabled: false},
				{type: 'file', name: 'photo', file: '/home/ada/me.png', contentType: 'image/png'},
			]}}),
			createRequest({name: 'Blob', method: 'PUT', url: '/b', body: {type: 'file', file: '{{dir}}/blob.bin', text: 'kept aside'}}),
			createRequest({name: 'Query', method: 'POST', url: '/graphql', body: {type: 'graphql', text: '{ me { id } }', variables: '{"n": {{n}}}'}, auth: {type: 'inherit'}}),
			createRequest({name: 'Digest', url: '/d', auth: {type: 'digest', username: '{{user}}', password: 'p:w'}}),
			createRequest({name: 'Key', url: '/k', auth: {type: 'apikey', key: 'api_key', value: '{{key}}', in: 'query'}}),
		],
		auth: {type: 'bearer', token: '{{token}}'},
		settings: {...defaultSettings, strict: true, maxRedirects: 3, caFile: '/etc/ca.pem', localEcho: true},
	});
}

/** What an export keeps: everything but ids and secret values. */
function exported(collection: Collection): unknown {
	const variables = (list: Variable[]) => list.map(variable => variable.secret ? {...variable, value: ''} : variable);
	return {
		...collection,
		id: undefined,
		variables: variables(collection.variables),
		environments: collection.environments.map(environment => ({...environment, id: undefined, variables: variables(environment.variables)})),
		requests: collection.requests.map(request => ({...request, id: undefined, ...(request.variables === undefined ? {} : {variables: variables(request.variables)})})),
		...(collection.folders === undefined ? {} : {folders: collection.folders.map(folder => ({...folder, variables: variables(folder.variables)}))}),
	};
}

function fieldErrorOf(text: string): FieldError {
	try {
		parseCollectionFile(text);
	} catch (error) {
		expect(error).toBeInstanceOf(FieldError);
		return error as FieldError;
	}

	throw new Error('expected the file to be refused');
}

function fileWith(fields: Record<string, unknown>): string {
	return JSON.stringify({curlew: 1, name: 'X', ...fields});
}

describe('serializeCollection', () => {
	it('writes the documented shape', () => {
		const file = JSON.parse(serializeCollection(sample())) as Record<string, unknown>;
		expect(Object.keys(file)).toEqual(['curlew', 'name', 'variables', 'environments', 'scripts', 'requests', 'auth', 'settings']);
		// Its multipart, file and GraphQL bodies and its auth settings are format 2's.
		expect(file.curlew).toBe(2);
		expect(file.variables).toContainEqual({name: 'when', value: '2024-01-31T12:00:00.000Z', type: 'date'});
		expect(file.variables).toContainEqual({name: 'looksLikeDate', value: '2024-01-31T12:00:00.000Z'});
		expect(file.variables).toContainEqual({name: 'list', value: [1, 'two', {three: {$date: '2001-02-03T04:05:06.007Z'}}]});
		expect(file.requests).toContainEqual(expect.objectContaining({
			name: 'Create',
			headers: [{name: 'Accept', value: 'application/json'}, {name: 'X-Off', value: '1', enabled: false}],
		}));
		expect(file.settings).toEqual({strict: true, maxRedirects: 3, caFile: '/etc/ca.pem', localEcho: true});
		expect(JSON.stringify(file)).not.toContain('"id"');
	});

	it('leaves secret values out of the export, keeping the name and the secret mark', () => {
		const text = serializeCollection(sample());
		expect(text).not.toContain('sekrit');
		expect(JSON.parse(text).variables).toContainEqual({name: 'token', value: '', secret: true});
	});
});

describe('parseCollectionFile', () => {
	it('reads back everything it wrote, except ids and secret values', () => {
		const original = sample();
		const parsed = parseCollectionFile(serializeCollection(original));
		expect(exported(parsed)).toEqual(exported(original));
		expect(parsed.variables.find(variable => variable.name === 'when')!.value).toBeInstanceOf(Date);
		expect(parsed.variables.find(variable => variable.name === 'looksLikeDate')!.value).toBe('2024-01-31T12:00:00.000Z');
		expect(Object.is(parsed.variables.find(variable => variable.name === 'negativeZero')!.value, -0)).toBe(true);
	});

	it('reads a request\'s and the collection\'s auth, and refuses a collection that would inherit or an auth of no known type', () => {
		const collection = parseCollectionFile(fileWith({auth: {type: 'basic', username: 'u', password: 'p'}, requests: [{name: 'a', url: '/', auth: {type: 'inherit'}}, {name: 'b', url: '/', auth: {type: 'none'}}]}));
		expect(collection.auth).toEqual({type: 'basic', username: 'u', password: 'p'});
		expect(collection.requests.map(request => request.auth)).toEqual([{type: 'inherit'}, undefined]);
		expect(fieldErrorOf(fileWith({auth: {type: 'inherit'}})).message).toBe('auth.type: a collection has nothing to inherit its auth from: use none, bearer, basic, digest or apikey');
		expect(fieldErrorOf(fileWith({requests: [{name: 'a', url: '/', auth: {type: 'oauth2'}}]})).message).toBe('requests[0].auth.type: "oauth2" is not an auth type: use none, inherit, bearer, basic, digest or apikey');
		expect(fieldErrorOf(fileWith({requests: [{name: 'a', url: '/', auth: {type: 'bearer', value: 'x'}}]})).message).toBe('requests[0].auth: there is no key "value" in bearer auth: the keys are type, token');
		expect(fieldErrorOf(fileWith({requests: [{name: 'a', url: '/', auth: {type: 'apikey', key: 'k', in: 'cookie'}}]})).message).toBe('requests[0].auth.in: expected "header" or "query", found a string ("cookie")');
	});

	it('refuses a multipart part that holds both a value and a file, or is of no known type', () => {
		expect(fieldErrorOf(fileWith({requests: [{name: 'a', url: '/', body: {type: 'multipart', parts: [{name: 'p', value: 'x', file: '/f'}]}}]})).message).toBe('requests[0].body.parts[0]: holds both a "value" and a "file": a part sends one, text or the bytes of a file; keep one');
		expect(fieldErrorOf(fileWith({requests: [{name: 'a', url: '/', body: {type: 'multipart', parts: [{type: 'blob', name: 'p'}]}}]})).message).toBe('requests[0].body.parts[0].type: a string ("blob") is not a part type: use "text" (with a "value") or "file" (with a "file" path)');
		expect(parseCollectionFile(fileWith({requests: [{name: 'a', url: '/', body: {type: 'multipart', parts: [{name: 'f', file: 'a.bin'}, {name: 't', value: '1'}]}}]})).requests[0]!.body).toEqual({type: 'multipart', parts: [{type: 'file', name: 'f', file: 'a.bin'}, {type: 'text', name: 't', value: '1'}]});
	});

	it('imports an exported secret as an empty secret variable', () => {
		const parsed = parseCollectionFile(fileWith({variables: [{name: 'key', value: '', secret: true}, {name: 'stamp', value: '', type: 'date', secret: true}]}));
		expect(parsed.variables).toEqual([{name: 'key', value: '', secret: true}, {name: 'stamp', value: '', secret: true}]);
	});

	it('gives every item a fresh id and fills what a hand-written file leaves out', () => {
		const parsed = parseCollectionFile(fileWith({requests: [{name: 'Ping', url: 'http://x/ping'}]}));
		expect(parsed.requests[0]).toMatchObject({method: 'GET', headers: [], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}});
		expect(parsed.requests[0]!.id).toMatch(/^[\w-]+$/);
		expect(parsed.settings).toEqual(defaultSettings);
	});

	it.each([
		[{requests: [{name: 'a', url: '/'}, {name: 'b', url: '/'}, {name: 'c', method: 'FETCH', url: '/'}]}, 'requests[2].method: "FETCH" is not an HTTP method: use GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS'],
		[{variables: [{name: 'd', value: 'yesterday', type: 'date'}]}, 'variables[0].value: a date needs an ISO 8601 string such as "2024-01-31T12:00:00.000Z", found a string ("yesterday")'],
		[{variables: [{name: 'o', value: {at: {$date: 'soon'}}}]}, 'variables[0].value.at: a date needs an ISO 8601 string such as "2024-01-31T12:00:00.000Z", found a string ("soon")'],
		[{variables: [{name: 'o', value: {$when: 1}}]}, /^variables\[0\]\.value: "\$when" is not a known tag/],
		[{variables: [{name: 'n', value: 'x', type: 'number'}]}, 'variables[0].value: the type says number but the value is a string ("x"): fix the value or leave "type" out'],
		[{variables: [{name: 'n', value: 1, type: 'int'}]}, /^variables\[0\]\.type: "int" is not a value type/],
		[{variables: [{name: 'a b', value: 1}]}, 'variables[0].name: Variable name "a b" is invalid: use letters, digits, _, - and .'],
		[{variables: [{name: 'a', value: 1}, {name: 'a', value: 2}]}, 'variables[1].name: "a" is defined twice in this list: keep one'],
		[{variables: [{name: 'a'}]}, 'variables[0].value: is missing: every variable needs a value'],
		[{environments: [{name: 'E', variables: [{name: 'x', value: {$date: 3}}]}]}, /^environments\[0\]\.variables\[0\]\.value: a date needs/],
		[{requests: [{name: 'a', url: 5}]}, 'requests[0].url: expected a string, found a number (5)'],
		[{requests: [{name: 'a'}]}, 'requests[0].url: is missing: expected a string'],
		[{requests: [{name: 'a', url: '/', headers: [{value: 'x'}]}]}, 'requests[0].headers[0].name: is missing: expected a string'],
		[{requests: [{name: 'a', url: '/', body: {type: 'xml'}}]}, 'requests[0].body.type: "xml" is not a body type: use none, json, text, form, multipart, file or graphql'],
		[{requests: [{name: 'a', url: '/', body: {type: 'form', fields: [{name: 'f', value: 1}]}}]}, 'requests[0].body.fields[0].value: expected a string, found a number (1)'],
		[{settings: {maxRedirects: -1}}, 'settings.maxRedirects: expected a whole number of at least 0, found a number (-1)'],
		[{settings: {verifyTls: 'no'}}, 'settings.verifyTls: expected true or false, found a string ("no")'],
		[{scripts: 'x'}, 'scripts: expected an object, found a string ("x")'],
	])('names the field and what it expects: %j', (fields, message) => {
		const error = fieldErrorOf(fileWith(fields));
		if (typeof message === 'string') {
			expect(error.message).toBe(message);
		} else {
			expect(error.message).toMatch(message);
		}
	});

	it.each([
		['{"curlew": 1, "name": "X", "variables": [{"name": "user", "value": {"id": 12345678901234567890}}]}', 'variables[0].value.id: 12345678901234567890 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "X", "variables": [{"name": "id", "value": 9007199254740993}]}', 'variables[0].value: 9007199254740993 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "X", "variables": [{"name": "ids", "value": [1, -12345678901234567890]}]}', 'variables[0].value[1]: -12345678901234567890 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as -12345678901234567000; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "X", "variables": [{"name": "n", "value": 9007199254740993.0, "type": "number"}]}', 'variables[0].value: 9007199254740993.0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "X", "environments": [{"name": "E", "variables": [{"name": "big", "value": {"$$n": 1e20}}]}]}', 'environments[0].variables[0].value.$n: 1e20 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 100000000000000000000; keep it as a string to send it as written'],
	])('refuses a number JSON.parse rounded, with its field and as the file wrote it: %s', (text, message) => {
		expect(fieldErrorOf(text).message).toBe(message);
	});

	it('keeps safe integers, decimals and digits inside strings', () => {
		const parsed = parseCollectionFile('{"curlew": 1, "name": "X", "variables": [{"name": "v", "value": {"id": "12345678901234567890", "n": 9007199254740991, "d": 0.1, "e": 1.5e3}}]}');
		expect(parsed.variables).toEqual([{name: 'v', value: {id: '12345678901234567890', n: 9007199254740991, d: 0.1, e: 1500}}]);
	});

	it('refuses a value nested deeper than 256, naming the variable\'s value and the limit', () => {
		expect(fieldErrorOf(`{"curlew": 1, "name": "X", "variables": [{"name": "v", "value": ${'['.repeat(5000)}${']'.repeat(5000)}}]}`).message).toBe('variables[0].value: is nested too deep: at most 256 arrays and objects inside one another');
		expect(fieldErrorOf(`{"curlew": 1, "name": "X", "variables": [{"name": "v", "value": {"a": ${'['.repeat(256)}${']'.repeat(256)}}}]}`).message).toBe('variables[0].value: is nested too deep: at most 256 arrays and objects inside one another');
		expect(parseCollectionFile(`{"curlew": 1, "name": "X", "variables": [{"name": "v", "value": {"a": ${'['.repeat(255)}${']'.repeat(255)}}}]}`).variables).toHaveLength(1);
	});

	it.each([
		[{name: ''}, 'name: a collection needs a name of at least one character other than spaces'],
		[{name: '  '}, 'name: a collection needs a name of at least one character other than spaces'],
		[{requests: [{name: 'a', url: '/'}, {name: '', url: '/'}]}, 'requests[1].name: a request needs a name of at least one character other than spaces'],
		[{requests: [{name: ' \t ', url: '/'}]}, 'requests[0].name: a request needs a name of at least one character other than spaces'],
		[{environments: [{name: ''}]}, 'environments[0].name: an environment needs a name of at least one character other than spaces'],
		[{name: 'Shop\nAPI'}, 'name: a collection name cannot hold control characters: "Shop\\nAPI" holds a line break (U+000A)'],
		[{requests: [{name: 'Log\u0007in', url: '/'}]}, 'requests[0].name: a request name cannot hold control characters: "Log\\u0007in" holds U+0007'],
		[{environments: [{name: 'Prod\u009b31m'}]}, 'environments[0].name: an environment name cannot hold control characters: "Prod\\u009B31m" holds U+009B'],
		[{variables: [{name: 'process.env.HOME', value: '/tmp'}]}, 'variables[0].name: Variable name "process.env.HOME" starts with "process.": a placeholder that starts so reads the environment ({{process.env.NAME}}), never a variable, so this one could not be used; choose another name'],
	])('refuses a name that could not be shown or used, with its field: %j', (fields, message) => {
		expect(fieldErrorOf(fileWith(fields)).message).toBe(message);
	});

	it('reads a date written without seconds or as a date alone (midnight UTC), and still refuses one that does not exist', () => {
		const parsed = parseCollectionFile(fileWith({variables: [{name: 'day', value: '2024-01-31', type: 'date'}, {name: 'at', value: {since: {$date: '2024-01-31T12:00Z'}}}]}));
		expect(parsed.variables).toEqual([{name: 'day', value: new Date('2024-01-31T00:00:00.000Z')}, {name: 'at', value: {since: new Date('2024-01-31T12:00:00.000Z')}}]);
		expect(fieldErrorOf(fileWith({variables: [{name: 'd', value: '2024-02-30', type: 'date'}]})).message).toBe('variables[0].value: a date needs an ISO 8601 string such as "2024-01-31T12:00:00.000Z", found a string ("2024-02-30")');
	});

	it('refuses a file that is not a curlew collection, or is from a newer curlew', () => {
		expect(fieldErrorOf('{"info": {}, "item": []}').message).toBe('it has no "curlew" key: a curlew collection file starts with {"curlew": 1, "name": ...}');
		expect(fieldErrorOf('{"curlew": 3, "name": "x"}').message).toMatch(/^curlew: the file is format 3, written by a newer curlew; this one reads format 2: upgrade curlew/);
		expect(fieldErrorOf('[]').message).toBe('expected an object, found an array');
	});

	it.each([
		[{varaibles: [{name: 'a', value: 1}]}, 'there is no key "varaibles" in a collection file: the keys are curlew, name, variables, environments, scripts, requests, settings, auth, folders, scriptFiles'],
		[{id: 'c1'}, 'there is no key "id" in a collection file: the keys are curlew, name, variables, environments, scripts, requests, settings, auth, folders, scriptFiles'],
		[{variables: [{name: 'a', value: 1, disabled: true}]}, 'variables[0]: there is no key "disabled" in a variable: the keys are name, value, type, secret'],
		[{environments: [{name: 'E', vars: [], variables: [{name: 'a', value: 1, enabled: false}]}]}, 'environments[0]: there is no key "vars" in an environment: the keys are name, variables'],
		[{environments: [{name: 'E', variables: [{name: 'a', value: 1, Secret: true}]}]}, 'environments[0].variables[0]: there is no key "Secret" in a variable: the keys are name, value, type, secret'],
		[{scripts: {prerequest: 'x', test: 'y'}}, 'scripts: there is no key "prerequest", "test" in scripts: the keys are preRequest, postResponse'],
		[{requests: [{name: 'a', url: '/', header: [{name: 'X', value: '1'}]}]}, 'requests[0]: there is no key "header" in a request: the keys are name, method, url, headers, body, scripts, auth, variables, postResponseVariables, asserts, settings'],
		[{requests: [{name: 'a', url: '/', headers: [{name: 'X', value: '1', disabled: true}]}]}, 'requests[0].headers[0]: there is no key "disabled" in a header: the keys are name, value, enabled'],
		[{requests: [{name: 'a', url: '/', body: {type: 'json', raw: '{}'}}]}, 'requests[0].body: there is no key "raw" in a body: the keys are type, text, fields, parts, file, variables'],
		[{requests: [{name: 'a', url: '/', body: {type: 'form', fields: [{key: 'f', name: 'f', value: '1'}]}}]}, 'requests[0].body.fields[0]: there is no key "key" in a form field: the keys are name, value, enabled'],
		[{requests: [{name: 'a', url: '/', scripts: {postResponse: '', tests: 'x'}}]}, 'requests[0].scripts: there is no key "tests" in scripts: the keys are preRequest, postResponse'],
		[{requests: [{name: 'a', url: '/', asserts: [{expression: 'res.status', operator: 'eq', value: '200', disabled: true}]}]}, 'requests[0].asserts[0]: there is no key "disabled" in an assertion: the keys are expression, operator, value, enabled'],
		[{requests: [{name: 'a', url: '/', postResponseVariables: [{name: 't', value: 'res.body.t'}]}]}, 'requests[0].postResponseVariables[0]: there is no key "value" in a post-response variable: the keys are name, expression'],
		[{folders: [{name: 'Users', variables: []}]}, 'folders[0]: there is no key "name" in a folder: the keys are path, variables'],
		[{requests: [{name: 'a', url: '/', settings: {verifyTls: false}}]}, 'requests[0].settings: there is no request setting "verifyTls": a request may set followRedirects, maxRedirects, totalTimeoutMs; the others are the collection\'s'],
	])('refuses a key it does not know rather than drop what it holds, naming the field and the keys there are: %j', (fields, message) => {
		expect(fieldErrorOf(fileWith(fields)).message).toBe(message);
	});

	it('refuses a misspelled setting in a file, as the settings editor does', () => {
		expect(fieldErrorOf('{"curlew": 1, "name": "x", "settings": {"totalTimeoutMS": 5}}').message).toMatch(/^settings: there is no setting "totalTimeoutMS": the settings are /);
	});

	it('refuses a script memory limit below what the sandbox needs, which it would raise without a word', () => {
		expect(fieldErrorOf('{"curlew": 1, "name": "x", "settings": {"scriptMemoryBytes": 1000000}}').message).toBe('settings.scriptMemoryBytes: a script needs at least 2097152 bytes (2 MB): the sandbox itself takes about 1 MB');
		expect(parseCollectionFile('{"curlew": 1, "name": "x", "settings": {"scriptMemoryBytes": 2097152}}').settings.scriptMemoryBytes).toBe(2_097_152);
	});

	it('gives invalid JSON with its line and column', () => {
		expect(() => parseCollectionFile('{\n  "curlew": 1,\n  "name": "x",,\n}')).toThrow(new JsonSyntaxError(3, 15, 'expected a property name in double quotes, found ","'));
	});
});

const nameArbitrary = fc.stringMatching(/^[A-Za-z_][\w.-]{0,12}$/).filter(name => validateVariableName(name) === undefined);
/** A name an import takes: collection, request and environment names need a character other than spaces, and no control character. */
const itemNameArbitrary = fc.string().filter(name => itemNameProblem(name, 'request') === undefined);
const dateArbitrary = fc.date({min: new Date(-8_640_000_000_000), max: new Date(8_640_000_000_000), noInvalidDate: true});
const {value: valueArbitrary} = fc.letrec<{value: Value}>(tie => ({
	value: fc.oneof(
		{depthSize: 'small'},
		fc.string(),
		// Beyond 2^53 an import refuses a number: JSON.parse may have rounded it.
		fc.double({noNaN: true, noDefaultInfinity: true, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER}),
		fc.boolean(),
		fc.constant(null),
		dateArbitrary,
		fc.array(tie('value'), {maxLength: 4}),
		fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('$date', '$number', '$$x', '__proto__')), tie('value'), {maxKeys: 4}),
	),
}));
const variablesArbitrary = fc.uniqueArray(
	fc.record({name: nameArbitrary, value: valueArbitrary, secret: fc.option(fc.constant(true), {nil: undefined})}, {requiredKeys: ['name', 'value']}),
	{selector: variable => variable.name, maxLength: 5},
).map(list => list.map(({secret, ...variable}) => secret ? {...variable, secret} : variable));
const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(
	fc.constant({type: 'none' as const}),
	fc.record({type: fc.constant('json' as const), text: fc.string()}),
	fc.record({type: fc.constant('text' as const), text: fc.string()}),
	fc.record({
		type: fc.constant('form' as const),
		fields: fc.array(fc.record({name: fc.string(), value: fc.string(), enabled: fc.boolean()}, {requiredKeys: ['name', 'value']}), {maxLength: 3}),
	}),
	fc.record({
		type: fc.constant('multipart' as const),
		parts: fc.array(fc.oneof(
			fc.record({type: fc.constant('text' as const), name: fc.string(), value: fc.string(), contentType: fc.string({minLength: 1}), enabled: fc.boolean()}, {requiredKeys: ['type', 'name', 'value']}),
			fc.record({type: fc.constant('file' as const), name: fc.string(), file: fc.string(), contentType: fc.string({minLength: 1}), enabled: fc.boolean()}, {requiredKeys: ['type', 'name', 'file']}),
		), {maxLength: 3}),
	}),
	fc.record({type: fc.constant('file' as const), file: fc.string()}),
	fc.record({type: fc.constant('graphql' as const), text: fc.string(), variables: fc.string({minLength: 1})}, {requiredKeys: ['type', 'text']}),
);
const scriptsArbitrary = fc.record({preRequest: fc.string(), postResponse: fc.string()});
const settingsArbitrary: fc.Arbitrary<CollectionSettings> = fc.record({
	strict: fc.boolean(),
	followRedirects: fc.boolean(),
	maxRedirects: fc.nat(20),
	connectTimeoutMs: fc.integer({min: 1, max: 100_000}),
	totalTimeoutMs: fc.integer({min: 1, max: 100_000}),
	verifyTls: fc.boolean(),
	caFile: fc.string(),
	maxResponseBytes: fc.integer({min: 1, max: 2 ** 40}),
	scriptTimeoutMs: fc.integer({min: 1, max: 10_000}),
	scriptMemoryBytes: fc.integer({min: 2 * 1024 * 1024, max: 2 ** 30}),
	localEcho: fc.boolean(),
}, {requiredKeys: ['strict', 'followRedirects', 'maxRedirects', 'connectTimeoutMs', 'totalTimeoutMs', 'verifyTls', 'maxResponseBytes', 'scriptTimeoutMs', 'scriptMemoryBytes']});
const assertionArbitrary: fc.Arbitrary<Assertion> = fc.record({expression: fc.string(), operator: fc.constantFrom(...assertOperators), value: fc.string(), enabled: fc.boolean()})
	.map(assertion => unaryAssertOperators.has(assertion.operator) ? {...assertion, value: ''} : assertion);
const collectionArbitrary: fc.Arbitrary<Collection> = fc.record({
	name: itemNameArbitrary,
	variables: variablesArbitrary,
	environments: fc.array(fc.record({name: itemNameArbitrary, variables: variablesArbitrary}), {maxLength: 2}),
	scripts: scriptsArbitrary,
	requests: fc.array(fc.record({
		name: itemNameArbitrary,
		method: fc.constantFrom(...httpMethods),
		url: fc.string(),
		headers: fc.array(fc.record({name: fc.string(), value: fc.string(), enabled: fc.boolean()}), {maxLength: 3}),
		body: bodyArbitrary,
		scripts: scriptsArbitrary,
		variables: variablesArbitrary.filter(list => list.length > 0),
		postResponseVariables: fc.array(fc.record({name: nameArbitrary, expression: fc.string()}), {minLength: 1, maxLength: 2}),
		asserts: fc.array(assertionArbitrary, {minLength: 1, maxLength: 3}),
		settings: fc.record({followRedirects: fc.boolean(), maxRedirects: fc.nat(20), totalTimeoutMs: fc.integer({min: 1, max: 100_000})}, {requiredKeys: []}).filter(settings => Object.keys(settings).length > 0),
	}, {requiredKeys: ['name', 'method', 'url', 'headers', 'body', 'scripts']}), {maxLength: 3}),
	settings: settingsArbitrary,
	folders: fc.uniqueArray(fc.record({path: itemNameArbitrary.filter(path => path.trim() !== ''), variables: variablesArbitrary}), {selector: folder => folder.path, minLength: 1, maxLength: 2}),
}, {requiredKeys: ['name', 'variables', 'environments', 'scripts', 'requests', 'settings']}).map(fields => createCollection({
	...fields,
	environments: fields.environments.map(environment => ({...environment, id: 'env'})),
	requests: fields.requests.map(request => createRequest(request)),
}));

describe('format 2: folders, request variables, post-response variables, assertions and request settings', () => {
	const withEverything = () => createCollection({
		name: 'Shop',
		folders: [{path: 'Users', variables: [{name: 'team', value: 'accounts'}, {name: 'when', value: new Date('2024-01-31T12:00:00.000Z')}]}],
		requests: [createRequest({
			name: 'Users / Get',
			url: '{{baseUrl}}/users/{{userId}}',
			variables: [{name: 'userId', value: '7'}, {name: 'key', value: 'sekrit', secret: true}],
			postResponseVariables: [{name: 'token', expression: 'res.body.token'}],
			asserts: [
				{expression: 'res.status', operator: 'eq', value: '200', enabled: true},
				{expression: 'res.body.id', operator: 'isDefined', value: '', enabled: false},
			],
			settings: {followRedirects: false, totalTimeoutMs: 5000},
		})],
	});

	it('writes them as format 2, a value that is none left out, a secret\'s value never', () => {
		const text = serializeCollection(withEverything());
		const file = JSON.parse(text) as {curlew: number; folders: unknown; requests: Array<Record<string, unknown>>};
		expect(file.curlew).toBe(2);
		expect(file.folders).toEqual([{path: 'Users', variables: [{name: 'team', value: 'accounts'}, {name: 'when', value: '2024-01-31T12:00:00.000Z', type: 'date'}]}]);
		expect(file.requests[0]).toMatchObject({
			variables: [{name: 'userId', value: '7'}, {name: 'key', value: '', secret: true}],
			postResponseVariables: [{name: 'token', expression: 'res.body.token'}],
			asserts: [{expression: 'res.status', operator: 'eq', value: '200'}, {expression: 'res.body.id', operator: 'isDefined', enabled: false}],
			settings: {followRedirects: false, totalTimeoutMs: 5000},
		});
		expect(text).not.toContain('sekrit');
	});

	it('reads back what it wrote', () => {
		const original = withEverything();
		expect(exported(parseCollectionFile(serializeCollection(original)))).toEqual(exported(original));
	});

	it('writes a collection that uses none of them as format 1, which an older curlew reads', () => {
		const plain = sample();
		const format1 = {...plain, auth: undefined, requests: plain.requests.filter(request => ['json', 'form', 'text', 'none'].includes(request.body.type) && request.auth === undefined)};
		expect(format1.requests.map(request => request.name)).toEqual(['Create', 'Form', 'Text']);
		expect(JSON.parse(serializeCollection(format1)).curlew).toBe(1);
	});

	it.each([
		[{requests: [{name: 'a', url: '/', asserts: [{expression: 'res.status', operator: 'equals', value: '200'}]}]}, `requests[0].asserts[0].operator: "equals" is not an assert operator: use ${assertOperators.slice(0, -1).join(', ')} or isArray`],
		[{requests: [{name: 'a', url: '/', asserts: [{expression: 'res.body', operator: 'isNull', value: 'x'}]}]}, 'requests[0].asserts[0].value: isNull compares with nothing: leave the value out'],
		[{requests: [{name: 'a', url: '/', asserts: [{operator: 'eq', value: '1'}]}]}, 'requests[0].asserts[0].expression: is missing: expected a string'],
		[{requests: [{name: 'a', url: '/', postResponseVariables: [{name: 'a b', expression: 'res.body'}]}]}, 'requests[0].postResponseVariables[0].name: Variable name "a b" is invalid: use letters, digits, _, - and .'],
		[{requests: [{name: 'a', url: '/', variables: [{name: 'x', value: 1}, {name: 'x', value: 2}]}]}, 'requests[0].variables[1].name: "x" is defined twice in this list: keep one'],
		[{folders: [{path: 'A', variables: []}, {path: 'A', variables: []}]}, 'folders[1].path: "A" is listed twice: keep one, with all its variables'],
		[{folders: [{path: ' ', variables: []}]}, 'folders[0].path: is empty: a folder\'s path is its names joined by " / ", as its requests\' names begin'],
		[{requests: [{name: 'a', url: '/', settings: {totalTimeoutMs: 0}}]}, 'requests[0].settings.totalTimeoutMs: expected a whole number of at least 1, found a number (0)'],
	])('refuses a bad one, naming its field: %j', (fields, message) => {
		expect(fieldErrorOf(JSON.stringify({curlew: 2, name: 'X', ...fields})).message).toBe(message);
	});

	it('knows every Bruno operator, and which take no value', () => {
		expect(assertOperators).toHaveLength(28);
		expect([...unaryAssertOperators]).toEqual(assertOperators.filter(operator => operator.startsWith('is')));
	});
});

describe('collection file round trip', () => {
	it('parses back every serialized collection unchanged, ids and secret values aside', () => {
		fc.assert(fc.property(collectionArbitrary, collection => {
			expect(exported(parseCollectionFile(serializeCollection(collection)))).toEqual(exported(collection));
		}), {numRuns: 300});
	});
});
