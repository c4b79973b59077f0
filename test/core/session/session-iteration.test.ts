import {afterEach, describe, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

const server = recordingServerForFile();
let session: Session | undefined;

afterEach(async () => {
	await session?.close();
	session = undefined;
});

/** A collection whose `id` is 1, and 2 in its environment "staging", and a request that sends it (and `name`) in its URL. */
function storeWithRequest(preRequest = ''): {store: Store; environmentId: string} {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({name: 'API', variables: [{name: 'baseUrl', value: server.origin}, {name: 'id', value: 1}]});
	const staging = store.addEnvironment(id, {name: 'staging', variables: [{name: 'id', value: 2}]});
	store.addRequest(id, {name: 'Get user', method: 'GET', url: '{{baseUrl}}/users/{{id}}?name={{name}}', scripts: {preRequest, postResponse: ''}});
	return {store, environmentId: staging.id};
}

describe('an iteration\'s data in a session', () => {
	it('fills placeholders from the iteration\'s row, above the environment', async () => {
		const {store, environmentId} = storeWithRequest();
		session = new Session(store);
		const [collection] = store.collections();
		const outcome = await session.send(collection!, collection!.requests[0]!, {environment: environmentId, iteration: {index: 0, count: 2, data: {id: '7', name: 'Ada'}}});
		expect(outcome.problems).toEqual([]);
		expect(server.requests.map(request => request.url)).toEqual(['/users/7?name=Ada']);
	});

	it('is below the runtime variables, and scripts read it as any variable', async () => {
		const {store, environmentId} = storeWithRequest('console.log(client.getVar("name"), client.getVar("id"))');
		session = new Session(store);
		const [collection] = store.collections();
		session.runtimeOf(collection!).set('id', 9);
		const outcome = await session.send(collection!, collection!.requests[0]!, {environment: environmentId, iteration: {index: 1, count: 2, data: {id: '7', name: 'Ada'}}});
		expect(server.requests.map(request => request.url)).toEqual(['/users/9?name=Ada']);
		expect(outcome.logs.map(log => log.text)).toEqual(['Ada 9']);
	});

	it('belongs to its send alone: the next send without a row does not see it', async () => {
		const {store} = storeWithRequest();
		session = new Session(store);
		const [collection] = store.collections();
		await session.send(collection!, collection!.requests[0]!, {iteration: {index: 0, count: 1, data: {name: 'Ada'}}});
		const without = await session.send(collection!, collection!.requests[0]!);
		expect(server.requests.map(request => request.url)).toEqual(['/users/1?name=Ada', '/users/1?name={{name}}']);
		expect(without.problems.map(problem => problem.kind)).toEqual(['undefined-variable']);
	});
});
