/*
A run's iteration as scripts read it: pm.iterationData, Postman's legacy data and iteration,
pm.info.iteration(Count) and Bruno's bru.runner.iterationData read the iteration ({index,
count, data}) that curlew run gives each send.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const {server, config} = serverAndStorePerTest();

async function importCollection(preRequest: string, postResponse = ''): Promise<void> {
	const file = path.join(config.directory, 'api.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'API',
		variables: [{name: 'baseUrl', value: server.origin}],
		requests: [{name: 'Get user', method: 'GET', url: '{{baseUrl}}/users/{{id}}', headers: [], body: {type: 'none'}, scripts: {preRequest, postResponse}}],
	}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
}

const logLines = (stderr: string, phase = 'pre-request') => stderr.split('\n').filter(line => line.startsWith(`[request ${phase} log] `)).map(line => line.slice(`[request ${phase} log] `.length));

describe('a run\'s iteration, as scripts read it', () => {
	it('pm.iterationData, data and pm.info give each iteration its row, index and count', async () => {
		await importCollection('console.log(pm.iterationData.get("name"), data.name, pm.info.iteration, pm.info.iterationCount, iteration)');
		const rows = path.join(config.directory, 'rows.csv');
		writeFileSync(rows, 'id,name\n1,Ada\n2,Grace\n');
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(logLines(result.stderr)).toEqual(['Ada Ada 0 2 0', 'Grace Grace 1 2 1']);
		expect(server.requests.map(request => request.url)).toEqual(['/users/1', '/users/2']);
	});

	it('a JSON file\'s values keep their type in pm.iterationData', async () => {
		await importCollection('console.log(typeof pm.iterationData.get("id"), pm.iterationData.toObject().tags.length)');
		const rows = path.join(config.directory, 'rows.json');
		writeFileSync(rows, JSON.stringify([{id: 1, tags: ['a', 'b']}]));
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(logLines(result.stderr)).toEqual(['number 2']);
	});

	it('without a data file, pm.iterationData is empty and --iterations counts', async () => {
		await importCollection('console.log(pm.iterationData.toObject(), pm.info.iteration, pm.info.iterationCount)');
		const result = await runCli(['run', 'API', '--iterations', '2', '--var', 'id=7'], {configDir: config.directory});
		expect(logLines(result.stderr)).toEqual(['{} 0 2', '{} 1 2']);
	});

	it('post-response scripts read the row too: Bruno\'s bru.runner.iterationData and Postman\'s legacy data and iteration', async () => {
		await importCollection('', 'console.log(bru.runner.iterationData.get("name"), bru.runner.iterationData.has("id"), bru.runner.iterationData.has("nope"), data.name, iteration)');
		const rows = path.join(config.directory, 'rows.csv');
		writeFileSync(rows, 'id,name\n1,Ada\n2,Grace\n');
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(logLines(result.stderr, 'post-response')).toEqual(['Ada true false Ada 0', 'Grace true false Grace 1']);
	});

	it('the row is read only: a script that sets it is told to use a variable', async () => {
		await importCollection('pm.iterationData.set("name", "x")');
		const rows = path.join(config.directory, 'rows.csv');
		writeFileSync(rows, 'id,name\n1,Ada\n');
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('pm.iterationData.set is not supported by curlew: the data file\'s row is read only: keep a value of your own in a variable');
	});
});
