import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export type CliResult = {code: number | null; stdout: Buffer; stderr: string};

/**
Runs the built `curlew` as a user would, in its own process, with the store in `configDir`.
`killAfterMs`: for a command that could hang, which is then stopped (its code is null) so
that the test fails rather than waits forever.
*/
export function runCli(args: string[], options: {configDir: string; env?: Record<string, string>; input?: string; killAfterMs?: number}): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cliPath, ...args], {
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
