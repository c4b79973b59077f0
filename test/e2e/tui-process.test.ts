// The built `curlew` in a real pseudo-terminal (util-linux `script`): what a user starts, bundle and all.
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {enterAlternateScreen, leaveAlternateScreen, showCursor} from '../../source/tui/terminal.js';
import {cliPath, runCli, temporaryConfigDir} from '../helpers/run-cli.js';

type Terminal = {
	output(): string;
	/** Resolves once the output, colours and cursor moves left out, holds `text`; rejects with what was shown if the process ends first. */
	waitFor(text: string): Promise<void>;
	type(keys: string): void;
	exited: Promise<number | null>;
};

function openTerminal(configDir: string, args = ''): Terminal {
	const child = spawn('script', ['-qfec', `stty cols 100 rows 30; exec ${process.execPath} ${cliPath} ${args}`, '/dev/null'], {
		env: {...process.env, CURLEW_CONFIG_DIR: configDir, TERM: 'xterm-256color'},
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	let output = '';
	const waiters: Array<() => void> = [];
	child.stdout.setEncoding('utf8');
	child.stdout.on('data', (chunk: string) => {
		output += chunk;
		for (const waiter of waiters.splice(0)) {
			waiter();
		}
	});
	const exited = new Promise<number | null>(resolve => {
		child.on('close', code => {
			resolve(code);
			for (const waiter of waiters.splice(0)) {
				waiter();
			}
		});
	});
	let ended = false;
	void exited.then(() => {
		ended = true;
	});
	return {
		output: () => output,
		async waitFor(text) {
			while (!stripVTControlCharacters(output).includes(text)) {
				if (ended) {
					throw new Error(`curlew ended before showing "${text}"; it showed: ${JSON.stringify(output.slice(-2000))}`);
				}

				await new Promise<void>(resolve => {
					waiters.push(resolve);
				});
			}
		},
		type(keys) {
			child.stdin.write(keys);
		},
		exited,
	};
}

describe('the built curlew in a real terminal', () => {
	let config: ReturnType<typeof temporaryConfigDir>;
	beforeEach(() => {
		config = temporaryConfigDir();
	});
	afterEach(() => {
		config.remove();
	});

	it('opens on the alternate screen with the seeded collection, quits on a q that arrives in one chunk with other keys, and restores the screen', async () => {
		const terminal = openTerminal(config.directory);
		await terminal.waitFor('Getting started');
		expect(terminal.output()).toContain(enterAlternateScreen);
		// Down twice in the tree, then quit: one write, as SSH delivers them.
		terminal.type('jjq');
		expect(await terminal.exited).toBe(0);
		const output = terminal.output();
		const restoredAt = output.lastIndexOf(leaveAlternateScreen);
		expect(restoredAt).toBeGreaterThan(output.indexOf(enterAlternateScreen));
		expect(output.slice(restoredAt)).toContain(showCursor);
	}, 30_000);

	it('starts with the environment chosen with e when it last ran', async () => {
		const file = path.join(config.directory, 'api.json');
		writeFileSync(file, JSON.stringify({curlew: 1, name: 'API', environments: [{name: 'dev', variables: []}, {name: 'prod', variables: []}], requests: []}));
		expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
		const first = openTerminal(config.directory, 'API');
		await first.waitFor('Collections [no env]');
		first.type('e');
		await first.waitFor('Collections [dev]');
		first.type('q');
		expect(await first.exited).toBe(0);

		const second = openTerminal(config.directory, 'API');
		await second.waitFor('Collections [dev]');
		second.type('q');
		expect(await second.exited).toBe(0);
	}, 30_000);

	it('opens with the named collection and request selected', async () => {
		const terminal = openTerminal(config.directory, '"Getting started" "Search users"');
		await terminal.waitFor('/users?limit={{query.limit}}');
		terminal.type('q');
		expect(await terminal.exited).toBe(0);
	}, 30_000);
});
