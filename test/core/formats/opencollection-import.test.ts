import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {readBrunoFolder} from '../../../source/core/formats/bruno-folder.js';
import {readBrunoCollection, type BrunoFile} from '../../../source/core/formats/bruno-import.js';
import {detectFolderFormat, detectFormat} from '../../../source/core/formats/detect-format.js';
import type {Request} from '../../../source/core/model.js';
import {fieldErrorOf} from '../../helpers/field-error.js';

const yamlShop = fileURLToPath(new URL('fixtures/bruno-yaml-shop', import.meta.url));
const manifest: BrunoFile = {path: 'opencollection.yml', text: 'opencollection: 1.0.0\ninfo:\n  name: Shop\n'};

function shown({id: _id, ...request}: Request) {
	return request;
}

const header = (name: string, value: string, enabled = true) => ({name, value, enabled});

const refusal = (files: BrunoFile[]): string => fieldErrorOf(() => readBrunoCollection(files));

describe('a Bruno collection saved in YAML (OpenCollection)', () => {
	it('is told from its opencollection.yml, and its files read as .bru ones are: folders, variables, assertions, post-response variables, settings', () => {
		expect(detectFolderFormat(yamlShop)).toBe('bruno');
		const {collection, notes} = readBrunoCollection(readBrunoFolder(yamlShop));
		expect(collection.name).toBe('Shop (YAML)');
		expect(collection.variables).toEqual([{name: 'apiVersion', value: 'v3'}]);
		expect(collection.scripts).toEqual({preRequest: 'console.log("collection pre-request");', postResponse: ''});
		expect(collection.environments.map(({name, variables}) => ({name, variables}))).toEqual([
			{name: 'Local', variables: [{name: 'baseUrl', value: 'http://localhost:3000'}, {name: 'token', value: '', secret: true}]},
		]);
		expect(collection.folders).toEqual([{path: 'Users', variables: [{name: 'team', value: 'accounts'}]}]);
		expect(collection.auth).toEqual({type: 'bearer', token: '{{token}}'});
		expect(collection.requests.map(request => shown(request))).toEqual([
			// No auth in the file is none, as Bruno reads it; `auth: inherit` takes the collection's.
			{name: 'Health', method: 'GET', url: '{{baseUrl}}/health', headers: [header('X-Client', 'shop-docs')], body: {type: 'form', fields: [{name: 'a', value: '1'}, {name: 'b', value: '2', enabled: false}]}, scripts: {preRequest: '', postResponse: ''}},
			{
				name: 'Users / Create user',
				method: 'POST',
				url: '{{baseUrl}}/users',
				headers: [header('X-Client', 'shop-docs'), header('X-Team', 'accounts'), header('Content-Type', 'application/json'), header('X-Debug', '1', false)],
				auth: {type: 'basic', username: 'admin', password: 's3cret'},
				body: {type: 'json', text: '{\n  "name": "Ada",\n  "team": "{{team}}"\n}'},
				scripts: {preRequest: 'console.log("users folder");', postResponse: ''},
			},
			{
				name: 'Users / Get user',
				method: 'GET',
				url: '{{baseUrl}}/users/{{userId}}?fields=name',
				headers: [header('X-Client', 'shop-docs'), header('X-Team', 'accounts')],
				auth: {type: 'inherit'},
				body: {type: 'none'},
				scripts: {preRequest: 'console.log("users folder");', postResponse: '(function () {\nconsole.log(res.status);\n})();\n(function () {\ntest("has an id", function () {\n  expect(res.body.id).to.equal(7);\n});\n})();'},
				variables: [{name: 'userId', value: '7'}],
				postResponseVariables: [{name: 'userName', expression: 'res.body.name'}],
				asserts: [
					{expression: 'res.status', operator: 'eq', value: '200', enabled: true},
					{expression: 'res.body.name', operator: 'isString', value: '', enabled: true},
					{expression: 'res.body.id', operator: 'neq', value: '0', enabled: false},
				],
				settings: {followRedirects: false, maxRedirects: 3, totalTimeoutMs: 5000},
			},
			{
				name: 'orders / Search orders',
				method: 'POST',
				url: '{{baseUrl}}/graphql',
				headers: [header('X-Client', 'shop-docs')],
				auth: {type: 'apikey', key: 'X-API-Key', value: '{{apiKey}}', in: 'header'},
				body: {type: 'graphql', text: 'query Orders($status: String) {\n  orders(status: $status) { id }\n}', variables: '{"status": "open"}'},
				scripts: {preRequest: '', postResponse: ''},
			},
		]);
		expect(notes).toEqual([
			'opencollection.yml: variable "legacy" was left out: it is disabled in Bruno',
			'opencollection.yml: its headers were added to each request: curlew has no collection headers',
			'environment "Local": its secret variable "token" has no value: Bruno keeps secret values outside the collection; set it in curlew',
			'request "Users / Create user": its setting encodeUrl: false was left out: curlew sends a URL as the URL standard writes it, percent-encoding a space or a character outside ASCII, whatever the setting',
			'request "Users / Get user": its tests were appended to its post-response script, where test() and expect() run as in Bruno',
		]);
	});

	it('says a single file of such a collection is one, and to import its folder', () => {
		expect(() => detectFormat('info:\n  name: Get user\n  type: http\n')).toThrow('it is a file of a Bruno collection saved in YAML: import the collection\'s folder, the one that holds opencollection.yml');
	});

	it.each([
		[[{path: 'Get.yml', text: 'info:\n  name: [unclosed\n'}], /^Get\.yml: line 3, column 1: /],
		[[{path: 'Get.yml', text: '- just\n- a list\n'}], /^Get\.yml: expected a mapping \(key: value lines\), found an array/],
		[[{path: 'Get.yml', text: 'http:\n  method: GET\n  url: /\n  headers: X-A 1\n'}], /^Get\.yml: http\.headers: expected a list \(lines that start with -\), found a string \("X-A 1"\)$/],
		[[{path: 'Get.yml', text: 'http:\n  url:\n    nested: 1\n'}], /^Get\.yml: http\.url: expected text, found an object$/],
		[[{path: 'Get.yml', text: 'runtime:\n  assertions:\n    - expression: res.status\n      operator: eq\n      value: 200\n      disabled: maybe\n'}], /^Get\.yml: runtime\.assertions\[0\]\.disabled: expected true or false, found a string \("maybe"\)$/],
		[[{path: 'Get.yml', text: 'runtime:\n  scripts:\n    - type: during-request\n      code: x\n'}], /^Get\.yml: runtime\.scripts\[0\]\.type: expected before-request, after-response, tests or hooks, found "during-request"$/],
		[[{path: 'Get.yml', text: 'settings:\n  timeout: soon\n'}], /^Get\.yml: settings\.timeout: expected a whole number of milliseconds or inherit, found a string \("soon"\)$/],
		[[{path: 'Get.yml', text: 'a: 1\na: 2\n'}], /^Get\.yml: line 2, column 1: Map keys must be unique$/],
	])('refuses a file it cannot read, naming the file and the field or line: %#', (files, message) => {
		expect(refusal([manifest, ...files])).toMatch(message);
	});

	it('notes a hooks script, which curlew has no place for', () => {
		const {notes} = readBrunoCollection([manifest, {path: 'Get.yml', text: 'info:\n  name: Get\nhttp:\n  method: GET\n  url: /\nruntime:\n  scripts:\n    - type: hooks\n      code: bru.hooks.onBeforeRequest(() => {})\n'}]);
		expect(notes).toEqual(['request "Get": its hooks script was left out: curlew runs pre-request and post-response scripts only; move what it does into one of those']);
	});

	it('reads a value YAML takes for a number as the text Bruno meant, and a large number exactly', () => {
		const {collection} = readBrunoCollection([manifest, {path: 'Get.yml', text: 'info:\n  name: Get\nhttp:\n  method: GET\n  url: /users/12345678901234567890\n  headers:\n    - name: X-Id\n      value: 12345678901234567890\nruntime:\n  assertions:\n    - expression: res.status\n      operator: eq\n      value: 200\n'}]);
		expect(collection.requests[0]!.headers).toEqual([header('X-Id', '12345678901234567890')]);
		expect(collection.requests[0]!.asserts).toEqual([{expression: 'res.status', operator: 'eq', value: '200', enabled: true}]);
	});
});
