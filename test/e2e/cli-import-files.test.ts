import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {openStore} from '../../source/core/store/store.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => config.remove());

/** Long enough for any import here, were it not to hang: a hang is then a failed test, not a stuck run. */
const killAfterMs = 20_000;

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory, killAfterMs});
}

function inConfig(...parts: string[]): string {
	return path.join(config.directory, ...parts);
}

function makeFifo(file: string): void {
	execFileSync('mkfifo', [file]);
}

const request = (name: string) => `meta {\n  name: ${name}\n  type: http\n  seq: 1\n}\n\nget {\n  url: https://api.test/${name}\n}\n`;

/** A Bruno collection's folder named `name` with a bruno.json and a request Health.bru. */
function brunoFolder(name: string): string {
	const folder = inConfig(name);
	mkdirSync(folder);
	writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name, type: 'collection'}));
	writeFileSync(path.join(folder, 'Health.bru'), request('Health'));
	return folder;
}

function collectionNames(): string[] {
	return openStore({configDir: config.directory}).collections().map(collection => collection.name);
}

describe('curlew import reads only regular files', () => {
	it('refuses a named pipe from its stat, without opening it (opening one waits for a writer)', async () => {
		const fifo = inConfig('shop.json');
		makeFifo(fifo);
		const result = await curlew('import', fifo);
		expect(result.stderr).toBe(`curlew: ${fifo} is a named pipe (FIFO), not a file: curlew imports only regular files, which it can read to their end; nothing was imported\n`);
		expect(result.code).toBe(2);
	});

	it('refuses /dev/zero, a device that never ends', async () => {
		const result = await curlew('import', '/dev/zero');
		expect(result.stderr).toBe('curlew: /dev/zero is a device, not a file: curlew imports only regular files, which it can read to their end; nothing was imported\n');
		expect(result.code).toBe(2);
	});

	it('refuses a file past 64 MB before reading it, saying how big it is', async () => {
		const file = inConfig('huge.json');
		writeFileSync(file, '{"curlew": 1, "name": "Huge", "variables": [{"name": "big", "value": "');
		// Sparse: the file says 300 MB and takes no disk.
		truncateSync(file, 300 * 1024 * 1024);
		const result = await curlew('import', file);
		expect(result.stderr).toBe(`curlew: ${file} is 300 MB, and curlew imports at most 64 MB: a collection that big most likely holds saved responses or files; take them out and import it again; nothing was imported\n`);
		expect(result.code).toBe(2);
	});
});

describe('curlew import of a Bruno folder reads only the regular files inside it', () => {
	it('refuses a .bru linked to /dev/zero, naming the link and where it leads', async () => {
		const folder = brunoFolder('Zero');
		symlinkSync('/dev/zero', path.join(folder, 'Zero.bru'));
		const result = await curlew('import', folder);
		expect(result.stderr).toBe(`curlew: ${folder} is a Bruno collection curlew cannot import: Zero.bru: is a link to /dev/zero, outside the collection's folder: curlew reads only the files inside it; put a copy of the file in its place; nothing was imported\n`);
		expect(result.code).toBe(2);
	});

	it('refuses a .bru that is a named pipe in the folder', async () => {
		const folder = brunoFolder('Piped');
		mkdirSync(path.join(folder, 'users'));
		makeFifo(path.join(folder, 'users', 'Pipe.bru'));
		const result = await curlew('import', folder);
		expect(result.stderr).toBe(`curlew: ${folder} is a Bruno collection curlew cannot import: users/Pipe.bru: is a named pipe (FIFO), not a file: curlew imports only regular files, which it can read to their end; nothing was imported\n`);
		expect(result.code).toBe(2);
	});

	it('refuses a .bru linked to a file outside the folder, and imports nothing', async () => {
		const folder = brunoFolder('Leaky');
		const outside = inConfig('secret.bru');
		writeFileSync(outside, request('Secret'));
		symlinkSync(outside, path.join(folder, 'Secret.bru'));
		const result = await curlew('import', folder);
		expect(result.stderr).toBe(`curlew: ${folder} is a Bruno collection curlew cannot import: Secret.bru: is a link to ${outside}, outside the collection's folder: curlew reads only the files inside it; put a copy of the file in its place; nothing was imported\n`);
		expect(result.code).toBe(2);
		expect(collectionNames()).not.toContain('Leaky');
	});

	it('refuses a bruno.json linked out of the folder', async () => {
		const folder = brunoFolder('Manifest');
		const outside = inConfig('manifest.json');
		writeFileSync(outside, JSON.stringify({version: '1', name: 'Manifest', type: 'collection'}));
		const manifest = path.join(folder, 'bruno.json');
		execFileSync('rm', [manifest]);
		symlinkSync(outside, manifest);
		const result = await curlew('import', folder);
		expect(result.stderr).toContain(`bruno.json: is a link to ${outside}, outside the collection's folder`);
		expect(result.code).toBe(2);
	});

	it('reads a .bru linked to another file inside the folder where the link leads', async () => {
		const folder = brunoFolder('Linked');
		mkdirSync(path.join(folder, 'shared'));
		writeFileSync(path.join(folder, 'shared', 'orders.txt'), request('Orders'));
		symlinkSync(path.join('shared', 'orders.txt'), path.join(folder, 'Orders.bru'));
		const result = await curlew('import', folder);
		expect(result.stderr).toBe('Imported "Linked" with 2 requests\n');
		expect(result.code).toBe(0);
	});
});
