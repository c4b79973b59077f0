import {createHash} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import zlib from 'node:zlib';
import {isProcessRunning, writtenBeforeBoot} from './process-alive.js';
import {removeFile} from './remove-file.js';

/*
A temporary file is named after its writer: its pid and a short tag of its host (a config
folder on a network share is seen by several hosts, whose pids mean nothing here). The tag is
the host name's CRC-32: a hash of node:crypto would load crypto's modules, 2 ms of every
start. Earlier curlews tagged theirs with SHA-256's first 8 hex digits, which still mean
this host, so that their orphans are removed too.
*/
const hostTag = zlib.crc32(os.hostname()).toString(16).padStart(8, '0');
let sha256HostTag: string | undefined;

function isThisHost(tag: string): boolean {
	return tag === hostTag || tag === (sha256HostTag ??= createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8));
}

const temporaryPattern = /\.(\d+)\.([\da-f]{8})\.tmp$/;

/** Where this process writes `file`'s next version before renaming it into place, in `folder` (default: beside it). */
export function temporaryPathFor(file: string, folder = path.dirname(file)): string {
	return path.join(folder, `${path.basename(file)}.${process.pid}.${hostTag}.tmp`);
}

/**
Removes the temporary files in `folder` whose writer is gone: a curlew killed mid-write
(kill -9, a crash, the power) leaves one. A file of a curlew still running is left alone,
as is one written on another host. Our own pid is a process that ran before us, as writes
are synchronous: none of ours is under way while this runs.
*/
export function removeOrphanedTemporaries(folder: string): void {
	// Tidying never stops a start: a folder that cannot be read (missing, a file, no permission) is said when curlew writes there.
	let names: string[];
	try {
		names = fs.readdirSync(folder);
	} catch {
		return;
	}

	for (const name of names) {
		const [, pid, tag] = temporaryPattern.exec(name) ?? [];
		if (pid !== undefined && tag !== undefined && isThisHost(tag) && isOrphan(path.join(folder, name), Number(pid))) {
			try {
				removeFile(path.join(folder, name));
			} catch {
				// Left for a later start.
			}
		}
	}
}

function isOrphan(file: string, pid: number): boolean {
	if (pid === process.pid || !isProcessRunning(pid)) {
		return true;
	}

	const stats = fs.statSync(file, {throwIfNoEntry: false});
	return stats !== undefined && writtenBeforeBoot(stats.mtimeMs);
}
