import {afterEach, expect, it} from 'vitest';
import {runCommand} from '../../source/commands/run-command.js';
import {defaultSettings} from '../../source/core/model.js';
import {openStore} from '../../source/core/store/store.js';
import {startSharedPortServers, type SharedPortServers} from '../helpers/shared-port-servers.js';
import {makeConfigDir} from '../core/store/config-dir.js';
import {recorder} from '../helpers/recorder.js';

let servers: SharedPortServers | undefined;

afterEach(async () => {
	await servers?.close();
	servers = undefined;
});

it('curlew run warns when a redirect from https to http dropped the request\'s credentials', async () => {
	servers = await startSharedPortServers((_request, reply) => {
		reply.writeHead(302, {Location: `${servers!.httpOrigin}/profile`});
		reply.end();
	}, (_request, reply) => {
		reply.writeHead(401);
		reply.end('who are you?');
	});
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({name: 'API', settings: {...defaultSettings, caFile: servers.caFile}});
	store.addRequest(id, {name: 'Profile', method: 'GET', url: `${servers.httpsOrigin}/me`, headers: [{name: 'Authorization', value: 'Bearer s3cret', enabled: true}]});
	const stderr = recorder();

	const code = await runCommand(store, {collection: 'API', requests: [], variables: [], strict: false, env: {}}, {stdout: recorder(), stderr});

	expect(code).toBe(1);
	expect(servers.httpRequests[0]!.headers.authorization).toBeUndefined();
	expect(stderr.text().split('\n')).toContain('warning: Profile: dropped Authorization from hop 1 on: it left https for plain http, as curl does');
});
