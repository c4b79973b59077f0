/*
The first script of a `curlew run` process on a loaded CPU: two other processes keep a
core busy each while it starts its sandbox, and its script, with a time limit far below what
the start takes there, passes: the limit counts the script's own run.
*/
import {spawn, type ChildProcess} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {startRecordingServer, type RecordingServer} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

describe('the first script of a process, on a loaded CPU', () => {
	let server: RecordingServer;
	const busy: ChildProcess[] = [];
	beforeAll(async () => {
		server = await startRecordingServer((_request, response) => {
			response.setHeader('Content-Type', 'application/json');
			response.end('{"token": "t-1"}');
		});
		for (let index = 0; index < 2; index++) {
			busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
		}
	});
	afterAll(async () => {
		for (const child of busy) {
			child.kill();
		}

		await server.close();
	});

	test('a two-line Postman post-response script with a 100 ms limit passes in curlew run', async () => {
		const config = temporaryConfigDir();
		try {
			const collection = {
				curlew: 1,
				name: 'Loaded',
				settings: {scriptTimeoutMs: 100},
				requests: [{name: 'Login', url: `${server.origin}/login`, scripts: {postResponse: 'pm.test("ok", () => pm.response.to.have.status(200));\npm.environment.set("token", pm.response.json().token);'}}],
			};
			const file = path.join(config.directory, 'loaded.json');
			writeFileSync(file, JSON.stringify(collection));
			const imported = await runCli(['import', file], {configDir: config.directory});
			expect(imported.stderr).toMatch(/^Imported "Loaded"/);
			const result = await runCli(['run', 'Loaded'], {configDir: config.directory});
			expect(result.stderr).not.toMatch(/limit/);
			expect(result.stderr).toMatch(/✓ ok/);
			expect(result.code).toBe(0);
		} finally {
			config.remove();
		}
	});
});
