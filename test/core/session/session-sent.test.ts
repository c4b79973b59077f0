import {afterEach, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore} from '../../../source/core/store/store.js';
import {startRecordingServer, type RecordingServer} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

let server: RecordingServer | undefined;
let session: Session | undefined;
afterEach(async () => {
	await server?.close();
	await session?.close();
	server = undefined;
	session = undefined;
});

it('the request as sent is what the server got after the pre-request script: its header, and the one {{$guid}} the server saw', async () => {
	server = await startRecordingServer();
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const collection = store.createCollection({name: 'API'});
	const request = store.addRequest(collection.id, {
		name: 'Create',
		method: 'POST',
		url: `${server.origin}/items/{{$guid}}`,
		headers: [{name: 'X-Request-Id', value: '{{$guid}}', enabled: true}],
		body: {type: 'json', text: '{"id": "{{$guid}}"}'},
		scripts: {preRequest: 'req.headers.set("X-From-Script", "yes");', postResponse: ''},
	});
	session = new Session(store);

	const outcome = await session.send(store.getCollection(collection.id)!, request, {env: {}});

	const received = server.requests[0]!;
	const sent = outcome.result!.sent!;
	expect(sent.hops[0]!.requestLine).toBe(`POST ${received.url} HTTP/1.1`);
	expect(sent.hops[0]!.headers).toContainEqual(['X-From-Script', 'yes']);
	expect(sent.hops[0]!.headers).toContainEqual(['X-Request-Id', received.headers['x-request-id']]);
	expect(new TextDecoder().decode(sent.body)).toBe(received.body.toString('utf8'));
	// Three placeholders, three values: each as the server got it.
	expect(new Set([received.url.slice('/items/'.length), received.headers['x-request-id'], JSON.parse(received.body.toString('utf8')).id]).size).toBe(3);
});
