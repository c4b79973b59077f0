import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {openStore} from '../../../source/core/store/store.js';
import {renderApp, type AppHarness} from './render-app.js';

let app: AppHarness | undefined;

/** Bidi overrides and isolates, and C1 controls: U+009B starts a control sequence in some terminals. */
const raw = /[\u0080-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
A store whose collection, request and environment names hold a right-to-left override and a
C1 control: a name may hold the first; an older curlew let the second in, and the store
still opens such a file. Removed when the test ends, after the harness over it (which leaves
a folder it was given alone) has closed.
*/
function storeWithTrickyNames(): string {
	const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-tui-'));
	onTestFinished(() => {
		rmSync(configDir, {recursive: true, force: true});
	});
	const store = openStore({configDir, seed: false});
	const collection = store.createCollection({name: 'Shop\u202Egnp'});
	store.addRequest(collection.id, {name: 'Get CSIuser'});
	store.addEnvironment(collection.id, {name: 'Stage CSI'});
	store.close();
	const file = path.join(configDir, 'curlew.json');
	writeFileSync(file, readFileSync(file, 'utf8').replaceAll('CSI', '\\u009b'));
	return configDir;
}

/** The last frame as the terminal got it, escape sequences and all. */
function rawFrame(harness: AppHarness): string {
	return harness.stdout.frames.at(-1) ?? '';
}

describe('names in the terminal UI show bidi overrides and C1 controls as U+FFFD, never raw', () => {
	it('in the collections tree and the request pane\'s title', async () => {
		app = await renderApp({configDir: storeWithTrickyNames(), columns: 120});
		expect(app.store.collections()[0]!.requests[0]!.name).toBe('Get \u009Buser');
		expect(rawFrame(app)).not.toMatch(raw);
		expect(app.frame()).toContain('Shop\uFFFDgnp');
		expect(app.frame()).toContain('Request Get \uFFFDuser');
	});

	it('in a question that names what it deletes, and in a prompt\'s label', async () => {
		app = await renderApp({configDir: storeWithTrickyNames(), columns: 120});
		await app.write('d');
		expect(app.frame()).toContain('Delete request "Get \uFFFDuser"?');
		expect(rawFrame(app)).not.toMatch(raw);
		await app.write('x');
		await app.write('n');
		expect(app.frame()).toContain('New request in Shop\uFFFDgnp');
		expect(rawFrame(app)).not.toMatch(raw);
	});
});
