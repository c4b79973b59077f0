import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const {server, config} = serverAndStorePerTest((request, response) => {
	response.writeHead(request.url.includes('missing') ? 404 : 200, {'Content-Type': 'text/plain'});
	response.end(`[${request.url}]`);
});

type RequestFields = {name: string; url: string; method?: string; body?: Record<string, unknown>};

async function importCollection(requests: RequestFields[]): Promise<void> {
	const file = path.join(config.directory, 'api.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'API',
		variables: [{name: 'baseUrl', value: server.origin}, {name: 'id', value: 'from-collection'}],
		requests: requests.map(({name, url, method = 'GET', body = {type: 'none'}}) => ({name, method, url, headers: [], body})),
	}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
}

/** Writes a data file into the config folder and gives its path. */
function dataFile(name: string, text: string): string {
	const file = path.join(config.directory, name);
	writeFileSync(file, text);
	return file;
}

const sentUrls = () => server.requests.map(request => request.url);
const summaryOf = (stderr: string) => stderr.split('\n\n')[1]?.split('\n').slice(0, -1) ?? [];
const user = {name: 'Get user', url: '{{baseUrl}}/users/{{id}}'};

describe('curlew run --iterations and --data', () => {
	it('runs the requests as many times as --iterations says, naming each iteration, and the summary counts them', async () => {
		await importCollection([{name: 'A', url: '{{baseUrl}}/a'}, {name: 'B', url: '{{baseUrl}}/b'}]);
		const result = await runCli(['run', 'API', '--iterations', '3'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/a', '/b', '/a', '/b', '/a', '/b']);
		expect(result.stderr.split('\n').filter(line => line.startsWith('Iteration '))).toEqual(['Iteration 1 of 3', 'Iteration 2 of 3', 'Iteration 3 of 3']);
		expect(summaryOf(result.stderr)).toEqual(['Requests:    6 passed, 6 total', 'Iterations:  3', expect.stringMatching(/^Time: /)]);
	});

	it('runs once per row of a CSV file, each row\'s values filling placeholders above the environment\'s', async () => {
		await importCollection([{name: 'Get user', url: '{{baseUrl}}/users/{{id}}?name={{name}}'}]);
		const rows = dataFile('rows.csv', '\uFEFFid,name\r\n1,Ada\r\n\r\n2,"Grace, H."\r\n');
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(sentUrls()).toEqual(['/users/1?name=Ada', '/users/2?name=Grace,%20H.']);
		expect(result.stdout.toString()).toBe('[/users/1?name=Ada][/users/2?name=Grace,%20H.]');
	});

	it('keeps the types of a JSON file\'s values: a number and an array go into a JSON body as such', async () => {
		await importCollection([{name: 'Create', url: '{{baseUrl}}/users', method: 'POST', body: {type: 'json', text: '{"id": {{id}}, "tags": {{tags}}, "name": "{{name}}"}'}}]);
		const rows = dataFile('rows.json', JSON.stringify([{id: 1, tags: ['a', 'b'], name: 'Ada "A"'}, {id: 2, tags: [], name: 'Grace'}]));
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(server.requests.map(request => request.body.toString('utf8'))).toEqual([
			'{"id": 1, "tags": ["a","b"], "name": "Ada \\"A\\""}',
			'{"id": 2, "tags": [], "name": "Grace"}',
		]);
	});

	it('runs past the data\'s last row with that row again, when --iterations asks for more, as newman does', async () => {
		await importCollection([user]);
		const rows = dataFile('rows.csv', 'id\n1\n2\n');
		await runCli(['run', 'API', '--data', rows, '--iterations', '3'], {configDir: config.directory});
		expect(sentUrls()).toEqual(['/users/1', '/users/2', '/users/2']);
	});

	it('goes on to the next iteration after a failure, naming the iteration in the summary; --bail stops there, naming what is left', async () => {
		await importCollection([user, {name: 'After', url: '{{baseUrl}}/after'}]);
		const rows = dataFile('rows.csv', 'id\nmissing\n2\n3\n');
		const result = await runCli(['run', 'API', '--data', rows], {configDir: config.directory});
		expect(result.code).toBe(1);
		expect(sentUrls()).toEqual(['/users/missing', '/after', '/users/2', '/after', '/users/3', '/after']);
		expect(summaryOf(result.stderr)).toEqual([
			'Requests:    5 passed, 1 failed, 6 total',
			'Iterations:  3',
			expect.stringMatching(/^Time: /),
			'Failures:',
			'  Get user (iteration 1)',
			'    404 Not Found',
		]);

		server.requests.length = 0;
		const bailed = await runCli(['run', 'API', '--data', rows, '--bail'], {configDir: config.directory});
		expect(bailed.code).toBe(1);
		expect(sentUrls()).toEqual(['/users/missing']);
		expect(bailed.stderr).toContain('\ncurlew: stopped there (--bail); not run: "After", and 2 more iterations\n');
	});

	it.each([
		[['--iterations', '0'], '--iterations "0": give how many times to run the requests, a whole number of 1 or more: --iterations 3'],
		[['--iterations', '2.5'], '--iterations "2.5": give how many times'],
		[['--iterations', 'many'], '--iterations "many": give how many times'],
		[['--data', 'rows.txt'], '--data rows.txt: curlew reads a data file as CSV or JSON by its name\'s ending: name it .csv or .json'],
		[['--data', 'nowhere.csv'], '--data nowhere.csv: cannot be read'],
	])('refuses %j with a clear error and exit 2, sending nothing', async (flags, message) => {
		await importCollection([user]);
		const result = await runCli(['run', 'API', ...flags], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(`curlew: ${message}`);
		expect(sentUrls()).toEqual([]);
	});

	it.each([
		['bad.json', '[{"id": 1},\n {"id": }]', 'Invalid JSON at line 2, column 9'],
		['object.json', '{"id": 1}', 'holds an object: a JSON data file holds an array of objects, one per iteration: [{"id": 1}, {"id": 2}]'],
		['numbers.json', '[{"id": 1}, 2]', 'row 2 is a number (2), not an object: each row is an object of the iteration\'s variables, {"id": 1}'],
		['big.json', '[{"id": 12345678901234567890}]', 'beyond the integers a number keeps exactly'],
		['empty.json', '[]', 'has no rows: each row is an iteration of the run'],
		['header.csv', 'id,name\n', 'has no rows: each row is an iteration of the run'],
		['ragged.csv', 'id,name\n1,Ada\n2\n', 'is not valid CSV: Invalid Record Length: expect 2, got 1 on line 3'],
		['twice.csv', 'id,id\n1,2\n', 'the first line names the column "id" twice: give each column its own name'],
		['unnamed.csv', 'id,,name\n1,2,3\n', 'column 2 of the first line has no name'],
	])('refuses the data file %s, saying what is wrong with it, and sends nothing', async (name, text, message) => {
		await importCollection([user]);
		const file = dataFile(name, text);
		const result = await runCli(['run', 'API', '--data', file], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(`curlew: --data ${file}`);
		expect(result.stderr).toContain(message);
		expect(sentUrls()).toEqual([]);
	});
});
