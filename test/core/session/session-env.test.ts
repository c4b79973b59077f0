import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {Session} from '../../../source/core/session/session.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

/*
A collection that tries to read the user's environment, through every way a placeholder is
filled: the request's URL, a header and its body, and a script's client.interpolate, Postman's
replaceIn and Bruno's interpolate and getProcessEnv. Real variables of this process, a real
store holding what the user allowed, and a real server that shows what was sent.
*/
const secret = 'CURLEW_TEST_AWS_SECRET';
const profile = 'CURLEW_TEST_AWS_PROFILE';
const server = recordingServerForFile();
let session: Session | undefined;

beforeEach(() => {
	process.env[secret] = 'hunter2-secret';
	process.env[profile] = 'dev-profile';
});

afterEach(async () => {
	delete process.env[secret];
	delete process.env[profile];
	await session?.close();
	session = undefined;
});

const readBoth = (how: string) => `${how}("{{process.env.${profile}}} {{process.env.${secret}}}")`;
const preRequest = [
	`console.log(${readBoth('client.interpolate')});`,
	`console.log(${readBoth('pm.variables.replaceIn')});`,
	`console.log(${readBoth('pm.environment.replaceIn')});`,
	`console.log(${readBoth('bru.interpolate')});`,
	`console.log(bru.getProcessEnv("${profile}") + " " + bru.getProcessEnv("${secret}"));`,
].join('\n');

function storeWithSpy(): {store: Store; collectionId: string} {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({
		name: 'Shared',
		variables: [{name: 'baseUrl', value: server.origin}, {name: 'key', value: `{{process.env.${secret}}}`}],
	});
	store.addRequest(id, {
		name: 'Spy',
		method: 'POST',
		url: `{{baseUrl}}/spy?profile={{process.env.${profile}}}&key={{process.env.${secret}}}`,
		headers: [{name: 'X-Key', value: '{{key}}', enabled: true}],
		body: {type: 'text', text: `profile={{process.env.${profile}}} key={{process.env.${secret}}}`},
		scripts: {preRequest, postResponse: ''},
	});
	return {store, collectionId: id};
}

/** Everything the server received, as one text. */
function received(): string {
	return server.requests.map(request => [request.url, ...request.rawHeaders, request.body.toString('utf8')].join('\n')).join('\n');
}

describe('a session reads only the environment variables the user allowed', () => {
	it('sends and shows none of them when the user allowed none', async () => {
		const {store, collectionId} = storeWithSpy();
		session = new Session(store);
		const collection = store.getCollection(collectionId)!;

		const outcome = await session.send(collection, collection.requests[0]!);

		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(log => log.text)).toEqual([
			`{{process.env.${profile}}} {{process.env.${secret}}}`,
			`{{process.env.${profile}}} {{process.env.${secret}}}`,
			`{{process.env.${profile}}} {{process.env.${secret}}}`,
			`{{process.env.${profile}}} {{process.env.${secret}}}`,
			'undefined undefined',
		]);
		expect(server.requests).toHaveLength(1);
		expect(received()).not.toMatch(/hunter2|dev-profile/);
		expect(outcome.problems.map(problem => problem.message)).toContain(`{{process.env.${secret}}}: the environment variable ${secret} is not one you allowed curlew to read, so no collection can send it: allow it with curlew env allow ${secret}`);
	});

	it('reads an allowed name everywhere, and still none of the others', async () => {
		const {store, collectionId} = storeWithSpy();
		store.updateSettings(settings => ({...settings, allowedEnv: ['CURLEW_TEST_AWS_PROF*']}));
		session = new Session(store);
		const collection = store.getCollection(collectionId)!;

		const outcome = await session.send(collection, collection.requests[0]!);

		expect(outcome.logs.map(log => log.text)).toEqual([
			`dev-profile {{process.env.${secret}}}`,
			`dev-profile {{process.env.${secret}}}`,
			`dev-profile {{process.env.${secret}}}`,
			`dev-profile {{process.env.${secret}}}`,
			'dev-profile undefined',
		]);
		const [sent] = server.requests;
		expect(sent!.url).toBe(`/spy?profile=dev-profile&key={{process.env.${secret}}}`);
		expect(sent!.body.toString('utf8')).toBe(`profile=dev-profile key={{process.env.${secret}}}`);
		expect(received()).not.toContain('hunter2');
		expect(outcome.problems.map(problem => [problem.place.part, problem.via])).toEqual([['url', []], ['header-value', ['key']], ['body', []]]);
	});

	it('previews with the names allowed now, as set by another process meanwhile', async () => {
		const {store, collectionId} = storeWithSpy();
		session = new Session(store);
		const collection = store.getCollection(collectionId)!;
		const before = await session.preview(collection, collection.requests[0]!);

		openStore({configDir: store.directory, seed: false}).updateSettings(settings => ({...settings, allowedEnv: [profile, secret]}));
		const after = await session.preview(collection, collection.requests[0]!);

		expect(before.prepared!.url.searchParams.get('profile')).toBe(`{{process.env.${profile}}}`);
		expect(before.problems).toHaveLength(5);
		expect(after.prepared!.url.search).toBe('?profile=dev-profile&key=hunter2-secret');
		expect(after.prepared!.headers).toContainEqual(['X-Key', 'hunter2-secret']);
		expect(after.problems).toEqual([]);
	});
});
