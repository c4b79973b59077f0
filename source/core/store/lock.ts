import fs from 'node:fs';
import os from 'node:os';
import process from 'node:process';
import {isProcessRunning, writtenBeforeBoot} from './process-alive.js';
import {removeFile} from './remove-file.js';
import {StoreUnavailableError} from './store-error.js';

export type LockOptions = {
	/** Give up waiting for a lock whose holder still runs after this long. Default 15 s. */
	timeoutMs?: number;
};

export class LockTimeoutError extends StoreUnavailableError {
	override name = 'LockTimeoutError';
}

/**
A lock file that never got its holder's name: its creator died in the moment between
creating and writing it, as a live one writes its name at once.
*/
const unnamedLockMs = 10_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
Runs `action` while holding `<target>.lock`, a file created with O_EXCL that several
processes agree on; it names its holder (`<pid> <host>`). The store's operations are
synchronous, so a waiter sleeps a few milliseconds between attempts.

A lock is taken over only when its holder is gone: its pid runs no process on this host,
or it was written before this machine last started. Never by age alone: the holder of a
very large store may take many seconds to write it, and taking its lock over lost what
either wrote. A waiter that gives up throws LockTimeoutError, and nothing was done.
*/
export function withFileLock<T>(target: string, action: () => T, options: LockOptions = {}): T {
	const lockPath = `${target}.lock`;
	acquire(lockPath, target, options.timeoutMs ?? 15_000);
	try {
		return action();
	} finally {
		removeFile(lockPath);
	}
}

/**
Waits for the lock. The time limit counts from when the current holder was first seen: a
waiter behind several others, each quick, waits for them all; it gives up on one holder
that keeps the lock past the limit.
*/
function acquire(lockPath: string, target: string, timeoutMs: number): void {
	let holder: string | undefined;
	let since = Date.now();
	let pause = 1;
	for (;;) {
		if (tryCreate(lockPath)) {
			return;
		}

		if (holderIsGone(lockPath)) {
			takeOver(lockPath);
			continue;
		}

		const current = lockIdentity(lockPath);
		if (current !== holder) {
			holder = current;
			since = Date.now();
		} else if (Date.now() - since > timeoutMs) {
			throw new LockTimeoutError(busyMessage(lockPath, target, timeoutMs));
		}

		Atomics.wait(sleeper, 0, 0, pause);
		pause = Math.min(pause * 2, 25);
	}
}

/** Creates the lock naming this process; false when another holds it. A lock that could not be named (a full disk) is removed again, and the error thrown. */
function tryCreate(lockPath: string): boolean {
	let descriptor: number;
	try {
		descriptor = fs.openSync(lockPath, 'wx', 0o600);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
			return false;
		}

		throw error;
	}

	try {
		fs.writeFileSync(descriptor, `${process.pid} ${os.hostname()}`);
	} catch (error) {
		fs.closeSync(descriptor);
		removeFile(lockPath);
		throw error;
	}

	fs.closeSync(descriptor);
	return true;
}

type Holder = {pid: number; host: string};

/** Tells one lock from the next: each is a new file. */
function lockIdentity(lockPath: string): string | undefined {
	const stats = fs.statSync(lockPath, {throwIfNoEntry: false});
	return stats === undefined ? undefined : `${stats.ino}:${stats.birthtimeMs}:${stats.mtimeMs}`;
}

function holderIsGone(lockPath: string): boolean {
	const stats = fs.statSync(lockPath, {throwIfNoEntry: false});
	if (stats === undefined) {
		// Released meanwhile: the next attempt creates it.
		return false;
	}

	const holder = holderOf(lockPath);
	if (holder === undefined) {
		return Date.now() - stats.mtimeMs > unnamedLockMs;
	}

	if (holder.host !== os.hostname()) {
		// Its process cannot be looked for from here.
		return false;
	}

	// Our own pid is a process that ran before us: our store operations do not nest.
	return holder.pid === process.pid || !isProcessRunning(holder.pid) || writtenBeforeBoot(stats.mtimeMs);
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

	removeFile(aside);
}

function holderOf(lockPath: string): Holder | undefined {
	let text: string;
	try {
		text = fs.readFileSync(lockPath, 'utf8');
	} catch {
		return undefined;
	}

	const match = /^(\d+) (.+)$/s.exec(text);
	return match === null ? undefined : {pid: Number(match[1]), host: match[2]!};
}

function busyMessage(lockPath: string, target: string, timeoutMs: number): string {
	const holder = holderOf(lockPath);
	const after = `still at it after ${Math.round(timeoutMs / 1000)} s: nothing was changed; try again once it is done`;
	if (holder === undefined) {
		return `${target} is being changed by another curlew, ${after} (if no other curlew is running, delete ${lockPath})`;
	}

	if (holder.host !== os.hostname()) {
		return `${target} is being changed by another curlew (pid ${holder.pid} on ${holder.host}), ${after} (if no curlew runs on ${holder.host}, delete ${lockPath})`;
	}

	return `${target} is being changed by another curlew (pid ${holder.pid}), ${after} (if process ${holder.pid} is not a curlew, delete ${lockPath})`;
}
