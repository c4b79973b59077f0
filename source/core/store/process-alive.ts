import os from 'node:os';
import process from 'node:process';

/**
Whether a process of this host runs under `pid`. EPERM means it runs, as another user's.
A pid of a process gone may have been given to another since: a caller that can, checks
more (see `startedBeforeBoot`).
*/
export function isProcessRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Whether a file last changed at `modifiedMs` was written before this machine last started: its writer is gone, whatever runs under its pid now. */
export function writtenBeforeBoot(modifiedMs: number): boolean {
	return modifiedMs < Date.now() - (os.uptime() * 1000);
}
