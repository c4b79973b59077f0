import {expect, test} from 'vitest';
import {runScripts, type RunScriptsOptions, type ScriptRequest, type ScriptResponse, type ScriptVariables} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

const request: ScriptRequest = {method: 'GET', url: 'https://example.com/', headers: [], body: ''};
const response: ScriptResponse = {status: 500, statusText: 'Internal Server Error', headers: [], body: new Uint8Array(), responseTime: 1, size: 0};

/** Runs a phase of the request "Chain": a pre-request one with `request`, a post-response one with `response`. */
async function runChain(phase: RunScriptsOptions['phase'], code: RunScriptsOptions['code'], options: Partial<RunScriptsOptions> = {}) {
	const variables = scopeVariables();
	const subject = phase === 'pre-request' ? {request} : {response};
	const result = await runScripts({code, phase, requestName: 'Chain', variables, ...subject, ...options});
	return {result, variables: variables.values};
}

test('the collection\'s script runs before the request\'s own, which sees its changes', async () => {
	const {result, variables} = await runChain('pre-request', {
		collection: 'client.setVar("order", ["collection"]); req.headers.set("X-From", "collection"); console.log("collection")',
		request: 'client.setVar("order", [...client.getVar("order"), "request"]); req.url += "?h=" + req.headers.get("x-from"); console.log("request")',
	});
	expect(result.errors).toEqual([]);
	expect(variables.get('order')).toEqual(['collection', 'request']);
	expect(result.request).toEqual({method: 'GET', url: 'https://example.com/?h=collection', headers: [['X-From', 'collection']], body: ''});
	expect(result.logs).toEqual([
		{level: 'log', text: 'collection', source: 'collection pre-request'},
		{level: 'log', text: 'request', source: 'request pre-request'},
	]);
});

test('an error in the collection\'s pre-request script stops the phase before the request\'s own runs, as it stops the send', async () => {
	const {result, variables} = await runChain('pre-request', {collection: 'console.log("first");\nthrow new Error("no token")', request: 'client.setVar("ran", true)'});
	expect(variables.has('ran')).toBe(false);
	expect(result.logs.map(entry => entry.text)).toEqual(['first']);
	expect(result.errors).toHaveLength(1);
	expect(result.errors[0]).toMatchObject({source: 'collection', phase: 'pre-request', kind: 'thrown', line: 2});
	expect(result.errors[0]!.message).toBe('Collection pre-request script, run for "Chain", failed at line 2: Error: no token');
});

test('an error in the collection\'s post-response script does not stop the request\'s own, as in Postman: both errors are kept, each naming its script', async () => {
	const {result, variables} = await runChain('post-response', {
		collection: 'console.log("collection");\nres.body.missing.id',
		request: 'console.log("request");\nclient.setVar("ran", true);\nthrow new Error("bad status " + res.status)',
	});
	expect(variables.get('ran')).toBe(true);
	expect(result.logs).toEqual([
		{level: 'log', text: 'collection', source: 'collection post-response'},
		{level: 'log', text: 'request', source: 'request post-response'},
	]);
	expect(result.errors.map(({source, line, kind}) => ({source, line, kind}))).toEqual([
		{source: 'collection', line: 2, kind: 'thrown'},
		{source: 'request', line: 3, kind: 'thrown'},
	]);
	expect(result.errors[0]!.message).toMatch(/^Collection post-response script, run for "Chain", failed at line 2: TypeError: /);
	expect(result.errors[1]!.message).toBe('Post-response script of "Chain" failed at line 3: Error: bad status 500');
});

test('a syntax error in the collection\'s post-response script still lets the request\'s own run', async () => {
	const {result, variables} = await runChain('post-response', {collection: 'const a = ;', request: 'client.setVar("ran", true)'});
	expect(variables.get('ran')).toBe(true);
	expect(result.errors).toMatchObject([{source: 'collection', kind: 'syntax', line: 1}]);
});

test('a post-response script cancelled while it runs stops the phase: the request\'s own does not start', async () => {
	const controller = new AbortController();
	const scope = scopeVariables();
	// The user's ctrl+c, as the collection's script reaches its endless loop.
	const cancelling: ScriptVariables = {...scope, set: (name, value) => name === 'cancel' ? controller.abort() : scope.set(name, value)};
	const {result} = await runChain('post-response', {collection: 'client.setVar("cancel", 1);\nwhile (true) {}', request: 'client.setVar("ran", true)'}, {variables: cancelling, signal: controller.signal});
	expect(result.errors).toMatchObject([{source: 'collection', kind: 'cancelled'}]);
	expect(scope.values.has('ran')).toBe(false);
});

test('an error in the request\'s script keeps what the collection\'s script did', async () => {
	const {result, variables} = await runChain('post-response', {collection: 'client.setVar("first", 1)', request: 'client.setVar("second", 2);\nnope();'});
	expect(Object.fromEntries(variables)).toEqual({first: 1, second: 2});
	expect(result.errors).toHaveLength(1);
	expect(result.errors[0]).toMatchObject({source: 'request', phase: 'post-response', kind: 'thrown', line: 2});
	expect(result.errors[0]!.message).toBe('Post-response script of "Chain" failed at line 2: ReferenceError: \'nope\' is not defined');
});

test('empty scripts are skipped', async () => {
	const {result} = await runChain('pre-request', {collection: '', request: '   '});
	expect(result).toEqual({request, logs: [], errors: []});
});
