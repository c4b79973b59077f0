import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {startRecordingServer, type RecordingServer} from '../helpers/recording-server.js';
import {cliPath, runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let server: RecordingServer;
let config: {directory: string; remove(): void};
const held: Array<() => void> = [];

beforeAll(async () => {
	server = await startRecordingServer((request, response) => {
		if (request.url.startsWith('/slow')) {
			held.push(() => response.end('late'));
			return;
		}

		response.end('ok');
	});
});

afterAll(async () => {
	for (const release of held) {
		release();
	}

	await server.close();
});

beforeEach(() => {
	config = temporaryConfigDir();
	server.requests.length = 0;
});

afterEach(() => config.remove());

async function importCollection(requests: Array<{name: string; url: string}>): Promise<void> {
	const file = path.join(config.directory, 'api.json');
	writeFileSync(file, JSON.stringify({curlew: 1, name: 'API', requests}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
}

/** `curlew run API`, stopped with SIGINT (ctrl+c) once its first request has reached the server: its exit code and stderr. */
async function interruptedAtFirstRequest(): Promise<{code: number | null; stderr: string}> {
	const child = spawn(process.execPath, [cliPath, 'run', 'API'], {env: {...process.env, CURLEW_CONFIG_DIR: config.directory, NO_COLOR: '1'}});
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => {
		stderr += chunk.toString('utf8');
	});
	const code = new Promise<number | null>(resolve => {
		child.on('close', resolve);
	});
	await expect.poll(() => server.requests.length, {timeout: 20_000}).toBe(1);
	child.kill('SIGINT');
	return {code: await code, stderr};
}

describe('curlew run', () => {
	it('exits with 130 when ctrl+c stops it mid-request, saying the request was cancelled', async () => {
		await importCollection([{name: 'Slow', url: `${server.origin}/slow`}]);
		const {code, stderr} = await interruptedAtFirstRequest();
		expect(code).toBe(130);
		expect(stderr).toMatch(/^curlew: GET http:\/\/127\.0\.0\.1:\d+\/slow: The request was cancelled before it finished$/m);
	});

	it('stops the whole run on ctrl+c, though a failure would not stop it, and ends with its summary', async () => {
		await importCollection([{name: 'Slow', url: `${server.origin}/slow`}, {name: 'After', url: `${server.origin}/after`}]);
		const {code, stderr} = await interruptedAtFirstRequest();
		expect(code).toBe(130);
		expect(server.requests.map(request => request.url)).toEqual(['/slow']);
		expect(stderr).toMatch(/^curlew: GET http:\/\/127\.0\.0\.1:\d+\/slow: The request was cancelled before it finished\n\nRequests: {4}0 passed, 1 failed, 1 total\n/);
	});

	it('shows the URL as sent in its status line: without the fragment, which is never sent', async () => {
		await importCollection([{name: 'Hashed', url: `${server.origin}/p/a?x=1#frag?y=2`}]);
		const result = await runCli(['run', 'API'], {configDir: config.directory});
		expect(server.requests.map(request => request.url)).toEqual(['/p/a?x=1']);
		expect(result.stderr).toMatch(new RegExp(`^GET ${server.origin}/p/a\\?x=1 → 200 OK`));
		expect(result.code).toBe(0);
	});
});
