import {describe, expect, it} from 'vitest';
import {postmanSchemaUrl, serializePostmanCollection} from '../../../source/core/formats/postman-format.js';
import {createCollection, createRequest, type Collection, type Request} from '../../../source/core/model.js';

type PostmanFile = {
	info: {_postman_id: string; name: string; description: string; schema: string};
	item: Array<{name: string; event: unknown[]; request: {method: string; header: unknown[]; url: string; body?: unknown}}>;
	variable: Array<{key: string; value: string; type: string}>;
	event: unknown[];
};

function exported(collection: Collection): PostmanFile {
	return JSON.parse(serializePostmanCollection(collection)) as PostmanFile;
}

function exportedRequest(fields: Partial<Request>) {
	return exported(createCollection({requests: [createRequest(fields)]})).item[0]!;
}

describe('serializePostmanCollection', () => {
	it('writes valid JSON naming the v2.1 schema, the collection and its requests in order', () => {
		const collection = createCollection({
			name: 'Shop API',
			requests: [createRequest({name: 'List', url: '{{baseUrl}}/items'}), createRequest({name: 'Remove', method: 'DELETE', url: '{{baseUrl}}/items/{{id}}'})],
		});
		const text = serializePostmanCollection(collection);
		const file = JSON.parse(text) as PostmanFile;
		expect(postmanSchemaUrl).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
		expect(file.info).toMatchObject({_postman_id: collection.id, name: 'Shop API', schema: postmanSchemaUrl});
		expect(file.item.map(item => [item.name, item.request.method, item.request.url])).toEqual([
			['List', 'GET', '{{baseUrl}}/items'],
			['Remove', 'DELETE', '{{baseUrl}}/items/{{id}}'],
		]);
		expect(text.endsWith('}\n')).toBe(true);
	});

	it('keeps the URL template whole, placeholders and query included', () => {
		const url = '{{baseUrl}}/users/{{ user.id }}?limit={{obj.limit}}&q=a%20b#top';
		expect(exportedRequest({url}).request.url).toBe(url);
	});

	it('marks disabled headers disabled and keeps enabled ones plain', () => {
		const item = exportedRequest({
			headers: [
				{name: 'Authorization', value: 'Bearer {{token}}', enabled: true},
				{name: 'X-Debug', value: '1', enabled: false},
			],
		});
		expect(item.request.header).toEqual([
			{key: 'Authorization', value: 'Bearer {{token}}'},
			{key: 'X-Debug', value: '1', disabled: true},
		]);
	});

	it('writes no body for a request without one', () => {
		expect(exportedRequest({body: {type: 'none'}}).request).not.toHaveProperty('body');
	});

	it('writes a JSON body as raw text in the json language', () => {
		const text = '{"id": {{userId}}, "name": "{{name}}"}';
		expect(exportedRequest({method: 'POST', body: {type: 'json', text}}).request.body).toEqual({mode: 'raw', raw: text, options: {raw: {language: 'json'}}});
	});

	it('writes a text body as raw text in the text language', () => {
		const text = 'line one\nhello {{name}}\n';
		expect(exportedRequest({method: 'PUT', body: {type: 'text', text}}).request.body).toEqual({mode: 'raw', raw: text, options: {raw: {language: 'text'}}});
	});

	it('writes a form body as urlencoded fields, disabled ones marked', () => {
		const body = exportedRequest({
			method: 'POST',
			body: {type: 'form', fields: [{name: 'user', value: '{{user}}'}, {name: 'debug', value: 'yes', enabled: false}, {name: 'page', value: '2', enabled: true}]},
		}).request.body;
		expect(body).toEqual({
			mode: 'urlencoded',
			urlencoded: [{key: 'user', value: '{{user}}'}, {key: 'debug', value: 'yes', disabled: true}, {key: 'page', value: '2'}],
		});
	});

	it('turns pre-request scripts into prerequest events and post-response scripts into test events, line by line', () => {
		const collection = createCollection({
			scripts: {preRequest: 'client.setVar("start", Date.now());', postResponse: ''},
			requests: [
				createRequest({scripts: {preRequest: 'req.headers["X-A"] = "1";\r\nconsole.log("a");', postResponse: 'const body = res.body;\nclient.setVar("token", body.token);\n'}}),
				createRequest({scripts: {preRequest: '  \n', postResponse: ''}}),
			],
		});
		const file = exported(collection);
		expect(file.event).toEqual([{listen: 'prerequest', script: {type: 'text/javascript', exec: ['client.setVar("start", Date.now());']}}]);
		expect(file.item[0]!.event).toEqual([
			{listen: 'prerequest', script: {type: 'text/javascript', exec: ['req.headers["X-A"] = "1";', 'console.log("a");']}},
			{listen: 'test', script: {type: 'text/javascript', exec: ['const body = res.body;', 'client.setVar("token", body.token);', '']}},
		]);
		expect(file.item[1]!.event).toEqual([]);
		expect(file.info.description).toMatch(/client\.setVar.*pm\.\* API: port them/);
	});

	it('says nothing about scripts when there are none', () => {
		expect(exported(createCollection({requests: [createRequest()]})).info.description).not.toMatch(/script/i);
	});

	it('flattens typed variables to the text a placeholder renders, and says so', () => {
		const file = exported(createCollection({
			variables: [
				{name: 'baseUrl', value: 'https://api.test'},
				{name: 'userId', value: 42},
				{name: 'ratio', value: -1.5},
				{name: 'verbose', value: true},
				{name: 'quiet', value: false},
				{name: 'nothing', value: null},
				{name: 'obj', value: {limit: 10, nested: {at: new Date('2024-03-01T12:30:00.250Z')}}},
				{name: 'tags', value: ['red', 'green']},
				{name: 'createdAt', value: new Date('2024-03-01T12:30:00.250Z')},
			],
		}));
		expect(file.variable).toEqual([
			{key: 'baseUrl', value: 'https://api.test', type: 'string'},
			{key: 'userId', value: '42', type: 'number'},
			{key: 'ratio', value: '-1.5', type: 'number'},
			{key: 'verbose', value: 'true', type: 'string'},
			{key: 'quiet', value: 'false', type: 'string'},
			{key: 'nothing', value: 'null', type: 'string'},
			{key: 'obj', value: '{"limit":10,"nested":{"at":"2024-03-01T12:30:00.250Z"}}', type: 'string'},
			{key: 'tags', value: '["red","green"]', type: 'string'},
			{key: 'createdAt', value: '2024-03-01T12:30:00.250Z', type: 'string'},
		]);
		expect(file.info.description).toMatch(/typed variable values were flattened to text/);
	});

	it('does not mention flattening when every variable is a string', () => {
		const file = exported(createCollection({variables: [{name: 'baseUrl', value: 'https://api.test'}, {name: 'count', value: 3, secret: true}]}));
		expect(file.info.description).not.toMatch(/flattened/);
	});

	it('exports secret variables with an empty value, whatever their kind, and names them in the description', () => {
		const collection = createCollection({
			variables: [
				{name: 'apiKey', value: 'key-abc-123', secret: true},
				{name: 'authConfig', value: {apiKey: 'key-def', password: 'hunter2'}, secret: true},
				{name: 'pin', value: 987_654, secret: true},
				{name: 'rotated', value: new Date('2031-05-06T07:08:09.000Z'), secret: true},
			],
			requests: [createRequest({headers: [{name: 'X-API-Key', value: '{{apiKey}}', enabled: true}]})],
		});
		const text = serializePostmanCollection(collection);
		for (const secret of ['key-abc-123', 'key-def', 'hunter2', '987654', '2031']) {
			expect(text).not.toContain(secret);
		}

		const file = JSON.parse(text) as PostmanFile;
		expect(file.variable).toEqual(['apiKey', 'authConfig', 'pin', 'rotated'].map(key => ({key, value: '', type: 'string'})));
		expect(file.info.description).toMatch(/Secret variables are exported with empty values; fill them in Postman: apiKey, authConfig, pin, rotated\./);
	});

	it('leaves environments out, naming them in the description', () => {
		const collection = createCollection({
			environments: [
				{id: 'e1', name: 'staging', variables: [{name: 'baseUrl', value: 'https://staging.test'}]},
				{id: 'e2', name: 'production', variables: [{name: 'baseUrl', value: 'https://prod.test'}]},
			],
		});
		const text = serializePostmanCollection(collection);
		expect(text).not.toContain('staging.test');
		expect(text).not.toContain('prod.test');
		expect((JSON.parse(text) as PostmanFile).info.description).toMatch(/Environments are not part of a Postman collection and were left out: staging, production\./);
	});

	it('describes a plain collection only as exported from curlew', () => {
		expect(exported(createCollection()).info.description).toBe('Exported from curlew.');
	});
});

describe('serializePostmanCollection: folders, request variables, settings, post-response variables and assertions', () => {
	const collection = () => createCollection({
		name: 'Shop',
		folders: [{path: 'Users', variables: [{name: 'team', value: 'users'}]}, {path: 'Users / Admin', variables: [{name: 'role', value: 'admin'}]}],
		requests: [
			createRequest({name: 'Health', url: '/health'}),
			createRequest({
				name: 'Users / Admin / List',
				url: '/users',
				variables: [{name: 'page', value: 2}, {name: 'key', value: 'sekrit', secret: true}],
				postResponseVariables: [{name: 'first', expression: 'res.body[0].id'}],
				asserts: [{expression: 'res.status', operator: 'eq', value: '200', enabled: true}, {expression: 'res.body', operator: 'isArray', value: '', enabled: false}],
				settings: {followRedirects: false, totalTimeoutMs: 5000},
				scripts: {preRequest: '', postResponse: 'console.log(1)'},
			}),
			createRequest({name: 'Users / Get', url: '/users/1'}),
			createRequest({name: 'Orders / List', url: '/orders'}),
		],
	});

	it('nests the requests of a folder with variables in a folder item holding them, and keeps the others\' names', () => {
		const file = JSON.parse(serializePostmanCollection(collection())) as {item: Array<{name: string; variable?: unknown; item?: Array<{name: string; variable?: unknown; item?: Array<{name: string}>}>}>};
		expect(file.item.map(item => item.name)).toEqual(['Health', 'Users', 'Orders / List']);
		const users = file.item[1]!;
		expect(users.variable).toEqual([{key: 'team', value: 'users', type: 'string'}]);
		expect(users.item!.map(item => item.name)).toEqual(['Admin', 'Get']);
		expect(users.item![0]).toMatchObject({variable: [{key: 'role', value: 'admin', type: 'string'}], item: [{name: 'List'}]});
	});

	it('writes a request\'s redirect settings as its protocolProfileBehavior, its variables as pm.variables.set lines, a secret\'s value left out, and says what Postman cannot hold', () => {
		const text = serializePostmanCollection(collection());
		const list = (JSON.parse(text) as {item: Array<{item?: Array<{item?: Array<Record<string, unknown>>}>}>}).item[1]!.item![0]!.item![0]!;
		expect(list.protocolProfileBehavior).toEqual({followRedirects: false});
		expect(list.event).toContainEqual({listen: 'prerequest', script: {type: 'text/javascript', exec: ['pm.variables.set("page", "2");', 'pm.variables.set("key", "");']}});
		expect(text).not.toContain('sekrit');
		const {description} = (JSON.parse(text) as PostmanFile).info;
		expect(description).toContain('Postman has no request variables: those of Users / Admin / List are set with pm.variables.set at the start of their pre-request scripts.');
		expect(description).toContain('A Postman collection has no place for a request\'s timeout: set Postman\'s or newman\'s (--timeout-request) for Users / Admin / List.');
	});
});
