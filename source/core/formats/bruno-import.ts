/**
Reads a Bruno collection (the files of its folder: bruno.json, collection.bru, a .bru file
per request in folders, environments/*.bru) into curlew's model, parsing each .bru file
with @usebruno/lang, Bruno's own parser.

curlew has no folders: a request is named `Folder / Request`; folder.bru's headers, scripts
and auth are folded into its requests, and collection.bru's headers too (its scripts,
variables and auth are the collection's: a request that inherits keeps inheriting it).
Bearer, basic, digest and API key auth are kept as auth, computed when sending. Request variables (vars:pre-request, vars:post-response),
assertions, tests and file bodies have no place in curlew: each is a note (tests are kept,
appended to the post-response script, to port).
Scripts are kept verbatim; a note names each that calls `bru.`.
*/
import path from 'node:path';
import lang, {type BruAuth, type BruFolder, type BruPair, type BruRequest} from '@usebruno/lang';
import {bodyOf, createCollection, createRequest, httpMethods, newId, type Body, type Environment, type FormField, type Header, type HttpMethod, type MultipartPart, type Request, type RequestAuth, type Variable} from '../model.js';
import {validateVariableName} from '../values.js';
import {collectionAuthOf, inheritedAuth, unsupportedAuthNote, type InheritedAuth} from './auth-import.js';
import {expectObject, FieldError} from './field-error.js';
import type {ImportedCollection} from './imported.js';
import {foldScripts} from './fold-scripts.js';
import {withBackslashesKept} from './literal-text.js';
import {findHeader} from './header-list.js';
import {itemNameProblem} from './item-name.js';
import {parseJsonText} from './json-text.js';
import {brunoApi, scriptsToPort} from './scripts-to-port.js';

/** A file of the collection's folder: its path from there, with `/` between folders. */
export type BrunoFile = {path: string; text: string};

/** What a folder hands down to the requests in it. */
type Inherited = {
	/** The collection's folder, which relative file paths are read from. */
	collectionFolder: string | undefined;
	names: string[];
	headers: Header[];
	auth: InheritedAuth;
	preRequest: string[];
	postResponse: string[];
};

/** A folder of the collection: the .bru files directly in it, and its subfolders by name. */
type FolderNode = {files: BrunoFile[]; folders: Map<string, FolderNode>; folderBru?: BrunoFile};

/**
@param files every file of the folder curlew reads: bruno.json, .bru files, and `.env` (only
its presence counts: its secrets are not read).
@throws FieldError naming the file (and the line, for a .bru file Bruno's parser refuses).
*/
export type BrunoReadOptions = {
	/** The collection's folder: a relative file path in a body is made absolute from there, as Bruno reads it. Without it, paths stay as written. */
	folder?: string;
};

export function readBrunoCollection(files: readonly BrunoFile[], {folder}: BrunoReadOptions = {}): ImportedCollection {
	const manifest = files.find(file => file.path === 'bruno.json');
	if (manifest === undefined) {
		throw new FieldError('bruno.json', 'is missing: a Bruno collection folder has one');
	}

	const name = checkedName(expectObject(parseManifest(manifest.text), 'bruno.json').name, 'bruno.json: name', 'collection');
	const notes: string[] = [];
	if (files.some(file => file.path === '.env')) {
		notes.push('.env was not read: curlew reads {{process.env.NAME}} from the environment it runs in, so export those variables before running curlew, and allow each with curlew env allow NAME');
	}

	const collectionFile = files.find(file => file.path === 'collection.bru');
	const root: BruFolder = collectionFile === undefined ? {} : parseBru(collectionFile, text => lang.collectionBruToJson(text));
	const variables = readVariables(root.vars?.req ?? [], 'collection.bru', notes);
	notePostResponseVariables(root.vars?.res, 'collection.bru', notes);
	if ((root.headers ?? []).some(header => header.enabled)) {
		notes.push('collection.bru: its headers were added to each request: curlew has no collection headers');
	}

	const collectionTests = root.tests?.trim() ?? '';
	if (collectionTests !== '') {
		notes.push('collection.bru: its tests were appended to the collection\'s post-response script, where test() and expect() run as in Bruno');
	}

	const environments = files
		.filter(file => /^environments\/[^/]+\.bru$/.test(file.path))
		.map(file => readEnvironment(file, notes));
	const tree = folderTree(files.filter(file => file.path.endsWith('.bru') && file.path !== 'collection.bru' && !file.path.startsWith('environments/')));
	const requests: Request[] = [];
	const collectionAuth = collectionAuthOf(root.auth === undefined ? undefined : authOf(root.auth, 'collection.bru', notes));
	readFolder(tree, '', {collectionFolder: folder, names: [], headers: enabledHeaders(root.headers), auth: {from: 'collection', auth: collectionAuth}, preRequest: [], postResponse: []}, requests, notes);
	const collection = createCollection({
		name,
		variables,
		environments,
		scripts: {preRequest: root.script?.req ?? '', postResponse: foldScripts([root.script?.res ?? '', collectionTests])},
		requests,
		...(collectionAuth === undefined ? {} : {auth: collectionAuth}),
	});
	return withBackslashesKept({collection, notes: [...notes, ...scriptsToPort(collection, brunoApi)]});
}

function folderTree(files: readonly BrunoFile[]): FolderNode {
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

		if (parts.at(-1) === 'folder.bru') {
			node.folderBru = file;
		} else {
			node.files.push(file);
		}
	}

	return root;
}

/** The folder's requests in Bruno's order (by seq, then name), then its subfolders' (by their seq, then name). */
function readFolder(node: FolderNode, folderPath: string, inherited: Inherited, requests: Request[], notes: string[]): void {
	const parsed = node.files.map(file => ({file, request: parseBru(file, text => lang.bruToJsonV2(text))}));
	parsed.sort((a, b) => bySeq(a.request.meta, b.request.meta, a.file.path, b.file.path));
	for (const {file, request} of parsed) {
		const read = readRequest(file, request, inherited, notes);
		if (read !== undefined) {
			requests.push(read);
		}
	}

	const folders = [...node.folders.entries()].map(([name, child]) => ({
		name,
		child,
		folder: child.folderBru === undefined ? {} : parseBru(child.folderBru, text => lang.collectionBruToJson(text)),
	}));
	folders.sort((a, b) => bySeq(a.folder.meta, b.folder.meta, a.name, b.name));
	for (const {name, child, folder} of folders) {
		const childPath = folderPath === '' ? name : `${folderPath}/${name}`;
		const folderName = checkedName(folder.meta?.name ?? name, child.folderBru?.path ?? childPath, 'folder');
		const where = `folder "${[...inherited.names, folderName].join(' / ')}"`;
		const ownVariables = (folder.vars?.req ?? []).filter(variable => variable.enabled).map(variable => variable.name);
		if (ownVariables.length > 0) {
			notes.push(`${where}: its variables ${ownVariables.join(', ')} were left out: curlew has no folder variables; set them in the collection or an environment`);
		}

		notePostResponseVariables(folder.vars?.res, where, notes);
		if (folder.tests?.trim()) {
			notes.push(`${where}: its tests were left out: curlew has no folders; copy them into the post-response scripts of its requests, where test() and expect() run as in Bruno`);
		}

		readFolder(child, childPath, {
			collectionFolder: inherited.collectionFolder,
			names: [...inherited.names, folderName],
			headers: [...withoutOverridden(inherited.headers, enabledHeaders(folder.headers)), ...enabledHeaders(folder.headers)],
			// curlew has no folder auth: a folder's own is copied into each request of it that inherits.
			auth: folder.auth?.mode === undefined || folder.auth.mode === 'inherit' ? inherited.auth : {from: 'folder', auth: authOf(folder.auth, where, notes)},
			preRequest: [...inherited.preRequest, folder.script?.req ?? ''],
			// Bruno runs a folder's post-response script after its requests' own.
			postResponse: [folder.script?.res ?? '', ...inherited.postResponse],
		}, requests, notes);
	}
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

	const requestVariables = (bru.vars?.req ?? []).filter(variable => variable.enabled).map(variable => variable.name);
	if (requestVariables.length > 0) {
		notes.push(`${where}: its request variables ${requestVariables.join(', ')} were left out: curlew has none; set them in its pre-request script with client.setVar`);
	}

	notePostResponseVariables(bru.vars?.res, where, notes);
	const assertions = (bru.assertions ?? []).filter(assertion => assertion.enabled).map(({name: checked, value}) => `${checked}: ${value}`);
	if (assertions.length > 0) {
		notes.push(`${where}: its assertions (${assertions.join('; ')}) were left out: curlew has no assert block; write them with expect() in its post-response script`);
	}

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
	});
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

function readEnvironment(file: BrunoFile, notes: string[]): Environment {
	const name = checkedName(path.posix.parse(file.path).name, file.path, 'environment');
	const parsed = parseBru(file, text => lang.bruToEnvJsonV2(text));
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

function notePostResponseVariables(pairs: readonly BruPair[] | undefined, where: string, notes: string[]): void {
	for (const {name, value, enabled} of pairs ?? []) {
		if (enabled) {
			notes.push(`${where}: its post-response variable ${name} was left out: set it in a post-response script with client.setVar('${name}', ${value})`);
		}
	}
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
