import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {HttpResponse, TransportFailure} from '../../../source/core/http/types.js';
import {historyBodyCap, historyLimit, ResponseHistory} from '../../../source/core/store/history.js';
import {openStore} from '../../../source/core/store/store.js';
import {makeConfigDir} from './config-dir.js';

function response(status: number, body: Uint8Array = new TextEncoder().encode(`{"status": ${status}}`)): HttpResponse {
	return {
		kind: 'response',
		status,
		statusText: 'OK',
		statusClass: 'Successful',
		headers: [['content-type', 'application/json'], ['set-cookie', 'a=1'], ['set-cookie', 'b=2']],
		body,
		size: body.byteLength,
		truncated: false,
		timings: {dns: 1, connect: 2, firstByte: 5, total: 9},
		url: 'http://127.0.0.1/x',
		redirects: [],
	};
}

const failure: TransportFailure = {kind: 'failure', code: 'refused', message: 'Connection refused by 127.0.0.1:1: is the server running?', timings: {total: 3}};

describe('ResponseHistory', () => {
	it('keeps the last 20 entries of a request, newest first', () => {
		const history = new ResponseHistory(makeConfigDir());
		for (let index = 0; index < historyLimit + 5; index++) {
			history.append('r1', {time: new Date(index * 1000).toISOString(), result: response(200 + index)});
		}

		const entries = history.list('r1');
		expect(entries).toHaveLength(20);
		expect(entries.map(entry => entry.result.kind === 'response' && entry.result.status)).toEqual(Array.from({length: 20}, (_, index) => 224 - index));
		expect(history.list('other')).toEqual([]);
	});

	it('gives back the response as it was, body bytes, headers and timings included', () => {
		const history = new ResponseHistory(makeConfigDir());
		const bytes = new Uint8Array([0, 1, 2, 255, 254]);
		history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(201, bytes)});
		history.append('r1', {time: '2024-01-31T12:00:01.000Z', result: failure});
		const [latest, first] = history.list('r1');
		expect(latest).toEqual({time: '2024-01-31T12:00:01.000Z', bodyCut: false, result: failure});
		expect(first).toEqual({time: '2024-01-31T12:00:00.000Z', bodyCut: false, result: response(201, bytes)});
	});

	it('cuts a stored body at 1 MB and says so', () => {
		const history = new ResponseHistory(makeConfigDir());
		const big = new Uint8Array(historyBodyCap + 10).fill(65);
		history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(200, big)});
		const [entry] = history.list('r1');
		expect(entry!.bodyCut).toBe(true);
		expect(entry!.result.kind === 'response' && entry!.result.body.byteLength).toBe(historyBodyCap);
		expect(entry!.result.kind === 'response' && entry!.result.size).toBe(historyBodyCap + 10);
	});

	it('writes its files with mode 0600, beside the store file and not in it', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		const requestId = collection!.requests[0]!.id;
		store.history.append(requestId, {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		const file = path.join(configDir, 'history', `${requestId}.json`);
		expect(fs.statSync(file).mode & 0o777).toBe(0o600);
		expect(fs.readFileSync(store.path, 'utf8')).not.toContain('content-type');
	});

	it('forgets a deleted request\'s history', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		const requestId = collection!.requests[0]!.id;
		store.history.append(requestId, {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		store.deleteRequest(collection!.id, requestId);
		expect(fs.existsSync(path.join(configDir, 'history', `${requestId}.json`))).toBe(false);
	});

	it('keeps a damaged history file aside and starts that history again', () => {
		const configDir = makeConfigDir();
		const notices: string[] = [];
		const history = new ResponseHistory(configDir, notice => notices.push(notice));
		fs.mkdirSync(history.directory);
		fs.writeFileSync(path.join(history.directory, 'r1.json'), '{"entries": [');
		expect(history.list('r1')).toEqual([]);
		expect(notices).toHaveLength(1);
		expect(notices[0]).toMatch(/r1\.json could not be read \(Invalid JSON at line 1, column 14: .*\): it was kept as .*r1\.json\.corrupt-/);
		expect(fs.readdirSync(history.directory).filter(name => name.startsWith('r1.json.corrupt-'))).toHaveLength(1);
	});

	it('refuses a request id that could reach outside its folder', () => {
		const history = new ResponseHistory(makeConfigDir());
		expect(() => history.list('../secrets')).toThrow('Request id "../secrets" cannot name a history file: ids are 1 to 64 letters, digits, _ and -');
	});
});
