/**
`curlew run <collection> [request...]`: sends requests from a collection exactly as the
TUI does (scripts, interpolation, send), sharing runtime variables, once or once per
iteration (`iterations`, `data`), in order unless their scripts steer the run (see
CollectionRun). Each body goes to stdout as it arrives, so memory does not grow with it:
byte for byte to a pipe or a file; a terminal is shown its text with every control
character as its picture, and no binary body (`raw` writes the bytes there too). What each
request came to goes to stderr once its body is in (see reportRequest).
*/
import type {Collection} from '../core/model.js';
import {findEnvironment, Session} from '../core/session/session.js';
import {findCollectionByName, findOneByName, namesOf} from '../core/store/find.js';
import type {Store} from '../core/store/store.js';
import {oneLine} from '../core/visible-text.js';
import {CollectionRun} from './collection-run.js';
import {readIterationData} from './iteration-data.js';
import {UsageError} from './parse-var.js';

import type {Output, RunOptions} from './run-options.js';

export type {Output, RunOptions} from './run-options.js';

export async function runCommand(store: Store, options: RunOptions, output: Output): Promise<number> {
	const collection = findCollectionByName(store.collections(), options.collection);
	const chosen = typeof options.environment === 'string' ? findInCollectionOrThrow(collection, collection.environments, 'environment', options.environment) : undefined;
	// Without --env, the environment chosen in the TUI, as the TUI would send; said on stderr, as it decides where requests go.
	const saved = options.environment === undefined ? findEnvironment(collection, store.settings().selectedEnvironments[collection.id]) : undefined;
	const environment = (chosen ?? saved)?.id;
	if (saved !== undefined) {
		output.stderr.write(`${oneLine(`Environment "${saved.name}", as chosen in the terminal UI (--env chooses another, --no-env none)`)}\n`);
	}

	const requests = options.requests.length === 0 ? collection.requests : options.requests.map(name => findInCollectionOrThrow(collection, collection.requests, 'request', name));
	if (requests.length === 0) {
		throw new UsageError(`Collection "${collection.name}" has no requests to run`);
	}

	const rows = options.data === undefined ? undefined : await readIterationData(options.data);
	const iterations = options.iterations ?? rows?.length ?? 1;
	const session = new Session(store);
	session.warmUp(collection, requests);
	for (const [name, value] of options.variables) {
		session.runtimeOf(collection).set(name, value);
	}

	const run = new CollectionRun(session, collection, requests, {...options, environment, output});
	try {
		for (let index = 0; index < iterations && !run.stopped; index++) {
			// Past the data's last row, newman's way: the last row again.
			await run.iterate({index, count: iterations, data: rows?.[Math.min(index, rows.length - 1)] ?? {}});
		}
	} finally {
		await session.close();
	}

	return run.end();
}

/** One of `collection`'s requests or environments (`items`), by the CLI's name rule; a clear StoreError when none or several match. */
function findInCollectionOrThrow<T extends {id: string; name: string}>(collection: Collection, items: readonly T[], singular: 'request' | 'environment', name: string): T {
	return findOneByName(items, name, {
		kind: `${singular}s`,
		holder: `Collection "${collection.name}"`,
		missing() {
			const names = namesOf(items);
			const choices = names === '' ? (singular === 'environment' ? ': it has none' : '') : `: choose one of ${names}`;
			return `Collection "${collection.name}" has no ${singular} "${name}"${choices}`;
		},
	});
}
