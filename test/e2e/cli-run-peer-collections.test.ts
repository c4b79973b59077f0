// A Postman collection and a Bruno collection, written as their users write them, imported and run by the built `curlew run` against real servers that keep the bytes they receive: bodies of every kind, auth (basic from variables, digest, inherited), cookies across the run, a pruned GET body, a path as written.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, expect, it} from 'vitest';
import {startDigestServer, type DigestServer} from '../helpers/digest-server.js';
import {startRecordingServer, type RecordedRequest, type RecordingServer} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};
let server: RecordingServer;
let digest: DigestServer;
const photo = Buffer.from([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x10, 0x80]);
const blob = Buffer.from(Array.from({length: 300}, (_, index) => (index * 7) % 256));

beforeEach(async () => {
	config = temporaryConfigDir();
	server = await startRecordingServer((request, response) => {
		if (request.url === '/login') {
			response.writeHead(200, [['Set-Cookie', 'sid=s3ss10n; Path=/; HttpOnly'], ['Content-Type', 'application/json']]);
			response.end('{"ok": true}');
			return;
		}

		response.writeHead(200, {'Content-Type': 'application/json'});
		response.end('{}');
	});
	digest = await startDigestServer({username: 'ops', password: 'pa:ss'});
	mkdirSync(path.join(config.directory, 'files'));
	writeFileSync(path.join(config.directory, 'files', 'photo.png'), photo);
	writeFileSync(path.join(config.directory, 'files', 'blob.bin'), blob);
});

afterEach(async () => {
	await server.close();
	await digest.close();
	config.remove();
});

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory, killAfterMs: 30_000});
}

async function formDataOf(request: RecordedRequest): Promise<FormData> {
	return new Response(new Uint8Array(request.body), {headers: {'content-type': request.headers['content-type']!}}).formData();
}

function received(url: string): RecordedRequest {
	const found = server.requests.find(request => request.url === url);
	expect(found, `a request to ${url}`).toBeDefined();
	return found!;
}

it('runs a Postman collection: multipart with a file, a file body, GraphQL, basic auth from variables, digest, cookies, a pruned GET body, a path as written', async () => {
	const collection = {
		info: {name: 'Postman peers', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
		auth: {type: 'basic', basic: [{key: 'username', value: '{{user}}', type: 'string'}, {key: 'password', value: '{{password}}', type: 'string'}]},
		variable: [
			{key: 'baseUrl', value: server.origin},
			{key: 'digestUrl', value: digest.origin},
			{key: 'user', value: 'ada'},
			{key: 'password', value: 'lovelace:1815'},
		],
		item: [
			{name: 'Login', request: {method: 'POST', url: '{{baseUrl}}/login', auth: {type: 'noauth'}}},
			{name: 'Upload', request: {method: 'POST', url: '{{baseUrl}}/upload', body: {mode: 'formdata', formdata: [
				{key: 'caption', value: 'me at {{user}}', type: 'text'},
				{key: 'photo', src: 'files/photo.png', type: 'file'},
			]}}},
			{name: 'Blob', request: {method: 'PUT', url: '{{baseUrl}}/blob', header: [{key: 'Content-Type', value: 'application/x-blob'}], body: {mode: 'file', file: {src: 'files/blob.bin'}}}},
			{name: 'Query', request: {method: 'POST', url: '{{baseUrl}}/graphql', body: {mode: 'graphql', graphql: {query: 'query { user(name: "{{user}}") { id } }', variables: '{"limit": 5}'}}}},
			{name: 'Feed', request: {method: 'POST', url: '{{baseUrl}}/feed', body: {mode: 'raw', raw: '<feed owner="{{user}}"/>', options: {raw: {language: 'xml'}}}}},
			{name: 'Search', request: {method: 'GET', url: '{{baseUrl}}/search/./all', body: {mode: 'raw', raw: '{"dropped": true}', options: {raw: {language: 'json'}}}}},
			{name: 'Search with body', protocolProfileBehavior: {disableBodyPruning: true}, request: {method: 'GET', url: '{{baseUrl}}/search-body', body: {mode: 'raw', raw: '{"kept": true}', options: {raw: {language: 'json'}}}}},
			{name: 'Report', request: {method: 'GET', url: '{{digestUrl}}/report', auth: {type: 'digest', digest: [{key: 'username', value: 'ops'}, {key: 'password', value: 'pa:ss'}]}}},
		],
	};
	const file = path.join(config.directory, 'peers.postman_collection.json');
	writeFileSync(file, JSON.stringify(collection));

	const imported = await curlew('import', file);
	expect(imported.code).toBe(0);
	expect(imported.stderr).toContain('Imported');
	const run = await curlew('run', 'Postman peers');
	expect(run.stderr).not.toContain('curlew:');
	expect(run.code).toBe(0);

	const basic = `Basic ${Buffer.from('ada:lovelace:1815').toString('base64')}`;
	expect(received('/login').headers.authorization).toBeUndefined();

	const upload = received('/upload');
	expect(upload.headers.authorization).toBe(basic);
	expect(upload.headers.cookie).toBe('sid=s3ss10n');
	const form = await formDataOf(upload);
	expect(form.get('caption')).toBe('me at ada');
	const sentPhoto = form.get('photo') as File;
	expect([sentPhoto.name, sentPhoto.type]).toEqual(['photo.png', 'image/png']);
	expect(Buffer.from(await sentPhoto.arrayBuffer())).toEqual(photo);

	const sentBlob = received('/blob');
	expect(sentBlob.body).toEqual(blob);
	expect(sentBlob.headers['content-type']).toBe('application/x-blob');

	const query = received('/graphql');
	expect(query.headers['content-type']).toBe('application/json');
	expect(JSON.parse(query.body.toString('utf8'))).toEqual({query: 'query { user(name: "ada") { id } }', variables: {limit: 5}});

	const feed = received('/feed');
	expect([feed.headers['content-type'], feed.body.toString('utf8')]).toEqual(['application/xml', '<feed owner="ada"/>']);

	const search = received('/search/./all');
	expect(search.body.byteLength).toBe(0);
	expect(received('/search-body').body.toString('utf8')).toBe('{"kept": true}');

	expect(digest.seen.map(seen => seen.authorization === undefined)).toEqual([true, false]);
	expect(digest.seen[1]!.authorization).toMatch(/^Digest username="ops", realm="curlew tests", .*uri="\/report"/);
	expect(run.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/report[^\n]*200/);
});

it('runs a Bruno collection: multipart and file bodies read from its folder, XML, GraphQL, collection auth inherited, digest, cookies', async () => {
	const folder = path.join(config.directory, 'bruno-peers');
	mkdirSync(path.join(folder, 'files'), {recursive: true});
	writeFileSync(path.join(folder, 'files', 'photo.png'), photo);
	writeFileSync(path.join(folder, 'files', 'blob.bin'), blob);
	const bru = (name: string, seq: number, rest: string) => `meta {\n  name: ${name}\n  type: http\n  seq: ${seq}\n}\n\n${rest}`;
	writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Bruno peers', type: 'collection'}));
	writeFileSync(path.join(folder, 'collection.bru'), 'auth {\n  mode: bearer\n}\n\nauth:bearer {\n  token: {{token}}\n}\n\nvars:pre-request {\n  token: t0k3n\n}\n');
	mkdirSync(path.join(folder, 'environments'), {recursive: true});
	writeFileSync(path.join(folder, 'environments', 'Local.bru'), `vars {\n  baseUrl: ${server.origin}\n  digestUrl: ${digest.origin}\n}\n`);
	writeFileSync(path.join(folder, 'Login.bru'), bru('Login', 1, 'post {\n  url: {{baseUrl}}/login\n  body: none\n  auth: none\n}\n'));
	writeFileSync(path.join(folder, 'Upload.bru'), bru('Upload', 2, 'post {\n  url: {{baseUrl}}/upload\n  body: multipartForm\n  auth: inherit\n}\n\nbody:multipart-form {\n  caption: hello\n  meta: {"a":1} @contentType(application/json)\n  photo: @file(files/photo.png)\n}\n'));
	writeFileSync(path.join(folder, 'Blob.bru'), bru('Blob', 3, 'put {\n  url: {{baseUrl}}/blob\n  body: file\n  auth: inherit\n}\n\nbody:file {\n  file: @file(files/blob.bin) @contentType(application/octet-stream)\n}\n'));
	writeFileSync(path.join(folder, 'Feed.bru'), bru('Feed', 4, 'post {\n  url: {{baseUrl}}/feed\n  body: xml\n  auth: inherit\n}\n\nbody:xml {\n  <feed/>\n}\n'));
	writeFileSync(path.join(folder, 'Query.bru'), bru('Query', 5, 'post {\n  url: {{baseUrl}}/graphql\n  body: graphql\n  auth: inherit\n}\n\nbody:graphql {\n  { me { id } }\n}\n\nbody:graphql:vars {\n  {"n": 1}\n}\n'));
	writeFileSync(path.join(folder, 'Report.bru'), bru('Report', 6, 'get {\n  url: {{digestUrl}}/report\n  body: none\n  auth: digest\n}\n\nauth:digest {\n  username: ops\n  password: pa:ss\n}\n'));

	const imported = await curlew('import', folder);
	expect(imported.code).toBe(0);
	const run = await curlew('run', 'Bruno peers', '--env', 'Local');
	expect(run.stderr).not.toContain('curlew:');
	expect(run.code).toBe(0);

	const upload = received('/upload');
	expect(upload.headers.authorization).toBe('Bearer t0k3n');
	expect(upload.headers.cookie).toBe('sid=s3ss10n');
	const form = await formDataOf(upload);
	expect(form.get('caption')).toBe('hello');
	expect((form.get('meta') as File).type).toBe('application/json');
	expect(Buffer.from(await (form.get('photo') as File).arrayBuffer())).toEqual(photo);

	expect(received('/blob').body).toEqual(blob);
	expect(received('/feed').headers['content-type']).toBe('application/xml');
	expect(JSON.parse(received('/graphql').body.toString('utf8'))).toEqual({query: '{ me { id } }', variables: {n: 1}});
	expect(received('/login').headers.authorization).toBeUndefined();
	expect(digest.seen).toHaveLength(2);
	expect(digest.seen[1]!.authorization).toMatch(/^Digest username="ops"/);
});
