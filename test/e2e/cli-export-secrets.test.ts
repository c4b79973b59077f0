import {describe, expect, it} from 'vitest';
import {openStore} from '../../source/core/store/store.js';
import {recordingServerForFile} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';
import {renderApp, type AppHarness} from '../tui/panes/render-app.js';

let app: AppHarness | undefined;

const server = recordingServerForFile((_request, response) => {
	response.setHeader('Content-Type', 'application/json');
	response.end(JSON.stringify({token: 'tok-from-login-7f3a'}));
});

async function exported(configDir: string): Promise<string[]> {
	const outputs: string[] = [];
	for (const format of ['curlew', 'postman']) {
		const result = await runCli(['export', 'API', '--format', format], {configDir});
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		outputs.push(result.stdout.toString());
	}

	return outputs;
}

describe('curlew export never writes a secret value, whatever scope keeps it', () => {
	it('leaves out a token a login script set and p pinned into the collection, when an environment marks the name secret', async () => {
		app = await renderApp({
			columns: 160,
			prepare(store) {
				const api = store.createCollection({name: 'API', requests: [{
					id: 'login',
					name: 'Log in',
					method: 'POST',
					url: `${server.origin}/login`,
					headers: [],
					body: {type: 'none'},
					scripts: {preRequest: '', postResponse: 'client.setVar(\'token\', res.body.token);'},
				}]});
				store.addEnvironment(api.id, {name: 'prod', variables: [{name: 'token', value: 'prod-secret-91b2', secret: true}]});
			},
		});
		const runtime = () => app!.session.runtimeOf(app!.store.collections()[0]!);
		await app.write('\u0012');
		await app.settle(() => runtime().has('token') && app!.container.getState().inFlight === undefined);
		await app.write('3');
		await app.write('p');
		await app.settle(() => app!.frame().includes('Pinned token into API'));
		expect(app.store.collections()[0]!.variables).toEqual([{name: 'token', value: 'tok-from-login-7f3a', secret: true}]);
		for (const text of await exported(app.configDir)) {
			expect(text).not.toContain('tok-from-login-7f3a');
			expect(text).not.toContain('prod-secret-91b2');
		}
	});

	it('leaves out a value kept without the mark in one scope when another marks the name secret', async () => {
		const config = temporaryConfigDir();
		try {
			const store = openStore({configDir: config.directory, seed: false});
			const api = store.createCollection({name: 'API', variables: [{name: 'token', value: 'pinned-by-an-older-curlew'}, {name: 'host', value: 'api.test'}]});
			store.addEnvironment(api.id, {name: 'prod', variables: [{name: 'token', value: 'prod-secret-91b2', secret: true}]});
			store.addEnvironment(api.id, {name: 'dev', variables: [{name: 'token', value: 'dev-token-in-plain'}]});
			store.close();
			const [curlew, postman] = await exported(config.directory);
			for (const text of [curlew!, postman!]) {
				expect(text).not.toMatch(/pinned-by-an-older-curlew|prod-secret-91b2|dev-token-in-plain/);
			}

			const file = JSON.parse(curlew!) as {variables: unknown[]; environments: Array<{variables: unknown[]}>};
			expect(file.variables).toEqual([{name: 'token', value: '', secret: true}, {name: 'host', value: 'api.test'}]);
			expect(file.environments.map(environment => environment.variables)).toEqual([[{name: 'token', value: '', secret: true}], [{name: 'token', value: '', secret: true}]]);
		} finally {
			config.remove();
		}
	});
});
