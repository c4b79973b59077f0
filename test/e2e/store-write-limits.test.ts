/*
A write past what the file system takes (a full disk, a quota, a file-size limit) must leave
the old file whole and say so. `ulimit -f` makes such a write fail for real, with a short
write then EFBIG, in a child process and with no privilege.
*/
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {runCli} from '../helpers/run-cli.js';

const bigBody = 'x'.repeat(300 * 1024);
const {server, config} = serverAndStorePerTest((request, response) => {
	response.end(request.url === '/big' ? bigBody : 'small');
});

function collectionFile(name: string, requests: number): string {
	const file = path.join(config.directory, `${name}.json`);
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name,
		requests: Array.from({length: requests}, (_, index) => ({
			name: `Request ${index}`,
			method: 'POST',
			url: `${server.origin}/${index === 0 ? 'small' : 'big'}`,
			body: {type: 'json', text: JSON.stringify({index, text: 'lorem ipsum '.repeat(8)})},
		})),
	}));
	return file;
}

/** Every file under `folder`, by its path inside it. */
function filesUnder(folder: string): string[] {
	return readdirSync(folder, {recursive: true, withFileTypes: true}).filter(entry => entry.isFile()).map(entry => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

describe('a write past the file-size limit', () => {
	it('fails an import with a clear message and exit 2, the store as it was and no file left behind', async () => {
		const small = collectionFile('Small', 2);
		const big = collectionFile('Big', 200);
		expect((await runCli(['import', small], {configDir: config.directory})).code).toBe(0);
		const storeFile = path.join(config.directory, 'curlew.json');
		const before = readFileSync(storeFile, 'utf8');
		const filesBefore = filesUnder(config.directory);
		const limitKiB = Math.ceil(before.length / 1024) + 8;

		const result = await runCli(['import', big], {configDir: config.directory, fileSizeLimitKiB: limitKiB});

		expect(result.stderr).toBe(`curlew: ${storeFile} would pass the largest file this process may write (ulimit -f): nothing was changed; raise that limit, then try again\n`);
		expect(result.code).toBe(2);
		expect(readFileSync(storeFile, 'utf8')).toBe(before);
		expect(filesUnder(config.directory)).toEqual(filesBefore);
		const exported = await runCli(['export', 'Small'], {configDir: config.directory});
		expect(exported.stderr).toBe('');
		expect(JSON.parse(exported.stdout.toString('utf8')).requests).toHaveLength(2);
	});

	it('leaves no lock behind when even the lock\'s few bytes cannot be written, so the next command does not wait', async () => {
		const small = collectionFile('Small', 2);
		expect((await runCli(['export', 'Getting started'], {configDir: config.directory})).code).toBe(0);
		const storeFile = path.join(config.directory, 'curlew.json');

		const result = await runCli(['import', small], {configDir: config.directory, fileSizeLimitKiB: 0});

		expect(result.stderr).toBe(`curlew: ${storeFile} would pass the largest file this process may write (ulimit -f): nothing was changed; raise that limit, then try again\n`);
		expect(result.code).toBe(2);
		expect(filesUnder(config.directory)).toEqual(['Small.json', 'curlew.json']);
	});

	it('imports whole when the limit leaves room for it', async () => {
		const big = collectionFile('Big', 200);
		const result = await runCli(['import', big], {configDir: config.directory, fileSizeLimitKiB: 1024});
		expect(result.stderr).toBe('Imported "Big" with 200 requests\n');
		expect(result.code).toBe(0);
	});

	it('sends a request whose response the history cannot keep, says so, and keeps the earlier responses whole with no file left behind', async () => {
		const file = collectionFile('Shop', 2);
		await runCli(['import', file], {configDir: config.directory});
		expect((await runCli(['run', 'Shop', 'Request 0'], {configDir: config.directory})).code).toBe(0);
		const historyFolder = path.join(config.directory, 'history');
		const historyBefore = Object.fromEntries(filesUnder(historyFolder).map(name => [name, readFileSync(path.join(historyFolder, name), 'utf8')]));
		expect(Object.keys(historyBefore)).toHaveLength(1);

		const result = await runCli(['run', 'Shop', 'Request 1'], {configDir: config.directory, fileSizeLimitKiB: 100});

		expect(result.stdout.toString('utf8')).toBe(bigBody);
		expect(result.stderr).toContain(`warning: Request 1: the response was not kept in the history: ${historyFolder}`);
		expect(result.stderr).toContain('would pass the largest file this process may write (ulimit -f): nothing was changed');
		expect(result.code).toBe(0);
		expect(Object.fromEntries(filesUnder(historyFolder).map(name => [name, readFileSync(path.join(historyFolder, name), 'utf8')]))).toEqual(historyBefore);
	});
});
