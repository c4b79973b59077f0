import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

/*
The built curlew as a user runs it: a shared collection that sends an environment variable,
the variable set for real in curlew's process, and the user's allow-list in between.
*/
const {server, config} = serverAndStorePerTest();

const env = {CURLEW_E2E_TOKEN: 'from-the-shell-s3cret'};

async function importShared(): Promise<void> {
	const file = path.join(config.directory, 'shared.curlew.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'Shared',
		requests: [{name: 'Leak', method: 'GET', url: `${server.origin}/leak`, headers: [{name: 'X-Token', value: '{{process.env.CURLEW_E2E_TOKEN}}'}]}],
	}));
	const imported = await runCli(['import', file], {configDir: config.directory});
	expect(imported.code).toBe(0);
}

describe('curlew env and {{process.env.NAME}}', () => {
	it('sends no environment variable the user did not allow, saying how to allow it; sends it once allowed, and not after it is denied', async () => {
		await importShared();

		const refused = await runCli(['run', 'Shared'], {configDir: config.directory, env});
		expect(refused.code).toBe(0);
		expect(refused.stderr).toContain('warning: header "X-Token", column 1: {{process.env.CURLEW_E2E_TOKEN}}: the environment variable CURLEW_E2E_TOKEN is not one you allowed curlew to read, so no collection can send it: allow it with curlew env allow CURLEW_E2E_TOKEN\n');
		expect(server.requests[0]!.headers['x-token']).toBe('{{process.env.CURLEW_E2E_TOKEN}}');

		const allowed = await runCli(['env', 'allow', 'CURLEW_E2E_*'], {configDir: config.directory});
		expect(allowed).toMatchObject({code: 0, stderr: 'Allowed CURLEW_E2E_*: {{process.env.NAME}} reads it in every collection\n'});
		const listed = await runCli(['env', 'list'], {configDir: config.directory});
		expect([listed.code, listed.stdout.toString(), listed.stderr]).toEqual([0, 'CURLEW_E2E_*\n', '']);

		const sent = await runCli(['run', 'Shared'], {configDir: config.directory, env});
		expect(sent.code).toBe(0);
		expect(sent.stderr).not.toContain('warning');
		expect(server.requests[1]!.headers['x-token']).toBe('from-the-shell-s3cret');

		const denied = await runCli(['env', 'deny', 'CURLEW_E2E_*'], {configDir: config.directory});
		expect(denied).toMatchObject({code: 0, stderr: 'Denied CURLEW_E2E_*: {{process.env.NAME}} no longer reads it\n'});
		await runCli(['run', 'Shared'], {configDir: config.directory, env});
		expect(server.requests[2]!.headers['x-token']).toBe('{{process.env.CURLEW_E2E_TOKEN}}');
	});

	it('refuses a name that cannot be allowed with exit 2, and an option of another command', async () => {
		const star = await runCli(['env', 'allow', '*'], {configDir: config.directory});
		expect(star.code).toBe(2);
		expect(star.stderr).toBe('curlew: curlew env allow: "*" would let every collection read every environment variable, secrets included: allow names (AWS_PROFILE) or prefixes (MYAPP_*) one by one; nothing was changed\n');

		const stray = await runCli(['env', 'list', '--strict'], {configDir: config.directory});
		expect(stray.code).toBe(2);
		expect(stray.stderr).toBe('curlew: --strict is an option of curlew run, not of curlew env: see curlew --help\n');
	});

	it('is in --help', async () => {
		const help = await runCli(['--help'], {configDir: config.directory});
		expect(help.stdout.toString()).toMatch(/\$ curlew env allow <NAME\|PREFIX\*>\.\.\. +let \{\{process\.env\.NAME\}\} read these environment/);
		expect(help.stdout.toString()).toContain('$ curlew env list');
	});
});
