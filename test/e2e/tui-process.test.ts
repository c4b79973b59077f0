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
	/** Resolves once the output from offset `from` on, colours and cursor moves left out, holds `text`; rejects with what was shown if the process ends first. */
	waitFor(text: string, from?: number): Promise<void>;
	type(keys: string): void;
	exited: Promise<number | null>;
};

function openTerminal(configDir: string, args = ''): Terminal {
	return openTerminalRunning(configDir, `stty cols 100 rows 30; exec ${process.execPath} ${cliPath} ${args}`);
}

function openTerminalRunning(configDir: string, command: string): Terminal {
	const child = spawn('script', ['-qfec', command, '/dev/null'], {
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
		async waitFor(text, from = 0) {
			while (!stripVTControlCharacters(output.slice(from)).includes(text)) {
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
		first.type('ej\r');
		await first.waitFor('Collections [dev]');
		first.type('q');
		expect(await first.exited).toBe(0);

		const second = openTerminal(config.directory, 'API');
		await second.waitFor('Collections [dev]');
		second.type('q');
		expect(await second.exited).toBe(0);
	}, 30_000);

	it('suspends to the shell on ctrl+z, restoring the screen, and comes back whole with fg', async () => {
		// An interactive shell with job control, as a user's: it is what stops curlew and brings it back.
		const terminal = openTerminalRunning(config.directory, 'stty cols 100 rows 30; PS1="shell> " exec bash --norc --noprofile -i');
		await terminal.waitFor('shell> ');
		terminal.type(`${process.execPath} ${cliPath}\r`);
		await terminal.waitFor('Getting started');
		terminal.type('\u001A');
		await terminal.waitFor('Stopped');
		const stoppedAt = terminal.output().lastIndexOf('Stopped');
		const beforeStop = terminal.output().slice(0, stoppedAt);
		expect(beforeStop.lastIndexOf(leaveAlternateScreen)).toBeGreaterThan(beforeStop.lastIndexOf(enterAlternateScreen));
		const resumedAt = terminal.output().length;
		terminal.type('fg\r');
		await terminal.waitFor('Getting started', resumedAt);
		expect(terminal.output().slice(resumedAt)).toContain(enterAlternateScreen);
		const quitAt = terminal.output().length;
		terminal.type('q');
		await terminal.waitFor('shell> ', quitAt);
		terminal.type('exit\r');
		expect(await terminal.exited).toBe(0);
	}, 30_000);

	it('opens with the named collection and request selected', async () => {
		const terminal = openTerminal(config.directory, '"Getting started" "Search users"');
		await terminal.waitFor('/users?limit={{query.limit}}');
		terminal.type('q');
		expect(await terminal.exited).toBe(0);
	}, 30_000);
});
