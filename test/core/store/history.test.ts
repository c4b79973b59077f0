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

	it('names the kept responses oldest first, the name append returned, and reads one by its name as list would', () => {
		const history = new ResponseHistory(makeConfigDir());
		expect(history.names('r1')).toEqual([]);
		const appended: string[] = [];
		for (let index = 0; index < historyLimit + 3; index++) {
			appended.push(history.append('r1', {time: new Date(index * 1000).toISOString(), result: index === 21 ? failure : response(200 + index)}));
		}

		const names = history.names('r1');
		expect(names).toEqual(appended.slice(-historyLimit));
		const all = history.list('r1');
		for (const back of [0, 1, 2, 19]) {
			expect(history.read('r1', names[names.length - 1 - back]!)).toEqual(all[back]);
		}

		expect(history.read('r1', names.at(-2)!)!.result).toEqual(failure);
		// Dropped past the limit, or never a response's name.
		expect(history.read('r1', appended[0]!)).toBeUndefined();
		expect(history.read('r1', '../../curlew.json')).toBeUndefined();
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

	it('writes a file per response with mode 0600, beside the store file and not in it, and drops the oldest past 20', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		const requestId = collection!.requests[0]!.id;
		for (let index = 0; index < historyLimit + 3; index++) {
			store.history.append(requestId, {time: '2024-01-31T12:00:00.000Z', result: response(200 + index)});
		}

		const folder = path.join(configDir, 'history', requestId);
		const files = fs.readdirSync(folder);
		expect(files).toHaveLength(historyLimit);
		for (const file of files) {
			expect(fs.statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
			expect(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'))).toMatchObject({result: {kind: 'response'}});
		}

		expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
		expect(fs.readFileSync(store.path, 'utf8')).not.toContain('content-type');
	});

	it('forgets a deleted request\'s history', () => {
		const configDir = makeConfigDir();
		const store = openStore({configDir});
		const [collection] = store.collections();
		const requestId = collection!.requests[0]!.id;
		store.history.append(requestId, {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		store.deleteRequest(collection!.id, requestId);
		expect(fs.existsSync(path.join(configDir, 'history', requestId))).toBe(false);
		expect(store.history.list(requestId)).toEqual([]);
	});

	it('keeps a damaged response file aside, says so, and keeps the rest of the history', () => {
		const configDir = makeConfigDir();
		const notices: string[] = [];
		const history = new ResponseHistory(configDir, notice => notices.push(notice));
		history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		history.append('r1', {time: '2024-01-31T12:00:01.000Z', result: response(201)});
		const folder = path.join(history.directory, 'r1');
		const [older] = fs.readdirSync(folder).sort();
		fs.writeFileSync(path.join(folder, older!), '{"time": ');
		expect(history.list('r1').map(entry => entry.result.kind === 'response' && entry.result.status)).toEqual([201]);
		expect(notices).toHaveLength(1);
		expect(notices[0]).toMatch(/could not be read \(Invalid JSON at line 1, column 10: .*\): it was kept as .*\.json\.corrupt-.* and left out of the history\.$/);
		expect(fs.readdirSync(folder).filter(name => name.includes('.corrupt-'))).toHaveLength(1);
	});

	it.each([
		['a status as text', (result: Record<string, unknown>) => ({...result, status: '200'}), 'result.status is "200", not a status from 100 to 999'],
		['headers that are no list', (result: Record<string, unknown>) => ({...result, headers: 'none'}), 'result.headers is "none", not a list of [name, value] pairs of text'],
		['a header value that is a number', (result: Record<string, unknown>) => ({...result, headers: [['a', 1]]}), 'result.headers is a list, not a list of [name, value] pairs of text'],
		['no timings', (result: Record<string, unknown>) => ({...result, timings: null}), 'result.timings is null, not the times of the phases'],
		['a phase\'s time as text', (result: Record<string, unknown>) => ({...result, timings: {total: 3, dns: '1'}}), 'result.timings.dns is "1", not a number of milliseconds'],
		['redirects that are no list', (result: Record<string, unknown>) => ({...result, redirects: 7}), 'result.redirects is 7, not a list of URLs'],
		['a status class curlew does not know', (result: Record<string, unknown>) => ({...result, statusClass: 'Great'}), 'result.statusClass is "Great", not one of Informational, Successful, Redirection, Client error, Server error'],
		['a failure code curlew does not know', () => ({...failure, code: 'gone'}), 'result.code is "gone", not one of refused, dns, timeout, tls, reset, cancelled, invalid-request, proxy, too-many-redirects, other'],
		['a failure with no message', () => ({...failure, message: undefined}), 'result.message is missing, not text'],
	])('keeps aside a response file with %s, saying which field, and keeps the rest', (_case, change, problem) => {
		const notices: string[] = [];
		const history = new ResponseHistory(makeConfigDir(), notice => notices.push(notice));
		const names = [history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(200)}), history.append('r1', {time: '2024-01-31T12:00:01.000Z', result: response(201)})];
		const file = path.join(history.directory, 'r1', names[0]!);
		const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as {result: Record<string, unknown>};
		fs.writeFileSync(file, JSON.stringify({...stored, result: change(stored.result)}));
		expect(history.read('r1', names[0]!)).toBeUndefined();
		expect(history.list('r1').map(entry => entry.result.kind === 'response' && entry.result.status)).toEqual([201]);
		expect(notices).toEqual([`A stored response ${file} could not be read (it does not hold a response: ${problem}): it was kept as ${file}.corrupt-${notices[0]!.split('.corrupt-')[1]!.split(' ')[0]} and left out of the history.`]);
		expect(fs.readdirSync(path.join(history.directory, 'r1')).filter(name => name.includes('.corrupt-'))).toHaveLength(1);
	});

	it('reads a history kept in one file by curlew 0.1, and moves it to a file per response on the next send', () => {
		const configDir = makeConfigDir();
		const history = new ResponseHistory(configDir);
		const legacy = path.join(history.directory, 'r1.json');
		const stored = (status: number) => ({time: `2024-01-31T12:00:0${status - 200}.000Z`, bodyCut: false, result: {...response(status), body: Buffer.from(`{"status": ${status}}`).toString('base64')}});
		fs.mkdirSync(history.directory, {recursive: true});
		fs.writeFileSync(legacy, JSON.stringify({entries: [stored(200), stored(201)]}));
		const statuses = () => history.list('r1').map(entry => entry.result.kind === 'response' && entry.result.status);
		expect(statuses()).toEqual([201, 200]);
		expect(history.names('r1')).toEqual(['legacy-0', 'legacy-1']);
		expect(history.read('r1', 'legacy-0')).toEqual(history.list('r1')[1]);
		history.append('r1', {time: '2024-01-31T12:00:09.000Z', result: response(202)});
		expect(fs.existsSync(legacy)).toBe(false);
		expect(fs.readdirSync(path.join(history.directory, 'r1'))).toHaveLength(3);
		expect(statuses()).toEqual([202, 201, 200]);
		expect(history.list('r1')[2]).toEqual({time: '2024-01-31T12:00:00.000Z', bodyCut: false, result: response(200)});
	});

	it('keeps a damaged curlew 0.1 history file aside and starts that history again', () => {
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

	it('keeps the request as sent with its response, its body as the file\'s base64 and cut at 1 MB, secrets masked; an entry without it reads as before', () => {
		const history = new ResponseHistory(makeConfigDir());
		const login = new TextEncoder().encode(`{"password": "hunter2-secret"}${'x'.repeat(historyBodyCap)}`);
		const sent = {
			hops: [{requestLine: 'POST /login?key=hunter2-secret HTTP/1.1', headers: [['Host', '127.0.0.1'], ['Authorization', `Basic ${Buffer.from('ann:hunter2-secret').toString('base64')}`]] as Array<[string, string]>, withBody: true}],
			body: login,
		};
		const name = history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: {...response(200), sent}}, ['hunter2-secret']);
		const file = fs.readFileSync(path.join(history.directory, 'r1', name), 'utf8');
		expect(file).not.toContain('hunter2');
		expect(file).not.toContain(Buffer.from('ann:hunter2-secret').toString('base64'));

		const kept = history.read('r1', name)!.result;
		expect(kept.sent!.hops).toEqual([{requestLine: 'POST /login?key=•••••• HTTP/1.1', headers: [['Host', '127.0.0.1'], ['Authorization', 'Basic ••••••']], withBody: true}]);
		expect(kept.sent!.bodyCut).toBe(true);
		expect(kept.sent!.body!.byteLength).toBe(historyBodyCap);
		expect(new TextDecoder().decode(kept.sent!.body!.subarray(0, 34))).toBe('{"password": "••••••"}');

		const failed = history.append('r1', {time: '2024-01-31T12:00:01.000Z', result: {...failure, sent: {hops: sent.hops}}});
		expect(history.read('r1', failed)!.result.sent).toEqual({hops: [{...sent.hops[0], requestLine: 'POST /login?key=hunter2-secret HTTP/1.1'}]});

		const old = history.append('r1', {time: '2024-01-31T12:00:02.000Z', result: response(201)});
		expect(history.read('r1', old)!.result).toEqual(response(201));
	});

	it('sets aside a kept response whose request as sent is not one', () => {
		const configDir = makeConfigDir();
		const notices: string[] = [];
		const history = new ResponseHistory(configDir, notice => notices.push(notice));
		const name = history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		const file = path.join(history.directory, 'r1', name);
		const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as {result: Record<string, unknown>};
		entry.result.sent = {hops: [{requestLine: 7, headers: [], withBody: false}]};
		fs.writeFileSync(file, JSON.stringify(entry));
		expect(history.read('r1', name)).toBeUndefined();
		expect(notices[0]).toContain('result.sent.hops[0].requestLine is 7, not text');
	});

	it('keeps the last 20 jq filters of a request beside its responses, a filter used again moved to the end, and forgets them with the request', () => {
		const configDir = makeConfigDir();
		const history = new ResponseHistory(configDir);
		expect(history.filters('r1')).toEqual([]);
		for (let index = 0; index < 22; index++) {
			history.keepFilter('r1', `.items[${index}]`);
		}

		expect(history.keepFilter('r1', '.items[5]')).toEqual([...Array.from({length: 20}, (_, index) => `.items[${index + 2}]`).filter(filter => filter !== '.items[5]'), '.items[5]']);
		expect(new ResponseHistory(configDir).filters('r1')).toHaveLength(20);
		expect(history.filters('r2')).toEqual([]);
		history.append('r1', {time: '2024-01-31T12:00:00.000Z', result: response(200)});
		expect(history.names('r1')).toHaveLength(1);
		history.remove('r1');
		expect(history.filters('r1')).toEqual([]);
	});

	it('keeps a damaged filters file aside, says so, and starts the filters again', () => {
		const notices: string[] = [];
		const history = new ResponseHistory(makeConfigDir(), notice => notices.push(notice));
		fs.mkdirSync(path.join(history.directory, 'r1'), {recursive: true});
		fs.writeFileSync(path.join(history.directory, 'r1', 'filters.json'), '{"not": "a list"}');
		expect(history.filters('r1')).toEqual([]);
		expect(notices[0]).toMatch(/could not be read \(it does not hold a list of filters\): they were kept as .*filters\.json\.corrupt-/);
		expect(history.keepFilter('r1', '.a')).toEqual(['.a']);
	});

	it('refuses a request id that could reach outside its folder', () => {
		const history = new ResponseHistory(makeConfigDir());
		expect(() => history.list('../secrets')).toThrow('Request id "../secrets" cannot name a history file: ids are 1 to 64 letters, digits, _ and -');
	});
});
