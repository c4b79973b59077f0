/*
Run control from scripts within curlew run: pm.execution.setNextRequest / skipRequest,
postman.setNextRequest, bru.runner.setNextRequest / skipRequest / stopExecution.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const {server, config} = serverAndStorePerTest((request, response) => {
	response.writeHead(200, {'Content-Type': 'text/plain'});
	response.end(`[${request.url}]`);
});

type RequestFields = {name: string; preRequest?: string; postResponse?: string};

/** A collection "API" whose requests each GET /<slug of its name>. */
async function importCollection(requests: RequestFields[]): Promise<void> {
	const file = path.join(config.directory, 'api.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'API',
		variables: [{name: 'baseUrl', value: server.origin}],
		requests: requests.map(({name, preRequest = '', postResponse = ''}) => ({
			name,
			method: 'GET',
			url: `{{baseUrl}}/${name.toLowerCase().replaceAll(' ', '-')}`,
			headers: [],
			body: {type: 'none'},
			scripts: {preRequest, postResponse},
		})),
	}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
}

const sentUrls = () => server.requests.map(request => request.url);
const summaryOf = (stderr: string) => stderr.split('\n\n')[1]?.split('\n').slice(0, -1) ?? [];

describe('run control from scripts, within a curlew run', () => {
	it.each([
		['pm.execution.setNextRequest("Get user")'],
		['postman.setNextRequest("Get user")'],
		['bru.runner.setNextRequest("Get user")'],
		['bru.setNextRequest("Get user")'],
	])('%s in a post-response script jumps to that request', async script => {
		await importCollection([{name: 'Log in', postResponse: script}, {name: 'Middle'}, {name: 'Get user'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/log-in', '/get-user']);
		expect(summaryOf(result.stderr)[0]).toBe('Requests:    2 passed, 2 total');
	});

	it('setNextRequest in a pre-request script counts once its request is sent', async () => {
		await importCollection([{name: 'Log in', preRequest: 'pm.execution.setNextRequest("Get user")'}, {name: 'Middle'}, {name: 'Get user'}]);
		await runCli(['run', 'API'], {configDir: config.directory});
		expect(sentUrls()).toEqual(['/log-in', '/get-user']);
	});

	it('finds the request as the CLI finds names: ignoring case, or as a slug', async () => {
		await importCollection([{name: 'Log in', postResponse: 'postman.setNextRequest("get-user")'}, {name: 'Middle'}, {name: 'Get user'}]);
		await runCli(['run', 'API'], {configDir: config.directory});
		expect(sentUrls()).toEqual(['/log-in', '/get-user']);
	});

	it('setNextRequest(null) ends the iteration (here the run) after this request', async () => {
		await importCollection([{name: 'First', postResponse: 'pm.execution.setNextRequest(null)'}, {name: 'Second'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/first']);
	});

	it('a poll loops on itself until its script stops asking', async () => {
		const poll = 'const n = (bru.getVar("polls") ?? 0) + 1; bru.setVar("polls", n); if (n < 3) bru.runner.setNextRequest("Poll");';
		await importCollection([{name: 'Poll', postResponse: poll}, {name: 'Done'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/poll', '/poll', '/poll', '/done']);
		expect(summaryOf(result.stderr)[0]).toBe('Requests:    4 passed, 4 total');
	});

	it('a jump to a request the run does not have ends the run\'s iteration, with a warning', async () => {
		await importCollection([{name: 'First', postResponse: 'pm.execution.setNextRequest("Nope")'}, {name: 'Second'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/first']);
		expect(result.stderr).toContain('\nwarning: First: setNextRequest("Nope") names no request of this run; this iteration ends here\n');
	});

	it.each([
		['bru.runner.skipRequest()'],
		['pm.execution.skipRequest()'],
	])('%s in a pre-request script skips its request, not the run', async script => {
		await importCollection([{name: 'First', preRequest: script}, {name: 'Second'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/second']);
		expect(result.stderr).toMatch(/^First: skipped by its pre-request script \(skipRequest\)\n/);
		expect(summaryOf(result.stderr)[0]).toBe('Requests:    1 passed, 1 skipped, 2 total');
	});

	it('bru.runner.stopExecution() ends the run after its request, naming the requests not run', async () => {
		await importCollection([{name: 'First', postResponse: 'bru.runner.stopExecution()'}, {name: 'Second'}, {name: 'Third'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/first']);
		expect(result.stderr).toContain('\ncurlew: "First" stopped the run (stopExecution); not run: "Second", "Third"\n');
		expect(summaryOf(result.stderr)).toContain('Stopped:     by "First" (stopExecution)');
	});
});
