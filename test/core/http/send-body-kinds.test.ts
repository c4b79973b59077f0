// Multipart, file and GraphQL bodies as a real server receives them, read back with Node's own multipart parser (undici's Response.formData).
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {send} from '../../../source/core/http/send.js';
import {createRequest, type Body, type Header} from '../../../source/core/model.js';
import {resolveRequest} from '../../../source/core/resolve-request.js';
import type {Variables} from '../../../source/core/values.js';
import {startRecordingServer, type RecordedRequest, type RecordingServer} from '../../helpers/recording-server.js';
import {expectFailure, expectResponse} from './expect-result.js';
import {sendOptions} from './send-options.js';

let server: RecordingServer;
let folder: string;
/** Every byte value, twice: a file body must arrive as it is on disk. */
const binary = Buffer.from([...Array.from({length: 256}, (_, index) => index), ...Array.from({length: 256}, (_, index) => 255 - index)]);

beforeAll(() => {
	folder = mkdtempSync(path.join(os.tmpdir(), 'curlew-bodies-'));
	writeFileSync(path.join(folder, 'photo.png'), binary);
	writeFileSync(path.join(folder, 'notes.txt'), 'line one\r\nline two\n');
});

afterAll(() => {
	rmSync(folder, {recursive: true, force: true});
});

afterEach(async () => server?.close());

async function sent(body: Body, headers: Header[] = [], scope: Variables = {}): Promise<RecordedRequest> {
	server = await startRecordingServer();
	const resolved = resolveRequest(createRequest({method: 'POST', url: `${server.origin}/upload`, headers, body}), {dir: folder, ...scope});
	expect(resolved.error).toBeUndefined();
	expectResponse(await send(resolved.prepared!, sendOptions()));
	expect(server.requests).toHaveLength(1);
	return server.requests[0]!;
}

async function formDataOf(request: RecordedRequest): Promise<FormData> {
	return new Response(new Uint8Array(request.body), {headers: {'content-type': request.headers['content-type']!}}).formData();
}

describe('a multipart body', () => {
	it('goes out as multipart/form-data with a boundary and a length: text parts filled, file parts read from disk with their names and types', async () => {
		const request = await sent({type: 'multipart', parts: [
			{type: 'text', name: 'who', value: '{{user}} "the first"'},
			{type: 'file', name: 'photo', file: '{{dir}}/photo.png'},
			{type: 'file', name: 'notes', file: path.join(folder, 'notes.txt'), contentType: 'text/x-notes'},
			{type: 'text', name: 'off', value: 'never', enabled: false},
		]}, [], {user: 'Ada'});

		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		expect(request.headers['content-length']).toBe(String(request.body.byteLength));
		expect(request.headers['transfer-encoding']).toBeUndefined();
		const form = await formDataOf(request);
		expect([...form.keys()]).toEqual(['who', 'photo', 'notes']);
		expect(form.get('who')).toBe('Ada "the first"');
		const photo = form.get('photo') as File;
		expect(photo.name).toBe('photo.png');
		expect(photo.type).toBe('image/png');
		expect(Buffer.from(await photo.arrayBuffer())).toEqual(binary);
		const notes = form.get('notes') as File;
		expect(notes.type).toBe('text/x-notes');
		expect(await notes.text()).toBe('line one\r\nline two\n');
	});

	it('gives a text part its own Content-Type when it has one', async () => {
		const request = await sent({type: 'multipart', parts: [{type: 'text', name: 'meta', value: '{"a": {{n}}}', contentType: 'application/json'}]}, [], {n: 1});
		const meta = (await formDataOf(request)).get('meta') as File;
		expect(meta.type).toBe('application/json');
		expect(await meta.text()).toBe('{"a": 1}');
	});

	it('replaces the user\'s Content-Type and Content-Length, which cannot know the boundary, with its own', async () => {
		const request = await sent({type: 'multipart', parts: [{type: 'text', name: 'a', value: '1'}]}, [
			{name: 'Content-Type', value: 'multipart/form-data', enabled: true},
			{name: 'Content-Length', value: '3', enabled: true},
		]);
		expect(request.rawHeaders.filter(name => name.toLowerCase() === 'content-type')).toHaveLength(1);
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect((await formDataOf(request)).get('a')).toBe('1');
	});

	it('is not sent when a file part\'s file is missing, and the failure names the part and the path', async () => {
		server = await startRecordingServer();
		const missing = path.join(folder, 'gone.png');
		const resolved = resolveRequest(createRequest({method: 'POST', url: server.url, body: {type: 'multipart', parts: [{type: 'text', name: 'a', value: '1'}, {type: 'file', name: 'photo', file: missing}]}}), {});
		const failure = expectFailure(await send(resolved.prepared!, sendOptions()));
		expect(failure.code).toBe('invalid-request');
		expect(failure.message).toBe(`The file of multipart part "photo" "${missing}" does not exist: nothing was sent; check the path in the request's body (a relative path is read from the folder curlew runs in)`);
		expect(server.requests).toEqual([]);
	});
});

describe('a file body', () => {
	it('sends the file\'s bytes as they are, with its size as Content-Length and application/octet-stream unless the request says otherwise', async () => {
		const request = await sent({type: 'file', file: '{{dir}}/photo.png'});
		expect(request.body).toEqual(binary);
		expect(request.headers['content-length']).toBe(String(binary.byteLength));
		expect(request.headers['content-type']).toBe('application/octet-stream');

		const typed = await sent({type: 'file', file: path.join(folder, 'photo.png')}, [{name: 'Content-Type', value: 'image/png', enabled: true}]);
		expect(typed.headers['content-type']).toBe('image/png');
		expect(typed.body).toEqual(binary);
	});

	it('is not sent when the file is missing or is a folder, and says which', async () => {
		server = await startRecordingServer();
		for (const [file, why] of [[path.join(folder, 'gone.bin'), 'does not exist'], [folder, 'is a folder']] as const) {
			const resolved = resolveRequest(createRequest({method: 'PUT', url: server.url, body: {type: 'file', file}}), {});
			const failure = expectFailure(await send(resolved.prepared!, sendOptions()));
			expect(failure.code).toBe('invalid-request');
			expect(failure.message).toContain(`The body's file "${file}" ${why}: nothing was sent`);
		}

		expect(server.requests).toEqual([]);
	});

	it('is refused before sending when it names no file', () => {
		const resolved = resolveRequest(createRequest({method: 'PUT', url: 'http://127.0.0.1/', body: {type: 'file', file: ''}}), {});
		expect(resolved.error).toBe('The body is a file body with no file: give the path of the file to send');
	});
});

describe('a GraphQL body', () => {
	it('goes out as Postman and Bruno send it: JSON of the query and the variables, as application/json', async () => {
		const request = await sent({type: 'graphql', text: 'query ($id: ID!) { user(id: $id) { name } } # "{{note}}"', variables: '{"id": {{id}}, "tag": "{{tag}}"}'}, [], {id: 7, tag: 'say "hi"', note: 'x'});
		expect(request.headers['content-type']).toBe('application/json');
		expect(JSON.parse(request.body.toString('utf8'))).toEqual({query: 'query ($id: ID!) { user(id: $id) { name } } # "x"', variables: {id: 7, tag: 'say "hi"'}});
	});

	it('leaves the variables out when there are none, as Postman does', async () => {
		const request = await sent({type: 'graphql', text: '{ me { id } }'});
		expect(request.body.toString('utf8')).toBe('{"query":"{ me { id } }"}');
	});
});
