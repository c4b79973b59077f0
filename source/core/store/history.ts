import fs from 'node:fs';
import path from 'node:path';
import {parseJsonText} from '../formats/json-text.js';
import type {HttpResponse, SendResult, SentRequest, TransportFailure} from '../http/types.js';
import {maskResult, maskSecretBytes, maskSecrets} from '../secrets.js';
import {historyEntryProblem} from './history-entry-shape.js';
import {keepAside} from './keep-aside.js';
import {withFileLock} from './lock.js';
import {isProcessRunning} from './process-alive.js';
import {removeFile} from './remove-file.js';
import {StoreError} from './store-error.js';
import {readTextIfThere} from './text-file.js';
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
/** jq filters kept per request; older ones are dropped. */
export const filterLimit = 20;
const filtersFileName = 'filters.json';
/** Bytes of each response body that history keeps. */
export const historyBodyCap = 1024 * 1024;

const idPattern = /^[\w-]{1,64}$/;

/** A body as the file holds it: base64. */
type StoredSent = Omit<SentRequest, 'body'> & {body?: string};
type StoredResult = (Omit<TransportFailure, 'sent'> | Omit<HttpResponse, 'body' | 'sent'> & {body: string}) & {sent?: StoredSent};
type FileEntry = {time: string; bodyCut: boolean; result: StoredResult};

/**
The last responses of each request in `<configDir>/history/<request id>/`, one file per
response, so that the store's own file (rewritten whole on every change) stays small and
a send writes only its own response, never the request's whole history again. Bodies are
kept as base64, each cut at 1 MB.

A response is written to a temporary file in `history/` itself, then renamed into its
request's folder: the temporary files a killed curlew leaves are all in one folder, which
the store's start looks through (see removeOrphanedTemporaries).
*/
export class ResponseHistory {
	readonly directory: string;

	constructor(configDir: string, private readonly notify: (notice: string) => void = () => undefined) {
		this.directory = path.join(configDir, 'history');
	}

	/**
	Keeps `entry` as the request's newest response, each of `secrets` masked wherever it
	shows (see toFileEntry); returns the name it is kept under (see `names`).
	*/
	append(requestId: string, entry: HistoryEntry, secrets: readonly string[] = []): string {
		const folder = this.folder(requestId);
		this.moveLegacyFile(requestId, folder);
		const name = entryFileName();
		writeAtomically(path.join(folder, name), `${JSON.stringify(toFileEntry(entry, secrets))}\n`, this.directory);
		for (const old of entryFiles(folder).slice(0, -historyLimit)) {
			removeFile(path.join(folder, old));
		}

		return name;
	}

	/** The request's kept responses, newest first. */
	list(requestId: string): StoredHistoryEntry[] {
		const folder = this.folder(requestId);
		const entries = [...this.readLegacyFile(requestId)];
		for (const name of entryFiles(folder)) {
			const entry = this.readEntry(path.join(folder, name));
			if (entry !== undefined) {
				entries.push(entry);
			}
		}

		return entries.slice(-historyLimit).map(entry => fromFileEntry(entry)).reverse();
	}

	/**
	The names of the request's kept responses, oldest first, as `read` takes them: a step
	through the history reads the folder and one response, not twenty. Another window's sends
	are in it, in the order they were sent.
	*/
	names(requestId: string): string[] {
		const legacy = fs.existsSync(this.legacyFile(requestId)) ? this.readLegacyFile(requestId).map((_entry, index) => `${legacyPrefix}${index}`) : [];
		return [...legacy, ...entryFiles(this.folder(requestId))].slice(-historyLimit);
	}

	/** The kept response of that name (see `names`); undefined when it is gone (dropped past the limit, or damaged). */
	read(requestId: string, name: string): StoredHistoryEntry | undefined {
		if (name.startsWith(legacyPrefix)) {
			const entry = this.readLegacyFile(requestId)[Number(name.slice(legacyPrefix.length))];
			return entry === undefined ? undefined : fromFileEntry(entry);
		}

		if (!entryNamePattern.test(name)) {
			return undefined;
		}

		const entry = this.readEntry(path.join(this.folder(requestId), name));
		return entry === undefined ? undefined : fromFileEntry(entry);
	}

	/**
	The jq filters last applied to the request's responses, the most recent last: kept beside
	its responses, so they come back after a restart and go with the request.
	*/
	filters(requestId: string): string[] {
		const text = readTextIfThere(path.join(this.folder(requestId), filtersFileName));
		if (text === undefined) {
			return [];
		}

		try {
			const filters = parseJsonText(text) as unknown;
			if (!Array.isArray(filters) || !filters.every(filter => typeof filter === 'string')) {
				throw new Error('it does not hold a list of filters');
			}

			return filters.slice(-filterLimit);
		} catch (error) {
			const kept = keepAside(path.join(this.folder(requestId), filtersFileName));
			this.notify(`The jq filters kept for a request could not be read (${(error as Error).message}): they were kept as ${kept}.`);
			return [];
		}
	}

	/** Keeps `filter` as the request's most recent one (once: used again, it moves to the end); returns the filters kept now. */
	keepFilter(requestId: string, filter: string): string[] {
		const filters = [...this.filters(requestId).filter(kept => kept !== filter), filter].slice(-filterLimit);
		const folder = this.folder(requestId);
		writeAtomically(path.join(folder, filtersFileName), `${JSON.stringify(filters)}\n`, this.directory);
		return filters;
	}

	/** Forgets a request's history (the request was deleted). */
	remove(requestId: string): void {
		fs.rmSync(this.folder(requestId), {recursive: true, force: true});
		removeFile(this.legacyFile(requestId));
	}

	private folder(requestId: string): string {
		return path.join(this.directory, checkedId(requestId));
	}

	/** Where curlew 0.1 kept a request's whole history, in one file. */
	private legacyFile(requestId: string): string {
		return path.join(this.directory, `${checkedId(requestId)}.json`);
	}

	/** One response, or undefined when its file is gone (dropped by another instance) or damaged (kept aside, and said). */
	private readEntry(file: string): FileEntry | undefined {
		const text = readTextIfThere(file);
		if (text === undefined) {
			return undefined;
		}

		try {
			const entry = parseJsonText(text);
			const problem = historyEntryProblem(entry);
			if (problem !== undefined) {
				throw new Error(`it does not hold a response: ${problem}`);
			}

			return entry as FileEntry;
		} catch (error) {
			const kept = keepAside(file);
			this.notify(`A stored response ${file} could not be read (${(error as Error).message}): it was kept as ${kept} and left out of the history.`);
			return undefined;
		}
	}

	private readLegacyFile(requestId: string): FileEntry[] {
		const file = this.legacyFile(requestId);
		const text = readTextIfThere(file);
		if (text === undefined) {
			return [];
		}

		try {
			const data = parseJsonText(text) as {entries?: unknown};
			if (!Array.isArray(data?.entries)) {
				throw new Error('it does not hold a list of responses');
			}

			for (const [index, entry] of data.entries.entries()) {
				const problem = historyEntryProblem(entry);
				if (problem !== undefined) {
					throw new Error(`its response ${index + 1} is not one: ${problem}`);
				}
			}

			return data.entries as FileEntry[];
		} catch (error) {
			const kept = keepAside(file);
			this.notify(`The response history ${file} could not be read (${(error as Error).message}): it was kept as ${kept} and that request's history starts again empty.`);
			return [];
		}
	}

	/** Splits a history kept in one file into a file per response, older than any new one. */
	private moveLegacyFile(requestId: string, folder: string): void {
		const file = this.legacyFile(requestId);
		if (!fs.existsSync(file)) {
			return;
		}

		withFileLock(file, () => {
			const entries = this.readLegacyFile(requestId);
			for (const [index, entry] of entries.entries()) {
				writeAtomically(path.join(folder, entryFileName(index)), `${JSON.stringify(entry)}\n`, this.directory);
			}

			removeFile(file);
		});
	}
}

let appended = 0;

/**
Names sort in the order responses were stored: the time in milliseconds, then a count
that orders two in the same millisecond, then a random part so that two instances never
write the same name (Math.random's, unique enough for that: node:crypto's would load
crypto's modules, 2 ms of every run). `legacyIndex` names one moved from a curlew 0.1 file:
before any other.
*/
function entryFileName(legacyIndex?: number): string {
	const time = legacyIndex === undefined ? Date.now() : 0;
	const count = legacyIndex ?? appended++;
	return `${String(time).padStart(15, '0')}-${String(count).padStart(9, '0')}-${Math.floor(Math.random() * 0x1_00_00_00_00).toString(16).padStart(8, '0')}.json`;
}

const entryNamePattern = /^\d{15}-\d{9}-[\da-f]{8}\.json$/;
/** How `names` names a response of a curlew 0.1 history file, by its place in it. */
const legacyPrefix = 'legacy-';

/** The response files in `folder`, oldest first. */
function entryFiles(folder: string): string[] {
	let names: string[];
	try {
		names = fs.readdirSync(folder);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return [];
		}

		throw error;
	}

	removeOlderTemporaries(folder, names);
	return names.filter(name => entryNamePattern.test(name)).sort();
}

/** How an earlier curlew named a response being written, beside it: `<name>.<pid>.tmp`. */
const olderTemporaryPattern = /^\d{15}-\d{9}-[\da-f]{8}\.json\.(\d+)\.tmp$/;

/** Removes the temporary files an older curlew, killed while it wrote a response, left among `names` in `folder`. */
function removeOlderTemporaries(folder: string, names: readonly string[]): void {
	for (const name of names) {
		const pid = olderTemporaryPattern.exec(name)?.[1];
		if (pid !== undefined && !isProcessRunning(Number(pid))) {
			removeFile(path.join(folder, name));
		}
	}
}

function checkedId(requestId: string): string {
	if (!idPattern.test(requestId)) {
		throw new StoreError(`Request id ${JSON.stringify(requestId)} cannot name a history file: ids are 1 to 64 letters, digits, _ and -`);
	}

	return requestId;
}

/**
The entry as its file holds it, with the secrets masked in all it holds: a failure's message,
the URLs, the headers and the body. The body is masked before it is cut, so a secret at the
cut is masked whole, not left half.
*/
function toFileEntry({time, result: sent}: HistoryEntry, secrets: readonly string[]): FileEntry {
	const {sent: request, ...result} = maskResult(sent, secrets);
	const stored = request === undefined ? {} : {sent: storedSent(request)};
	if (result.kind === 'failure') {
		return {time, bodyCut: false, result: {...result, ...stored}};
	}

	// Every secret that begins before the cut ends inside this window.
	const longest = Math.max(0, ...secrets.map(secret => Buffer.byteLength(secret)));
	const masked = maskSecretBytes(result.body.subarray(0, historyBodyCap + longest), secrets);
	// A response may hold only the start of its body (see keepBodyBytes): its size tells how long the body was.
	const bodyCut = result.size > historyBodyCap || result.body.byteLength > historyBodyCap;
	return {
		time,
		bodyCut,
		result: {
			...result,
			headers: result.headers.map(([name, value]) => [maskSecrets(name, secrets), maskSecrets(value, secrets)]),
			body: base64(masked.subarray(0, historyBodyCap)),
			...stored,
		},
	};
}

/** The request as sent, its body (masked already) as base64 and cut as a response's is. */
function storedSent(sent: SentRequest): StoredSent {
	if (sent.body === undefined) {
		return {...sent, body: undefined};
	}

	return {...sent, body: base64(sent.body.subarray(0, historyBodyCap)), ...(sent.body.byteLength > historyBodyCap ? {bodyCut: true} : {})};
}

function base64(bytes: Uint8Array): string {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function fromBase64(text: string): Uint8Array {
	return new Uint8Array(Buffer.from(text, 'base64'));
}

function fromFileEntry({time, bodyCut, result}: FileEntry): StoredHistoryEntry {
	const {sent: stored, ...rest} = result;
	const request = stored === undefined ? {} : {sent: {...stored, body: stored.body === undefined ? undefined : fromBase64(stored.body)}};
	if (rest.kind === 'failure') {
		return {time, bodyCut, result: {...rest, ...request}};
	}

	return {time, bodyCut, result: {...rest, body: fromBase64(rest.body), ...request}};
}
