import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {withFileLock} from '../../../source/core/store/lock.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {makeConfigDir} from './config-dir.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

async function editInChildProcess(configDir: string, collectionId: string, requestId: string, count: number, tag: string): Promise<void> {
	await runFixture('edit-request.mjs', configDir, collectionId, requestId, String(count), tag);
}

async function runFixture(script: string, ...parameters: string[]): Promise<void> {
	const child = spawn(process.execPath, ['--import', path.join(fixtures, 'ts-register.mjs'), path.join(fixtures, script), ...parameters], {stdio: ['ignore', 'ignore', 'pipe']});
	let errors = '';
	child.stderr.on('data', (chunk: Buffer) => {
		errors += chunk.toString();
	});
	const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
	expect(errors).toBe('');
	expect(code).toBe(0);
}

function addHeader(store: Store, collectionId: string, requestId: string, tag: string, index: number): void {
	store.updateRequest(collectionId, requestId, request => ({...request, headers: [...request.headers, {name: `X-${tag}`, value: String(index), enabled: true}]}));
}

function headerValues(store: Store, collectionId: string, requestId: string, tag: string): string[] {
	return store.getCollection(collectionId)!.requests.find(request => request.id === requestId)!.headers.filter(header => header.name === `X-${tag}`).map(header => header.value);
}

const numbers = (count: number) => Array.from({length: count}, (_, index) => String(index));

describe('several curlew instances on one store', () => {
	it('keeps both edits when two instances in one process edit different requests in turn', () => {
		const configDir = makeConfigDir();
		const first = openStore({configDir, seed: false});
		const second = openStore({configDir, seed: false});
		const {id} = first.createCollection({name: 'Shared'});
		const one = first.addRequest(id, {name: 'One'});
		const two = first.addRequest(id, {name: 'Two'});
		for (let index = 0; index < 10; index++) {
			addHeader(first, id, one.id, 'first', index);
			addHeader(second, id, two.id, 'second', index);
		}

		first.setVariable(id, {name: 'fromFirst', value: 1});
		second.setVariable(id, {name: 'fromSecond', value: 2});
		const reopened = openStore({configDir, seed: false});
		expect(headerValues(reopened, id, one.id, 'first')).toEqual(numbers(10));
		expect(headerValues(reopened, id, two.id, 'second')).toEqual(numbers(10));
		expect(reopened.getCollection(id)!.variables.map(variable => variable.name)).toEqual(['fromFirst', 'fromSecond']);
	});

	it('keeps the secret flag one instance set when another then writes the variable\'s value, and the value when the flag changes', () => {
		const configDir = makeConfigDir();
		const first = openStore({configDir, seed: false});
		const second = openStore({configDir, seed: false});
		const {id} = first.createCollection({name: 'Shared', variables: [{name: 'apikey', value: 'abc'}]});
		second.updateVariable(id, 'apikey', current => current && {...current, secret: true});
		first.updateVariable(id, 'apikey', current => ({name: 'apikey', value: 'rotated', ...(current?.secret === true ? {secret: true} : {})}));
		expect(openStore({configDir, seed: false}).getCollection(id)!.variables).toEqual([{name: 'apikey', value: 'rotated', secret: true}]);
		second.updateVariable(id, 'apikey', current => current && {...current, secret: false});
		expect(openStore({configDir, seed: false}).getCollection(id)!.variables).toEqual([{name: 'apikey', value: 'rotated'}]);
		// Deleted elsewhere: a change that finds nothing leaves nothing.
		first.deleteVariable(id, 'apikey');
		second.updateVariable(id, 'apikey', current => current && {...current, secret: true});
		expect(openStore({configDir, seed: false}).getCollection(id)!.variables).toEqual([]);
	});

	it('keeps every edit when other processes edit other requests at the same time', async () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir, seed: false});
		const {id} = store.createCollection({name: 'Shared'});
		const mine = store.addRequest(id, {name: 'Mine'});
		const theirs = store.addRequest(id, {name: 'Theirs'});
		const others = store.addRequest(id, {name: 'Others'});
		const children = Promise.all([
			editInChildProcess(configDir, id, theirs.id, 25, 'child'),
			editInChildProcess(configDir, id, others.id, 25, 'other'),
		]);
		for (let index = 0; index < 25; index++) {
			addHeader(store, id, mine.id, 'parent', index);
			await new Promise(resolve => setImmediate(resolve));
		}

		await children;
		const reopened = openStore({configDir, seed: false});
		expect(headerValues(reopened, id, mine.id, 'parent')).toEqual(numbers(25));
		expect(headerValues(reopened, id, theirs.id, 'child')).toEqual(numbers(25));
		expect(headerValues(reopened, id, others.id, 'other')).toEqual(numbers(25));
	});
});

describe('several curlew processes starting at once', () => {
	it('seeds a new store exactly once', async () => {
		const configDir = makeConfigDir();
		await Promise.all([runFixture('open-store.mjs', configDir), runFixture('open-store.mjs', configDir), runFixture('open-store.mjs', configDir)]);
		expect(openStore({configDir}).collections().map(collection => collection.name)).toEqual(['Getting started']);
	});
});

/** A process of this host that runs until the test ends: a lock's live holder. */
function liveProcess(): ChildProcess {
	const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {stdio: 'ignore'});
	children.push(child);
	return child;
}

const children: ChildProcess[] = [];

afterEach(() => {
	for (const child of children.splice(0)) {
		child.kill('SIGKILL');
	}
});

function ageFile(file: string, ageMs: number): void {
	const then = new Date(Date.now() - ageMs);
	fs.utimesSync(file, then, then);
}

describe('withFileLock', () => {
	it('takes over a lock whose holder died', () => {
		const target = path.join(makeConfigDir(), 'data.json');
		fs.writeFileSync(`${target}.lock`, `999999999 ${os.hostname()}`);
		expect(withFileLock(target, () => 'ran')).toBe('ran');
		expect(fs.existsSync(`${target}.lock`)).toBe(false);
	});

	it('never takes over the lock of a holder that still runs, however old, and says who holds it when it gives up', () => {
		const target = path.join(makeConfigDir(), 'data.json');
		const holder = liveProcess();
		fs.writeFileSync(`${target}.lock`, `${holder.pid} ${os.hostname()}`);
		// Far past the 10 s after which a lock used to be taken over; since this machine started all the same.
		ageFile(`${target}.lock`, os.uptime() * 1000 / 2);
		expect(() => withFileLock(target, () => 'ran', {timeoutMs: 200})).toThrow(`${target} is being changed by another curlew (pid ${holder.pid}), still at it after 0 s: nothing was changed; try again once it is done (if process ${holder.pid} is not a curlew, delete ${target}.lock)`);
		expect(fs.readFileSync(`${target}.lock`, 'utf8')).toBe(`${holder.pid} ${os.hostname()}`);
	});

	it('waits behind a line of holders, each quick, for longer than it waits for any one', async () => {
		const target = path.join(makeConfigDir(), 'data.json');
		const lock = `${target}.lock`;
		// A new holder every 100 ms for 1.5 s, the lock never free between them, then none.
		const line = spawn(process.execPath, ['-e', `
			const fs = require('node:fs');
			const os = require('node:os');
			let turns = 0;
			const next = () => {
				if (turns++ === 15) {
					fs.rmSync(${JSON.stringify(lock)});
					return;
				}

				fs.writeFileSync(${JSON.stringify(`${lock}.next`)}, process.pid + ' ' + os.hostname());
				fs.renameSync(${JSON.stringify(`${lock}.next`)}, ${JSON.stringify(lock)});
				process.stdout.write('held\\n');
				setTimeout(next, 100);
			};
			next();
		`], {stdio: ['ignore', 'pipe', 'inherit']});
		children.push(line);
		await new Promise(resolve => line.stdout!.once('data', resolve));
		// The line lasts 1.5 s at the least, and the lock is never free in it.
		expect(withFileLock(target, () => 'ran', {timeoutMs: 400})).toBe('ran');
	});

	it('takes over a lock written before this machine last started, whatever runs under its pid now', () => {
		const target = path.join(makeConfigDir(), 'data.json');
		const holder = liveProcess();
		fs.writeFileSync(`${target}.lock`, `${holder.pid} ${os.hostname()}`);
		ageFile(`${target}.lock`, (os.uptime() * 1000) + 60_000);
		expect(withFileLock(target, () => 'ran')).toBe('ran');
	});

	it('waits for a lock of another host, which it cannot look for, and names that host when it gives up', () => {
		const target = path.join(makeConfigDir(), 'data.json');
		fs.writeFileSync(`${target}.lock`, '999999999 another-host');
		ageFile(`${target}.lock`, 3_600_000);
		expect(() => withFileLock(target, () => 'ran', {timeoutMs: 50})).toThrow(`${target} is being changed by another curlew (pid 999999999 on another-host), still at it after 0 s: nothing was changed; try again once it is done (if no curlew runs on another-host, delete ${target}.lock)`);
	});

	it('takes over a lock that never got its holder\'s name once it is old, and waits for a new one', () => {
		const target = path.join(makeConfigDir(), 'data.json');
		fs.writeFileSync(`${target}.lock`, '');
		expect(() => withFileLock(target, () => 'ran', {timeoutMs: 50})).toThrow(`${target} is being changed by another curlew, still at it after 0 s: nothing was changed; try again once it is done (if no other curlew is running, delete ${target}.lock)`);
		ageFile(`${target}.lock`, 60_000);
		expect(withFileLock(target, () => 'ran')).toBe('ran');
	});
});
