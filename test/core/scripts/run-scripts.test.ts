import {expect, test} from 'vitest';
import {runScripts, type ScriptRequest} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

const request: ScriptRequest = {method: 'GET', url: 'https://example.com/', headers: [], body: ''};

test('the collection\'s script runs before the request\'s own, which sees its changes', async () => {
	const variables = scopeVariables();
	const result = await runScripts({
		code: {
			collection: 'client.setVar("order", ["collection"]); req.headers.set("X-From", "collection"); console.log("collection")',
			request: 'client.setVar("order", [...client.getVar("order"), "request"]); req.url += "?h=" + req.headers.get("x-from"); console.log("request")',
		},
		phase: 'pre-request',
		requestName: 'Ordered',
		variables,
		request,
	});
	expect(result.error).toBeUndefined();
	expect(variables.values.get('order')).toEqual(['collection', 'request']);
	expect(result.request).toEqual({method: 'GET', url: 'https://example.com/?h=collection', headers: [['X-From', 'collection']], body: ''});
	expect(result.logs).toEqual([
		{level: 'log', text: 'collection', source: 'collection pre-request'},
		{level: 'log', text: 'request', source: 'request pre-request'},
	]);
});

test('an error in the collection\'s script stops the phase before the request\'s own runs', async () => {
	const variables = scopeVariables();
	const result = await runScripts({
		code: {collection: 'console.log("first");\nthrow new Error("no token")', request: 'client.setVar("ran", true)'},
		phase: 'pre-request',
		requestName: 'Stopped',
		variables,
		request,
	});
	expect(variables.values.has('ran')).toBe(false);
	expect(result.logs.map(entry => entry.text)).toEqual(['first']);
	expect(result.error).toMatchObject({source: 'collection', phase: 'pre-request', kind: 'thrown', line: 2});
	expect(result.error!.message).toBe('Collection pre-request script, run for "Stopped", failed at line 2: Error: no token');
});

test('an error in the request\'s script keeps what the collection\'s script did', async () => {
	const variables = scopeVariables();
	const result = await runScripts({
		code: {collection: 'client.setVar("first", 1)', request: 'client.setVar("second", 2);\nnope();'},
		phase: 'post-response',
		requestName: 'Half',
		variables,
	});
	expect(Object.fromEntries(variables.values)).toEqual({first: 1, second: 2});
	expect(result.error).toMatchObject({source: 'request', phase: 'post-response', kind: 'thrown', line: 2});
	expect(result.error!.message).toBe('Post-response script of "Half" failed at line 2: ReferenceError: \'nope\' is not defined');
});

test('empty scripts are skipped', async () => {
	const result = await runScripts({code: {collection: '', request: '   '}, phase: 'pre-request', requestName: 'Empty', variables: scopeVariables(), request});
	expect(result).toEqual({request, logs: []});
});
