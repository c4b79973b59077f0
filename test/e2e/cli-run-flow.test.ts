import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {startRecordingServer} from '../helpers/recording-server.js';
import {runCli} from '../helpers/run-cli.js';

let closedOrigin: string;
const {server, config} = serverAndStorePerTest((request, response, incoming) => {
	if (request.url === '/missing') {
		response.writeHead(404, {'Content-Type': 'text/plain'});
		response.end('no such thing');
		return;
	}

	if (request.url === '/hostile') {
		// Node's writeHead refuses such a reason phrase: the server writes its bytes itself.
		incoming.socket.end('HTTP/1.1 500 Bad\u001B]0;PWNED\u0007\r\nContent-Length: 4\r\nConnection: close\r\n\r\nboom');
		return;
	}

	response.writeHead(200, {'Content-Type': 'text/plain'});
	response.end(`[${request.url}]`);
});

beforeAll(async () => {
	const closed = await startRecordingServer();
	await closed.close();
	closedOrigin = closed.origin;
});

type RequestFields = {name: string; url: string; preRequest?: string; postResponse?: string};

async function importCollection(requests: RequestFields[], variables: Array<Record<string, unknown>> = []): Promise<void> {
	const file = path.join(config.directory, 'api.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'API',
		variables: [{name: 'baseUrl', value: server.origin}, ...variables],
		requests: requests.map(({name, url, preRequest = '', postResponse = ''}) => ({name, method: 'GET', url, headers: [], body: {type: 'none'}, scripts: {preRequest, postResponse}})),
	}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
}

/** The summary: the lines after the blank line that ends the requests' own. */
function summaryOf(stderr: string): string[] {
	const [, summary = ''] = stderr.split('\n\n');
	return summary.split('\n').slice(0, -1);
}

const failing = (): RequestFields[] => [
	{name: 'Broken pre', url: '{{baseUrl}}/never', preRequest: 'throw new Error("no token yet")'},
	{name: 'Missing', url: '{{baseUrl}}/missing'},
	{name: 'Tested', url: '{{baseUrl}}/tested', postResponse: 'pm.test("is 201", () => pm.response.to.have.status(201)); pm.test("has a body", () => pm.expect(pm.response.text()).to.not.be.empty);'},
	{name: 'Checked', url: '{{baseUrl}}/checked', postResponse: 'throw new Error("bad body")'},
	{name: 'Unreachable', url: `${closedOrigin}/x`},
	{name: 'Fine', url: '{{baseUrl}}/fine'},
];

describe('curlew run going on after a failure', () => {
	it('goes on after a failing pre-request script, a 404, a failed test, a failing post-response script and a refused connection, and exits 2, the worst', async () => {
		await importCollection(failing());
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/missing', '/tested', '/checked', '/fine']);
		expect(result.stdout.toString()).toBe('no such thing[/tested][/checked][/fine]');
		expect(result.code).toBe(2);
		expect(summaryOf(result.stderr)).toEqual([
			'Requests:    1 passed, 5 failed, 6 total',
			'Tests:       1 passed, 1 failed, 2 total',
			expect.stringMatching(/^Time: {8}\d+(\.\d\d)? m?s$/),
			'Failures:',
			'  Broken pre',
			'    Pre-request script of "Broken pre" failed at line 1: Error: no token yet',
			'  Missing',
			'    404 Not Found',
			'  Tested',
			'    ✗ is 201: expected response to have status code 201 but got 200',
			'  Checked',
			'    Post-response script of "Checked" failed at line 1: Error: bad body',
			'  Unreachable',
			expect.stringMatching(new RegExp(`^ {4}GET ${closedOrigin}/x: Connection refused`)),
		]);
	});

	it('exits 1 when the worst of the run is a 4xx or a failed test, having sent every request', async () => {
		await importCollection(failing());
		const result = await runCli(['run', 'API', 'Missing', 'Tested', 'Fine'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/missing', '/tested', '/fine']);
		expect(result.code).toBe(1);
		expect(summaryOf(result.stderr)[0]).toBe('Requests:    1 passed, 2 failed, 3 total');
	});

	it('exits 0 with a summary of passes when nothing failed', async () => {
		await importCollection([{name: 'One', url: '{{baseUrl}}/one', postResponse: 'pm.test("ok", () => pm.response.to.be.ok)'}, {name: 'Two', url: '{{baseUrl}}/two'}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(summaryOf(result.stderr)).toEqual([
			'Requests:    2 passed, 2 total',
			'Tests:       1 passed, 1 total',
			expect.stringMatching(/^Time: {8}\d/),
		]);
	});

	it('ends a run of one request with that request\'s own lines, no summary', async () => {
		await importCollection(failing());
		const result = await runCli(['run', 'API', 'Missing'], {configDir: config.directory});
		expect(result.code).toBe(1);
		expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^GET .*\/missing → 404 Not Found/)]);
	});

	it('with --bail, stops at the first failure, names the requests not run, and exits with its code', async () => {
		await importCollection(failing());
		const http = await runCli(['run', 'API', 'Fine', 'Missing', 'Tested', 'Fine', '--bail'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/fine', '/missing']);
		expect(http.code).toBe(1);
		expect(http.stderr).toContain('\ncurlew: stopped there (--bail); not run: "Tested", "Fine"\n');
		expect(summaryOf(http.stderr).slice(0, 2)).toEqual(['Requests:    1 passed, 1 failed, 2 total', 'Stopped:     at the first failure (--bail): "Missing"']);

		const script = await runCli(['run', 'API', 'Broken pre', 'Fine', '--bail'], {configDir: config.directory});
		expect(server.requests).toHaveLength(2);
		expect(script.code).toBe(2);
		expect(script.stderr.split('\n\n')[0]).toBe([
			'curlew: Pre-request script of "Broken pre" failed at line 1: Error: no token yet',
			'curlew: stopped there (--bail); not run: "Fine"',
		].join('\n'));
	});

	it('masks secrets and shows control characters as pictures in the summary too', async () => {
		await importCollection([
			{name: 'Leaky', url: '{{baseUrl}}/leaky', postResponse: 'pm.test("token", () => pm.expect(pm.variables.get("token")).to.equal("other"))'},
			{name: 'Hostile', url: '{{baseUrl}}/hostile'},
		], [{name: 'token', value: 's3cret-value', secret: true}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(result.code).toBe(1);
		expect(result.stderr).not.toContain('s3cret');
		// eslint-disable-next-line no-control-regex
		expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
		expect(summaryOf(result.stderr).slice(4)).toEqual([
			'  Leaky',
			'    ✗ token: expected \'••••••\' to equal \'other\'',
			'  Hostile',
			'    500 Bad␛]0;PWNED␇',
		]);
	});
});
