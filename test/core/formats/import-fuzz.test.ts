/**
A mutation fuzzer over valid files of each format curlew imports. Each mutated file either
imports (and the store takes what was read) or is refused with a FieldError or a
JsonSyntaxError, the errors that become one clear line naming the format and the place;
never another error (a TypeError, a RangeError from the stack). Each runs in this process
through the importer's own entry point, so one that hangs stalls the test. Bounded and
repeatable: a fixed seed and a few hundred mutations per format; FUZZ_SEED and FUZZ_RUNS
explore further. fast-check shrinks a failure to the fewest, smallest mutations that fail.
What it found is in import-fuzz-found.test.ts.
*/
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {serializeCollection} from '../../../source/core/formats/curlew-format.js';
import {detectFolderFormat, detectFormat} from '../../../source/core/formats/detect-format.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {readImportFolder, readImportText, storeCollection, storeEnvironment} from '../../../source/core/formats/import-export.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';
import {gettingStarted} from '../../../source/core/seed.js';
import {openStore, type Store} from '../../../source/core/store/store.js';

const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const seed = Number(process.env.FUZZ_SEED ?? 20_240_514);
const numRuns = Number(process.env.FUZZ_RUNS ?? 250);

let workspace: string;
let store: Store;

beforeAll(() => {
	workspace = mkdtempSync(path.join(os.tmpdir(), 'curlew-fuzz-'));
	store = openStore({configDir: path.join(workspace, 'store')});
});

afterAll(() => {
	rmSync(workspace, {recursive: true, force: true});
});

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/** One mutation: what to do, and numbers that pick where and with what (each taken modulo what there is). */
type Mutation = {kind: number; at: number; pick: number; length: number};

const mutation = fc.record({kind: fc.nat(), at: fc.nat(), pick: fc.nat(), length: fc.nat({max: 64})});
const mutations = fc.array(mutation, {minLength: 1, maxLength: 4});

/** Words that mean something to one of the readers: the fuzzer puts them where they do not belong. */
const textTokens = [
	'\'', '"', '$\'', '\\x', '\\u', '\\U', '\\0', '\\', '\n', '\\\n', '\r\n', '\t', ' ', '\u0000', '\u001B', '\u202E', '\uFEFF', '\uD800',
	' -X ', ' -H ', ' -d ', ' -F ', ' -u ', ' -G ', ' -k ', ' -I ', ' -T ', ' -A ', ' -b ', ' -e ', ' -m ', ' -o ', ' -sSLXPUT', ' --data-urlencode ', ' --json ',
	' --url ', ' --max-redirs ', ' --cacert ', ' --form-string ', ' --oauth2-bearer ', ' --', ' -', ';', '&&', '||', '|', '&', '>', '2>', '<',
	'$(', ')', '`', '${', '}', '$HOME', '$', '{{', '}}', '{{$guid}}', '#', '@', '=', '%', '%zz', ':', '?', '/', 'curl ', ' http://', 'https://a.test/{{x}}',
	'{', '[', ']', ',', 'null', 'true', '-1', '1e999', '9007199254740993', '"__proto__"', '"constructor"',
	'meta {', 'get {', 'post {', 'http {', 'body:json {', 'body:text {', 'body:form-urlencoded {', 'body:multipart-form {', 'body:graphql {',
	'auth:bearer {', 'auth:basic {', 'auth:apikey {', 'headers {', 'params:query {', 'vars:pre-request {', 'vars:post-response {', 'script:pre-request {',
	'tests {', 'assert {', 'docs {', 'seq: ', 'seq: -1', 'type: graphql', 'type: http', 'name: ', 'url: ', 'body: ', 'auth: ', 'placement: query', 'token: ',
	'~', '\'\'\'', '  ', '@file(', 'vars:secret [', 'settings {', 'example {', 'auth: inherit', 'body: json', 'mode: ', '""',
	'\n- ', ': ', '- name: ', '  value: ', 'type: folder', 'type: graphql\n', '&a ', '*a', '!!binary ', '!!int ', '|-\n', '>\n', '{a: [', 'disabled: true', 'secret: true',
	'http:\n', 'runtime:\n', 'assertions:\n  - expression: res\n    operator: ', 'actions:\n  - type: set-variable\n', 'settings:\n  timeout: ', 'body:\n  type: ', 'auth:\n  type: ',
	' 0', ' 0.0001', ' -1', ' 1e400', ' 99999999999999999999', ' 2147483648', '\\uD800', '\\xff', '\\777',
];

const jsonKeys = [
	'__proto__', 'constructor', 'prototype', '', 'curlew', 'name', 'variables', 'environments', 'requests', 'headers', 'body', 'fields', 'text', 'scripts',
	'preRequest', 'postResponse', 'settings', 'secret', 'value', 'type', 'enabled', 'method', 'url', '$date', 'info', 'schema', 'item', 'request', 'raw',
	'host', 'path', 'query', 'variable', 'auth', 'bearer', 'basic', 'apikey', 'key', 'mode', 'urlencoded', 'formdata', 'graphql', 'options', 'language',
	'event', 'listen', 'script', 'exec', 'header', 'disabled', 'protocolProfileBehavior', 'strictSSL', 'maxRedirects', 'followRedirects', 'values',
	'folders', 'asserts', 'expression', 'operator', 'postResponseVariables', 'totalTimeoutMs', 'disableUrlEncoding',
	'_postman_variable_scope', 'src', 'file', 'in', 'token', 'username', 'password', 'description', 'verifyTls', 'scriptMemoryBytes', 'caFile', 'id',
];

const nested = (depth: number): Json => depth === 0 ? [] : [nested(depth - 1)];
/** Stands for arrays 10,000 deep, put into the text once it is written: JSON.stringify would overflow the stack on them itself. */
const deepMarker = 'deep nesting goes here';
const deepNesting = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const jsonValues: Json[] = [
	null, true, false, 0, -0, -1, 1, 1.5, 0.0001, 2 ** 31, 1e21, 1e300, -1e300, 2 ** 53 + 2,
	'', ' ', 'x', '\uD800', 'a=\uD800', '%', '%E0%A4%A', 'GET', 'get', 'PURGE', 'date', 'json', 'text', 'form', 'none', 'raw',
	'urlencoded', 'formdata', 'graphql', 'file', 'bearer', 'basic', 'apikey', 'oauth2', 'query', 'header', 'prerequest', 'test', 'environment', 'globals',
	'{{x}}', '\\{{x}}', '{{', 'eq', 'isNull', 'between', 'res.status', '\u0000', '\u202E', '2024-01-01T00:00:00.000Z', 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
	'https://schema.getpostman.com/json/collection/v9.0.0/collection.json', ':id', 'a b', '$x', 'process', [], {}, [null], [{}], ['x'], {'': null},
	{$date: 'x'}, {$date: '2024-01-01T00:00:00.000Z'}, {key: 'x', value: 'y'}, {type: 'string'}, {raw: 'x'}, Object.fromEntries([['__proto__', {a: 1}]]),
	nested(200),
];

/** Text with one mutation applied: a range cut out, a token put in, a range doubled or moved, the end cut off. */
function mutateText(text: string, {kind, at, pick, length}: Mutation): string {
	const position = text.length === 0 ? 0 : at % (text.length + 1);
	const end = Math.min(text.length, position + length);
	switch (kind % 6) {
		case 0: {
			return text.slice(0, position) + text.slice(end);
		}

		case 1:
		case 2: {
			return text.slice(0, position) + textTokens[pick % textTokens.length]! + text.slice(position);
		}

		case 3: {
			return text.slice(0, end) + text.slice(position, end) + text.slice(end);
		}

		case 4: {
			const token = textTokens[pick % textTokens.length]!;
			return text.slice(0, position) + token + text.slice(end);
		}

		default: {
			return text.slice(0, position);
		}
	}
}

/** Every value of a JSON document with the path to it, the document itself first. */
function nodesOf(document: Json, trail: Array<string | number> = []): Array<Array<string | number>> {
	const nodes = [trail];
	if (Array.isArray(document)) {
		for (const [index, child] of document.entries()) {
			nodes.push(...nodesOf(child, [...trail, index]));
		}
	} else if (document !== null && typeof document === 'object') {
		for (const [key, child] of Object.entries(document)) {
			nodes.push(...nodesOf(child, [...trail, key]));
		}
	}

	return nodes;
}

function valueAt(document: Json, trail: ReadonlyArray<string | number>): Json {
	let value = document;
	for (const step of trail) {
		value = (value as Record<string | number, Json>)[step]!;
	}

	return value;
}

/** `document` with the value at `trail` replaced by what `change` makes of it (undefined: removed). */
function changeAt(document: Json, trail: ReadonlyArray<string | number>, change: (value: Json) => Json | undefined): Json | undefined {
	if (trail.length === 0) {
		return change(document);
	}

	const [step, ...rest] = trail;
	if (Array.isArray(document)) {
		const copy = [...document];
		const changed = changeAt(copy[step as number]!, rest, change);
		if (changed === undefined) {
			copy.splice(step as number, 1);
		} else {
			copy[step as number] = changed;
		}

		return copy;
	}

	// Entries keep a "__proto__" key an own key, as JSON.parse does.
	const entries = Object.entries(document as Record<string, Json>).flatMap(([key, value]): Array<[string, Json]> => {
		if (key !== step) {
			return [[key, value]];
		}

		const changed = changeAt(value, rest, change);
		return changed === undefined ? [] : [[key, changed]];
	});
	return Object.fromEntries(entries) as Json;
}

/** A JSON document with one mutation applied to a value in it: replaced, removed, renamed, doubled, wrapped, put where another value was, or nested 10,000 deep. */
function mutateJson(document: Json, {kind, at, pick}: Mutation): Json {
	const nodes = nodesOf(document);
	const trail = nodes[at % nodes.length]!;
	const mutated = changeAt(document, trail, value => {
		switch (kind % 7) {
			case 0: {
				return jsonValues[pick % jsonValues.length]!;
			}

			case 1: {
				return undefined;
			}

			case 2: {
				if (value === null || typeof value !== 'object' || Array.isArray(value)) {
					return [value, value];
				}

				const entries = Object.entries(value);
				if (entries.length === 0) {
					return value;
				}

				const renamed = pick % entries.length;
				return Object.fromEntries(entries.map(([key, child], index) => [index === renamed ? jsonKeys[(pick >> 4) % jsonKeys.length]! : key, child])) as Json;
			}

			case 3: {
				return [value];
			}

			case 4: {
				return valueAt(document, nodes[pick % nodes.length]!);
			}

			case 5: {
				return typeof value === 'string' ? mutateText(value, {kind: pick, at: pick >> 3, pick: pick >> 6, length: pick % 16}) : jsonValues[pick % jsonValues.length]!;
			}

			default: {
				return deepMarker;
			}
		}
	});
	return mutated === undefined ? null : mutated;
}

/** A JSON file mutated: mostly in its values, sometimes in its text (which is then mostly not JSON). */
function mutateJsonFile(text: string, steps: readonly Mutation[]): string {
	let document = JSON.parse(text) as Json;
	const textSteps: Mutation[] = [];
	for (const step of steps) {
		if (step.kind % 8 === 7) {
			textSteps.push(step);
		} else {
			document = mutateJson(document, step);
		}
	}

	return textSteps.reduce(mutateText, JSON.stringify(document, undefined, '\t').replaceAll(JSON.stringify(deepMarker), deepNesting));
}

/** Where a reader refused a file, or undefined when the file imported and the store took it; throws any other error. */
function importText(text: string, fileName: string): string | undefined {
	let imported: ReturnType<typeof readImportText>;
	try {
		imported = readImportText(text, detectFormat(text), fileName);
	} catch (error) {
		return refusal(error);
	}

	// What a reader took, the store takes: its refusal would name the store's fields, not the file's.
	if ('environment' in imported) {
		const {collection} = storeEnvironment(store, 'Getting started', imported);
		store.deleteEnvironment(collection.id, collection.environments.at(-1)!.id);
	} else {
		store.deleteCollection(storeCollection(store, imported).collection.id);
	}

	return undefined;
}

function refusal(error: unknown): string {
	if (!(error instanceof FieldError || error instanceof JsonSyntaxError)) {
		throw error;
	}

	// A message is built from the file's words: none may come out as "undefined" or "[object Object]", nor be an engine's error passed on.
	expect(error.message).not.toMatch(/\bundefined\b|\[object Object\]|\bNaN\b|Cannot read prop|is not a function|is not iterable|call stack|Invalid (?:array|string) length/);
	return error.message;
}

/** Mutates one of `texts` (each imports as it is) at a time: small files put each mutation where it counts, large ones mix more. */
function fuzzText(name: string, texts: readonly string[], mutate: (text: string, steps: readonly Mutation[]) => string): void {
	for (const text of texts) {
		expect(importText(text, name)).toBeUndefined();
	}

	fc.assert(fc.property(fc.nat(), mutations, (which, steps) => {
		importText(mutate(texts[which % texts.length]!, steps), name);
	}), {seed, numRuns});
}

const curlewFile = JSON.stringify({
	curlew: 1,
	name: 'Small',
	variables: [{name: 'when', value: '2024-01-01T00:00:00.000Z', type: 'date'}, {name: 'token', value: '', secret: true}, {name: 'user', value: {id: 1, at: {$date: '2024-01-01T00:00:00.000Z'}}}],
	environments: [{name: 'Local', variables: [{name: 'baseUrl', value: 'http://127.0.0.1:8080'}]}],
	requests: [{name: 'Login', method: 'POST', url: '{{baseUrl}}/login', headers: [{name: 'X-A', value: '1', enabled: false}], body: {type: 'form', fields: [{name: 'a', value: '{{user.id}}'}]}}],
	settings: {verifyTls: false, connectTimeoutMs: 2000, maxRedirects: 3, scriptTimeoutMs: 2000},
});

const curlewFormat2 = JSON.stringify({
	curlew: 2,
	name: 'Folders',
	folders: [{path: 'Users', variables: [{name: 'team', value: 'accounts'}]}],
	requests: [{
		name: 'Users / Get',
		url: 'http://127.0.0.1:8080/users/{{id}}',
		variables: [{name: 'id', value: '7'}],
		postResponseVariables: [{name: 'token', expression: 'res.body.token'}],
		asserts: [{expression: 'res.status', operator: 'eq', value: '200'}, {expression: 'res.body', operator: 'isJson', enabled: false}],
		settings: {followRedirects: false, maxRedirects: 2, totalTimeoutMs: 5000},
	}],
});

const postmanWithoutInfo = JSON.stringify({
	variable: [{key: 'baseUrl', value: 'https://api.test'}],
	item: [
		{name: 'Users', variable: [{key: 'team', value: 'a'}], item: [{name: 'List', request: '{{baseUrl}}/users', protocolProfileBehavior: {followRedirects: false, disableUrlEncoding: true}}]},
		{name: 'Ping', request: {url: '{{baseUrl}}/ping', method: 'GET'}, event: [{listen: 'test', script: {exec: ['tests["ok"] = responseCode.code === 200;']}}]},
	],
});

const postmanV20 = JSON.stringify({
	info: {name: 'Legacy', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json'},
	auth: {type: 'bearer', bearer: {token: '{{token}}'}},
	variable: [{key: 'baseUrl', value: 'https://api.test'}],
	item: [
		{name: 'Users', item: [{name: 'List', request: {url: '{{baseUrl}}/users?page=1', method: 'GET', header: [{key: 'Accept', value: 'application/json'}]}}]},
		{name: 'Login', request: {url: {raw: '{{baseUrl}}/login', host: ['{{baseUrl}}'], path: ['login']}, method: 'POST', auth: {type: 'basic', basic: {username: 'ada', password: 'pw'}}, body: {mode: 'urlencoded', urlencoded: [{key: 'a', value: '1'}]}}},
		{name: 'Query', request: {url: '{{baseUrl}}/graphql', method: 'POST', body: {mode: 'graphql', graphql: {query: '{ me { id } }', variables: '{"a": 1}'}}}},
	],
});

const postmanEnvironment = JSON.stringify({
	name: 'Small',
	values: [{key: 'n', value: '3', type: 'number', enabled: true}, {key: 'b', value: true, type: 'boolean'}, {key: 's', value: 'x', type: 'secret'}],
	_postman_variable_scope: 'environment',
});

const curlCommands = [
	'curl -X POST https://api.test/users -H \'Content-Type: application/json\' -d \'{"name": "ada"}\'',
	'curl --data-urlencode \'q=red shoes\' -G https://api.test/search -u ada:pw',
	'curl -F \'a=1\' -F \'f=@x.pdf\' https://api.test/up -k --max-redirs 3 -m 5 --connect-timeout 2 --cacert ca.pem',
	'curl $\'https://api.test/\\x41\' -H $\'X-A: \\u00e9\' -b \'a=1\' -A bot -e ref --json \'{"a": 1}\' -o out.json | jq .',
];

/** Mutates one of `files` of a copy of the fixture folder `name` at a time, and imports the folder. */
function fuzzBrunoFolder(name: string, files: readonly string[]): void {
	const folder = path.join(workspace, name);
	cpSync(path.join(fixtures, name), folder, {recursive: true});
	const readFolder = () => {
		let imported: ReturnType<typeof readImportFolder>;
		try {
			imported = readImportFolder(folder, detectFolderFormat(folder));
		} catch (error) {
			refusal(error);
			return;
		}

		store.deleteCollection(storeCollection(store, imported).collection.id);
	};

	expect(() => {
		readImportFolder(folder, detectFolderFormat(folder));
	}).not.toThrow();
	fc.assert(fc.property(fc.nat(), mutations, (which, steps) => {
		const file = path.join(folder, files[which % files.length]!);
		const original = readFileSync(file, 'utf8');
		writeFileSync(file, file.endsWith('.json') ? mutateJsonFile(original, steps) : steps.reduce(mutateText, original));
		try {
			readFolder();
		} finally {
			writeFileSync(file, original);
		}
	}), {seed, numRuns});
}

describe('import fuzzing: every mutated file imports or is refused with a FieldError or a JsonSyntaxError', () => {
	it('curlew collection files', () => {
		fuzzText('api.curlew.json', [serializeCollection(gettingStarted()), curlewFile, curlewFormat2], mutateJsonFile);
	});

	it('Postman collections, v2.1', () => {
		fuzzText('shop.postman_collection.json', [fixture('shop.postman_collection.json')], mutateJsonFile);
	});

	it('Postman collections without info', () => {
		fuzzText('ping.postman_collection.json', [postmanWithoutInfo], mutateJsonFile);
	});

	it('Postman collections, v2.0', () => {
		fuzzText('legacy.postman_collection.json', [postmanV20], mutateJsonFile);
	});

	it('Postman environments', () => {
		fuzzText('staging.postman_environment.json', [fixture('staging.postman_environment.json'), postmanEnvironment], mutateJsonFile);
	});

	it('files of curl commands', () => {
		fuzzText('orders.sh', [fixture('orders.sh'), fixture('cart.curl'), ...curlCommands], (original, steps) => steps.reduce(mutateText, original));
	});

	it('Bruno collection folders, one file of the folder mutated at a time', () => {
		fuzzBrunoFolder('bruno-shop', ['bruno.json', 'collection.bru', 'Health.bru', 'environments/Local.bru', 'orders/Pay.bru', 'orders/Search.bru', 'users/Avatar.bru', 'users/Create user.bru', 'users/folder.bru', 'users/Get user.bru']);
	});

	it('Bruno collection folders saved in YAML, one file of the folder mutated at a time', () => {
		fuzzBrunoFolder('bruno-yaml-shop', ['opencollection.yml', 'Health.yml', 'environments/Local.yml', 'orders/Search.yml', 'users/folder.yml', 'users/Create user.yml', 'users/Get user.yml']);
	});
});
