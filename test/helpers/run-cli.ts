import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export type CliResult = {code: number | null; stdout: Buffer; stderr: string};

export type CliOptions = {
	configDir: string;
	env?: Record<string, string>;
	input?: string;
	/**
	The largest file the process may write, in KiB, as `ulimit -f` sets it (no privilege
	needed): a write past it fails with EFBIG, after a short write, as on a full disk.
	*/
	fileSizeLimitKiB?: number;
	/** For a command that could hang, which is then stopped (its code is null) so that the test fails rather than waits forever. */
	killAfterMs?: number;
};

/** Runs the built `curlew` as a user would, in its own process, with the store in `configDir`. */
export function runCli(args: string[], options: CliOptions): Promise<CliResult> {
	const command = [process.execPath, cliPath, ...args];
	const [program, ...programArgs] = options.fileSizeLimitKiB === undefined
		? command
		// bash counts ulimit -f in 1024-byte blocks; exec keeps the pid, so a signal reaches curlew itself.
		: ['bash', '-c', 'ulimit -f "$0" && exec "$@"', String(options.fileSizeLimitKiB), ...command];
	return new Promise((resolve, reject) => {
		const child = spawn(program!, programArgs, {
			env: {...process.env, CURLEW_CONFIG_DIR: options.configDir, NO_COLOR: '1', ...options.env},
			stdio: ['pipe', 'pipe', 'pipe'],
			timeout: options.killAfterMs,
			killSignal: 'SIGKILL',
		});
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
		child.on('error', reject);
		child.on('close', code => resolve({code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8')}));
		child.stdin.end(options.input ?? '');
	});
}

/** A fresh, empty config folder; `remove` deletes it. */
export function temporaryConfigDir(): {directory: string; remove(): void} {
	const directory = mkdtempSync(path.join(tmpdir(), 'curlew-test-'));
	return {directory, remove: () => rmSync(directory, {recursive: true, force: true})};
}
