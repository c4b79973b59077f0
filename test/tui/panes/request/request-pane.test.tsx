import {chmodSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import chalk from 'chalk';
import {act} from 'react';
import stringWidth from 'string-width';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {Body, Request} from '../../../../source/core/model.js';
import {openStore, type Store} from '../../../../source/core/store/store.js';
import {startRecordingServer} from '../../../helpers/recording-server.js';
import {renderApp, type AppHarness, type HarnessOptions} from '../render-app.js';

let app: AppHarness | undefined;

async function withRequest(options: HarnessOptions = {}): Promise<AppHarness> {
	const harness = await renderApp({
		...options,
		prepare(store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'host', value: 'api.test'}, {name: 'token', value: 's3cr3t-token', secret: true}]});
			store.addRequest(api.id, {name: 'Get user'});
			options.prepare?.(store);
		},
	});
	await harness.write('2');
	return harness;
}

function withBody(store: Store, body: Body): void {
	const api = store.createCollection({name: 'API'});
	const created = store.addRequest(api.id, {name: 'Create user', method: 'POST', url: 'http://api.test/users'});
	store.updateRequest(api.id, created.id, current => ({...current, body}));
}

function request(harness: AppHarness): Request {
	return harness.store.collections()[0]!.requests[0]!;
}

describe('request pane', () => {
	it('types the URL with the cursor at the end, in one chunk, and saves it on Esc', async () => {
		app = await withRequest();
		await app.write('uhttps://{{host}}/users/{{id}}\u001B');
		expect(request(app).url).toBe('https://{{host}}/users/{{id}}');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		await app.write('u?x=1\u001B');
		expect(request(app).url).toBe('https://{{host}}/users/{{id}}?x=1');
	});

	it('keeps typed URL text that is not yet flushed when the user quits', async () => {
		app = await withRequest();
		await app.write('uhttp://a.test');
		expect(app.saver.pending).toBe(true);
		await act(async () => {
			app!.saver.flush();
		});
		expect(request(app).url).toBe('http://a.test');
	});

	it('cycles the method with m', async () => {
		app = await withRequest();
		await app.write('mm');
		expect(request(app).method).toBe('PUT');
		expect(app.frame()).toContain('PUT');
	});

	it('adds, edits, turns off and deletes headers', async () => {
		app = await withRequest();
		await app.write('aX-Token: {{token}}\r');
		expect(request(app).headers).toEqual([{name: 'X-Token', value: '{{token}}', enabled: true}]);
		// While the new one is typed, the › marks its row alone.
		await app.write('aAccept');
		expect(app.frame()).toMatch(/[┃│] \[x\] X-Token/);
		await app.write(': application/json\r');
		expect(request(app).headers).toHaveLength(2);
		await app.write('k ');
		expect(request(app).headers[0]!.enabled).toBe(false);
		expect(app.frame()).toContain('[ ] X-Token: {{token}}');
		await app.write('\r\u001B[F2\r');
		expect(request(app).headers[0]).toEqual({name: 'X-Token', value: '{{token}}2', enabled: false});
		// d asks first: any key but y keeps the header, y deletes it.
		await app.write('d');
		expect(app.frame()).toContain('Delete header "X-Token"?');
		await app.write('n');
		expect(request(app).headers).toHaveLength(2);
		await app.write('dy');
		expect(request(app).headers).toEqual([{name: 'Accept', value: 'application/json', enabled: true}]);
	});

	it('gives keys that follow an Esc in a later chunk to the next header, not to the one just left', async () => {
		app = await withRequest();
		await app.write('aA: 1\raB: 2');
		await app.write('\u001BaC: 3\u001BaBad\u001B');
		expect(request(app).headers.map(header => `${header.name}: ${header.value}`)).toEqual(['A: 1', 'B: 2', 'C: 3']);
	});

	it('clears the refusal of a header once ctrl+r sends it corrected', async () => {
		const server = await startRecordingServer();
		try {
			app = await renderApp({
				prepare(store) {
					const api = store.createCollection({name: 'API'});
					store.addRequest(api.id, {name: 'Get', url: `${server.origin}/get`});
				},
			});
			await app.write('2aX\u0012');
			expect(app.frame()).toContain('Not sent: Header "X" has no colon');
			await app.write(': 1\u0012');
			await app.settle(() => server.requests.length === 1 && app!.container.getState().inFlight === undefined);
			expect(server.requests[0]!.headers.x).toBe('1');
			expect(app.frame()).not.toContain('Not sent');
		} finally {
			await server.close();
		}
	});

	it('refuses a header without a colon, says why, and keeps the field open', async () => {
		app = await withRequest();
		await app.write('aBad header\r');
		expect(request(app).headers).toEqual([]);
		expect(app.frame()).toContain('has no colon: type it as Name: value');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing'});
	});

	it('says an emptied header is empty on Enter and keeps the field open', async () => {
		app = await withRequest();
		await app.write('aAccept: text/html\r\r\u0001\u000B\r');
		expect(request(app).headers).toEqual([{name: 'Accept', value: 'text/html', enabled: true}]);
		expect(app.frame()).toContain('The header is empty: type it as Name: value');
		expect(app.frame()).not.toContain('Header ""');
		expect(app.container.getState().mode).toMatchObject({kind: 'editing'});
	});

	it('saves a valid header on Esc, new or edited, as the URL field does', async () => {
		app = await withRequest();
		await app.write('aAccept: text/html\u001B');
		expect(request(app).headers).toEqual([{name: 'Accept', value: 'text/html', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		await app.write('\r\u001B[F,*/*\u001B');
		expect(request(app).headers).toEqual([{name: 'Accept', value: 'text/html,*/*', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('closes an untouched header field on Esc without a message', async () => {
		app = await withRequest();
		await app.write('aAccept: text/html\r');
		await app.write('a\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.container.getState().message).toBeUndefined();
		await app.write('\r\u001B');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.container.getState().message).toBeUndefined();
		expect(request(app).headers).toEqual([{name: 'Accept', value: 'text/html', enabled: true}]);
	});

	it('drops a new header without a colon on Esc and says it was not added', async () => {
		app = await withRequest();
		await app.write('aBadheader\u001B');
		expect(request(app).headers).toEqual([]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('⚠ Header not added: "Badheader" has no colon');
	});

	it('leaves a new invalid header on Esc and gives the next key of the same chunk to the app (q quits)', async () => {
		app = await withRequest();
		await app.write('aBadheader\u001Bq');
		expect(app.quits).toBe(1);
		expect(request(app).headers).toEqual([]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
	});

	it('keeps the previous value of a header given invalid text on Esc, and says so', async () => {
		app = await withRequest();
		await app.write('aX-Token: {{token}}\r');
		await app.write('\r\u0001\u000BX-Token {{token}}\u001B');
		expect(request(app).headers).toEqual([{name: 'X-Token', value: '{{token}}', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('⚠ Header not saved: "X-Token {{token}}" has no colon; kept the previous value');
	});

	it('keeps the previous value of an emptied header on Esc, says so, and d and y then delete it', async () => {
		app = await withRequest();
		await app.write('aX-Token: {{token}}\r');
		await app.write('\r\u0001\u000B\u001B');
		expect(request(app).headers).toEqual([{name: 'X-Token', value: '{{token}}', enabled: true}]);
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(app.frame()).toContain('⚠ Header not saved: the field was empty; kept the previous value (d deletes a header)');
		await app.write('dy');
		expect(request(app).headers).toEqual([]);
	});

	it('gives the keys after Esc in the same chunk to the app when an edited header is invalid', async () => {
		app = await withRequest();
		await app.write('aA: 1\raB: 2\r');
		await app.write('\r\u0001\u000B\u001Bk ');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(request(app).headers).toEqual([{name: 'A', value: '1', enabled: false}, {name: 'B', value: '2', enabled: true}]);
	});

	it('types a multi-line JSON body and keeps the body type', async () => {
		app = await withRequest();
		await app.write('\r{\r  "id": {{id}}\r}\u001B');
		expect(request(app).body).toEqual({type: 'json', text: '{\n  "id": {{id}}\n}'});
		await app.write('t');
		expect(request(app).body).toEqual({type: 'text', text: '{\n  "id": {{id}}\n}'});
		await app.write('t');
		expect(request(app).body).toEqual({type: 'form', fields: [], text: '{\n  "id": {{id}}\n}'});
		await app.write('t');
		expect(request(app).body).toEqual({type: 'none', text: '{\n  "id": {{id}}\n}'});
	});

	it('moves and deletes by whole emoji in a JSON body, the keys and the text in one chunk', async () => {
		app = await withRequest();
		const threeLefts = '\u001B[D'.repeat(3);
		// Each opens the body with Enter, the cursor at its end, and leaves it with Esc.
		for (const [keys, text] of [
			[`ab👍🏽cd${threeLefts}X`, 'abX👍🏽cd'],
			[`👨‍👩‍👧ef${threeLefts}\u007F`, 'abX👍🏽c👨‍👩‍👧ef'],
		]) {
			await app.write(`\r${keys}\u001B`);
			expect(request(app).body).toEqual({type: 'json', text});
		}
	});

	it('cycles the body type all the way round in one chunk and keeps the JSON, in the store and its file', async () => {
		const json = '{\n\t"id": {{id}},\n\t"name": "Ada"\n}';
		app = await renderApp({prepare: store => withBody(store, {type: 'json', text: json})});
		await app.write('2tttt');
		expect(request(app).body).toEqual({type: 'json', text: json});
		expect(app.frame()).toContain('[Body: json]');
		expect(app.frame()).toContain('  "id": {{id}},');
		const file = JSON.parse(readFileSync(path.join(app.configDir, 'curlew.json'), 'utf8')) as {collections: Array<{requests: Request[]}>};
		expect(file.collections[0]!.requests[0]!.body).toEqual({type: 'json', text: json});
	});

	it('shows an empty form that keeps the JSON for later, and says so', async () => {
		const json = '{\n\t"id": {{id}}\n}';
		app = await renderApp({prepare: store => withBody(store, {type: 'json', text: json})});
		await app.write('2tt');
		expect(app.frame()).toContain('[Body: form]');
		expect(app.frame()).toContain('Empty form');
		expect(app.frame()).not.toContain('{=');
		expect(app.frame()).toContain('Kept aside: text of 3 lines (t switches type)');
		await app.write('t');
		expect(request(app).body).toEqual({type: 'none', text: json});
		expect(app.frame()).toContain('Kept aside: text of 3 lines');
		await app.write('\r\u001B[F,\u001B');
		expect(request(app).body).toEqual({type: 'json', text: `${json.slice(0, json.lastIndexOf('\n'))}\n},`});
	});

	it('turns a form into name=value text and back into the same fields', async () => {
		const fields = [{name: 'user', value: '{{name}}'}, {name: 'note', value: 'a=b'}];
		app = await renderApp({prepare: store => withBody(store, {type: 'form', fields})});
		await app.write('2ttt');
		expect(request(app).body).toEqual({type: 'text', text: 'user={{name}}\nnote=a=b'});
		expect(app.frame()).toContain('user={{name}}');
		await app.write('t');
		expect(request(app).body).toEqual({type: 'form', fields});
	});

	it('edits the request and collection scripts', async () => {
		app = await withRequest();
		await app.write('l');
		expect(app.frame()).toContain('Request pre-request script');
		await app.write('\rclient.setVar("a", 1);\u001B');
		expect(request(app).scripts.preRequest).toBe('client.setVar("a", 1);');
		await app.write('jjj\rconsole.log(res.status);\u001B');
		expect(app.store.collections()[0]!.scripts.postResponse).toBe('console.log(res.status);');
	});

	it('opens the body in $EDITOR and saves what it wrote', async () => {
		const editor = path.join(process.env.TMPDIR ?? '/tmp', `curlew-test-editor-${process.pid}.sh`);
		writeFileSync(editor, '#!/bin/sh\nprintf \'{"from": "editor"}\\n\' > "$1"\n');
		chmodSync(editor, 0o755);
		const calls: string[] = [];
		app = await withRequest({env: {EDITOR: editor}, services: {terminal: {suspend: () => calls.push('suspend'), resume: () => calls.push('resume')}}});
		await app.write('tme');
		expect(calls).toEqual(['suspend', 'resume']);
		expect(request(app).body).toEqual({type: 'json', text: '{"from": "editor"}'});
		expect(app.frame()).toContain('Body updated from $EDITOR');
	});

	it('says how to set an editor when $EDITOR is not set and neither vi nor nano is installed', async () => {
		app = await withRequest({env: {PATH: ''}});
		await app.write('e');
		expect(app.frame()).toContain('No editor: $VISUAL and $EDITOR are not set');
	});

	it('previews the resolved request with secrets masked and the problems listed', async () => {
		app = await withRequest();
		await app.write('uhttps://{{host}}/users/{{id}}\u001BaAuthorization: Bearer {{token}}\r');
		await app.write('h');
		expect(app.frame()).toContain('[Preview]');
		await app.settle(() => app!.frame().includes('GET https://api.test/users/'));
		const frame = app.frame();
		expect(frame).toContain('{{id}}');
		expect(frame).toContain('Authorization: Bearer ••••••');
		expect(frame).not.toContain('s3cr3t-token');
		expect(frame).toContain('⚠ URL, column 24: {{id}}');
	});

	it('does nothing on Enter in the Preview tab: no field opens, the URL is as it was, and keys after it navigate', async () => {
		app = await withRequest();
		await app.write('uhttp://{{host}}/a\u001B');
		// From the body tab, where a request opens.
		await app.write('ll');
		expect(app.frame()).toContain('[Preview]');
		await app.write('\rxq');
		expect(app.container.getState().mode).toEqual({kind: 'navigating'});
		expect(request(app).url).toBe('http://{{host}}/a');
		// The q typed after it was a key, not text: it quit.
		expect(app.quits).toBe(1);
	});

	it('previews the seeded body with tabs expanded, keeping the pane titles at the top and every row inside the terminal', async () => {
		app = await renderApp({
			seed: true,
			columns: 120,
			rows: 35,
			// The request pane as tall as the response: the preview's rows show.
			screen: {requestShare: 0.5},
			prepare(store) {
				const collection = store.findCollection('Getting started')!;
				store.moveRequest(collection.id, collection.requests.find(candidate => candidate.name === 'Create user')!.id, 0);
			},
		});
		await app.write('2\u001B[C\u001B[C');
		expect(app.frame()).toContain('[Preview]');
		await app.settle(() => app!.frame().includes('"idAsText"'));
		expectInsideTerminal(app);
		expect(app.frame()).toMatch(/┃ {4}"id": 42, +┃/);
	});

	it('scrolls a preview or a body longer than the pane with j, k and G, saying which lines show', async () => {
		const body = Array.from({length: 40}, (_, index) => `line ${index + 1}`).join('\n');
		app = await renderApp({columns: 80, rows: 24, prepare: store => withBody(store, {type: 'text', text: body})});
		await app.write('2');
		expect(app.frame()).toContain('line 1 ');
		expect(app.frame()).toMatch(/lines 1-\d+ of 40 {2}j\/k scroll/);
		await app.write('jjj');
		expect(app.frame()).toMatch(/lines 4-\d+ of 40/);
		expect(app.frame()).not.toContain('line 3 ');
		expect(app.frame()).toContain('line 4 ');
		await app.write('\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/users'));
		expect(app.frame()).toMatch(/lines 1-\d+ of 43/);
		await app.write('G');
		await app.settle(() => app!.frame().includes('line 40'));
		const [, first, last] = /lines (\d+)-(\d+) of 43/.exec(app.frame())!;
		expect(Number(last)).toBe(43);
		await app.write('k');
		expect(app.frame()).toContain(`lines ${Number(first) - 1}-42 of 43`);
		await app.write('gk');
		expect(app.frame()).toContain('POST http://api.test/users');
		expectInsideTerminal(app);
	});

	it('does not scroll, out of sight, a body tab that shows no lines: the body a type change brings back starts at its top', async () => {
		const body = Array.from({length: 40}, (_, index) => `line ${index + 1}`).join('\n');
		app = await renderApp({columns: 80, rows: 24, prepare: store => withBody(store, {type: 'text', text: body})});
		// Text, then form, then none: j on a body of none has nothing to scroll.
		await app.write('2tt');
		expect(app.frame()).toContain('No body: t picks a type');
		await app.write('jjjjj');
		await app.write('t');
		expect(app.frame()).toMatch(/lines 1-\d+ of 40/);
	});

	it('warns in the Preview when a JSON body is not valid JSON once filled, and not when it is', async () => {
		app = await renderApp({columns: 120, rows: 30, prepare: store => withBody(store, {type: 'json', text: '{"a": , "b": 1}'})});
		await app.write('2\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/users'));
		expect(app.frame()).toContain('⚠ The body is sent as JSON but is not valid JSON');
		await app.cleanup();
		app = await renderApp({columns: 120, rows: 30, prepare: store => withBody(store, {type: 'json', text: '{"a": 1}'})});
		await app.write('2\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/users'));
		expect(app.frame()).not.toContain('not valid JSON');
	});

	it('writes nothing when a body is left untouched, so a change another window made to it stays', async () => {
		app = await renderApp({prepare: store => withBody(store, {type: 'json', text: '{"a": 1}'})});
		await app.write('2\r');
		const other = openStore({configDir: app.configDir, seed: false});
		const [collection] = other.collections();
		other.updateRequest(collection!.id, collection!.requests[0]!.id, current => ({...current, body: {type: 'json', text: '{"b": 2}'}}));
		other.close();
		await app.write('\u001B');
		expect(openStore({configDir: app.configDir, seed: false}).collections()[0]!.requests[0]!.body.text).toBe('{"b": 2}');
		// Seen here (as the store's watcher would tell), then typed in: it is saved on leaving.
		await act(async () => {
			app!.container.dispatch({type: 'stored'});
		});
		await app.write('\r!\u001B');
		expect(request(app).body.text).toBe('{"b": 2}!');
	});

	describe('when another window changes the headers', () => {
		const threeHeaders = (store: Store) => {
			const api = store.createCollection({name: 'API'});
			store.addRequest(api.id, {name: 'Get', headers: [{name: 'H1', value: 'one', enabled: true}, {name: 'H2', value: 'two', enabled: true}, {name: 'H3', value: 'three', enabled: true}]});
		};

		/** Another window changes the headers; this one sees it (as its store watcher would) unless `seen` is false. */
		async function elsewhere(harness: AppHarness, change: (headers: Request['headers']) => Request['headers'], seen = true): Promise<void> {
			const other = openStore({configDir: harness.configDir, seed: false});
			const [collection] = other.collections();
			other.updateRequest(collection!.id, collection!.requests[0]!.id, current => ({...current, headers: change(current.headers)}));
			other.close();
			if (seen) {
				await act(async () => {
					harness.container.dispatch({type: 'stored'});
				});
			}
		}

		const stored = (harness: AppHarness) => openStore({configDir: harness.configDir, seed: false}).collections()[0]!.requests[0]!.headers.map(header => `${header.name}: ${header.value}`);

		it('saves an edited header into the one it was opened on, wherever it stands now', async () => {
			app = await renderApp({prepare: threeHeaders});
			await app.write('2\u001B[Dj\r\u001B[F-edited');
			await elsewhere(app, headers => headers.slice(1));
			await app.write('\r');
			expect(stored(app)).toEqual(['H2: two-edited', 'H3: three']);
		});

		it('says when its header was deleted in another window, keeping the field open, and ctrl+o adds the edit as a new header', async () => {
			app = await renderApp({prepare: threeHeaders});
			await app.write('2\u001B[Dj\r\u001B[F-edited');
			await elsewhere(app, headers => headers.filter(header => header.name !== 'H2'));
			await app.write('\r');
			expect(stored(app)).toEqual(['H1: one', 'H3: three']);
			expect(app.frame()).toContain('ctrl+o keeps yours, ctrl+t takes theirs: header H2 was deleted in another curlew window');
			await app.write('\u000F');
			expect(stored(app)).toEqual(['H1: one', 'H3: three', 'H2: two-edited']);
		});

		it('deletes the header the question named, or nothing when it is gone; space turns the one drawn on or off', async () => {
			app = await renderApp({prepare: threeHeaders});
			await app.write('2\u001B[Dd');
			await elsewhere(app, headers => [{name: 'H0', value: 'zero', enabled: true}, ...headers]);
			await app.write('y');
			expect(stored(app)).toEqual(['H0: zero', 'H2: two', 'H3: three']);
			await app.write('d');
			expect(app.frame()).toContain('Delete header "H0"?');
			await elsewhere(app, headers => headers.slice(1));
			await app.write('y');
			expect(stored(app)).toEqual(['H2: two', 'H3: three']);
			expect(app.frame()).toContain('Nothing deleted: header H0 was changed or deleted in another curlew window');
			// Before this window has seen the change, space turns off the header it shows.
			await app.write('j');
			await elsewhere(app, headers => [{name: 'H1', value: 'one', enabled: true}, ...headers], false);
			await app.write(' ');
			const headers = openStore({configDir: app.configDir, seed: false}).collections()[0]!.requests[0]!.headers;
			expect(headers.map(header => [header.name, header.enabled])).toEqual([['H1', true], ['H2', true], ['H3', false]]);
		});
	});

	describe('when another window deletes the request being edited', () => {
		function deleteElsewhere(harness: AppHarness): void {
			const other = openStore({configDir: harness.configDir, seed: false});
			const [collection] = other.collections();
			other.deleteRequest(collection!.id, collection!.requests[0]!.id);
			other.close();
		}

		it('says the typed text could not be saved when the field is left, and goes on', async () => {
			app = await withRequest();
			await app.write('uBEFORE');
			deleteElsewhere(app);
			await app.write('X\u001B');
			expect(app.frame()).toContain('Not saved: Collection');
			expect(app.container.getState().mode).toEqual({kind: 'navigating'});
			await app.write('1');
			expect(app.container.getState().focus).toBe('collections');
		});

		it('gives the keyboard back once the app sees the request gone, with the field still open', async () => {
			app = await withRequest();
			await app.write('uBEFORE');
			deleteElsewhere(app);
			// What the store's watcher does when another window writes.
			await act(async () => {
				app!.container.dispatch({type: 'stored'});
			});
			await app.settle(() => app!.container.getState().mode.kind === 'navigating');
			expect(app.frame()).toContain('deleted in another curlew window');
			await app.write('1');
			expect(app.container.getState().focus).toBe('collections');
		});
	});

	it('previews control characters as pictures, and long and wide lines wrapped at the pane border, whole', async () => {
		const body = `line\twith\ttabs\nbell\u0007 escape\u001B[31m red\u0085 next line\n${'long '.repeat(40)}\nx${'漢字'.repeat(40)}\n${'🙂'.repeat(60)}`;
		app = await renderApp({columns: 80, rows: 50, screen: {requestShare: 0.5}, prepare: store => withBody(store, {type: 'text', text: body})});
		await app.write('2\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('line'));
		expectInsideTerminal(app);
		const frame = app.frame();
		expect(frame).toContain('line    with    tabs');
		expect(frame).toContain('bell␇ escape␛[31m red\uFFFD next line');
		// The pane's rows, borders off, read in order: each long line is there whole, over several rows.
		const inside = frame.split('\n').map(row => /┃(.*)┃/.exec(row)?.[1]?.trimEnd() ?? '').join('');
		expect(inside).toContain('long '.repeat(39) + 'long');
		expect(inside).toContain(`x${'漢字'.repeat(40)}`);
		expect(inside).toContain('🙂'.repeat(60));
		expect(inside).not.toContain('…');
	});

	it('wraps a long problem rather than cutting it: where it stands and why show whole', async () => {
		app = await renderApp({columns: 80, rows: 24, screen: {requestShare: 0.5}, prepare: store => withBody(store, {type: 'json', text: `{"note": "${'n'.repeat(90)}", "id": {{missingVariable}}}`})});
		await app.write('2\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/users'));
		const inside = app.frame().split('\n').map(row => /┃(.*)┃/.exec(row)?.[1] ?? '').join('');
		expect(inside).toContain('⚠ body, line 1, column 110: {{missingVariable}}: no variable named "missingVariable" is defined in the collection, the environment or the runtime');
	});
});

describe('a JSON body of one long line, as a minified payload is pasted', () => {
	const head = '[{"s":"{{host}}","u":"{{nowhere}}"}';
	const body = `${head}${',{"n":1}'.repeat(20_000)},{"last":"{{host}}"}]`;
	const chalkLevel = chalk.level;
	beforeEach(() => {
		// Underline marks an unresolved placeholder; chalk draws it only from level 1.
		chalk.level = 1;
	});

	afterEach(() => {
		chalk.level = chalkLevel;
	});

	async function withLongLine(): Promise<AppHarness> {
		const harness = await renderApp({
			columns: 100,
			rows: 24,
			screen: {requestShare: 0.5},
			prepare(store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'host', value: 'api.test'}]});
				store.addRequest(api.id, {name: 'Bulk', method: 'POST', url: 'http://{{host}}/bulk', body: {type: 'json', text: body}});
			},
		});
		await harness.write('2');
		return harness;
	}

	/** The text of the request pane's row that holds `marker`, between its borders. */
	function paneRow(harness: AppHarness, marker: string): string | undefined {
		return harness.frame().split('\n').map(row => /┃(.*)┃/.exec(row)?.[1]).find(row => row?.includes(marker));
	}

	/** The runs of the last frame drawn underlined: unresolved placeholders. */
	function underlined(harness: AppHarness): string[] {
		return (harness.stdout.frames.at(-1) ?? '').split('\u001B[4m').slice(1).map(part => stripVTControlCharacters(part.slice(0, part.indexOf('\u001B[24m'))));
	}

	it('shows the start of the line cut at the pane border with a …, its placeholders marked', async () => {
		app = await withLongLine();
		const row = paneRow(app, '[{"s":')!;
		expect(row).toMatch(/^\[\{"s":"\{\{host\}\}","u":"\{\{nowhere\}\}"\},\{"n":1\}.*…$/);
		expect(underlined(app)).toEqual(['{{nowhere}}']);
		expect(app.frame()).not.toContain('"last"');
		expectInsideTerminal(app);
	});

	it('previews the filled line wrapped at the border, counts its rows, and shows its end on G', async () => {
		app = await withLongLine();
		await app.write('\u001B[C\u001B[C');
		await app.settle(() => app!.frame().includes('POST http://api.test/bulk'));
		const [, count] = /lines 1-\d+ of ([\d,]+)/.exec(app.frame())!;
		// The pane is 70 cells wide inside its border.
		expect(Number(count!.replaceAll(',', ''))).toBeGreaterThan(body.length / 70);
		// Below the problem (two rows), the request line, its header and a blank row.
		await app.write('jjjjj');
		expect(paneRow(app, '[{"s":')).toMatch(/^\[\{"s":"api\.test","u":"\{\{nowhere\}\}"\},\{"n":1\}/);
		await app.write('G');
		expect(paneRow(app, '"last"')).toMatch(/\{"last":"api\.test"\}\] *$/);
		expect(app.frame()).toContain(`of ${count!}`);
		expectInsideTerminal(app);
	});

	it('edits the line from its end, keeps every key of a chunk, and moves along it', async () => {
		app = await withLongLine();
		await app.write('\r');
		expect(paneRow(app, '"last"')).toMatch(/\{"n":1\},\{"last":"\{\{host\}\}"\}\] +$/);
		// Typed at the end in one chunk, a left arrow among the keys.
		await app.write(',XY\u001B[DZ');
		expect(paneRow(app, '"last"')).toMatch(/\{"last":"\{\{host\}\}"\}\],XZY$/);
		// Home, then three steps right and a key, in one chunk: the start of the line shows again.
		await app.write('\u001B[H\u001B[C\u001B[C\u001B[C|');
		expect(paneRow(app, '[{"|')).toMatch(/^\[\{"\|s":"\{\{host\}\}"/);
		expect(underlined(app)).toEqual(['{{nowhere}}']);
		await app.write('\u001B');
		expect(request(app).body.text).toBe(`[{"|${body.slice(3)},XZY`);
		expectInsideTerminal(app);
	});
});

/** Columns a terminal moves through drawing a row: tabs jump to the next stop of 8. */
function terminalColumns(row: string): number {
	let columns = 0;
	for (const piece of row.split(/(\t)/)) {
		columns = piece === '\t' ? (Math.floor(columns / 8) + 1) * 8 : columns + stringWidth(piece);
	}

	return columns;
}

function expectInsideTerminal(harness: AppHarness): void {
	const rows = harness.frame().split('\n');
	expect(rows.length).toBeLessThanOrEqual(harness.stdout.rows);
	expect(rows[0]).toMatch(/^╭─+╮┏━+┓$/);
	expect(rows[1]).toMatch(/^│Collections +│┃Request /);
	// eslint-disable-next-line no-control-regex
	expect(rows.filter(row => /[\u0000-\u001F\u007F-\u009F]/.test(row))).toEqual([]);
	expect(rows.filter(row => terminalColumns(row) > harness.stdout.columns)).toEqual([]);
}
