/**
A collection as a Postman Collection v2.1 file (`curlew export --format postman`), for
people who share requests with Postman or run them with newman.

Placeholders are written as they are: `{{name}}` is Postman's syntax too. What Postman
cannot hold is left out or flattened, and the file's `info.description` says which:
- Variables become text, as a placeholder in a URL would render them: numbers keep the
  type "number"; booleans, null, objects, arrays and dates are written as text of type
  "string" (compact JSON; dates ISO 8601).
- Secret variables keep their name with an empty value, as in curlew's own export.
- Environments are not part of a Postman collection.
- Scripts are copied line by line as events, but curlew's `client` API is not `pm`.
- The collection's settings (timeouts, redirects, TLS) are curlew's own and stay behind; a
  request's own redirect settings become its protocolProfileBehavior.
- A folder with variables becomes a folder item holding its requests, its variables the
  folder's; the other requests keep their `Folder / Request` names.
- A request's variables become pm.variables.set lines before its pre-request script, its
  post-response variables and assertions test-script code (see postman-assertions.ts).
*/
import {foldersOf, type Auth, type Body, type Collection, type Folder, type FormField, type Header, type Request, type Scripts, type Variable} from '../model.js';
import type {Value} from '../values.js';
import {isJsonBody} from '../resolve-request.js';
import {withoutEscapes} from './literal-text.js';
import {postmanAssertionsScript, postmanResponseVariablesScript} from './postman-assertions.js';

export const postmanSchemaUrl = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type PostmanPair = {key: string; value: string; disabled?: true};
type PostmanVariable = {key: string; value: string; type: 'string' | 'number'};
type PostmanEvent = {listen: 'prerequest' | 'test'; script: {type: 'text/javascript'; exec: string[]}};
type PostmanAuthEntry = {key: string; value: string; type: 'string'};
type PostmanAuth = {type: string} & Record<string, string | PostmanAuthEntry[]>;
type PostmanFormPart = {key: string; type: 'text'; value: string; contentType?: string; disabled?: true} | {key: string; type: 'file'; src: string; contentType?: string; disabled?: true};
type PostmanBody =
	| {mode: 'raw'; raw: string; options: {raw: {language: 'json' | 'text'}}}
	| {mode: 'urlencoded'; urlencoded: PostmanPair[]}
	| {mode: 'formdata'; formdata: PostmanFormPart[]}
	| {mode: 'file'; file: {src: string}}
	| {mode: 'graphql'; graphql: {query: string; variables: string}};

export function serializePostmanCollection(collection: Collection): string {
	const literalBraces: string[] = [];
	const text = (template: string, where: string, json = false): string => {
		const written = withoutEscapes(template, json);
		if (!written.exact) {
			literalBraces.push(where);
		}

		return written.text;
	};

	const item = writeItems(collection, text);
	const variable = collection.variables.map(variable => writeVariable(variable, text));
	const file = {
		info: {
			_postman_id: collection.id,
			name: collection.name,
			description: describeExport(collection, literalBraces),
			schema: postmanSchemaUrl,
		},
		item,
		variable,
		event: writeEvents(collection.scripts),
		...(collection.auth === undefined ? {} : {auth: writeAuth(collection.auth, template => text(template, 'the collection\'s auth'))}),
	};
	return `${JSON.stringify(file, undefined, '\t')}\n`;
}

/** A template as Postman reads it; `where` is noted when it holds a literal `{{`, which Postman cannot keep. */
type WriteText = (template: string, where: string, json?: boolean) => string;

type FolderItem = {name: string; item: unknown[]; variable: PostmanVariable[]};

/**
The requests in order, each inside the items of the folders with variables it is in (the
first request of a folder places it), named by the rest of its name.
*/
function writeItems(collection: Collection, text: WriteText): unknown[] {
	const top: unknown[] = [];
	const groups = new Map<string, FolderItem>();
	for (const request of collection.requests) {
		let list = top;
		let parent: Folder | undefined;
		for (const folder of foldersOf(collection, request)) {
			let group = groups.get(folder.path);
			if (group === undefined) {
				group = {name: parent === undefined ? folder.path : folder.path.slice(parent.path.length + 3), item: [], variable: folder.variables.map(variable => writeVariable(variable, text))};
				groups.set(folder.path, group);
				list.push(group);
			}

			list = group.item;
			parent = folder;
		}

		list.push(writeItem(request, parent === undefined ? request.name : request.name.slice(parent.path.length + 3), text, collection.auth !== undefined));
	}

	return top;
}

/** `collectionHasAuth`: a request without auth says noauth, which Postman would otherwise read as inheriting the collection's. */
function writeItem(request: Request, name: string, text: WriteText, collectionHasAuth: boolean) {
	const where = `"${request.name}"`;
	const auth = request.auth === undefined || request.auth.type === 'none'
		? (collectionHasAuth ? {type: 'noauth'} : undefined)
		: request.auth.type === 'inherit' ? undefined : writeAuth(request.auth, template => text(template, `the auth of ${where}`));
	const body = writeBody(request.body, isJsonBody(request), (template, json) => text(template, `the body of ${where}`, json));
	const behavior = {
		...(request.settings?.followRedirects === undefined ? {} : {followRedirects: request.settings.followRedirects}),
		...(request.settings?.maxRedirects === undefined ? {} : {maxRedirects: request.settings.maxRedirects}),
	};
	return {
		name,
		event: writeEvents({
			preRequest: joinScripts([requestVariablesScript(request.variables ?? [], text), request.scripts.preRequest]),
			postResponse: joinScripts([postmanResponseVariablesScript(request.postResponseVariables ?? []), request.scripts.postResponse, postmanAssertionsScript(request.asserts ?? [])]),
		}),
		...(Object.keys(behavior).length === 0 ? {} : {protocolProfileBehavior: behavior}),
		request: {
			method: request.method,
			header: request.headers.map(header => writePair({...header, value: text(header.value, `header ${header.name} of ${where}`)})),
			// The string form: Postman's runtime parses it, whereas an object form is read only from its parsed parts, never from `raw`.
			url: text(request.url, `the URL of ${where}`),
			...(auth === undefined ? {} : {auth}),
			...(body === undefined ? {} : {body}),
		},
	};
}

/** A request's own variables as Postman's local variables, set before its pre-request script runs; a secret's value left out. */
function requestVariablesScript(variables: readonly Variable[], text: WriteText): string {
	return variables.map(variable => `pm.variables.set(${JSON.stringify(variable.name)}, ${JSON.stringify(writeVariable(variable, text).value)});`).join('\n');
}

function joinScripts(scripts: readonly string[]): string {
	return scripts.filter(script => script.trim() !== '').join('\n');
}

function writeBody(body: Body, json: boolean, text: (template: string, json: boolean) => string): PostmanBody | undefined {
	switch (body.type) {
		case 'none': {
			return undefined;
		}

		case 'json':
		case 'text': {
			return {mode: 'raw', raw: text(body.text, json), options: {raw: {language: body.type}}};
		}

		case 'form': {
			return {mode: 'urlencoded', urlencoded: body.fields.map(field => writePair({...field, value: text(field.value, false)}))};
		}

		case 'multipart': {
			return {mode: 'formdata', formdata: body.parts.map(part => {
				const own = {...(part.contentType === undefined ? {} : {contentType: part.contentType}), ...(part.enabled === false ? {disabled: true as const} : {})};
				return part.type === 'file'
					? {key: part.name, type: 'file', src: text(part.file, false), ...own}
					: {key: part.name, type: 'text', value: text(part.value, false), ...own};
			})};
		}

		case 'file': {
			return {mode: 'file', file: {src: text(body.file, false)}};
		}

		case 'graphql': {
			return {mode: 'graphql', graphql: {query: text(body.text, false), variables: text(body.variables ?? '', true)}};
		}
	}
}

/** An auth as Postman v2.1 writes it: its type, and its settings as a list of key and value. */
function writeAuth(auth: Auth, text: (template: string) => string): PostmanAuth {
	const entries = (settings: Record<string, string>): PostmanAuthEntry[] => Object.entries(settings).map(([key, value]) => ({key, value: text(value), type: 'string'}));
	switch (auth.type) {
		case 'bearer': {
			return {type: 'bearer', bearer: entries({token: auth.token})};
		}

		case 'basic':
		case 'digest': {
			return {type: auth.type, [auth.type]: entries({username: auth.username, password: auth.password})};
		}

		case 'apikey': {
			return {type: 'apikey', apikey: entries({key: auth.key, value: auth.value, in: auth.in})};
		}
	}
}

function writePair({name, value, enabled}: Header | FormField): PostmanPair {
	return enabled === false ? {key: name, value, disabled: true} : {key: name, value};
}

function writeVariable({name, value, secret}: Variable, text: WriteText): PostmanVariable {
	if (secret) {
		return {key: name, value: '', type: 'string'};
	}

	// Not "boolean": Postman's runtime reads such a variable with Boolean(text), which turns "false" into true.
	if (typeof value === 'number') {
		return {key: name, value: String(value), type: 'number'};
	}

	return {key: name, value: typeof value === 'string' ? text(value, `variable ${name}`) : valueText(value), type: 'string'};
}

/** The text a placeholder renders in a URL or header, which is what Postman will insert. */
function valueText(value: Value): string {
	if (typeof value === 'string') {
		return value;
	}

	return value instanceof Date ? value.toISOString() : JSON.stringify(value);
}

function writeEvents(scripts: Scripts): PostmanEvent[] {
	const events: PostmanEvent[] = [];
	for (const [listen, script] of [['prerequest', scripts.preRequest], ['test', scripts.postResponse]] as const) {
		if (script.trim() !== '') {
			events.push({listen, script: {type: 'text/javascript', exec: script.split(/\r?\n/)}});
		}
	}

	return events;
}

function describeExport(collection: Collection, literalBraces: readonly string[]): string {
	const notes = ['Exported from curlew.'];
	if (literalBraces.length > 0) {
		notes.push(`Postman has no way to write a literal {{ (\\{{ in curlew): it reads these as placeholders: ${literalBraces.join(', ')}.`);
	}

	const shown = collection.variables.filter(variable => !variable.secret);
	if (shown.some(variable => typeof variable.value !== 'string')) {
		notes.push('curlew\'s typed variable values were flattened to text: numbers keep the type "number"; booleans, null, objects and arrays are written as compact JSON and dates as ISO 8601 text. A placeholder that reaches inside a value, such as {{user.name}} or {{tags[0]}}, does not resolve in Postman.');
	}

	const secrets = collection.variables.filter(variable => variable.secret);
	if (secrets.length > 0) {
		notes.push(`Secret variables are exported with empty values; fill them in Postman: ${listNames(secrets)}.`);
	}

	if (collection.environments.length > 0) {
		notes.push(`Environments are not part of a Postman collection and were left out: ${listNames(collection.environments)}. Export them with curlew's own format (--format curlew).`);
	}

	const scripts = [collection.scripts, ...collection.requests.map(request => request.scripts)];
	if (scripts.some(({preRequest, postResponse}) => preRequest.trim() !== '' || postResponse.trim() !== '')) {
		notes.push('Scripts were copied as they are (pre-request as "prerequest" events, post-response as "test" events), but curlew\'s client.setVar/getVar, req and res differ from Postman\'s pm.* API: port them before running.');
	}

	const withRequestParts = (has: (request: Request) => boolean) => collection.requests.filter(request => has(request));
	const withVariables = withRequestParts(request => (request.variables?.length ?? 0) > 0);
	if (withVariables.length > 0) {
		notes.push(`Postman has no request variables: those of ${listNames(withVariables)} are set with pm.variables.set at the start of their pre-request scripts.`);
	}

	const checking = withRequestParts(request => (request.postResponseVariables?.length ?? 0) > 0 || (request.asserts ?? []).some(assertion => assertion.enabled));
	if (checking.length > 0) {
		notes.push(`Postman has no post-response variables nor assertions: those of ${listNames(checking)} are test-script code that runs the same, post-response variables set with pm.collectionVariables.set and each assertion a pm.test.`);
	}

	const timed = withRequestParts(request => request.settings?.totalTimeoutMs !== undefined);
	if (timed.length > 0) {
		notes.push(`A Postman collection has no place for a request's timeout: set Postman's or newman's (--timeout-request) for ${listNames(timed)}.`);
	}

	return notes.join('\n\n');
}

function listNames(entries: ReadonlyArray<{name: string}>): string {
	return entries.map(entry => entry.name).join(', ');
}
