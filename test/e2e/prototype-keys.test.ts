/*
A value whose keys are `__proto__`, `constructor` or `prototype` crosses every way in as plain
data: those keys stay ordinary own keys of the value, no host object changes, and a
placeholder reads them as it reads any key (`{{x.__proto__.polluted}}` is the value's own).
Each entry point is checked the same way: the value as it arrives, `({}).polluted` in this
process, and what a placeholder of it sends to a real server.
*/
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {importCommand} from '../../source/commands/import-command.js';
import {parseVarFlag} from '../../source/commands/parse-var.js';
import {runCommand} from '../../source/commands/run-command.js';
import {interpolate} from '../../source/core/interpolate/index.js';
import type {Collection} from '../../source/core/model.js';
import {Session} from '../../source/core/session/session.js';
import {openStore, type Store} from '../../source/core/store/store.js';
import type {Value} from '../../source/core/values.js';
import {makeConfigDir} from '../core/store/config-dir.js';
import {recordingServerForFile} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';
import {renderApp, type AppHarness} from '../tui/panes/render-app.js';

const hostile = '{"__proto__":{"polluted":"P1"},"constructor":{"prototype":{"polluted":"P2"}},"prototype":{"polluted":"P3"}}';
/** What a request built from the placeholders below sends when the value's keys are its own: the three values, and x.polluted left as written. */
const probe = '/probe?a={{x.__proto__.polluted}}&b={{x.constructor.prototype.polluted}}&c={{x.prototype.polluted}}&d={{x.polluted}}';
const probeSent = '/probe?a=P1&b=P2&c=P3&d={{x.polluted}}';

const server = recordingServerForFile((_request, response) => {
	response.end('ok');
});

/** The checks every entry point passes: nothing of the host changed, and the value's keys are its own. */
function expectPlainData(value: Value | undefined): void {
	expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
	expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
	expect(value).toBeTypeOf('object');
	const object = value as Record<string, Value>;
	expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
	expect(Object.keys(object)).toEqual(['__proto__', 'constructor', 'prototype']);
	expect(Object.hasOwn(object, 'polluted')).toBe(false);
	expect(JSON.stringify(object)).toBe(hostile);
	expect(interpolate(probe, {x: object}).text).toBe(probeSent);
}

function storeWithProbe(variables: Collection['variables'] = []): {store: Store; collection: Collection} {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const collection = store.createCollection({name: 'API', variables});
	store.addRequest(collection.id, {name: 'Probe', method: 'GET', url: `${server.origin}${probe}`});
	return {store, collection: store.getCollection(collection.id)!};
}

function discard(): Writable {
	return new Writable({
		write(_chunk, _encoding, callback) {
			callback();
		},
	});
}

describe('a value with __proto__, constructor and prototype keys stays plain data', () => {
	it.each([
		['client.setVar', `client.setVar("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['pm.environment.set', `pm.environment.set("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['pm.collectionVariables.set', `pm.collectionVariables.set("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['pm.variables.set', `pm.variables.set("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['bru.setVar', `bru.setVar("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['bru.setEnvVar', `bru.setEnvVar("x", JSON.parse(${JSON.stringify(hostile)}))`],
		['a script\'s computed keys', 'client.setVar("x", {["__proto__"]: {polluted: "P1"}, constructor: {prototype: {polluted: "P2"}}, prototype: {polluted: "P3"}})'],
	])('set by %s in a pre-request script, and read back by the script as its own keys', async (_setter, code) => {
		const {store, collection} = storeWithProbe();
		const session = new Session(store);
		const check = 'const back = client.getVar("x"); if (Object.getPrototypeOf(back) !== Object.prototype || back.polluted !== undefined || back.__proto__.polluted !== "P1") throw new Error("read back wrong");';
		try {
			const outcome = await session.send(collection, {...collection.requests[0]!, scripts: {preRequest: `${code};\n${check}`, postResponse: ''}});
			expect(outcome.scriptErrors).toEqual([]);
			expectPlainData(session.runtimeOf(collection).get('x'));
			expect(server.requests.map(request => request.url)).toEqual([probeSent]);
		} finally {
			await session.close();
			store.close();
		}
	});

	it('in a variable named __proto__, constructor or prototype set by a script', async () => {
		const {store, collection} = storeWithProbe();
		const session = new Session(store);
		try {
			const code = 'for (const name of ["__proto__", "constructor", "prototype"]) client.setVar(name, {polluted: name})';
			const request = {...collection.requests[0]!, url: `${server.origin}/names?{{__proto__.polluted}}&{{constructor.polluted}}&{{prototype.polluted}}&{{polluted}}`, scripts: {preRequest: code, postResponse: ''}};
			const outcome = await session.send(collection, request);
			expect(outcome.scriptErrors).toEqual([]);
			expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
			expect(server.requests.map(sent => sent.url)).toEqual(['/names?__proto__&constructor&prototype&{{polluted}}']);
		} finally {
			await session.close();
			store.close();
		}
	});

	it('pinned from the runtime into the collection with p, and read back when the store opens again', async () => {
		const app: AppHarness = await renderApp({
			columns: 160,
			prepare(store) {
				store.createCollection({name: 'API'});
			},
		});
		try {
			await app.write('3');
			app.session.runtimeOf(app.store.collections()[0]!).set('x', JSON.parse(hostile) as Value);
			await app.write('j');
			await app.write('p');
			await app.settle(() => app.frame().includes('Pinned x into API'));
			expectPlainData(app.store.collections()[0]!.variables[0]!.value);
			const reopened = openStore({configDir: app.configDir, seed: false});
			expectPlainData(reopened.collections()[0]!.variables[0]!.value);
			reopened.close();
		} finally {
			await app.cleanup();
		}
	});

	it('typed as JSON in the variables pane', async () => {
		const app = await renderApp({
			columns: 160,
			prepare(store) {
				store.createCollection({name: 'API'});
			},
		});
		try {
			await app.write('3');
			await app.write(`nx\rj${hostile}\r`);
			expectPlainData(app.store.collections()[0]!.variables[0]!.value);
		} finally {
			await app.cleanup();
		}
	});

	it('read from a store file that holds it', () => {
		const configDir = makeConfigDir();
		const first = openStore({configDir, seed: false});
		const {id} = first.createCollection({name: 'API'});
		first.close();
		const file = path.join(configDir, 'curlew.json');
		const document = JSON.parse(readFileSync(file, 'utf8')) as {collections: Array<{variables: unknown[]}>};
		document.collections[0]!.variables = [{name: 'x', value: JSON.parse(hostile) as unknown}];
		writeFileSync(file, JSON.stringify(document));
		const store = openStore({configDir, seed: false});
		expectPlainData(store.getCollection(id)!.variables[0]!.value);
		store.close();
	});

	it('imported from a collection file with it in its variables and an environment\'s, then sent by curlew run', async () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const file = path.join(configDir, 'hostile.json');
		const variables = `[{"name": "x", "value": ${hostile}}]`;
		writeFileSync(file, `{"curlew": 1, "name": "Hostile", "variables": ${variables}, "environments": [{"name": "dev", "variables": ${variables}}], "requests": [{"name": "Probe", "url": "${server.origin}${probe}"}]}`);
		try {
			const collection = await importCommand(store, file, {}, discard());
			expectPlainData(collection.variables[0]!.value);
			expectPlainData(collection.environments[0]!.variables[0]!.value);
			const code = await runCommand(store, {collection: 'Hostile', requests: [], environment: 'dev', variables: [], strict: false, env: {}}, {stdout: discard(), stderr: discard()});
			expect(code).toBe(0);
			expect(server.requests.map(request => request.url)).toEqual([probeSent]);
		} finally {
			store.close();
		}
	});

	it('given as --var to curlew run', async () => {
		const [name, value] = parseVarFlag(`x=${hostile}`);
		expect(name).toBe('x');
		expectPlainData(value);
		const {store} = storeWithProbe();
		try {
			const code = await runCommand(store, {collection: 'API', requests: [], variables: [[name, value]], strict: false, env: {}}, {stdout: discard(), stderr: discard()});
			expect(code).toBe(0);
			expect(server.requests.map(request => request.url)).toEqual([probeSent]);
		} finally {
			store.close();
		}
	});

	it('given as --var to the built curlew, and imported by it, sends the value\'s own keys', async () => {
		const config = temporaryConfigDir();
		try {
			const file = path.join(config.directory, 'hostile.json');
			writeFileSync(file, `{"curlew": 1, "name": "Hostile", "variables": [{"name": "y", "value": ${hostile}}], "requests": [{"name": "Probe", "url": "${server.origin}${probe}&e={{y.__proto__.polluted}}"}]}`);
			const imported = await runCli(['import', file], {configDir: config.directory});
			expect(imported.code).toBe(0);
			const result = await runCli(['run', 'Hostile', '--var', `x=${hostile}`], {configDir: config.directory});
			expect(result.stderr).toMatch(/→ 200 OK/);
			expect(server.requests.map(request => request.url)).toEqual([`${probeSent}&e=P1`]);
		} finally {
			config.remove();
		}
	});
});
