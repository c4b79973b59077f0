// The built `curlew` keeps V8's code cache of its start-up in the user's cache folder ($XDG_CACHE_HOME/curlew here).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {cliPath, runCli, temporaryConfigDir} from '../helpers/run-cli.js';

describe('the start-up cache of the built curlew', () => {
	let config: ReturnType<typeof temporaryConfigDir>;
	let cacheHome: string;
	beforeEach(() => {
		config = temporaryConfigDir();
		cacheHome = mkdtempSync(path.join(tmpdir(), 'curlew-cache-home-'));
	});
	afterEach(() => {
		config.remove();
		rmSync(cacheHome, {recursive: true, force: true});
	});

	const caches = () => (existsSync(path.join(cacheHome, 'curlew')) ? readdirSync(path.join(cacheHome, 'curlew')) : []);
	const run = async (args: string[]) => runCli(args, {configDir: config.directory, env: {XDG_CACHE_HOME: cacheHome}});

	it('is written by a first curlew run, used as it is by the next, and made again when damaged', async () => {
		// The echo server answers with the request as it arrived: the user's path, whatever the port.
		const sent = '"path": "/users/42"';
		const first = await run(['run', 'Getting started', 'Get user']);
		expect(first.code).toBe(0);
		expect(first.stdout.toString()).toContain(sent);
		const [name, ...others] = caches();
		expect(others).toEqual([]);
		expect(name).toMatch(new RegExp(`^[\\da-f]{16}-run-${process.version}-${process.arch}\\.v8cache$`));
		const file = path.join(cacheHome, 'curlew', name!);
		const written = readFileSync(file);

		const second = await run(['run', 'Getting started', 'Get user']);
		expect(second.code).toBe(0);
		expect(second.stdout.toString()).toContain(sent);
		// A cache it could not use would have been written again.
		expect(readFileSync(file)).toEqual(written);

		writeFileSync(file, 'damaged');
		const third = await run(['run', 'Getting started', 'Get user']);
		expect(third.code).toBe(0);
		expect(third.stdout.toString()).toContain(sent);
		expect(readFileSync(file).length).toBeGreaterThan('damaged'.length);
	}, 60_000);

	it('is not written by a run that does not start a command: --version, --help, a usage error', async () => {
		expect((await run(['--version'])).code).toBe(0);
		expect((await run(['--help'])).code).toBe(0);
		expect((await run(['run'])).code).toBe(2);
		expect(caches()).toEqual([]);
	});

	it('of the terminal UI, is written once its first frame is drawn', async () => {
		const child = spawn('script', ['-qfec', `stty cols 100 rows 30; exec ${process.execPath} ${cliPath}`, '/dev/null'], {
			env: {...process.env, CURLEW_CONFIG_DIR: config.directory, XDG_CACHE_HOME: cacheHome, TERM: 'xterm-256color'},
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.setEncoding('utf8');
		child.stdout.on('data', (chunk: string) => {
			output += chunk;
		});
		const exited = new Promise<number | null>(resolve => {
			child.on('close', resolve);
		});
		while (!caches().some(name => name.includes('-tui-'))) {
			await new Promise(resolve => {
				setTimeout(resolve, 50);
			});
		}

		expect(output).toContain('Getting started');
		child.stdin.write('q');
		expect(await exited).toBe(0);
	}, 30_000);
});
