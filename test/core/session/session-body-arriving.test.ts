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
});

it('hands each chunk of the body over as it arrives, before the end, and the response keeps the whole body', async () => {
	let sendRest: () => void = () => undefined;
	const rest = new Promise<void>(resolve => {
		sendRest = resolve;
	});
	const big = 'b'.repeat(3 * 1024 * 1024);
	server = await startRecordingServer(async (_request, response) => {
		response.writeHead(200, {'Content-Type': 'text/plain'});
		response.write('first part;');
		await rest;
		response.end(big);
	});
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const collection = store.createCollection({name: 'API'});
	const request = store.addRequest(collection.id, {name: 'Slow', url: `${server.origin}/slow`});
	session = new Session(store);
	const arrived: string[] = [];
	const outcome = await session.send(store.getCollection(collection.id)!, request, {
		env: {},
		onBodyChunk(chunk, head) {
			arrived.push(new TextDecoder().decode(chunk));
			if (arrived.length === 1) {
				expect(head.status).toBe(200);
				sendRest();
			}
		},
	});

	expect(arrived[0]).toBe('first part;');
	expect(arrived.join('')).toBe(`first part;${big}`);
	const response = outcome.result?.kind === 'response' ? outcome.result : undefined;
	expect(response?.body.byteLength).toBe(big.length + 'first part;'.length);
});
