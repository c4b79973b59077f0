/**
Reads a Bruno collection (the files of its folder: bruno.json, collection.bru, a .bru file
per request in folders, environments/*.bru) into curlew's model, parsing each .bru file
with @usebruno/lang, Bruno's own parser; or one Bruno saved in YAML (opencollection.yml,
folder.yml, a .yml file per request, environments/*.yml), read by opencollection-yaml.ts
into the same shapes.

A request in folders is named `Folder / Request`; folder.bru's variables are that folder's
(see Folder in the model), its headers and scripts are folded into its requests, and its auth
copied into those that inherit it; collection.bru's headers are folded in too (its scripts,
variables and auth are the collection's: a request that inherits keeps inheriting it).
Bearer, basic, digest and API key auth are kept as auth, computed when sending. A request's
vars:pre-request are its own variables, its vars:post-response (after those of its
collection and folders) its post-response variables, its assert block its assertions, its
settings block its settings. Tests are appended to the post-response script, where test()
and expect() run as in Bruno. Multipart, file and GraphQL bodies keep their kind, a relative
file path read from the collection's folder.
Scripts are kept verbatim; a note names each that calls what curlew does not run.
*/
import path from 'node:path';
import lang, {type BruAuth, type BruEnvironment, type BruFolder, type BruPair, type BruRequest} from '@usebruno/lang';
import {assertOperators, bodyOf, createCollection, createRequest, defaultSettings, httpMethods, newId, unaryAssertOperators, type Assertion, type AssertOperator, type Body, type Environment, type Folder, type FormField, type Header, type HttpMethod, type MultipartPart, type Request, type RequestAuth, type RequestSettings, type ResponseVariable, type Variable, maxTimeoutMs} from '../model.js';
import {validateVariableName} from '../values.js';
import {collectionAuthOf, inheritedAuth, unsupportedAuthNote, type InheritedAuth} from './auth-import.js';
import {expectObject, FieldError} from './field-error.js';
import {parseOpenCollectionEnvironment, parseOpenCollectionFolder, parseOpenCollectionRequest, parseOpenCollectionRoot} from './opencollection-yaml.js';
import type {ImportedCollection} from './imported.js';
import {foldScripts} from './fold-scripts.js';
import {withBackslashesKept} from './literal-text.js';
import {findHeader} from './header-list.js';
import {itemNameProblem} from './item-name.js';
import {parseJsonText} from './json-text.js';
import {scriptFilePath} from './read-model.js';
import {brunoApi, scriptsToPort} from './scripts-to-port.js';
import type {BrunoFile} from './bruno-file.js';

export type {BrunoFile} from './bruno-file.js';

/** What a folder hands down to the requests in it. */
type Inherited = {
	/** The collection's folder, which relative file paths are read from. */
	collectionFolder: string | undefined;
	names: string[];
	headers: Header[];
	auth: InheritedAuth;
	preRequest: string[];
	postResponse: string[];
	/** The collection's and the folders' vars:post-response, outermost first: Bruno sets them for each request. */
	responseVariables: ResponseVariable[];
};

/** What the reading of the folders gathers. */
type Reading = {requests: Request[]; folders: Map<string, Folder>; notes: string[]};

/** A folder of the collection: the request files directly in it, its folder file, and its subfolders by name. */
type FolderNode = {files: BrunoFile[]; folders: Map<string, FolderNode>; folderFile?: BrunoFile};

/** How a Bruno collection of one kind of file is laid out and read. */
type BrunoLayout = {
	/** The file at the top that marks the collection, names it and says which folders to skip. */
	manifest: string;
	/** What the requests' files, the folders' and the environments' end with. */
	extension: string;
	folderFile: string;
	/** The file of the collection's own headers, auth, variables and scripts (for .bru, collection.bru; for YAML, the manifest). */
	rootFile: string;
	readManifest(file: BrunoFile): {name: unknown};
	readRoot(file: BrunoFile): BruFolder;
	readRequest(file: BrunoFile): BruRequest;
	readFolder(file: BrunoFile): BruFolder;
	readEnvironment(file: BrunoFile): {name: string; environment: BruEnvironment};
};

const classicLayout: BrunoLayout = {
	manifest: 'bruno.json',
	extension: '.bru',
	folderFile: 'folder.bru',
	rootFile: 'collection.bru',
	readManifest: file => ({name: expectObject(parseManifest(file.text), 'bruno.json').name}),
	readRoot: file => parseBru(file, text => lang.collectionBruToJson(text)),
	readRequest: file => parseBru(file, text => lang.bruToJsonV2(text)),
	readFolder: file => parseBru(file, text => lang.collectionBruToJson(text)),
	readEnvironment: file => ({name: path.posix.parse(file.path).name, environment: parseBru(file, text => lang.bruToEnvJsonV2(text))}),
};

const yamlLayout: BrunoLayout = {
	manifest: 'opencollection.yml',
	extension: '.yml',
	folderFile: 'folder.yml',
	rootFile: 'opencollection.yml',
	readManifest: parseOpenCollectionRoot,
	readRoot: file => parseOpenCollectionRoot(file).root,
	readRequest: parseOpenCollectionRequest,
	readFolder: parseOpenCollectionFolder,
	readEnvironment: parseOpenCollectionEnvironment,
};

/** The layout of a collection whose top holds these files: bruno.json for .bru files, else opencollection.yml for YAML ones. */
export function brunoLayoutOf(topFiles: readonly string[]): BrunoLayout | undefined {
	return [classicLayout, yamlLayout].find(layout => topFiles.includes(layout.manifest));
}

/**
@param files every file of the folder curlew reads: bruno.json and .bru files (or
opencollection.yml and .yml files), and `.env` (only its presence counts: its secrets are not
read).
@throws FieldError naming the file (and the line, for a file Bruno's parser or YAML refuses).
*/
export type BrunoReadOptions = {
	/** The collection's folder: a relative file path in a body is made absolute from there, as Bruno reads it. Without it, paths stay as written. */
	folder?: string;
};

export function readBrunoCollection(files: readonly BrunoFile[], {folder}: BrunoReadOptions = {}): ImportedCollection {
	const layout = brunoLayoutOf(files.map(file => file.path));
	if (layout === undefined) {
		throw new FieldError('bruno.json', 'is missing: a Bruno collection folder has one (or opencollection.yml, when Bruno saves it in YAML)');
	}

	const manifest = layout.readManifest(files.find(file => file.path === layout.manifest)!);
	const name = checkedName(manifest.name, `${layout.manifest}: ${layout === yamlLayout ? 'info.name' : 'name'}`, 'collection');
	const notes: string[] = [];
	if (files.some(file => file.path === '.env')) {
		notes.push('.env was not read: curlew reads {{process.env.NAME}} from the environment it runs in, so export those variables before running curlew, and allow each with curlew env allow NAME');
	}

	const rootFile = files.find(file => file.path === layout.rootFile);
	const root: BruFolder = rootFile === undefined ? {} : layout.readRoot(rootFile);
	const rootName = layout.rootFile;
	const variables = readVariables(root.vars?.req ?? [], rootName, notes);
	const collectionResponseVariables = readResponseVariables(root.vars?.res, rootName, notes);
	if (collectionResponseVariables.length > 0) {
		notes.push(`${rootName}: its post-response variables were given to each request, to set before its own`);
	}

	if ((root.headers ?? []).some(header => header.enabled)) {
		notes.push(`${rootName}: its headers were added to each request: curlew has no collection headers`);
	}

	noteHooks(root, rootName, notes);
	const collectionTests = root.tests?.trim() ?? '';
	if (collectionTests !== '') {
		notes.push(`${rootName}: its tests were appended to the collection's post-response script, where test() and expect() run as in Bruno`);
	}

	const isEnvironment = (file: BrunoFile) => file.path.startsWith('environments/') && !file.path.slice('environments/'.length).includes('/') && file.path.endsWith(layout.extension);
	const environments = files.filter(file => isEnvironment(file)).map(file => readEnvironment(layout, file, notes));
	const tree = folderTree(layout, files.filter(file => file.path.endsWith(layout.extension) && file.path !== layout.rootFile && file.path !== layout.manifest && !file.path.startsWith('environments/')));
	const reading: Reading = {requests: [], folders: new Map(), notes};
	const collectionAuth = collectionAuthOf(root.auth === undefined ? undefined : authOf(root.auth, rootName, notes));
	readFolder(layout, tree, '', {collectionFolder: folder, names: [], headers: enabledHeaders(root.headers), auth: {from: 'collection', auth: collectionAuth}, preRequest: [], postResponse: [], responseVariables: collectionResponseVariables}, reading);
	const scriptFiles = readScriptFiles(files);
	const collection = createCollection({
		name,
		variables,
		environments,
		scripts: {preRequest: root.script?.req ?? '', postResponse: foldScripts([root.script?.res ?? '', collectionTests])},
		requests: reading.requests,
		...(collectionAuth === undefined ? {} : {auth: collectionAuth}),
		...(reading.folders.size === 0 ? {} : {folders: [...reading.folders.values()]}),
		...(Object.keys(scriptFiles).length === 0 ? {} : {scriptFiles}),
	});
	return withBackslashesKept({collection, notes: [...notes, ...scriptsToPort(collection, brunoApi)]});
}

/** The folder's .js files, which its scripts may require (`require('./lib/sign.js')`): kept in the collection, read from there. */
function readScriptFiles(files: readonly BrunoFile[]): Record<string, string> {
	const scriptFiles: Record<string, string> = {};
	for (const file of files) {
		if (file.path.endsWith('.js') && scriptFilePath.test(file.path)) {
			Object.defineProperty(scriptFiles, file.path, {value: file.text, enumerable: true, writable: true, configurable: true});
		}
	}

	return scriptFiles;
}

function folderTree(layout: BrunoLayout, files: readonly BrunoFile[]): FolderNode {
	const root: FolderNode = {files: [], folders: new Map()};
	for (const file of files) {
		const parts = file.path.split('/');
		let node = root;
		for (const part of parts.slice(0, -1)) {
			let child = node.folders.get(part);
			if (child === undefined) {
				child = {files: [], folders: new Map()};
				node.folders.set(part, child);
			}

			node = child;
		}

		if (parts.at(-1) === layout.folderFile) {
			node.folderFile = file;
		} else {
			node.files.push(file);
		}
	}

	return root;
}

/** The folder's requests in Bruno's order (by seq, then name), then its subfolders' (by their seq, then name). */
function readFolder(layout: BrunoLayout, node: FolderNode, folderPath: string, inherited: Inherited, reading: Reading): void {
	const {notes} = reading;
	const parsed = node.files.map(file => ({file, request: layout.readRequest(file)}));
	parsed.sort((a, b) => bySeq(a.request.meta, b.request.meta, a.file.path, b.file.path));
	for (const {file, request} of parsed) {
		const read = readRequest(file, request, inherited, notes);
		if (read !== undefined) {
			reading.requests.push(read);
		}
	}

	const folders = [...node.folders.entries()].map(([name, child]) => ({
		name,
		child,
		folder: child.folderFile === undefined ? {} : layout.readFolder(child.folderFile),
	}));
	folders.sort((a, b) => bySeq(a.folder.meta, b.folder.meta, a.name, b.name));
	for (const {name, child, folder} of folders) {
		const childPath = folderPath === '' ? name : `${folderPath}/${name}`;
		const folderName = checkedName(folder.meta?.name ?? name, child.folderFile?.path ?? childPath, 'folder');
		const names = [...inherited.names, folderName];
		const where = `folder "${names.join(' / ')}"`;
		addFolderVariables(reading.folders, names.join(' / '), readVariables(folder.vars?.req ?? [], where, notes), where, notes);
		const responseVariables = readResponseVariables(folder.vars?.res, where, notes);
		if (responseVariables.length > 0) {
			notes.push(`${where}: its post-response variables were given to each of its requests, to set before their own`);
		}

		noteHooks(folder, where, notes);
		if (folder.tests?.trim()) {
			notes.push(`${where}: its tests were left out: curlew has no folders; copy them into the post-response scripts of its requests, where test() and expect() run as in Bruno`);
		}

		readFolder(layout, child, childPath, {
			collectionFolder: inherited.collectionFolder,
			names,
			headers: [...withoutOverridden(inherited.headers, enabledHeaders(folder.headers)), ...enabledHeaders(folder.headers)],
			// curlew has no folder auth: a folder's own is copied into each request of it that inherits.
			auth: folder.auth?.mode === undefined || folder.auth.mode === 'inherit' ? inherited.auth : {from: 'folder', auth: authOf(folder.auth, where, notes)},
			preRequest: [...inherited.preRequest, folder.script?.req ?? ''],
			// Bruno runs a folder's post-response script after its requests' own.
			postResponse: [folder.script?.res ?? '', ...inherited.postResponse],
			responseVariables: [...inherited.responseVariables, ...responseVariables],
		}, reading);
	}
}

/** Two folders of one name (in Bruno, a folder.bru's name need not be its directory's) are one folder in curlew: their variables together, the later one's winning. */
function addFolderVariables(folders: Map<string, Folder>, path: string, variables: Variable[], where: string, notes: string[]): void {
	if (variables.length === 0) {
		return;
	}

	const taken = folders.get(path);
	if (taken === undefined) {
		folders.set(path, {path, variables});
		return;
	}

	notes.push(`${where}: two folders have this name: curlew keeps their variables together, the later folder's winning`);
	const names = new Set(variables.map(variable => variable.name));
	taken.variables = [...taken.variables.filter(variable => !names.has(variable.name)), ...variables];
}

function bySeq(a: {seq?: string} | undefined, b: {seq?: string} | undefined, nameA: string, nameB: string): number {
	const seqA = Number(a?.seq ?? Number.POSITIVE_INFINITY);
	const seqB = Number(b?.seq ?? Number.POSITIVE_INFINITY);
	return seqA === seqB ? nameA.localeCompare(nameB) : (Number.isNaN(seqA) ? Infinity : seqA) - (Number.isNaN(seqB) ? Infinity : seqB);
}

function readRequest(file: BrunoFile, bru: BruRequest, inherited: Inherited, notes: string[]): Request | undefined {
	const name = [...inherited.names, checkedName(bru.meta?.name ?? path.posix.parse(file.path).name, file.path, 'request')].join(' / ');
	const where = `request "${name}"`;
	const type = bru.meta?.type ?? 'http';
	if (type !== 'http' && type !== 'graphql') {
		notes.push(`${where} was left out: it is a ${type} request, and curlew sends HTTP`);
		return undefined;
	}

	const method = (bru.http?.method ?? 'get').toUpperCase();
	if (!httpMethods.includes(method as HttpMethod)) {
		notes.push(`${where} was left out: its method ${method} is not one curlew sends (${httpMethods.join(', ')})`);
		return undefined;
	}

	let url = bru.http?.url ?? '';
	for (const parameter of bru.params ?? []) {
		if (parameter.type === 'path' && parameter.enabled && parameter.value !== '') {
			url = url.replace(new RegExp(`/:${parameter.name.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#]|$)`), () => `/${parameter.value}`);
		}
	}

	const own = (bru.headers ?? []).map(({name: headerName, value, enabled}) => ({name: headerName, value, enabled}));
	const headers = [...withoutOverridden(inherited.headers, own), ...own];
	const mode = bru.http?.auth ?? 'none';
	const auth = mode === 'inherit' ? inheritedAuth(inherited.auth) : authOf({...bru.auth, mode}, where, notes);

	noteHooks(bru, where, notes);
	const variables = readVariables(bru.vars?.req ?? [], where, notes);
	const postResponseVariables = [...inherited.responseVariables, ...readResponseVariables(bru.vars?.res, where, notes)];
	const asserts = (bru.assertions ?? []).map(readAssertion);
	const settings = readRequestSettings(bru.settings, where, notes);
	const tests = bru.tests?.trim() ?? '';
	if (tests !== '') {
		notes.push(`${where}: its tests were appended to its post-response script, where test() and expect() run as in Bruno`);
	}

	return createRequest({
		name,
		method: method as HttpMethod,
		url,
		headers,
		...(auth === undefined || auth.type === 'none' ? {} : {auth}),
		body: readBody(bru, headers, {where, notes, folder: inherited.collectionFolder}),
		scripts: {
			preRequest: foldScripts([...inherited.preRequest, bru.script?.req ?? '']),
			postResponse: foldScripts([bru.script?.res ?? '', tests, ...inherited.postResponse]),
		},
		...(variables.length === 0 ? {} : {variables}),
		...(postResponseVariables.length === 0 ? {} : {postResponseVariables}),
		...(asserts.length === 0 ? {} : {asserts}),
		...(settings === undefined ? {} : {settings}),
	});
}

/**
An assert line (`res.status: eq 200`) as Bruno reads it: the first word of its value is the
operator when it is one (an operator that compares with nothing drops the rest), else the
whole value is compared with eq.
*/
export function readAssertion({name, value, enabled}: BruPair): Assertion {
	const [first = '', ...rest] = value.trim().split(' ');
	if (assertOperators.includes(first as AssertOperator)) {
		const operator = first as AssertOperator;
		return {expression: name, operator, value: unaryAssertOperators.has(operator) ? '' : rest.join(' '), enabled};
	}

	return {expression: name, operator: 'eq', value, enabled};
}

/** The settings block's settings curlew keeps (a timeout of 0 or inherit is the collection's); encodeUrl: false is a note. */
export function readRequestSettings(settings: BruRequest['settings'], where: string, notes: string[]): RequestSettings | undefined {
	if (settings === undefined) {
		return undefined;
	}

	const kept: RequestSettings = {};
	if (typeof settings.followRedirects === 'boolean' && settings.followRedirects !== defaultSettings.followRedirects) {
		kept.followRedirects = settings.followRedirects;
	}

	if (typeof settings.maxRedirects === 'number' && Number.isSafeInteger(settings.maxRedirects) && settings.maxRedirects >= 0) {
		kept.maxRedirects = settings.maxRedirects;
	}

	if (typeof settings.timeout === 'number' && settings.timeout > 0) {
		if (settings.timeout <= maxTimeoutMs) {
			kept.totalTimeoutMs = settings.timeout;
		} else {
			notes.push(`${where}: its timeout of ${settings.timeout} ms was left out: no timer waits longer than ${maxTimeoutMs} ms (24.8 days)`);
		}
	}

	if (settings.encodeUrl === false) {
		notes.push(`${where}: its setting encodeUrl: false was left out: curlew sends a URL as the URL standard writes it, percent-encoding a space or a character outside ASCII, whatever the setting`);
	}

	return Object.keys(kept).length === 0 ? undefined : kept;
}

function readBody(bru: BruRequest, headers: Header[], {where, notes, folder}: {where: string; notes: string[]; folder: string | undefined}): Body {
	const body = bru.body ?? {};
	const mode = bru.http?.body ?? 'none';
	const withContentType = (type: string, text: string | undefined): Body => {
		addContentType(headers, type);
		return {type: 'text', text: text ?? ''};
	};

	const filePath = (file: string) => folder === undefined || path.isAbsolute(file) ? file : path.join(folder, file);
	switch (mode) {
		case 'none': {
			return {type: 'none'};
		}

		case 'json': {
			return {type: 'json', text: body.json ?? ''};
		}

		case 'text': {
			return {type: 'text', text: body.text ?? ''};
		}

		case 'xml': {
			return withContentType('application/xml', body.xml);
		}

		case 'sparql': {
			return withContentType('application/sparql-query', body.sparql);
		}

		case 'formUrlEncoded': {
			return {type: 'form', fields: formFields(body.formUrlEncoded ?? [])};
		}

		case 'multipartForm': {
			// A file field may name several files: each is a part of that name, as Bruno sends them.
			const parts = (body.multipartForm ?? []).flatMap((field): MultipartPart[] => {
				const own = {...(field.contentType ? {contentType: field.contentType} : {}), ...(field.enabled ? {} : {enabled: false})};
				if (field.type !== 'file') {
					return [{type: 'text', name: field.name, value: String(field.value), ...own}];
				}

				const files = (Array.isArray(field.value) ? field.value : [field.value]).filter(file => file !== '');
				if (files.length === 0) {
					notes.push(`${where}: its file field "${field.name}" names no file and was left out: choose the file in curlew`);
				}

				return files.map(file => ({type: 'file', name: field.name, file: filePath(file), ...own}));
			});
			return {type: 'multipart', parts};
		}

		case 'file': {
			const chosen = (body.file ?? []).find(file => file.selected !== false && (file.filePath ?? '') !== '');
			if (chosen === undefined) {
				notes.push(`${where}: its file body names no file: choose one in curlew`);
				return {type: 'none'};
			}

			if (chosen.contentType) {
				addContentType(headers, chosen.contentType);
			}

			return {type: 'file', file: filePath(chosen.filePath!)};
		}

		case 'graphql': {
			return bodyOf('graphql', {text: body.graphql?.query ?? '', variables: body.graphql?.variables ?? ''});
		}

		default: {
			notes.push(`${where}: its ${mode} body was left out: curlew sends JSON, text, XML, form, multipart, file and GraphQL bodies`);
			return {type: 'none'};
		}
	}
}

/** A Content-Type header, unless the request has its own, as Bruno gives a body's type only to a request without one. */
function addContentType(headers: Header[], type: string): void {
	if (findHeader(headers, 'content-type') === undefined) {
		headers.push({name: 'Content-Type', value: type, enabled: true});
	}
}

function formFields(pairs: readonly BruPair[]): FormField[] {
	return pairs.map(({name, value, enabled}) => enabled ? {name, value} : {name, value, enabled: false});
}

/** curlew's auth for a Bruno auth setting; a kind curlew cannot send is none, with a note. */
function authOf(auth: BruAuth, where: string, notes: string[]): RequestAuth | undefined {
	switch (auth.mode) {
		case undefined:
		case 'none': {
			return undefined;
		}

		case 'inherit': {
			return {type: 'inherit'};
		}

		case 'bearer': {
			return {type: 'bearer', token: auth.bearer?.token ?? ''};
		}

		case 'basic': {
			return {type: 'basic', username: auth.basic?.username ?? '', password: auth.basic?.password ?? ''};
		}

		case 'digest': {
			return {type: 'digest', username: auth.digest?.username ?? '', password: auth.digest?.password ?? ''};
		}

		case 'apikey': {
			return {type: 'apikey', key: auth.apikey?.key ?? '', value: auth.apikey?.value ?? '', in: auth.apikey?.placement === 'queryparams' ? 'query' : 'header'};
		}

		default: {
			notes.push(unsupportedAuthNote(where, auth.mode));
			return undefined;
		}
	}
}

function readEnvironment(layout: BrunoLayout, file: BrunoFile, notes: string[]): Environment {
	const read = layout.readEnvironment(file);
	const name = checkedName(read.name, file.path, 'environment');
	const parsed = read.environment;
	const where = `environment "${name}"`;
	const variables = readVariables(parsed.variables ?? [], where, notes);
	for (const variable of parsed.variables ?? []) {
		if (variable.secret && variable.enabled && variable.value === '' && variables.some(kept => kept.name === variable.name)) {
			notes.push(`${where}: its secret variable "${variable.name}" has no value: Bruno keeps secret values outside the collection; set it in curlew`);
		}
	}

	return {id: newId(), name, variables};
}

/**
Enabled variables whose names curlew can use, as strings (Bruno's values are text); the others
are notes. Of a name given twice the later value is kept, as Bruno's interpolation does.
*/
function readVariables(pairs: ReadonlyArray<BruPair & {secret?: boolean}>, where: string, notes: string[]): Variable[] {
	const variables = new Map<string, Variable>();
	for (const {name, value, enabled, secret} of pairs) {
		const problem = validateVariableName(name);
		if (!enabled) {
			notes.push(`${where}: variable "${name}" was left out: it is disabled in Bruno`);
		} else if (problem === undefined) {
			if (variables.delete(name)) {
				notes.push(`${where}: variable "${name}" is defined twice: the later value was kept, as Bruno does`);
			}

			variables.set(name, secret ? {name, value, secret: true} : {name, value});
		} else {
			notes.push(`${where}: variable "${name}" was left out: ${problem}`);
		}
	}

	return [...variables.values()];
}

/** Bruno's hooks script (of a collection saved in YAML) has no place in curlew: a note. */
function noteHooks({script}: {script?: {hooks?: string}}, where: string, notes: string[]): void {
	if ((script?.hooks?.trim() ?? '') !== '') {
		notes.push(`${where}: its hooks script was left out: curlew runs pre-request and post-response scripts only; move what it does into one of those`);
	}
}

/** Enabled vars:post-response whose names curlew can use; the others are notes. */
function readResponseVariables(pairs: readonly BruPair[] | undefined, where: string, notes: string[]): ResponseVariable[] {
	return (pairs ?? []).flatMap(({name, value, enabled}) => {
		const problem = validateVariableName(name);
		if (!enabled) {
			notes.push(`${where}: post-response variable "${name}" was left out: it is disabled in Bruno`);
			return [];
		}

		if (problem !== undefined) {
			notes.push(`${where}: post-response variable "${name}" was left out: ${problem}`);
			return [];
		}

		return [{name, expression: value}];
	});
}

function enabledHeaders(pairs: readonly BruPair[] | undefined): Header[] {
	return (pairs ?? []).filter(pair => pair.enabled).map(({name, value}) => ({name, value, enabled: true}));
}

/** `inherited` without the headers `own` names, as a request's own header wins over its folder's and collection's. */
function withoutOverridden(inherited: readonly Header[], own: readonly Header[]): Header[] {
	const names = new Set(own.map(header => header.name.toLowerCase()));
	return inherited.filter(header => !names.has(header.name.toLowerCase()));
}


function parseManifest(text: string): unknown {
	try {
		return parseJsonText(text);
	} catch (error) {
		throw new FieldError('bruno.json', (error as Error).message);
	}
}

/** Runs a @usebruno/lang parser, its error turned into one line naming the file and where in it. */
function parseBru<T>(file: BrunoFile, parse: (text: string) => T): T {
	try {
		return parse(file.text);
	} catch (error) {
		const message = (error as Error).message;
		const place = /^Line (\d+), col (\d+):/.exec(message);
		const problem = message.split('\n').map(line => line.trim()).findLast(line => line !== '') ?? 'it is not a .bru file Bruno can read';
		throw new FieldError(file.path, place === null ? problem : `line ${place[1]!}, column ${place[2]!}: ${problem.replace(/^Expected/, 'expected')}`);
	}
}

function checkedName(value: unknown, field: string, what: string): string {
	if (typeof value !== 'string') {
		throw new FieldError(field, `expected the ${what}'s name, found ${value === undefined ? 'none' : typeof value}`);
	}

	const problem = itemNameProblem(value, what);
	if (problem !== undefined) {
		throw new FieldError(field, problem);
	}

	return value;
}
