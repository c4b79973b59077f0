import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {openStore} from '../../source/core/store/store.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'core', 'store', 'fixtures');
let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => config.remove());

/** A curlew process changing the store for `ms` milliseconds, as a write of a store of a few hundred MB takes; resolves once it holds the lock. */
async function slowChange(ms: number): Promise<{done: Promise<number | null>}> {
	const child = spawn(process.execPath, ['--import', path.join(fixtures, 'ts-register.mjs'), path.join(fixtures, 'slow-store-change.mjs'), config.directory, String(ms)], {stdio: ['ignore', 'pipe', 'inherit']});
	const done = new Promise<number | null>(resolve => child.on('exit', resolve));
	await new Promise<void>(resolve => {
		child.stdout.on('data', (chunk: Buffer) => {
			if (chunk.toString().includes('holding')) {
				resolve();
			}
		});
	});
	return {done};
}

describe('curlew import while another curlew takes long to write the store', () => {
	it('waits for it rather than taking its lock by age: every import that says Imported is kept', async () => {
		openStore({configDir: config.directory}).close();
		const files = ['One', 'Two', 'Three'].map(name => {
			const file = path.join(config.directory, `${name}.json`);
			writeFileSync(file, JSON.stringify({curlew: 1, name, requests: [{name: 'Health', url: 'http://127.0.0.1:1/health'}]}));
			return file;
		});
		// Longer than the 10 s after which a lock used to count as abandoned, shorter than a waiter's patience.
		const holder = await slowChange(11_000);
		const results = await Promise.all(files.map(async file => runCli(['import', file], {configDir: config.directory})));
		expect(await holder.done).toBe(0);

		const kept = openStore({configDir: config.directory, seed: false}).collections().map(collection => collection.name);
		for (const [index, result] of results.entries()) {
			expect(result.stderr).toBe(`Imported "${['One', 'Two', 'Three'][index]}" with 1 request\n`);
			expect(result.code).toBe(0);
		}

		expect(kept.sort()).toEqual(['Getting started', 'One', 'Three', 'Two']);
	}, 60_000);
});
