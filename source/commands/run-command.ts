/**
`curlew run <collection> [request...]`: sends requests from a collection exactly as the
TUI does (scripts, interpolation, send), in order, sharing runtime variables. Each body
goes to stdout byte for byte; status lines, warnings and script output go to stderr.
*/
import type {Writable} from 'node:stream';
import {statusLine} from '../core/http/status-line.js';
import type {Collection, Request} from '../core/model.js';
import {maskSecrets} from '../core/secrets.js';
import {findEnvironment, Session, type SendOutcome} from '../core/session/session.js';
import type {Store} from '../core/store/store.js';
import {findRequest} from '../core/store/find.js';
import type {Value} from '../core/values.js';
import {exitCodes} from './exit-codes.js';
import {UsageError} from './parse-var.js';

export type RunOptions = {
	collection: string;
	requests: string[];
	environment?: string;
	variables: Array<[string, Value]>;
	strict: boolean;
	signal?: AbortSignal;
	env?: Readonly<Record<string, string | undefined>>;
};

export type Output = {stdout: Writable; stderr: Writable};


export async function runCommand(store: Store, options: RunOptions, output: Output): Promise<number> {
	const collection = findCollectionOrThrow(store, options.collection);
	if (options.environment !== undefined && findEnvironment(collection, options.environment) === undefined) {
		const names = collection.environments.map(environment => `"${environment.name}"`).join(', ');
		throw new UsageError(`Collection "${collection.name}" has no environment "${options.environment}"${names === '' ? ': it has none' : `: choose one of ${names}`}`);
	}

	// Without --env, the environment chosen in the TUI, as the TUI would send; said on stderr, as it decides where requests go.
	const saved = findEnvironment(collection, store.settings().selectedEnvironments[collection.id]);
	const environment = options.environment ?? saved?.id;
	if (options.environment === undefined && saved !== undefined) {
		output.stderr.write(`Environment "${saved.name}", as chosen in the terminal UI (--env chooses another)\n`);
	}

	const requests = options.requests.length === 0 ? collection.requests : options.requests.map(name => findRequestOrThrow(collection, name));
	if (requests.length === 0) {
		throw new UsageError(`Collection "${collection.name}" has no requests to run`);
	}

	const session = new Session(store);
	session.warmUp(collection, requests);
	for (const [name, value] of options.variables) {
		session.runtime.set(name, value);
	}

	let exitCode: number = exitCodes.ok;
	try {
		for (const request of requests) {
			const outcome = await session.send(collection, request, {environment, strict: options.strict, signal: options.signal, env: options.env});
			const code = await report(outcome, output);
			exitCode = Math.max(exitCode, code);
			if (code === exitCodes.failure) {
				break;
			}
		}
	} finally {
		await session.close();
	}

	return exitCode;
}

async function report(outcome: SendOutcome, {stdout, stderr}: Output): Promise<number> {
	const say = (line: string) => stderr.write(`${maskSecrets(line, outcome.secrets)}\n`);
	const label = outcome.prepared ? `${outcome.prepared.method} ${outcome.prepared.url.href}` : `${outcome.request.method} ${outcome.request.name}`;
	for (const log of outcome.logs) {
		say(`[${log.source} ${log.level}] ${log.text}`);
	}

	for (const problem of outcome.problems) {
		say(`warning: ${problem.message}${problem.via.length > 0 ? ` (through ${problem.via.join(' → ')})` : ''}`);
	}

	if (outcome.refusal !== undefined) {
		say(`curlew: ${outcome.request.name}: ${outcome.refusal}`);
		return exitCodes.failure;
	}

	if (outcome.result === undefined) {
		say(`curlew: ${outcome.scriptError?.message ?? `${outcome.request.name} was not sent`}`);
		return exitCodes.failure;
	}

	if (outcome.result.kind === 'failure') {
		say(`curlew: ${label}: ${outcome.result.message}`);
		return exitCodes.failure;
	}

	const response = outcome.result;
	await write(stdout, response.body);
	say(`${label} → ${statusLine(response)}`);
	if (outcome.scriptError !== undefined) {
		say(`curlew: ${outcome.scriptError.message}`);
		return exitCodes.failure;
	}

	return response.status >= 400 ? exitCodes.httpError : exitCodes.ok;
}

function write(stream: Writable, bytes: Uint8Array): Promise<void> {
	return new Promise((resolve, reject) => {
		stream.write(bytes, error => (error ? reject(error) : resolve()));
	});
}

export function findCollectionOrThrow(store: Store, name: string): Collection {
	const collection = store.findCollection(name);
	if (collection === undefined) {
		const names = store.collections().map(existing => `"${existing.name}"`).join(', ');
		throw new UsageError(`No collection named "${name}"${names === '' ? ': the store has none; import one with curlew import <file>' : `: choose one of ${names}`}`);
	}

	return collection;
}

function findRequestOrThrow(collection: Collection, name: string): Request {
	const request = findRequest(collection, name);
	if (request === undefined) {
		const names = collection.requests.map(existing => `"${existing.name}"`).join(', ');
		throw new UsageError(`Collection "${collection.name}" has no request "${name}"${names === '' ? '' : `: choose one of ${names}`}`);
	}

	return request;
}
