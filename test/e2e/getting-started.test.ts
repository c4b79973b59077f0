import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => config.remove());

describe('the Getting started collection, on a fresh machine with no internet', () => {
	it('runs every request against the in-process echo server, the login chaining into "Who am I"', async () => {
		const result = await runCli(['run', 'Getting started'], {configDir: config.directory});
		expect(result.code, result.stderr).toBe(0);
		const statusLines = result.stderr.split('\n').filter(line => line.includes(' → '));
		expect(statusLines).toHaveLength(7);
		expect(statusLines.every(line => /→ 200 OK {2}Successful/.test(line))).toBe(true);
		expect(statusLines.every(line => line.includes('http://127.0.0.1:'))).toBe(true);

		const whoAmI = JSON.parse(result.stdout.toString().slice(result.stdout.toString().lastIndexOf('{\n  "method"'))) as {path: string; headers: Record<string, string>};
		expect(whoAmI.path).toBe('/me');
		expect(whoAmI.headers.authorization).toMatch(/^Bearer \S+$/);
		expect(whoAmI.headers.authorization).not.toContain('{{');
	});

	it('keeps the secret authConfig out of what it prints', async () => {
		const result = await runCli(['run', 'Getting started', 'Create user'], {configDir: config.directory});
		expect(result.code, result.stderr).toBe(0);
		expect(result.stdout.toString()).toContain('demo-key');
		expect(result.stderr).not.toContain('demo-key');
	});
});
