import {afterEach, describe, expect, it} from 'vitest';
import type {Scripts} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {historyBodyCap} from '../../../source/core/store/history.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

// Three times what the history keeps, so that keeping the whole body and keeping its start differ.
const body = Buffer.alloc(3 * historyBodyCap, 'z');
let session: Session;

const server = recordingServerForFile((_, response) => {
	response.writeHead(200, {'Content-Type': 'text/plain'});
	response.end(body);
});

afterEach(async () => session.close());

/** Sends a GET with these scripts, its body streamed; returns the outcome, the bytes streamed and the store. */
async function sendStreamed(scripts: Scripts = {preRequest: '', postResponse: ''}): Promise<{store: Store; streamed: number; outcome: Awaited<ReturnType<Session['send']>>}> {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({name: 'API', variables: [{name: 'baseUrl', value: server.origin}]});
	store.addRequest(id, {name: 'Big', method: 'GET', url: '{{baseUrl}}/big', scripts});
	const collection = store.getCollection(id)!;
	session = new Session(store);
	let streamed = 0;
	const outcome = await session.send(collection, collection.requests[0]!, {
		streamBody(chunk) {
			streamed += chunk.length;
			return undefined;
		},
	});
	return {store, streamed, outcome};
}

describe('a session streaming a body', () => {
	it('holds only the start the history keeps, and the history says the body was longer', async () => {
		const {store, streamed, outcome} = await sendStreamed();
		expect(streamed).toBe(body.length);
		const response = outcome.result?.kind === 'response' ? outcome.result : undefined;
		expect(response?.body.byteLength).toBe(historyBodyCap);
		expect(response?.size).toBe(body.length);
		const [kept] = store.history.list(outcome.request.id);
		expect(kept?.bodyCut).toBe(true);
		expect(kept?.result.kind === 'response' && kept.result.body.byteLength).toBe(historyBodyCap);
	});

	it('holds the whole body when a post-response script is there to read it', async () => {
		const {streamed, outcome} = await sendStreamed({preRequest: '', postResponse: 'console.log(res.text.length)'});
		expect(streamed).toBe(body.length);
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(log => log.text)).toEqual([String(body.length)]);
	});
});
