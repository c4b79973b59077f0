import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => config.remove());

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory});
}

/** A right-to-left override, which shows the text after it reversed, and C1 controls, which some terminals act on (U+009B starts a control sequence). */
const override = '\u202E';
const isolate = '\u2066';
const nextLine = '\u0085';
const csi = '\u009B';
const raw = /[\u0080-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A collection whose names hold a bidi override and isolate, which names may: they are no control characters. */
async function importTrickyNames(): Promise<void> {
	const file = path.join(config.directory, 'tricky.json');
	writeFileSync(file, JSON.stringify({curlew: 1, name: `Shop${override}gnp`, requests: [{name: `Get ${isolate}user`, url: 'http://127.0.0.1:1/'}]}));
	const result = await curlew('import', file);
	expect(result.stderr).toBe('Imported "Shop\uFFFDgnp" with 1 request\n');
}

describe('an error that quotes a name shows its bidi overrides and C1 controls as U+FFFD, never raw', () => {
	it('curlew run of a collection that is not there, listing those there are', async () => {
		await importTrickyNames();
		const result = await curlew('run', `Nope${override}${nextLine}`);
		expect(result.stderr).toBe('curlew: No collection named "Nope\uFFFD\uFFFD": choose one of "Getting started", "Shop\uFFFDgnp"\n');
		expect(result.code).toBe(2);
	});

	it('curlew run of a request the collection does not have, listing its requests', async () => {
		await importTrickyNames();
		const result = await curlew('run', `Shop${override}gnp`, `x${csi}`);
		expect(result.stderr).not.toMatch(raw);
		expect(result.stderr).toContain('"Shop\uFFFDgnp"');
		expect(result.stderr).toContain('"x\uFFFD"');
		expect(result.stderr).toContain('"Get \uFFFDuser"');
		expect(result.code).toBe(2);
	});

	it('curlew export of a name with a C1 control', async () => {
		const result = await curlew('export', `x${csi}[2J`);
		expect(result.stderr).toBe('curlew: No collection named "x\uFFFD[2J": choose one of "Getting started"\n');
		expect(result.code).toBe(2);
	});

	it('curlew import of a path that holds an escape sequence', async () => {
		const file = path.join(config.directory, 'a\u001B]0;owned\u0007.json');
		const result = await curlew('import', file);
		expect(result.stderr).toBe(`curlew: Cannot read ${path.join(config.directory, 'a␛]0;owned␇.json')}: no such file\n`);
		expect(result.code).toBe(2);
	});
});
