import fs from 'node:fs';
import os from 'node:os';
import process from 'node:process';

export type LockOptions = {
	/** A lock older than this is taken over: its holder died without removing it. */
	staleMs?: number;
	/** Give up waiting after this long. */
	timeoutMs?: number;
};

export class LockTimeoutError extends Error {
	override name = 'LockTimeoutError';
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
Runs `action` while holding `<target>.lock`, a file created with O_EXCL that several
processes agree on. The store's operations are small and synchronous, so a waiter sleeps
a few milliseconds between attempts. A lock left by a process that died is recognised by
its holder's pid (same host) or its age, and taken over.
*/
export function withFileLock<T>(target: string, action: () => T, options: LockOptions = {}): T {
	const lockPath = `${target}.lock`;
	acquire(lockPath, options.staleMs ?? 10_000, options.timeoutMs ?? 15_000);
	try {
		return action();
	} finally {
		fs.rmSync(lockPath, {force: true});
	}
}

function acquire(lockPath: string, staleMs: number, timeoutMs: number): void {
	const started = Date.now();
	let pause = 1;
	for (;;) {
		try {
			const descriptor = fs.openSync(lockPath, 'wx', 0o600);
			fs.writeSync(descriptor, `${process.pid} ${os.hostname()}`);
			fs.closeSync(descriptor);
			return;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
				throw error;
			}
		}

		if (isStale(lockPath, staleMs)) {
			takeOver(lockPath);
			continue;
		}

		if (Date.now() - started > timeoutMs) {
			throw new LockTimeoutError(`${lockPath} is held by another curlew (${holderOf(lockPath)}): if no other curlew is running, delete that file and try again`);
		}

		Atomics.wait(sleeper, 0, 0, pause);
		pause = Math.min(pause * 2, 25);
	}
}

function isStale(lockPath: string, staleMs: number): boolean {
	let modified: number;
	try {
		modified = fs.statSync(lockPath).mtimeMs;
	} catch {
		return false;
	}

	if (Date.now() - modified > staleMs) {
		return true;
	}

	const [pid, host] = holderOf(lockPath).split(' ');
	return host === os.hostname() && pid !== undefined && /^\d+$/.test(pid) && !isAlive(Number(pid));
}

/*
Renaming first means only one of several waiters that saw the same stale lock removes it;
the others find it gone and go back to creating their own.
*/
function takeOver(lockPath: string): void {
	const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
	try {
		fs.renameSync(lockPath, aside);
	} catch {
		return;
	}

	fs.rmSync(aside, {force: true});
}

function holderOf(lockPath: string): string {
	try {
		return fs.readFileSync(lockPath, 'utf8');
	} catch {
		return 'unknown';
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
