import {spawn, type ChildProcess} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {openStore} from '../../../source/core/store/store.js';
import {makeConfigDir} from './config-dir.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const children: ChildProcess[] = [];

afterEach(() => {
	for (const child of children.splice(0)) {
		child.kill('SIGKILL');
	}
});

/** A curlew process caught in the middle of its writes: the temporary files it has open. */
async function writerCaughtMidWrite(configDir: string, requestId: string): Promise<{child: ChildProcess; files: string[]}> {
	const child = spawn(process.execPath, ['--import', path.join(fixtures, 'ts-register.mjs'), path.join(fixtures, 'leave-temporary-file.mjs'), configDir, requestId], {stdio: ['ignore', 'pipe', 'inherit']});
	children.push(child);
	const line = await new Promise<string>((resolve, reject) => {
		let text = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			text += chunk.toString();
			if (text.endsWith('\n')) {
				resolve(text);
			}
		});
		child.on('exit', code => reject(new Error(`the writer ended early (${code})`)));
	});
	return {child, files: JSON.parse(line) as string[]};
}

async function killed(child: ChildProcess): Promise<void> {
	const exited = new Promise(resolve => child.once('exit', resolve));
	child.kill('SIGKILL');
	await exited;
}

describe('temporary files of writes cut short', () => {
	it('are removed at the next start when their writers were killed, and left while their writer runs', async () => {
		const configDir = makeConfigDir();
		openStore({configDir}).close();
		const writers = await Promise.all(['r1', 'r2', 'r3', 'r4', 'r5'].map(async requestId => writerCaughtMidWrite(configDir, requestId)));
		const [running, ...caught] = writers;
		await Promise.all(caught.map(async ({child}) => killed(child)));
		for (const {files} of writers) {
			for (const file of files) {
				expect(fs.existsSync(file)).toBe(true);
			}
		}

		openStore({configDir}).close();

		for (const {files} of caught) {
			for (const file of files) {
				expect(fs.existsSync(file)).toBe(false);
			}
		}

		for (const file of running!.files) {
			expect(fs.existsSync(file)).toBe(true);
		}
	});

	it('named after this host as curlews before named them (SHA-256, not CRC-32) are removed too, and another host\'s are left', () => {
		const configDir = makeConfigDir();
		openStore({configDir}).close();
		const olderTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
		const older = path.join(configDir, `curlew.json.999999999.${olderTag}.tmp`);
		const otherHost = path.join(configDir, `curlew.json.999999999.${olderTag === '0badc0de' ? '0badc0df' : '0badc0de'}.tmp`);
		fs.writeFileSync(older, '{"half');
		fs.writeFileSync(otherHost, '{"half');

		openStore({configDir}).close();

		expect(fs.existsSync(older)).toBe(false);
		expect(fs.existsSync(otherHost)).toBe(true);
	});

	it('of an older curlew beside a response are removed when their writer is gone, once that request\'s history is read', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const folder = path.join(store.history.directory, 'r1');
		fs.mkdirSync(folder, {recursive: true});
		const gone = path.join(folder, '000001700000000-000000000-0a1b2c3d.json.999999999.tmp');
		const running = path.join(folder, `000001700000001-000000000-0a1b2c3d.json.${process.pid}.tmp`);
		fs.writeFileSync(gone, '{"half');
		fs.writeFileSync(running, '{"half');
		expect(store.history.list('r1')).toEqual([]);
		expect(fs.readdirSync(folder)).toEqual([path.basename(running)]);
	});
});
