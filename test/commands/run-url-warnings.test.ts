import {expect, it} from 'vitest';
import {runCommand} from '../../source/commands/run-command.js';
import {openStore} from '../../source/core/store/store.js';
import {recordingServerForFile} from '../helpers/recording-server.js';
import {makeConfigDir} from '../core/store/config-dir.js';
import {recorder} from '../helpers/recorder.js';

const server = recordingServerForFile();

it('curlew run sends a URL value as it is, and warns on stderr of what its "#", "&" and space did to the URL, masking a secret', async () => {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({
		name: 'API',
		variables: [
			{name: 'baseUrl', value: server.origin},
			{name: 't', value: 'a#b c'},
			{name: 'q', value: 'fish&chips'},
			{name: 'key', value: 'k3y#s3cret-part', secret: true},
		],
	});
	store.addRequest(id, {name: 'Tags', method: 'GET', url: '{{baseUrl}}/items?q={{q}}&tags={{t}}'});
	store.addRequest(id, {name: 'Keyed', method: 'GET', url: '{{baseUrl}}/keyed?key={{key}}'});
	const stderr = recorder();

	const code = await runCommand(store, {collection: 'API', requests: [], variables: [], strict: false, env: {}}, {stdout: recorder(), stderr});

	expect(code).toBe(0);
	expect(server.requests.map(request => request.url)).toEqual(['/items?q=fish&chips&tags=a', '/keyed?key=k3y']);
	const lines = stderr.text().split('\n');
	expect(lines).toContain('warning: URL, column 21: {{q}}: its value "fish&chips" holds "&", which separates query parameters: "chips" is sent as a parameter of its own; if it is data, give the value encoded: "fish%26chips"');
	expect(lines).toContain('warning: URL, column 32: {{t}}: its value "a#b c" holds "#", which starts the URL\'s fragment: "b c" is not sent; if it is data, give the value encoded: "a%23b%20c"');
	expect(lines).toContain('warning: URL, column 23: {{key}}: its value (a secret) holds "#", which starts the URL\'s fragment: what follows it is not sent; if it is data, give the value encoded (%23 for "#", %26 for "&", %3F for "?")');
	expect(stderr.text()).not.toContain('s3cret');
});
