import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import envPaths from 'env-paths';
import {FieldError} from '../formats/field-error.js';
import {itemNameProblem} from '../formats/item-name.js';
import {JsonSyntaxError, parseJsonText} from '../formats/json-text.js';
import {
	createCollection as newCollection,
	createRequest,
	newId,
	type Collection,
	type Environment,
	type Request,
	type Variable,
} from '../model.js';
import {gettingStarted} from '../seed.js';
import {assertVariableName, assertVariableValue, valuesEqual} from '../values.js';
import type {AppSettings} from './app-settings.js';
import {emptyDocument, readDocument, serializeDocument, type StoreDocument} from './document.js';
import {findByNameOrId, nameTaken, namedLike, uniqueName, uniqueNames} from './find.js';
import {ResponseHistory} from './history.js';
import {keepAside} from './keep-aside.js';
import {withFileLock} from './lock.js';
import {migrate, schemaVersion} from './migrations.js';
import {removeFile} from './remove-file.js';
import {fileStoreError, StoreError} from './store-error.js';
import {removeOrphanedTemporaries} from './temporary-file.js';
import {TextFile} from './text-file.js';
import {capitalize} from '../capitalize.js';

export type StoreOptions = {
	/** Default: $CURLEW_CONFIG_DIR, else the per-user config folder for "curlew" (~/.config/curlew on Linux). */
	configDir?: string;
	/** Create the "Getting started" collection on first run. Default true. */
	seed?: boolean;
	/** The most bytes the store's file may hold, read or written. Default `storeSizeLimit`. */
	sizeLimitBytes?: number;
};

/**
256 MB. Changing a store costs about seven times its size in memory (it is read, parsed,
copied, written out and read back to check it: 1.4 GB for a 218 MB store, measured), and
its text is one JavaScript string, which V8 caps at 512 MiB: a 600 MB file could not be
read at all. A store that large holds large bodies or values, not collections.
*/
export const storeSizeLimit = 256 * 1024 * 1024;

/**
The collections, environments, variables and app settings, kept in `<configDir>/curlew.json`
(mode 0600, written atomically), and the response history beside it.

Reads come from a snapshot that is refreshed whenever the file changed on disk. Returned
objects are frozen: change data through the methods. Every change re-reads the file under a
cross-process lock, applies one small change (one request, one variable...) and writes, so
two curlew windows editing different things keep both edits.

Errors: StoreError when the thing to change does not exist or a name is taken; FieldError
(naming the field) when a change would store invalid data. Nothing is written then.
*/
export type Store = {
	/** The store's file. */
	readonly path: string;
	readonly directory: string;
	/** Messages for the user about the start-up (a damaged file kept aside, a migration). */
	readonly notices: readonly string[];
	readonly history: ResponseHistory;

	collections(): Collection[];
	getCollection(id: string): Collection | undefined;
	/** By id, else by name ignoring case, else by slug (`getting-started`). */
	findCollection(nameOrId: string): Collection | undefined;
	/**
	Ids are always new (for its requests and environments too); a name already taken gains a
	suffix: "API (2)", as does a request or environment named exactly like an earlier one of the
	collection, which `curlew run` could never tell apart.
	*/
	createCollection(fields?: Partial<Collection>): Collection;
	/** `change` gets a mutable copy; the id stays the same. */
	updateCollection(id: string, change: (collection: Collection) => Collection): Collection;
	/** @throws StoreError when another collection has that name. */
	renameCollection(id: string, name: string): Collection;
	/** Also forgets its requests' history and its selected environment. */
	deleteCollection(id: string): void;

	/** At `index` (default: the end). A name already taken in the collection gains a suffix. */
	addRequest(collectionId: string, fields?: Partial<Request>, index?: number): Request;
	/** @throws StoreError when the name changes to one another request of the collection has. */
	updateRequest(collectionId: string, requestId: string, change: (request: Request) => Request): Request;
	/** The copy goes right after the original, named "<name> (2)". */
	duplicateRequest(collectionId: string, requestId: string): Request;
	deleteRequest(collectionId: string, requestId: string): void;
	moveRequest(collectionId: string, requestId: string, toIndex: number): void;
	moveCollection(collectionId: string, toIndex: number): void;

	/** Sets (or adds) a variable of the collection, or of one of its environments. */
	setVariable(collectionId: string, variable: Variable, environmentId?: string): void;
	/**
	Sets a variable from what is stored at the moment of writing (undefined: there is none),
	so that a change of its value keeps the secret flag another window set, and the other way
	round. `change` returning undefined leaves it as it is.
	*/
	updateVariable(collectionId: string, name: string, change: (current: Variable | undefined) => Variable | undefined, environmentId?: string): void;
	deleteVariable(collectionId: string, name: string, environmentId?: string): void;

	addEnvironment(collectionId: string, fields?: {name?: string; variables?: Variable[]}): Environment;
	renameEnvironment(collectionId: string, environmentId: string, name: string): Environment;
	deleteEnvironment(collectionId: string, environmentId: string): void;

	settings(): AppSettings;
	updateSettings(change: (settings: AppSettings) => AppSettings): AppSettings;

	/**
	Calls `listener` after every change made through this store, when another process
	changed the file (checked every half second while anyone listens), and when a new
	notice is added (a response of the history set aside as damaged).
	@returns a function that removes the listener.
	*/
	onChange(listener: () => void): () => void;
	/** Stops watching the file. */
	close(): void;
};

export const storeFileName = 'curlew';

/** $CURLEW_CONFIG_DIR when set; otherwise the per-user config folder for "curlew" (~/.config/curlew on Linux), where curlew kept it when it wrote through conf. */
function configDirFromEnvironment(): string {
	const fromEnvironment = process.env.CURLEW_CONFIG_DIR;
	return fromEnvironment === undefined || fromEnvironment === '' ? envPaths('curlew', {suffix: ''}).config : path.resolve(fromEnvironment);
}

export function openStore(options: StoreOptions = {}): Store {
	return new FileStore(options.configDir ?? configDirFromEnvironment(), options.seed ?? true, options.sizeLimitBytes ?? storeSizeLimit);
}

type Snapshot = {stamp: string; document: StoreDocument};

class FileStore implements Store {
	readonly path: string;
	readonly directory: string;
	readonly notices: string[] = [];
	readonly history: ResponseHistory;
	private readonly file: TextFile;
	private snapshot: Snapshot;
	private readonly listeners = new Set<() => void>();
	private watcher: NodeJS.Timeout | undefined;

	constructor(directory: string, seed: boolean, sizeLimit: number) {
		this.file = new TextFile(directory, storeFileName, sizeLimit);
		this.path = this.file.path;
		this.directory = path.dirname(this.path);
		this.history = new ResponseHistory(this.directory, notice => {
			this.tell(notice);
		});
		this.snapshot = saying(this.path, () => {
			fs.mkdirSync(directory, {recursive: true, mode: 0o700});
			return withFileLock(this.path, () => {
				this.tidyAtStart();
				const loaded = this.loadAtStart();
				if (seed && loaded.collections.length === 0 && !loaded.settings.seeded) {
					loaded.collections.push(gettingStarted());
					loaded.settings.seeded = true;
					return this.write(loaded);
				}

				return {stamp: this.stamp(), document: deepFreeze(loaded)};
			});
		});
	}

	collections(): Collection[] {
		return this.current().collections;
	}

	getCollection(id: string): Collection | undefined {
		return this.current().collections.find(collection => collection.id === id);
	}

	findCollection(nameOrId: string): Collection | undefined {
		return findByNameOrId(this.current().collections, nameOrId);
	}

	createCollection(fields: Partial<Collection> = {}): Collection {
		return this.mutate(document => {
			const collection = withNewIds(newCollection(structuredClone(fields)));
			for (const variables of variableLists(collection)) {
				assertValues(variables);
			}

			collection.name = uniqueName(checkedName(collection.name, 'collection'), document.collections.map(existing => existing.name));
			collection.requests = withUniqueNames(collection.requests);
			collection.environments = withUniqueNames(collection.environments);
			document.collections.push(collection);
			return collection.id;
		}, (document, id) => collectionIn(document, id));
	}

	updateCollection(id: string, change: (collection: Collection) => Collection): Collection {
		return this.mutate(document => {
			const index = document.collections.indexOf(collectionIn(document, id));
			document.collections[index] = {...change(document.collections[index]!), id};
			return id;
		}, (document, id) => collectionIn(document, id));
	}

	renameCollection(id: string, name: string): Collection {
		return this.mutate(document => {
			const collection = collectionIn(document, id);
			const wanted = checkedName(name, 'collection');
			const clash = namedLike(document.collections, id, wanted);
			if (clash !== undefined) {
				throw new StoreError(nameTaken(clash, 'collection'));
			}

			collection.name = wanted;
			return id;
		}, (document, id) => collectionIn(document, id));
	}

	deleteCollection(id: string): void {
		const removed = this.mutate(document => {
			const collection = collectionIn(document, id);
			document.collections = document.collections.filter(other => other.id !== id);
			forgetSelection(document.settings, collection.requests.map(request => request.id), id);
			return collection.requests.map(request => request.id);
		});
		for (const requestId of removed) {
			this.history.remove(requestId);
		}
	}

	addRequest(collectionId: string, fields: Partial<Request> = {}, index?: number): Request {
		return this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			const request = createRequest({...structuredClone(fields), id: newId()});
			request.name = uniqueName(checkedName(request.name, 'request'), collection.requests.map(existing => existing.name));
			collection.requests.splice(clampIndex(index ?? collection.requests.length, collection.requests.length), 0, request);
			return request.id;
		}, (document, requestId) => requestIn(collectionIn(document, collectionId), requestId));
	}

	updateRequest(collectionId: string, requestId: string, change: (request: Request) => Request): Request {
		return this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			const index = collection.requests.indexOf(requestIn(collection, requestId));
			const oldName = collection.requests[index]!.name;
			const request = {...change(collection.requests[index]!), id: requestId};
			// Only a new name is checked: a store that already holds twins lets either be edited.
			if (request.name !== oldName) {
				request.name = checkedName(request.name, 'request');
				const clash = namedLike(collection.requests, requestId, request.name);
				if (clash !== undefined) {
					throw new StoreError(nameTaken(clash, 'request', collection));
				}
			}

			collection.requests[index] = request;
			return requestId;
		}, (document, id) => requestIn(collectionIn(document, collectionId), id));
	}

	duplicateRequest(collectionId: string, requestId: string): Request {
		return this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			const original = requestIn(collection, requestId);
			const copy: Request = {...structuredClone(original), id: newId(), name: uniqueName(original.name, collection.requests.map(existing => existing.name))};
			collection.requests.splice(collection.requests.indexOf(original) + 1, 0, copy);
			return copy.id;
		}, (document, id) => requestIn(collectionIn(document, collectionId), id));
	}

	deleteRequest(collectionId: string, requestId: string): void {
		this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			requestIn(collection, requestId);
			collection.requests = collection.requests.filter(request => request.id !== requestId);
			forgetSelection(document.settings, [requestId]);
		});
		this.history.remove(requestId);
	}

	moveRequest(collectionId: string, requestId: string, toIndex: number): void {
		this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			const request = requestIn(collection, requestId);
			collection.requests = collection.requests.filter(other => other !== request);
			collection.requests.splice(clampIndex(toIndex, collection.requests.length), 0, request);
		});
	}

	moveCollection(collectionId: string, toIndex: number): void {
		this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			document.collections = document.collections.filter(other => other !== collection);
			document.collections.splice(clampIndex(toIndex, document.collections.length), 0, collection);
		});
	}

	setVariable(collectionId: string, variable: Variable, environmentId?: string): void {
		this.updateVariable(collectionId, variable.name, () => variable, environmentId);
	}

	updateVariable(collectionId: string, name: string, change: (current: Variable | undefined) => Variable | undefined, environmentId?: string): void {
		this.mutate(document => {
			const list = variablesIn(collectionIn(document, collectionId), environmentId);
			const index = list.findIndex(existing => existing.name === name);
			const variable = change(index === -1 ? undefined : structuredClone(list[index]!));
			if (variable === undefined) {
				return;
			}

			assertVariableName(variable.name);
			// A value the store already holds is kept as it is (marking it secret, say): an older curlew may have let it in.
			if (index === -1 || !valuesEqual(list[index]!.value, variable.value)) {
				assertValues([variable]);
			}

			const stored: Variable = {name: variable.name, value: structuredClone(variable.value)};
			if (variable.secret) {
				stored.secret = true;
			}

			if (index === -1) {
				list.push(stored);
			} else {
				list[index] = stored;
			}
		});
	}

	deleteVariable(collectionId: string, name: string, environmentId?: string): void {
		this.mutate(document => {
			const list = variablesIn(collectionIn(document, collectionId), environmentId);
			const index = list.findIndex(existing => existing.name === name);
			if (index !== -1) {
				list.splice(index, 1);
			}
		});
	}

	addEnvironment(collectionId: string, fields: {name?: string; variables?: Variable[]} = {}): Environment {
		return this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			assertValues(fields.variables ?? []);
			const environment: Environment = {
				id: newId(),
				name: uniqueName(checkedName(fields.name ?? 'New environment', 'environment'), collection.environments.map(existing => existing.name)),
				variables: structuredClone(fields.variables ?? []),
			};
			collection.environments.push(environment);
			return environment.id;
		}, (document, id) => environmentIn(collectionIn(document, collectionId), id));
	}

	renameEnvironment(collectionId: string, environmentId: string, name: string): Environment {
		return this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			const environment = environmentIn(collection, environmentId);
			const wanted = checkedName(name, 'environment');
			const clash = namedLike(collection.environments, environmentId, wanted);
			if (clash !== undefined) {
				throw new StoreError(nameTaken(clash, 'environment', collection));
			}

			environment.name = wanted;
			return environmentId;
		}, (document, id) => environmentIn(collectionIn(document, collectionId), id));
	}

	deleteEnvironment(collectionId: string, environmentId: string): void {
		this.mutate(document => {
			const collection = collectionIn(document, collectionId);
			environmentIn(collection, environmentId);
			collection.environments = collection.environments.filter(environment => environment.id !== environmentId);
			if (document.settings.selectedEnvironments[collectionId] === environmentId) {
				delete document.settings.selectedEnvironments[collectionId];
			}
		});
	}

	settings(): AppSettings {
		return this.current().settings;
	}

	updateSettings(change: (settings: AppSettings) => AppSettings): AppSettings {
		return this.mutate(document => {
			document.settings = change(document.settings);
		}, document => document.settings);
	}

	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		this.watch();
		return () => {
			this.listeners.delete(listener);
		};
	}

	close(): void {
		this.listeners.clear();
		clearInterval(this.watcher);
		this.watcher = undefined;
	}

	/**
	Re-reads the file under the lock, lets `change` edit a mutable copy, checks and writes
	the result. `pick` chooses what to return from the frozen, written document.
	*/
	private mutate<K>(change: (document: StoreDocument) => K): K;
	private mutate<K, R>(change: (document: StoreDocument) => K, pick: (document: StoreDocument, key: K) => R): R;
	private mutate<K, R>(change: (document: StoreDocument) => K, pick?: (document: StoreDocument, key: K) => R): K | R {
		const {key, snapshot} = saying(this.path, () => withFileLock(this.path, () => {
			const document = structuredClone(this.freshUnderLock());
			const key = change(document);
			return {key, snapshot: this.write(document)};
		}));
		this.snapshot = snapshot;
		this.emit();
		return pick === undefined ? key : pick(snapshot.document, key);
	}

	/** Checks the document by reading its serialized form back, then writes it. */
	private write(document: StoreDocument): Snapshot {
		const text = serializeDocument(document);
		const checked = readDocument(migrate(JSON.parse(text) as unknown).document);
		this.file.write(text);
		return {stamp: this.stamp(), document: deepFreeze(checked)};
	}

	/** The document as on disk; while the file cannot be read, the last good copy (the next change deals with it). */
	private current(): StoreDocument {
		try {
			return this.refresh();
		} catch (error) {
			if (isDamage(error) || error instanceof StoreError) {
				return this.snapshot.document;
			}

			throw error;
		}
	}

	private freshUnderLock(): StoreDocument {
		try {
			return this.refresh();
		} catch (error) {
			if (!isDamage(error)) {
				throw error;
			}

			const kept = keepAside(this.path);
			this.notices.push(`${this.path} was damaged while curlew was running (${error.message}): it was kept as ${kept}, and curlew saved its own last good copy in its place.`);
			return this.snapshot.document;
		}
	}

	private refresh(): StoreDocument {
		if (this.stamp() !== this.snapshot.stamp) {
			this.snapshot = this.readSnapshot();
		}

		return this.snapshot.document;
	}

	private readSnapshot(): Snapshot {
		const stamp = this.stamp();
		const text = this.file.read();
		if (text === undefined) {
			return {stamp, document: deepFreeze(emptyDocument())};
		}

		return {stamp, document: deepFreeze(readDocument(migrate(parseJsonText(text)).document))};
	}

	/**
	Under the lock: removes the temporary files of a curlew killed mid-write, the store's and
	the history's, and makes the file 0600 again if it was opened up (it holds secrets).
	*/
	private tidyAtStart(): void {
		removeOrphanedTemporaries(this.directory);
		removeOrphanedTemporaries(this.history.directory);
		// An earlier curlew wrote through conf, to `curlew.json.tmp-<random>`: under the lock, no such write is under way.
		const base = path.basename(this.path);
		for (const name of fs.readdirSync(this.directory)) {
			if (name.startsWith(`${base}.tmp-`)) {
				removeFile(path.join(this.directory, name));
			}
		}

		const stat = fs.statSync(this.path, {throwIfNoEntry: false});
		if (stat?.isFile() === true && (stat.mode & 0o077) !== 0) {
			fs.chmodSync(this.path, 0o600);
		}
	}

	/** Runs once, under the lock: migrates an old layout, or keeps a damaged file aside. */
	private loadAtStart(): StoreDocument {
		const text = this.file.read();
		if (text === undefined) {
			return emptyDocument();
		}

		try {
			const {document, from} = migrate(parseJsonText(text));
			const loaded = readDocument(document);
			if (from < schemaVersion) {
				const backup = `${this.path}.schema-${from}.bak`;
				fs.copyFileSync(this.path, backup);
				fs.chmodSync(backup, 0o600);
				this.write(loaded);
				this.notices.push(`The store was upgraded from layout ${from} to ${schemaVersion}; the old file was kept as ${backup}.`);
			}

			return structuredClone(loaded);
		} catch (error) {
			if (!isDamage(error)) {
				throw error;
			}

			const kept = keepAside(this.path);
			// Not "import it": curlew import reads collection files, not the store's own.
			this.notices.push(`${this.path} could not be read (${error.message}): it was kept as ${kept} and curlew started with a new store. To get back what it held, close every curlew window, fix ${kept} and move it back to ${this.path}, replacing the new one; or delete it. Nothing else was changed.`);
			return emptyDocument();
		}
	}

	/** Identifies the file's version on disk: an atomic write makes a new inode. */
	private stamp(): string {
		try {
			const stats = fs.statSync(this.path);
			return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
		} catch {
			return 'absent';
		}
	}

	/**
	Looks at the file twice a second, against what this store last read. fs.watchFile would
	compare it with its own first look, which it takes a moment after being asked: a write
	by another instance in that moment went unseen.
	*/
	private watch(): void {
		if (this.watcher !== undefined) {
			return;
		}

		this.watcher = setInterval(() => {
			const before = this.snapshot;
			this.current();
			if (this.snapshot !== before) {
				this.emit();
			}
		}, 500);
		this.watcher.unref();
	}

	/**
	A notice of the history's (a response file set aside), heard by listeners as a change is:
	once the read that found it is over, since a view may be drawing.
	*/
	private tell(notice: string): void {
		this.notices.push(notice);
		if (this.listeners.size > 0) {
			setImmediate(() => {
				this.emit();
			});
		}
	}

	private emit(): void {
		for (const listener of this.listeners) {
			listener();
		}
	}
}

/** The file is not JSON, or not a valid store: what gets a file kept aside. */
function isDamage(error: unknown): error is JsonSyntaxError | FieldError {
	return error instanceof JsonSyntaxError || error instanceof FieldError;
}

function collectionIn(document: StoreDocument, id: string): Collection {
	const collection = document.collections.find(candidate => candidate.id === id);
	if (collection === undefined) {
		throw new StoreError(`There is no collection with id ${JSON.stringify(id)}: it may have been deleted in another curlew window`);
	}

	return collection;
}

function requestIn(collection: Collection, id: string): Request {
	const request = collection.requests.find(candidate => candidate.id === id);
	if (request === undefined) {
		throw new StoreError(`Collection "${collection.name}" has no request with id ${JSON.stringify(id)}: it may have been deleted in another curlew window`);
	}

	return request;
}

function environmentIn(collection: Collection, id: string): Environment {
	const environment = collection.environments.find(candidate => candidate.id === id);
	if (environment === undefined) {
		throw new StoreError(`Collection "${collection.name}" has no environment with id ${JSON.stringify(id)}: it may have been deleted in another curlew window`);
	}

	return environment;
}

function variablesIn(collection: Collection, environmentId: string | undefined): Variable[] {
	return environmentId === undefined ? collection.variables : environmentIn(collection, environmentId).variables;
}

/** Every list of variables a collection holds: its own, its environments', its folders' and its requests'. */
function variableLists(collection: Collection): Variable[][] {
	return [
		collection.variables,
		...collection.environments.map(environment => environment.variables),
		...(collection.folders ?? []).map(folder => folder.variables),
		...collection.requests.map(request => request.variables ?? []),
	];
}

/** Refuses, naming it, the first variable whose value is none (see validateValue). */
function assertValues(variables: readonly Variable[]): void {
	for (const {name, value} of variables) {
		assertVariableValue(name, value);
	}
}

/** A new name as it is kept (without surrounding spaces); a StoreError says why one that cannot be is refused. */
function checkedName(name: string, what: string): string {
	const problem = itemNameProblem(name, what);
	if (problem !== undefined) {
		throw new StoreError(capitalize(problem));
	}

	return name.trim();
}


/** `items` with every repeat of an exact name made unique (see uniqueNames). */
function withUniqueNames<T extends {name: string}>(items: readonly T[]): T[] {
	const names = uniqueNames(items.map(item => item.name));
	return items.map((item, index) => ({...item, name: names[index]!}));
}

function clampIndex(index: number, length: number): number {
	return Math.max(0, Math.min(Math.trunc(index), length));
}

function forgetSelection(settings: AppSettings, requestIds: string[], collectionId?: string): void {
	if (collectionId !== undefined) {
		delete settings.selectedEnvironments[collectionId];
		if (settings.lastCollectionId === collectionId) {
			delete settings.lastCollectionId;
		}
	}

	if (settings.lastRequestId !== undefined && requestIds.includes(settings.lastRequestId)) {
		delete settings.lastRequestId;
	}
}

function withNewIds(collection: Collection): Collection {
	return {
		...collection,
		id: newId(),
		requests: collection.requests.map(request => ({...request, id: newId()})),
		environments: collection.environments.map(environment => ({...environment, id: newId()})),
	};
}

function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) {
			deepFreeze(child);
		}
	}

	return value;
}

/** Runs `action`; a file system error on the way (a file with no permission, a full disk) is a StoreError that says what to do. */
function saying<T>(path: string, action: () => T): T {
	try {
		return action();
	} catch (error) {
		throw fileStoreError(error, path) ?? error;
	}
}
