import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {serializePostmanCollection} from '../../../source/core/formats/postman-format.js';
import {readPostmanCollection, readPostmanEnvironment} from '../../../source/core/formats/postman-import.js';
import {createCollection, createRequest, type Request} from '../../../source/core/model.js';
import {fieldErrorOf} from '../../helpers/field-error.js';

const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

function fixture(name: string): unknown {
	return JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

/** A request without its id, as the tests compare them. */
function shown({id: _id, ...request}: Request) {
	return request;
}

function collectionWith(fields: Record<string, unknown>) {
	return readPostmanCollection({info: {name: 'C', schema}, item: [], ...fields});
}

/** The one request of a collection holding `request` (a Postman request object). */
function requestOf(request: unknown, itemFields: Record<string, unknown> = {}) {
	const {collection, notes} = collectionWith({item: [{name: 'R', request, ...itemFields}]});
	return {request: shown(collection.requests[0]!), notes};
}

const refusal = fieldErrorOf;

const basic = {type: 'basic', username: 'admin', password: 's3cret'} as const;
const usersScript = {preRequest: 'console.log(\'users folder\');', postResponse: ''};
const noScripts = {preRequest: '', postResponse: ''};

describe('readPostmanCollection', () => {
	it('reads a whole Postman v2.1 collection: folders into names, auth kept as auth (a folder\'s copied into its requests), folder scripts and variables folded in', () => {
		const {collection, notes} = readPostmanCollection(fixture('shop.postman_collection.json'));
		expect(collection.name).toBe('Shop API');
		expect(collection.variables).toEqual([
			{name: 'baseUrl', value: 'https://shop.example.com/api'},
			{name: 'pageSize', value: 20},
			{name: 'verbose', value: false},
			{name: 'limit', value: 'lots'},
			{name: 'token', value: ''},
		]);
		expect(collection.folders).toEqual([{path: 'Users', variables: [{name: 'userId', value: '42'}]}]);
		expect(collection.scripts).toEqual({preRequest: 'pm.request.headers.add({key: \'X-Request-Id\', value: pm.variables.replaceIn(\'{{$guid}}\')});', postResponse: ''});
		expect(collection.environments).toEqual([]);
		expect(collection.auth).toEqual({type: 'bearer', token: '{{token}}'});
		expect(collection.requests.map(request => shown(request))).toEqual([
			{
				name: 'Auth / Login',
				method: 'POST',
				url: '{{baseUrl}}/login',
				headers: [{name: 'Accept', value: 'application/json', enabled: true}],
				body: {type: 'json', text: '{\n\t"user": "{{user}}",\n\t"password": "{{password}}"\n}'},
				scripts: {preRequest: '', postResponse: 'pm.test(\'logged in\', () => pm.response.to.have.status(200));\npm.collectionVariables.set(\'token\', pm.response.json().token);'},
			},
			{name: 'Auth / Logout', method: 'POST', url: '{{baseUrl}}/logout', headers: [], auth: {type: 'inherit'}, body: {type: 'none'}, scripts: noScripts},
			{
				name: 'Users / Search',
				method: 'GET',
				url: '{{baseUrl}}/users?q=ada&page=2',
				headers: [{name: 'Accept', value: 'application/json', enabled: true}, {name: 'X-Debug', value: '1', enabled: false}],
				auth: basic,
				body: {type: 'none'},
				scripts: usersScript,
			},
			{
				name: 'Users / Create',
				method: 'POST',
				url: '{{baseUrl}}/users',
				headers: [],
				auth: basic,
				body: {type: 'form', fields: [{name: 'name', value: 'Ada'}, {name: 'role', value: 'admin', enabled: false}]},
				scripts: usersScript,
			},
			{name: 'Users / Admin / Delete user', method: 'DELETE', url: '{{baseUrl}}/users/{{userId}}?hard=true', headers: [], auth: basic, body: {type: 'none'}, scripts: usersScript},
			{name: 'Users / Admin / Upload avatar', method: 'PUT', url: '{{baseUrl}}/users/{{userId}}/avatar', headers: [], auth: basic, body: {type: 'multipart', parts: [{type: 'text', name: 'caption', value: 'me'}, {type: 'file', name: 'avatar', file: '/home/ada/avatar.png'}]}, scripts: usersScript},
			{
				name: 'Products (GraphQL)',
				method: 'POST',
				url: '{{baseUrl}}/graphql',
				headers: [],
				auth: {type: 'apikey', key: 'X-API-Key', value: '{{apiKey}}', in: 'header'},
				body: {type: 'graphql', text: 'query Products($first: Int) {\n  products(first: $first) { id name }\n}', variables: '{"first": {{pageSize}}}'},
				scripts: noScripts,
			},
			{
				name: 'Report',
				method: 'GET',
				url: '{{baseUrl}}/report',
				headers: [{name: 'Accept', value: 'text/csv', enabled: true}, {name: 'X-Report', value: 'monthly', enabled: true}],
				auth: {type: 'digest', username: 'ops', password: ''},
				body: {type: 'none'},
				scripts: noScripts,
			},
		]);
		expect(notes).toEqual([
			'the collection: variable "legacyHost" was left out: it is disabled in Postman',
			'the collection: variable "api key" was left out: Variable name "api key" is invalid: use letters, digits, _, - and .',
			'folder "Users": its scripts were copied into each of its requests, before their own: curlew has no folders',
			'request "Users / Admin / Purge cache" was left out: its method PURGE is not one curlew sends (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)',
		]);
	});

	it('reads back what curlew export --format postman writes', () => {
		const original = createCollection({
			name: 'Round trip',
			variables: [{name: 'baseUrl', value: 'https://api.test'}, {name: 'userId', value: 42}, {name: 'ratio', value: -1.5}],
			scripts: {preRequest: 'client.setVar("start", Date.now());', postResponse: ''},
			requests: [
				createRequest({
					name: 'Create',
					method: 'POST',
					url: '{{baseUrl}}/users/{{userId}}?verbose=true#top',
					headers: [{name: 'Accept', value: 'application/json', enabled: true}, {name: 'X-Debug', value: '1', enabled: false}],
					body: {type: 'json', text: '{"id": {{userId}}}'},
					scripts: {preRequest: 'req.headers["X-A"] = "1";', postResponse: 'client.setVar("id", res.body.id);\nconsole.log("done");'},
				}),
				createRequest({name: 'Note', method: 'PUT', url: '/note', body: {type: 'text', text: 'hello\n{{name}}'}}),
				createRequest({name: 'Login', method: 'POST', url: '/login', body: {type: 'form', fields: [{name: 'user', value: 'ada'}, {name: 'remember', value: 'yes', enabled: false}]}}),
				createRequest({name: 'Health', method: 'HEAD', url: '/health'}),
				createRequest({name: 'Inherits', url: '/i', auth: {type: 'inherit'}}),
				createRequest({name: 'Digest', url: '/d', auth: {type: 'digest', username: '{{user}}', password: 'p:w'}}),
				createRequest({name: 'Key', url: '/k', auth: {type: 'apikey', key: 'api_key', value: '{{key}}', in: 'query'}}),
				createRequest({name: 'Upload', method: 'POST', url: '/u', body: {type: 'multipart', parts: [{type: 'text', name: 'a', value: '{{a}}', contentType: 'text/x-a'}, {type: 'file', name: 'f', file: '/tmp/f.bin', enabled: false}]}}),
				createRequest({name: 'Blob', method: 'PUT', url: '/b', body: {type: 'file', file: '/tmp/b.bin'}}),
				createRequest({name: 'Query', method: 'POST', url: '/g', body: {type: 'graphql', text: '{ me }', variables: '{"n": {{n}}}'}}),
			],
			auth: {type: 'basic', username: '{{user}}', password: '{{pass}}'},
		});
		const {collection, notes} = readPostmanCollection(JSON.parse(serializePostmanCollection(original)));
		expect(notes).toEqual([]);
		expect(collection.name).toBe('Round trip');
		expect(collection.variables).toEqual(original.variables);
		expect(collection.scripts).toEqual(original.scripts);
		expect(collection.auth).toEqual(original.auth);
		expect(collection.requests.map(request => shown(request))).toEqual(original.requests.map(request => shown(request)));
	});

	it('reads a v2.0 collection: a request given as its URL, auth settings as an object', () => {
		const {collection} = readPostmanCollection({
			info: {name: 'Old', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json'},
			item: [
				{name: 'Ping', request: 'https://api.test/ping'},
				{name: 'Me', request: {method: 'get', url: 'https://api.test/me', auth: {type: 'bearer', bearer: {token: 'abc'}}}},
			],
		});
		expect(collection.requests.map(request => [request.name, request.method, request.url, request.auth])).toEqual([
			['Ping', 'GET', 'https://api.test/ping', undefined],
			['Me', 'GET', 'https://api.test/me', {type: 'bearer', token: 'abc'}],
		]);
	});

	it('builds the URL from its parts when the file gives no raw URL, leaving out disabled query parameters', () => {
		const {request} = requestOf({
			url: {protocol: 'https', host: ['api', 'example', 'com'], port: '8443', path: ['v1', 'items'], query: [{key: 'a', value: '1'}, {key: 'b', value: '2', disabled: true}, {key: 'flag', value: null}], hash: 'top'},
		});
		expect(request.url).toBe('https://api.example.com:8443/v1/items?a=1&flag#top');
	});

	it('fills each :name segment of the path with the variable of that name, the nth segment with the nth, and reads no value as a segment', () => {
		expect(requestOf({url: {raw: 'https://api.test/:kind/:id/items/:id?x=:id', variable: [{key: 'kind', value: ':id'}, {key: 'id', value: '1'}, {key: 'id', value: '2'}]}}).request.url).toBe('https://api.test/:id/1/items/2?x=:id');
	});

	it('keeps a path variable without a value as written, with a note', () => {
		const {request, notes} = requestOf({url: {raw: 'https://api.test/users/:id/posts', variable: [{key: 'id', value: ''}]}});
		expect(request.url).toBe('https://api.test/users/:id/posts');
		expect(notes).toEqual(['request "R": its path variable :id has no value: curlew has no path variables, so put the value (or a {{placeholder}}) in the URL']);
	});

	it('reads a raw body as text unless its language is JSON, or, without a language, its Content-Type says JSON', () => {
		expect(requestOf({method: 'POST', url: '/', body: {mode: 'raw', raw: '<a/>', options: {raw: {language: 'xml'}}}}).request.body).toEqual({type: 'text', text: '<a/>'});
		expect(requestOf({method: 'POST', url: '/', header: [{key: 'Content-Type', value: 'application/vnd.api+json'}], body: {mode: 'raw', raw: '{}'}}).request.body).toEqual({type: 'json', text: '{}'});
		expect(requestOf({method: 'POST', url: '/', body: {mode: 'raw', raw: '{}'}}).request.body).toEqual({type: 'text', text: '{}'});
		expect(requestOf({method: 'GET', url: '/', body: {mode: 'raw', raw: ''}}).request.body).toEqual({type: 'none'});
	});

	it('reads a GraphQL body as its query and its variables\' text', () => {
		expect(requestOf({method: 'POST', url: '/', body: {mode: 'graphql', graphql: {query: '{ me { id } }'}}}).request.body).toEqual({type: 'graphql', text: '{ me { id } }'});
		expect(requestOf({method: 'POST', url: '/', body: {mode: 'graphql', graphql: {query: 'query($n: Int) { a(n: $n) }', variables: '{"n": {{n}}}'}}}).request.body).toEqual({type: 'graphql', text: 'query($n: Int) { a(n: $n) }', variables: '{"n": {{n}}}'});
	});

	it('reads a file body, and a form-data body as multipart parts, text and files, a relative path read from the collection\'s folder', () => {
		const file = requestOf({method: 'POST', url: '/', body: {mode: 'file', file: {src: 'data/a.bin'}}});
		expect(file.request.body).toEqual({type: 'file', file: 'data/a.bin'});
		const parts = readPostmanCollection({info: {name: 'C', schema}, item: [{name: 'R', request: {method: 'POST', url: '/', body: {mode: 'formdata', formdata: [
			{key: 'name', value: '{{who}}', type: 'text'},
			{key: 'meta', value: '{"a": 1}', type: 'text', contentType: 'application/json'},
			{key: 'photo', src: 'pics/me.png', type: 'file'},
			{key: 'many', src: ['/abs/1.txt', 'two.txt'], type: 'file', disabled: true},
			{key: 'none', src: null, type: 'file'},
		]}}}]}, {folder: '/collections'});
		expect(parts.collection.requests[0]!.body).toEqual({type: 'multipart', parts: [
			{type: 'text', name: 'name', value: '{{who}}'},
			{type: 'text', name: 'meta', value: '{"a": 1}', contentType: 'application/json'},
			{type: 'file', name: 'photo', file: '/collections/pics/me.png'},
			{type: 'file', name: 'many', file: '/abs/1.txt', enabled: false},
			{type: 'file', name: 'many', file: '/collections/two.txt', enabled: false},
		]});
		expect(parts.notes).toEqual(['request "R": its file part "none" names no file and was left out: choose the file in curlew, or in Postman before exporting']);
	});

	it('does not send a GET\'s body unless protocolProfileBehavior.disableBodyPruning says so, as Postman prunes it, and keeps its text', () => {
		const pruned = requestOf({method: 'GET', url: '/', body: {mode: 'raw', raw: '{"q": 1}', options: {raw: {language: 'json'}}}});
		expect(pruned.request.body).toEqual({type: 'none', text: '{"q": 1}'});
		expect(pruned.notes).toEqual(['request "R": its body is not sent, as Postman does not send a GET\'s body unless protocolProfileBehavior.disableBodyPruning is true; it is kept, so choosing its type again sends it']);
		const kept = requestOf({method: 'GET', url: '/', body: {mode: 'raw', raw: '{"q": 1}', options: {raw: {language: 'json'}}}}, {protocolProfileBehavior: {disableBodyPruning: true}});
		expect(kept.request.body).toEqual({type: 'json', text: '{"q": 1}'});
		expect(requestOf({method: 'POST', url: '/', body: {mode: 'raw', raw: 'x'}}).request.body).toEqual({type: 'text', text: 'x'});
	});

	it('keeps basic auth whose user or password holds a placeholder, which is filled when sending, before the base64', () => {
		const withPlaceholders = requestOf({url: '/', auth: {type: 'basic', basic: [{key: 'username', value: '{{user}}'}, {key: 'password', value: 'x'}]}});
		expect(withPlaceholders.request).toMatchObject({headers: [], auth: {type: 'basic', username: '{{user}}', password: 'x'}});
		expect(withPlaceholders.notes).toEqual([]);
	});

	it('leaves out disabled scripts and auth kinds curlew does not send, naming OAuth 2.0 and AWS Signature v4, saying so', () => {
		const disabled = requestOf({url: '/'}, {event: [{listen: 'test', disabled: true, script: {exec: ['console.log(1)']}}]});
		expect(disabled.request.scripts).toEqual(noScripts);
		expect(disabled.notes).toEqual(['request "R": its disabled test script was left out']);
		const oauth2 = requestOf({url: '/', auth: {type: 'oauth2', oauth2: []}});
		expect(oauth2.request.auth).toBeUndefined();
		expect(oauth2.notes).toEqual(['request "R": its OAuth 2.0 auth is not sent: curlew does not fetch OAuth 2.0 tokens yet: get one with a request of its own and send it as bearer auth ({{token}} set by its post-response script)']);
		expect(requestOf({url: '/', auth: {type: 'awsv4', awsv4: []}}).notes).toEqual(['request "R": its AWS Signature v4 auth is not sent: curlew does not sign requests with AWS Signature v4 yet']);
		expect(requestOf({url: '/', auth: {type: 'ntlm', ntlm: []}}).notes).toEqual(['request "R": its NTLM auth is not sent: curlew sends bearer, basic, digest and API key auth, not NTLM']);
	});

	it('keeps an API key meant for the query as such, the URL as written', () => {
		expect(requestOf({url: 'https://api.test/a?x=1', auth: {type: 'apikey', apikey: [{key: 'key', value: 'api_key'}, {key: 'value', value: '{{key}}'}, {key: 'in', value: 'query'}]}}).request).toMatchObject({url: 'https://api.test/a?x=1', auth: {type: 'apikey', key: 'api_key', value: '{{key}}', in: 'query'}});
	});

	it('copies a folder\'s auth into the requests of it that inherit, and keeps a request that inherits the collection\'s inheriting', () => {
		const {collection, notes} = collectionWith({
			auth: {type: 'bearer', bearer: [{key: 'token', value: '{{token}}'}]},
			item: [
				{name: 'F', auth: {type: 'digest', digest: [{key: 'username', value: 'u'}, {key: 'password', value: 'p'}]}, item: [
					{name: 'In', request: {url: '/a'}},
					{name: 'Sub', auth: {type: 'inherit'}, item: [{name: 'Deep', request: {url: '/b', auth: {type: 'inherit'}}}]},
					{name: 'Own', request: {url: '/c', auth: {type: 'noauth'}}},
				]},
				{name: 'G', auth: {type: 'oauth2', oauth2: []}, item: [{name: 'Token', request: {url: '/d'}}]},
				{name: 'Top', request: {url: '/e'}},
			],
		});
		expect(collection.requests.map(request => [request.name, request.auth])).toEqual([
			['F / In', {type: 'digest', username: 'u', password: 'p'}],
			['F / Sub / Deep', {type: 'digest', username: 'u', password: 'p'}],
			['F / Own', undefined],
			['G / Token', undefined],
			['Top', {type: 'inherit'}],
		]);
		expect(notes).toEqual(['folder "G": its OAuth 2.0 auth is not sent: curlew does not fetch OAuth 2.0 tokens yet: get one with a request of its own and send it as bearer auth ({{token}} set by its post-response script)']);
	});

	it('keeps the later of two variables of one name, as Postman does, and says so', () => {
		const {collection, notes} = collectionWith({variable: [{key: 'a', value: '1'}, {key: 'a', value: '2'}]});
		expect(collection.variables).toEqual([{name: 'a', value: '2'}]);
		expect(notes).toEqual(['the collection: variable "a" is defined twice: the later value was kept, as Postman does']);
	});

	it('keeps a folder\'s variables as that folder\'s, a nested folder\'s under its path, two folders of one name together', () => {
		const {collection, notes} = collectionWith({variable: [{key: 'a', value: '1'}], item: [
			{name: 'F', variable: [{key: 'a', value: '2'}, {key: 'b', value: '2'}], item: [{name: 'G', variable: [{key: 'a', value: '3'}], item: []}]},
			{name: 'F', variable: [{key: 'b', value: '4'}], item: []},
		]});
		expect(collection.variables).toEqual([{name: 'a', value: '1'}]);
		expect(collection.folders).toEqual([{path: 'F', variables: [{name: 'a', value: '2'}, {name: 'b', value: '4'}]}, {path: 'F / G', variables: [{name: 'a', value: '3'}]}]);
		expect(notes).toEqual(['folder "F": two folders have this name: curlew keeps their variables together, the later folder\'s winning']);
	});

	it('reads a collection with no info, as newman runs one, naming it after the file', () => {
		const {collection, notes} = readPostmanCollection({item: [{name: 'Ping', request: 'https://a.test/ping'}], variable: [{key: 'a', value: '1'}]}, {fileName: '/tmp/tests/ping.postman_collection.json'});
		expect(collection.name).toBe('ping');
		expect(collection.requests.map(request => [request.name, request.url])).toEqual([['Ping', 'https://a.test/ping']]);
		expect(collection.variables).toEqual([{name: 'a', value: '1'}]);
		expect(notes).toEqual(['it has no "info": it was read as a Postman Collection v2.1, and named "ping" after the file']);
	});

	it.each([
		[{info: {name: 'C', schema: 'https://schema.getpostman.com/json/collection/v1.0.0/collection.json'}}, 'info.schema: https://schema.getpostman.com/json/collection/v1.0.0/collection.json is not a collection format curlew reads: export the collection from Postman as Collection v2.1'],
		[{info: {schema}}, 'info.name: expected a string, found nothing'],
		[{info: {name: ' ', schema}}, 'info.name: a collection needs a name of at least one character other than spaces'],
		[{info: {name: 'C', schema}, item: {}}, 'item: expected an array, found an object'],
		[{info: {name: 'C', schema}, item: [{name: 'F', item: [{name: 'x'}]}]}, 'item[0].item[0]: is neither a request (it has no "request") nor a folder (it has no "item")'],
		[{info: {name: 'C', schema}, item: [{name: 'Log\nin', request: '/'}]}, 'item[0].name: a request name cannot hold control characters: "Log\\nin" holds a line break (U+000A)'],
		[{info: {name: 'C', schema}, item: [{name: 'R', request: {method: 5, url: '/'}}]}, 'item[0].request.method: expected a string, found a number (5)'],
		[{info: {name: 'C', schema}, item: [{name: 'R', request: {url: {raw: 7}}}]}, 'item[0].request.url.raw: expected a string, found a number (7)'],
		[{info: {name: 'C', schema}, item: [{name: 'R', request: {url: '/', header: [{key: 'A', value: '1'}, 'B: 2']}}]}, 'item[0].request.header[1]: expected an object, found a string ("B: 2")'],
		[{info: {name: 'C', schema}, item: [{name: 'R', request: {url: '/', body: {mode: 'urlencoded', urlencoded: 'a=1'}}}]}, 'item[0].request.body.urlencoded: expected an array, found a string ("a=1")'],
		[{info: {name: 'C', schema}, event: [{listen: 'after', script: {exec: []}}]}, 'event[0].listen: expected "prerequest" or "test", found a string ("after")'],
		[{info: {name: 'C', schema}, variable: [{value: 'x'}]}, 'variable[0].id: expected a string, found nothing'],
		[{info: {name: 'C', schema}, variable: [{key: 'ok', value: 9_007_199_254_740_991}, {key: 'id', value: Number('12345678901234567890')}]}, 'variable[1].value: 12345678901234567000 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
	])('refuses what it cannot read, naming the field: %j', (file, message) => {
		expect(refusal(() => readPostmanCollection(file))).toBe(message);
	});
});

describe('readPostmanEnvironment', () => {
	it('reads the name and enabled variables, secrets marked secret, and says which it left out', () => {
		expect(readPostmanEnvironment(fixture('staging.postman_environment.json'))).toEqual({
			environment: {
				name: 'Staging',
				variables: [
					{name: 'baseUrl', value: 'https://staging.shop.example.com/api'},
					{name: 'password', value: 'hunter2', secret: true},
					{name: 'retries', value: '3'},
				],
			},
			notes: ['environment "Staging": variable "oldToken" was left out: it is disabled in Postman'],
		});
	});

	it('refuses a number JSON reading rounded, rather than store it rounded; its digits as text stay text', () => {
		expect(refusal(() => readPostmanEnvironment({name: 'E', values: [{key: 'id', value: 1e21}]}))).toBe('values[0].value: 1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string');
		expect(readPostmanEnvironment({name: 'E', values: [{key: 'id', value: '12345678901234567890', type: 'number'}]}).environment.variables).toEqual([{name: 'id', value: '12345678901234567890'}]);
	});

	it('refuses an environment without a usable name or with values that are not a list', () => {
		expect(refusal(() => readPostmanEnvironment({values: [], _postman_variable_scope: 'environment'}))).toBe('name: expected a string, found nothing');
		expect(refusal(() => readPostmanEnvironment({name: 'E', values: {}, _postman_variable_scope: 'environment'}))).toBe('values: expected an array, found an object');
	});
});

describe('readPostmanCollection: what goes out is what Postman sends', () => {

	it('removes comments from a raw JSON body, outside its strings, as Postman does before sending, with a note', () => {
		const raw = '{\n\t// the test user\n\t"username": "ann // not a comment", /* temp */ "note": "a \\" /* kept */"\n}';
		const {request, notes} = requestOf({method: 'POST', url: 'https://a.test/login', body: {mode: 'raw', raw, options: {raw: {language: 'json'}}}});
		expect(request.body).toEqual({type: 'json', text: '{\n\t\n\t"username": "ann // not a comment",  "note": "a \\" /* kept */"\n}'});
		expect(JSON.parse((request.body as {text: string}).text)).toEqual({username: 'ann // not a comment', note: 'a " /* kept */'});
		expect(notes).toEqual(['request "R": the comments in its JSON body were removed, as Postman removes them before sending']);
		expect(requestOf({method: 'POST', url: 'https://a.test/', body: {mode: 'raw', raw: '{"a": "//"}', options: {raw: {language: 'json'}}}}).notes).toEqual([]);
	});

	it.each([['xml', 'application/xml'], ['html', 'text/html'], ['javascript', 'application/javascript']])('gives a raw %s body the Content-Type Postman sends, unless the request has its own', (language, contentType) => {
		const body = {mode: 'raw', raw: '<a>1</a>', options: {raw: {language}}};
		expect(requestOf({method: 'POST', url: 'https://a.test/', body}).request).toMatchObject({headers: [{name: 'Content-Type', value: contentType, enabled: true}], body: {type: 'text', text: '<a>1</a>'}});
		expect(requestOf({method: 'POST', url: 'https://a.test/', header: [{key: 'content-type', value: 'text/xml'}], body}).request.headers).toEqual([{name: 'content-type', value: 'text/xml', enabled: true}]);
	});

	it('maps protocolProfileBehavior to the collection\'s settings when set on the collection or alike on every request, and keeps a request\'s redirect settings that differ as its own', () => {
		const request = {method: 'GET', url: 'https://a.test/'};
		const uniform = collectionWith({protocolProfileBehavior: {strictSSL: false, maxRedirects: 3}, item: [{name: 'A', request, protocolProfileBehavior: {followRedirects: false}}, {name: 'F', item: [{name: 'B', request}], protocolProfileBehavior: {followRedirects: false}}]});
		expect(uniform.collection.settings).toMatchObject({followRedirects: false, verifyTls: false, maxRedirects: 3});
		expect(uniform.notes).toEqual([]);
		const mixed = collectionWith({item: [
			{name: 'A', request, protocolProfileBehavior: {followRedirects: false, maxRedirects: 2, strictSSL: false, disableUrlEncoding: true}},
			{name: 'B', request},
		]});
		expect(mixed.collection.settings).toMatchObject({followRedirects: true, maxRedirects: 10, verifyTls: true});
		expect(mixed.collection.requests.map(({settings}) => settings)).toEqual([{followRedirects: false, maxRedirects: 2}, undefined]);
		expect(mixed.notes).toEqual([
			'request "A": its setting strictSSL: false was left out: curlew has one verifyTls for the whole collection, and the other requests differ; set it in the collection\'s settings if this one needs it',
			'request "A": its setting disableUrlEncoding: true was left out: curlew sends a URL as the URL standard writes it, percent-encoding a space or a character outside ASCII, whatever the setting',
		]);
	});
});
