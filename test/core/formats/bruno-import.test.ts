import {cpSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {readBrunoFolder} from '../../../source/core/formats/bruno-folder.js';
import {readBrunoCollection, type BrunoFile} from '../../../source/core/formats/bruno-import.js';
import type {Request} from '../../../source/core/model.js';
import {fieldErrorOf} from '../../helpers/field-error.js';

const shopFolder = fileURLToPath(new URL('fixtures/bruno-shop', import.meta.url));
const manifest: BrunoFile = {path: 'bruno.json', text: '{"version": "1", "name": "Shop", "type": "collection"}'};
const temporary: string[] = [];

afterEach(() => {
	for (const directory of temporary.splice(0)) {
		rmSync(directory, {recursive: true, force: true});
	}
});

function shown({id: _id, ...request}: Request) {
	return request;
}

function header(name: string, value: string, enabled = true) {
	return {name, value, enabled};
}

const refusal = (files: BrunoFile[]): string => fieldErrorOf(() => readBrunoCollection(files));

const inherited = [header('X-Client', 'shop-docs'), header('X-Team', 'accounts')];
const usersPreRequest = 'console.log("users folder");';

describe('readBrunoCollection', () => {
	it('reads a Bruno collection folder: requests in Bruno\'s order named after their folders, environments, and collection and folder settings folded in', () => {
		const {collection, notes} = readBrunoCollection(readBrunoFolder(shopFolder));
		expect(collection.name).toBe('Shop (Bruno)');
		expect(collection.variables).toEqual([{name: 'apiVersion', value: 'v3'}]);
		expect(collection.scripts).toEqual({preRequest: 'console.log("collection pre-request");', postResponse: ''});
		expect(collection.environments.map(({name, variables}) => ({name, variables}))).toEqual([
			{name: 'Local', variables: [{name: 'baseUrl', value: 'http://localhost:3000'}]},
			{name: 'Staging', variables: [{name: 'baseUrl', value: 'https://staging.shop.example.com'}, {name: 'token', value: '', secret: true}]},
		]);
		expect(collection.auth).toEqual({type: 'bearer', token: '{{token}}'});
		expect(collection.requests.map(request => shown(request))).toEqual([
			{name: 'Health', method: 'GET', url: '{{baseUrl}}/health', headers: [header('X-Client', 'shop-docs')], body: {type: 'none'}, scripts: {preRequest: '', postResponse: ''}},
			{
				name: 'Users / List users',
				method: 'GET',
				url: '{{baseUrl}}/users?page=1',
				headers: inherited,
				auth: {type: 'basic', username: 'admin', password: 's3cret'},
				body: {type: 'none'},
				scripts: {preRequest: usersPreRequest, postResponse: ''},
			},
			{
				name: 'Users / Create user',
				method: 'POST',
				url: '{{baseUrl}}/users',
				headers: [...inherited, header('Content-Type', 'application/json'), header('X-Debug', '1', false)],
				auth: {type: 'inherit'},
				body: {type: 'json', text: '{\n  "name": "Ada",\n  "team": "{{team}}"\n}'},
				scripts: {
					// Each script a function's body, as each ran on its own in Bruno.
					preRequest: `(function () {\n${usersPreRequest}\n})();\n(function () {\nbru.setVar("startedAt", Date.now());\n})();`,
					postResponse: '(function () {\nconsole.log(res.status);\n})();\n(function () {\ntest("created", function() {\n  expect(res.status).to.equal(201);\n});\n})();',
				},
				variables: [{name: 'team', value: 'platform'}],
				postResponseVariables: [{name: 'userId', expression: 'res.body.id'}],
			},
			{name: 'Users / Get user', method: 'GET', url: '{{baseUrl}}/users/{{userId}}', headers: inherited, auth: {type: 'inherit'}, body: {type: 'none'}, scripts: {preRequest: usersPreRequest, postResponse: ''}},
			{name: 'Users / Upload avatar', method: 'PUT', url: '{{baseUrl}}/users/{{userId}}/avatar', headers: inherited, body: {type: 'multipart', parts: [{type: 'text', name: 'caption', value: 'me'}, {type: 'file', name: 'avatar', file: '/home/ada/avatar.png'}]}, scripts: {preRequest: usersPreRequest, postResponse: ''}},
			{
				name: 'orders / Search orders',
				method: 'POST',
				url: '{{baseUrl}}/graphql',
				headers: [header('X-Client', 'shop-docs')],
				body: {type: 'graphql', text: 'query Orders($status: String) {\n  orders(status: $status) { id total }\n}', variables: '{"status": "open"}'},
				scripts: {preRequest: '', postResponse: ''},
			},
			{name: 'orders / Pay', method: 'POST', url: '{{baseUrl}}/orders/pay', headers: [header('X-Client', 'shop-docs')], auth: {type: 'digest', username: 'ops', password: 'pw'}, body: {type: 'form', fields: [{name: 'order', value: '42'}, {name: 'coupon', value: 'SPRING', enabled: false}]}, scripts: {preRequest: '', postResponse: ''}},
		]);
		expect(notes).toEqual([
			'.env was not read: curlew reads {{process.env.NAME}} from the environment it runs in, so export those variables before running curlew, and allow each with curlew env allow NAME',
			'collection.bru: variable "legacy" was left out: it is disabled in Bruno',
			'collection.bru: its headers were added to each request: curlew has no collection headers',
			'environment "Staging": variable "oldHost" was left out: it is disabled in Bruno',
			'environment "Staging": its secret variable "token" has no value: Bruno keeps secret values outside the collection; set it in curlew',
			'request "Users / Create user": its tests were appended to its post-response script, where test() and expect() run as in Bruno',
		]);
	});

	it('sends XML as text with its Content-Type, and leaves out a request of another kind or method, saying so', () => {
		const {collection, notes} = readBrunoCollection([
			manifest,
			{path: 'Feed.bru', text: 'meta {\n  name: Feed\n  type: http\n  seq: 1\n}\n\npost {\n  url: https://a.test/feed\n  body: xml\n  auth: none\n}\n\nbody:xml {\n  <feed/>\n}\n'},
			{path: 'Trace.bru', text: 'meta {\n  name: Trace\n  type: http\n  seq: 2\n}\n\ntrace {\n  url: https://a.test\n  body: none\n  auth: none\n}\n'},
		]);
		expect(collection.requests.map(request => shown(request))).toEqual([
			{name: 'Feed', method: 'POST', url: 'https://a.test/feed', headers: [header('Content-Type', 'application/xml')], body: {type: 'text', text: '<feed/>'}, scripts: {preRequest: '', postResponse: ''}},
		]);
		expect(notes).toEqual(['request "Trace" was left out: its method TRACE is not one curlew sends (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)']);
	});

	it('reads multipart parts (text with its type, each file of a field) and a file body, a relative path read from the collection\'s folder', () => {
		const {collection, notes} = readBrunoCollection([
			manifest,
			{path: 'Upload.bru', text: 'meta {\n  name: Upload\n  type: http\n  seq: 1\n}\n\npost {\n  url: https://a.test/up\n  body: multipartForm\n  auth: none\n}\n\nbody:multipart-form {\n  who: {{user}}\n  meta: {"a":1} @contentType(application/json)\n  docs: @file(a.txt|/abs/b.txt)\n  ~off: x\n}\n'},
			{path: 'Blob.bru', text: 'meta {\n  name: Blob\n  type: http\n  seq: 2\n}\n\nput {\n  url: https://a.test/blob\n  body: file\n  auth: none\n}\n\nbody:file {\n  file: @file(data/blob.bin) @contentType(application/x-thing)\n}\n'},
		], {folder: '/collections/shop'});
		expect(collection.requests.map(request => ({headers: request.headers, body: request.body}))).toEqual([
			{headers: [], body: {type: 'multipart', parts: [
				{type: 'text', name: 'who', value: '{{user}}'},
				{type: 'text', name: 'meta', value: '{"a":1}', contentType: 'application/json'},
				{type: 'file', name: 'docs', file: '/collections/shop/a.txt'},
				{type: 'file', name: 'docs', file: '/abs/b.txt'},
				{type: 'text', name: 'off', value: 'x', enabled: false},
			]}},
			{headers: [header('Content-Type', 'application/x-thing')], body: {type: 'file', file: '/collections/shop/data/blob.bin'}},
		]);
		expect(notes).toEqual([]);
	});

	it.each([
		[[], 'bruno.json: is missing: a Bruno collection folder has one (or opencollection.yml, when Bruno saves it in YAML)'],
		[[{path: 'bruno.json', text: '{"name": "Shop",}'}], 'bruno.json: Invalid JSON at line 1, column 17: expected a property name in double quotes, found "}"'],
		[[{path: 'bruno.json', text: '{"version": "1"}'}], 'bruno.json: name: expected the collection\'s name, found none'],
		[[manifest, {path: 'users/Broken.bru', text: 'meta {\n  name: Broken\n\nget {\n  url: https://a.test\n}\n'}], 'users/Broken.bru: line 4, column 5: expected ":"'],
		[[manifest, {path: 'Bell.bru', text: 'meta {\n  name: Be\u0007ll\n}\n\nget {\n  url: https://a.test\n}\n'}], 'Bell.bru: a request name cannot hold control characters: "Be\\u0007ll" holds U+0007'],
	])('refuses a collection it cannot read, naming the file and the place: %#', (files, message) => {
		expect(refusal(files)).toBe(message);
	});
});

describe('readBrunoFolder', () => {
	it('reads bruno.json and the .bru files, skipping hidden folders and those bruno.json ignores, and only notes that .env is there', () => {
		const folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-bruno-'));
		temporary.push(folder);
		cpSync(shopFolder, folder, {recursive: true});
		for (const skipped of ['node_modules/pkg', '.git', '.hidden']) {
			mkdirSync(path.join(folder, skipped), {recursive: true});
			writeFileSync(path.join(folder, skipped, 'Ignored.bru'), 'not read');
		}

		const files = readBrunoFolder(folder);
		expect(files.map(file => file.path)).toEqual(['.env', 'bruno.json', 'collection.bru', 'environments/Local.bru', 'environments/Staging.bru', 'Health.bru', 'orders/Pay.bru', 'orders/Search.bru', 'users/Avatar.bru', 'users/Create user.bru', 'users/folder.bru', 'users/Get user.bru', 'users/List users.bru']);
		expect(files.find(file => file.path === '.env')!.text).toBe('');
	});

	it('reads at most 64 MB of files in all, and names the file that would take it past', () => {
		const folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-bruno-'));
		temporary.push(folder);
		writeFileSync(path.join(folder, 'bruno.json'), manifest.text);
		// Sparse files: 40 MB each as far as stat and read tell, and no disk taken.
		for (const name of ['A.bru', 'B.bru']) {
			writeFileSync(path.join(folder, name), '');
			truncateSync(path.join(folder, name), 40 * 1024 * 1024);
		}

		expect(() => readBrunoFolder(folder)).toThrow(/^[AB]\.bru: takes the collection's files past 64 MB, the most curlew imports at once: a collection that big most likely holds saved responses or files; take them out and import it again$/);
	});
});

describe('readBrunoCollection: what goes out is what Bruno sends', () => {
	function requestFile(text: string): BrunoFile {
		return {path: 'Me.bru', text: `meta {\n  name: Me\n  type: http\n  seq: 1\n}\n\n${text}`};
	}

	it('keeps bearer auth as auth, the request\'s own Authorization header beside it (the auth\'s wins when sending, as in Bruno)', () => {
		const {collection, notes} = readBrunoCollection([manifest, requestFile('get {\n  url: https://a.test/me\n  body: none\n  auth: bearer\n}\n\nheaders {\n  authorization: Bearer from-header\n}\n\nauth:bearer {\n  token: from-auth\n}\n')]);
		expect(collection.requests[0]).toMatchObject({headers: [header('authorization', 'Bearer from-header')], auth: {type: 'bearer', token: 'from-auth'}});
		expect(notes).toEqual([]);
	});

	it('keeps an API key placed in the query as such, the URL as written', () => {
		const {collection, notes} = readBrunoCollection([manifest, requestFile('get {\n  url: https://a.test/docs?page=2#top\n  body: none\n  auth: apikey\n}\n\nauth:apikey {\n  key: api_key\n  value: {{key}}\n  placement: queryparams\n}\n')]);
		expect(collection.requests[0]).toMatchObject({url: 'https://a.test/docs?page=2#top', headers: [], auth: {type: 'apikey', key: 'api_key', value: '{{key}}', in: 'query'}});
		expect(notes).toEqual([]);
	});

	it('copies a folder\'s auth into its requests that inherit it, keeps a request inheriting collection.bru\'s, and names the kinds curlew does not send', () => {
		const {collection, notes} = readBrunoCollection([
			manifest,
			{path: 'collection.bru', text: 'auth {\n  mode: basic\n}\n\nauth:basic {\n  username: {{user}}\n  password: {{pass}}\n}\n'},
			{path: 'a/folder.bru', text: 'meta {\n  name: A\n}\n\nauth {\n  mode: digest\n}\n\nauth:digest {\n  username: d\n  password: p\n}\n'},
			{path: 'a/In.bru', text: 'meta {\n  name: In\n  seq: 1\n}\n\nget {\n  url: /a\n  body: none\n  auth: inherit\n}\n'},
			{path: 'b/folder.bru', text: 'meta {\n  name: B\n}\n\nauth {\n  mode: awsv4\n}\n\nauth:awsv4 {\n  accessKeyId: x\n}\n'},
			{path: 'b/Signed.bru', text: 'meta {\n  name: Signed\n  seq: 1\n}\n\nget {\n  url: /b\n  body: none\n  auth: inherit\n}\n'},
			{path: 'Top.bru', text: 'meta {\n  name: Top\n  seq: 1\n}\n\nget {\n  url: /t\n  body: none\n  auth: inherit\n}\n'},
			{path: 'Token.bru', text: 'meta {\n  name: Token\n  seq: 2\n}\n\nget {\n  url: /o\n  body: none\n  auth: oauth2\n}\n\nauth:oauth2 {\n  grant_type: client_credentials\n}\n'},
		]);
		expect(collection.auth).toEqual({type: 'basic', username: '{{user}}', password: '{{pass}}'});
		expect(collection.requests.map(request => [request.name, request.auth])).toEqual([
			['Top', {type: 'inherit'}],
			['Token', undefined],
			['A / In', {type: 'digest', username: 'd', password: 'p'}],
			['B / Signed', undefined],
		]);
		expect(notes).toEqual([
			'request "Token": its OAuth 2.0 auth is not sent: curlew does not fetch OAuth 2.0 tokens yet: get one with a request of its own and send it as bearer auth ({{token}} set by its post-response script)',
			'folder "B": its AWS Signature v4 auth is not sent: curlew does not sign requests with AWS Signature v4 yet',
		]);
	});

	it('keeps an assert block\'s assertions as Bruno reads them, a disabled one disabled', () => {
		const {collection, notes} = readBrunoCollection([manifest, requestFile('get {\n  url: https://a.test/health\n  body: none\n  auth: none\n}\n\nassert {\n  res.status: eq 200\n  res.body.ok: isTruthy\n  ~res.body.off: eq 1\n  res.body.name: "Ada"\n  res.body.tags: isEmpty ignored\n  res("a.b"): in 1, 2\n  res.body.email: matches ^[a-z]+@x\\.com$\n}\n')]);
		expect(notes).toEqual([]);
		expect(collection.requests[0]!.asserts).toEqual([
			{expression: 'res.status', operator: 'eq', value: '200', enabled: true},
			{expression: 'res.body.ok', operator: 'isTruthy', value: '', enabled: true},
			{expression: 'res.body.off', operator: 'eq', value: '1', enabled: false},
			{expression: 'res.body.name', operator: 'eq', value: '"Ada"', enabled: true},
			{expression: 'res.body.tags', operator: 'isEmpty', value: '', enabled: true},
			{expression: 'res("a.b")', operator: 'in', value: '1, 2', enabled: true},
			{expression: 'res.body.email', operator: 'matches', value: '^[a-z]+@x\\.com$', enabled: true},
		]);
	});

	it('keeps request and folder variables, post-response variables (the collection\'s and folders\' first) and a request\'s settings', () => {
		const folderBru = (name: string, vars: string) => `meta {\n  name: ${name}\n}\n\n${vars}`;
		const request = (name: string, blocks: string) => `meta {\n  name: ${name}\n  type: http\n  seq: 1\n}\n\nget {\n  url: https://a.test/{{team}}\n  body: none\n  auth: none\n}\n\n${blocks}`;
		const {collection, notes} = readBrunoCollection([
			manifest,
			{path: 'collection.bru', text: 'vars:post-response {\n  requestId: res.headers["x-request-id"]\n}\n'},
			{path: 'users/folder.bru', text: folderBru('Users', 'vars:pre-request {\n  team: users\n  ~off: 1\n}\n\nvars:post-response {\n  lastUser: res.body.id\n}\n')},
			{path: 'users/admin/folder.bru', text: folderBru('Admin', 'vars:pre-request {\n  team: admins\n}\n')},
			{path: 'users/admin/List.bru', text: request('List', 'vars:pre-request {\n  page: 2\n}\n\nvars:post-response {\n  first: res.body[0].id\n  ~skipped: res.body\n  $bad: 1\n}\n\nsettings {\n  encodeUrl: false\n  timeout: 5000\n  followRedirects: false\n  maxRedirects: 3\n}\n')},
			{path: 'Health.bru', text: request('Health', 'settings {\n  encodeUrl: true\n  timeout: 0\n}\n')},
		]);
		expect(collection.folders).toEqual([
			{path: 'Users', variables: [{name: 'team', value: 'users'}]},
			{path: 'Users / Admin', variables: [{name: 'team', value: 'admins'}]},
		]);
		const [health, list] = collection.requests;
		expect(shown(health!)).toEqual(expect.not.objectContaining({settings: expect.anything()}));
		expect(health!.postResponseVariables).toEqual([{name: 'requestId', expression: 'res.headers["x-request-id"]'}]);
		expect(list).toMatchObject({
			name: 'Users / Admin / List',
			variables: [{name: 'page', value: '2'}],
			postResponseVariables: [{name: 'requestId', expression: 'res.headers["x-request-id"]'}, {name: 'lastUser', expression: 'res.body.id'}, {name: 'first', expression: 'res.body[0].id'}],
			settings: {followRedirects: false, maxRedirects: 3, totalTimeoutMs: 5000},
		});
		expect(notes).toEqual([
			'collection.bru: its post-response variables were given to each request, to set before its own',
			'folder "Users": variable "off" was left out: it is disabled in Bruno',
			'folder "Users": its post-response variables were given to each of its requests, to set before their own',
			'request "Users / Admin / List": post-response variable "skipped" was left out: it is disabled in Bruno',
			'request "Users / Admin / List": post-response variable "$bad" was left out: Variable name "$bad" starts with $: that prefix is kept for dynamic variables such as {{$guid}}',
			'request "Users / Admin / List": its setting encodeUrl: false was left out: curlew sends a URL as the URL standard writes it, percent-encoding a space or a character outside ASCII, whatever the setting',
		]);
	});
});
