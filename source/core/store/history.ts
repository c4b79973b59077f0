import fs from 'node:fs';
import path from 'node:path';
import {parseJsonText} from '../formats/json-text.js';
import type {HttpResponse, SendResult, TransportFailure} from '../http/types.js';
import {keepAside} from './keep-aside.js';
import {withFileLock} from './lock.js';
import {StoreError} from './store-error.js';
import {TextFile} from './text-file.js';
import {writeAtomically} from './write-atomically.js';

export type HistoryEntry = {
	/** ISO 8601: when the request was sent. */
	time: string;
	result: SendResult;
};

export type StoredHistoryEntry = HistoryEntry & {
	/** The response body was longer than history keeps (historyBodyCap) and was cut there. */
	bodyCut: boolean;
};

/** Entries kept per request; older ones are dropped. */
export const historyLimit = 20;
/** Bytes of each response body that history keeps. */
export const historyBodyCap = 1024 * 1024;

const idPattern = /^[\w-]{1,64}$/;

type StoredResult = TransportFailure | (Omit<HttpResponse, 'body'> & {body: string});
type FileEntry = {time: string; bodyCut: boolean; result: StoredResult};

/**
The last responses of each request, one file per request in `<configDir>/history/`, so
that the store's own file (rewritten whole on every change) stays small. Bodies are kept
as base64, each cut at 1 MB.
*/
export class ResponseHistory {
	readonly directory: string;

	constructor(configDir: string, private readonly notify: (notice: string) => void = () => undefined) {
		this.directory = path.join(configDir, 'history');
	}

	append(requestId: string, entry: HistoryEntry): void {
		const file = this.file(requestId);
		fs.mkdirSync(this.directory, {recursive: true, mode: 0o700});
		// Written without conf: conf keeps the store's own file, and loading it costs every headless run.
		withFileLock(file.path, () => {
			const entries = [...this.readEntries(file), toFileEntry(entry)].slice(-historyLimit);
			writeAtomically(file.path, `${JSON.stringify({entries})}\n`);
		});
	}

	/** The request's kept responses, newest first. */
	list(requestId: string): StoredHistoryEntry[] {
		return this.readEntries(this.file(requestId)).map(entry => fromFileEntry(entry)).reverse();
	}

	/** Forgets a request's history (the request was deleted). */
	remove(requestId: string): void {
		fs.rmSync(path.join(this.directory, `${checkedId(requestId)}.json`), {force: true});
	}

	private file(requestId: string): TextFile {
		return new TextFile(this.directory, checkedId(requestId));
	}

	private readEntries(file: TextFile): FileEntry[] {
		const text = file.read();
		if (text === undefined) {
			return [];
		}

		try {
			const data = parseJsonText(text) as {entries?: unknown};
			if (!Array.isArray(data?.entries) || !data.entries.every(entry => isFileEntry(entry))) {
				throw new Error('it does not hold a list of responses');
			}

			return data.entries as FileEntry[];
		} catch (error) {
			const kept = keepAside(file.path);
			this.notify(`The response history ${file.path} could not be read (${(error as Error).message}): it was kept as ${kept} and that request's history starts again empty.`);
			return [];
		}
	}
}

function checkedId(requestId: string): string {
	if (!idPattern.test(requestId)) {
		throw new StoreError(`Request id ${JSON.stringify(requestId)} cannot name a history file: ids are 1 to 64 letters, digits, _ and -`);
	}

	return requestId;
}

function toFileEntry({time, result}: HistoryEntry): FileEntry {
	if (result.kind === 'failure') {
		return {time, bodyCut: false, result};
	}

	const bodyCut = result.body.byteLength > historyBodyCap;
	const kept = bodyCut ? result.body.subarray(0, historyBodyCap) : result.body;
	return {time, bodyCut, result: {...result, body: Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength).toString('base64')}};
}

function fromFileEntry({time, bodyCut, result}: FileEntry): StoredHistoryEntry {
	if (result.kind === 'failure') {
		return {time, bodyCut, result};
	}

	return {time, bodyCut, result: {...result, body: new Uint8Array(Buffer.from(result.body, 'base64'))}};
}

function isFileEntry(entry: unknown): entry is FileEntry {
	if (typeof entry !== 'object' || entry === null) {
		return false;
	}

	const {time, result} = entry as {time?: unknown; result?: {kind?: unknown; body?: unknown}};
	return typeof time === 'string' && typeof result === 'object' && result !== null
		&& (result.kind === 'failure' || (result.kind === 'response' && typeof result.body === 'string'));
}
