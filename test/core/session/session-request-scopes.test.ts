import {afterEach, describe, expect, it} from 'vitest';
import {createCollection, createRequest, defaultSettings} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';

let session: Session;

const server = recordingServerForFile((request, response) => {
	if (request.url === '/moved') {
		response.writeHead(302, {location: '/landed'});
		response.end();
		return;
	}

	response.writeHead(200, {'content-type': 'application/json'});
	response.end('{}');
});

afterEach(async () => {
	await session?.close();
});

describe('a request\'s folder and request variables', () => {
	const collection = () => createCollection({
		name: 'Shop',
		variables: [{name: 'who', value: 'collection'}, {name: 'team', value: 'collection'}, {name: 'page', value: 'collection'}, {name: 'token', value: 'collection-token'}],
		environments: [{id: 'local', name: 'Local', variables: [{name: 'who', value: 'environment'}]}],
		folders: [
			{path: 'Users', variables: [{name: 'team', value: 'users'}, {name: 'who', value: 'users'}]},
			{path: 'Users / Admin', variables: [{name: 'team', value: 'admins'}, {name: 'key', value: 'folder-secret', secret: true}]},
		],
	});

	it('are sent with the precedence Bruno documents: collection < environment < folder < request < runtime', async () => {
		session = new Session();
		const shop = collection();
		const request = createRequest({
			name: 'Users / Admin / List',
			url: `${server.origin}/list?who={{who}}&team={{team}}&page={{page}}&token={{token}}`,
			variables: [{name: 'page', value: '{{team}}-2'}, {name: 'token', value: 'request-token'}],
		});
		session.runtimeOf(shop).set('token', 'runtime-token');
		const outcome = await session.send(shop, request, {environment: 'Local'});
		expect(outcome.problems).toEqual([]);
		expect(server.requests[0]!.url).toBe('/list?who=users&team=admins&page=admins-2&token=runtime-token');
	});

	it('reach only the requests in that folder, and scripts read them', async () => {
		session = new Session();
		const shop = collection();
		const outside = createRequest({
			name: 'Health',
			url: `${server.origin}/health?team={{team}}`,
			scripts: {preRequest: 'console.log(client.getVar("team"))', postResponse: ''},
		});
		const inside = createRequest({
			name: 'Users / Get',
			url: `${server.origin}/get?team={{team}}`,
			scripts: {preRequest: 'console.log(client.getVar("team"))', postResponse: ''},
		});
		const health = await session.send(shop, outside);
		const get = await session.send(shop, inside);
		expect(server.requests.map(request => request.url)).toEqual(['/health?team=collection', '/get?team=users']);
		expect([health.logs[0]!.text, get.logs[0]!.text]).toEqual(['collection', 'users']);
	});

	it('mask a folder\'s secret as the collection\'s are masked', async () => {
		session = new Session();
		const outcome = await session.send(collection(), createRequest({name: 'Users / Admin / Key', url: `${server.origin}/key?k={{key}}`}));
		expect(outcome.secrets).toContain('folder-secret');
	});
});

describe('a request\'s own settings', () => {
	it('win over the collection\'s: a request that does not follow redirects gets the 302 its collection would follow', async () => {
		session = new Session();
		const shop = createCollection({name: 'Shop', settings: {...defaultSettings, followRedirects: true}});
		const staying = await session.send(shop, createRequest({name: 'Stay', url: `${server.origin}/moved`, settings: {followRedirects: false}}));
		const following = await session.send(shop, createRequest({name: 'Follow', url: `${server.origin}/moved`}));
		expect(staying.result).toMatchObject({kind: 'response', status: 302});
		expect(following.result).toMatchObject({kind: 'response', status: 200});
		expect(server.requests.map(request => request.url)).toEqual(['/moved', '/moved', '/landed']);
	});
});
