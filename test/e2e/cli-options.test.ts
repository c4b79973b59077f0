import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => {
	config.remove();
});

describe('options given to a command that does not read them', () => {
	it.each([
		[['run', 'Getting started', '--format', 'postman'], '--format is an option of curlew export, not of curlew run'],
		[['export', 'Getting started', '--env', 'staging'], '--env is an option of curlew run, not of curlew export'],
		[['export', 'Getting started', '--var', 'a=1'], '--var is an option of curlew run, not of curlew export'],
		[['import', 'file.json', '--strict'], '--strict is an option of curlew run, not of curlew import'],
		[['export', 'Getting started', '--raw'], '--raw is an option of curlew run, not of curlew export'],
		[['run', 'Getting started', '--into', 'API'], '--into is an option of curlew import, not of curlew run'],
		[['--no-env'], '--no-env is an option of curlew run, not of the terminal UI'],
	])('curlew %j is refused with exit 2 before doing anything', async (args, message) => {
		const result = await runCli(args, {configDir: config.directory});
		expect(result.stderr).toBe(`curlew: ${message}: see curlew --help\n`);
		expect(result.code).toBe(2);
		expect(result.stdout.toString()).toBe('');
	});

	it('refuses words past the collection and the request the terminal UI opens on', async () => {
		const result = await runCli(['Getting started', 'Get user', 'extra'], {configDir: config.directory});
		expect(result.stderr).toBe('curlew: curlew opens on at most a collection and a request, not on "extra" too: see curlew --help\n');
		expect(result.code).toBe(2);
	});
});
