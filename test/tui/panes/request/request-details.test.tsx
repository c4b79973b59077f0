/*
o in the request pane: the request's auth, variables, post-response variables, assertions and
settings in $EDITOR, as one JSON document. A real store, a real $EDITOR (a shell script) and a
loopback server that records what it got; keys in one chunk.
*/
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Store} from '../../../../source/core/store/store.js';
import {recordingServerForFile} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness} from '../render-app.js';

const server = recordingServerForFile();

let app: AppHarness | undefined;
let scratch: string;
beforeEach(() => {
	scratch = mkdtempSync(path.join(tmpdir(), 'curlew-details-'));
});

afterEach(() => {
	rmSync(scratch, {recursive: true, force: true});
});

/** An $EDITOR that keeps a copy of what it was given in `seen`, then writes `documents` in turn, one per run. */
function scriptedEditor(documents: string[]): {editor: string; seen: string} {
	const id = `${process.pid}-${Math.random().toString(16).slice(2)}`;
	const seen = path.join(scratch, `curlew-details-seen-${id}`);
	const turns = documents.map((document, index) => {
		const file = path.join(scratch, `curlew-details-${id}-${index}.json`);
		writeFileSync(file, document);
		return file;
	});
	const counter = path.join(scratch, `curlew-details-turn-${id}`);
	writeFileSync(counter, '0');
	const editor = path.join(scratch, `curlew-details-editor-${id}.sh`);
	writeFileSync(editor, `#!/bin/sh\ntarget="$1"\ncp "$target" '${seen}'\nturn=$(cat '${counter}')\necho $((turn + 1)) > '${counter}'\nset -- ${turns.map(file => `'${file}'`).join(' ')}\nshift $turn\ncp "$1" "$target"\n`);
	chmodSync(editor, 0o755);
	return {editor, seen};
}

function prepareRequest(store: Store, origin: string): void {
	const collection = store.createCollection({name: 'Shop', variables: [{name: 'token', value: 'tok-42'}]});
	const request = store.addRequest(collection.id, {name: 'Get user', url: `${origin}/users/{{id}}`});
	store.updateRequest(collection.id, request.id, current => ({...current, variables: [{name: 'apiKey', value: 'hunter2-secret', secret: true}]}));
}

const details = JSON.stringify({
	auth: {type: 'bearer', token: '{{token}}'},
	variables: [{name: 'id', value: 7}],
	postResponseVariables: [{name: 'userName', expression: 'res.body.name'}],
	asserts: [{expression: 'res.status', operator: 'eq', value: '200'}],
	settings: {totalTimeoutMs: 5000},
});

describe('the request\'s details in $EDITOR (o)', () => {
	it('saves the auth, variables, post-response variables, assertions and settings written, and sends with them', async () => {
		const {editor} = scriptedEditor([details]);
		app = await renderApp({columns: 120, env: {EDITOR: editor}, prepare: store => prepareRequest(store, server.origin)});
		await app.write('2o');
		expect(app.frame()).toContain('The auth, variables, assertions and settings of "Get user" saved');
		const request = app.store.collections()[0]!.requests[0]!;
		expect(request).toMatchObject({
			auth: {type: 'bearer', token: '{{token}}'},
			postResponseVariables: [{name: 'userName', expression: 'res.body.name'}],
			asserts: [{expression: 'res.status', operator: 'eq', value: '200', enabled: true}],
			settings: {totalTimeoutMs: 5000},
		});
		// The secret the document did not hold is kept.
		expect(request.variables).toEqual([{name: 'id', value: 7}, {name: 'apiKey', value: 'hunter2-secret', secret: true}]);

		const before = server.requests.length;
		await app.write('\u0012');
		await app.settle(() => server.requests.length > before && app!.container.getState().inFlight === undefined);
		expect(server.requests.at(-1)).toMatchObject({url: '/users/7', headers: {authorization: 'Bearer tok-42'}});
	});

	it('never writes a secret value into the file it hands the editor', async () => {
		const {editor, seen} = scriptedEditor([details]);
		app = await renderApp({env: {EDITOR: editor}, prepare: store => prepareRequest(store, server.origin)});
		await app.write('2o');
		const handed = readFileSync(seen, 'utf8');
		expect(JSON.parse(handed)).toEqual({auth: {type: 'none'}, variables: [], postResponseVariables: [], asserts: [], settings: {}});
		expect(handed).not.toContain('hunter2');
	});

	it('refuses a document it cannot read, saying where, changes nothing, and opens the text again on the next o', async () => {
		const wrong = details.replace('"operator":"eq"', '"operator":"equals"');
		const {editor, seen} = scriptedEditor([wrong, details]);
		app = await renderApp({columns: 200, env: {EDITOR: editor}, prepare: store => prepareRequest(store, server.origin)});
		await app.write('2o');
		expect(app.frame()).toContain('"Get user" not changed (o opens your text again): asserts[0].operator: "equals" is not an assert operator');
		expect(app.store.collections()[0]!.requests[0]!.asserts).toBeUndefined();
		await app.write('o');
		expect(readFileSync(seen, 'utf8')).toBe(wrong);
		expect(app.store.collections()[0]!.requests[0]!.asserts).toHaveLength(1);
	});

	it('says on the Scripts tab what runs beside the scripts', async () => {
		const {editor} = scriptedEditor([details]);
		app = await renderApp({columns: 160, env: {EDITOR: editor}, prepare: store => prepareRequest(store, server.origin)});
		await app.write('2o');
		// From the body tab, the one the request pane opens on.
		await app.write('l');
		expect(app.container.getState().requestTab).toBe('scripts');
		expect(app.frame()).toContain('o edits: auth bearer · 2 variables · 1 post-response variable · 1 assertion · settings: totalTimeoutMs');
	});
});
