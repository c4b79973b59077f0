// Script sandbox: the first script of a fresh process (quiet and beside busy processes), the cost of one small script run (context included), of handing a 1 MB JSON body to `res`, of Postman and Bruno scripts and the libraries they require (after 20 ms idle, a library the last run required is loaded already), and of setVar with a large value.
import {spawn, spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {formatMs, medianMs, printTable} from './table.js';
import {closeSandbox, runScript} from '../dist/core/scripts/index.js';

function memoryVariables() {
	const values = new Map();
	return {
		get: name => values.get(name),
		has: name => values.has(name),
		set(name, value) {
			values.set(name, value);
		},
		delete: name => values.delete(name),
		interpolate: text => text,
	};
}

const variables = memoryVariables();
const base = {phase: 'pre-request', requestName: 'Bench', source: 'request', variables};
const request = {method: 'GET', url: 'https://api.example.com/items', headers: [['Accept', 'application/json']], body: ''};

const items = [];
for (let index = 0; items.length === 0 || JSON.stringify(items).length < 1024 * 1024; index++) {
	for (let batch = 0; batch < 1000; batch++) {
		items.push({id: index * 1000 + batch, name: `item ${index}-${batch}`, tags: ['a', 'b'], price: batch / 7});
	}
}

const body = new TextEncoder().encode(JSON.stringify({items, token: 'abc'}));
const response = {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body, responseTime: 12, size: body.length};

const small = new TextEncoder().encode(JSON.stringify({token: 'abc', user: {id: 7, roles: ['admin']}}));
const smallResponse = {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: small, responseTime: 12, size: small.length};
const postmanTests = `pm.test('status is 200', () => pm.response.to.have.status(200));
pm.test('user is an admin', () => {
	const body = pm.response.json();
	pm.expect(body.user).to.have.property('roles').that.includes('admin');
	pm.expect(body.token).to.be.a('string').and.not.empty;
});
pm.environment.set('token', pm.response.json().token);`;

const cases = [
	['empty script (skipped)', {...base, code: '  '}],
	['small pre-request script', {...base, request, code: 'client.setVar("token", "abc"); req.headers.set("Authorization", "Bearer " + client.getVar("token"));'}],
	['console.log of an object', {...base, code: 'console.log({a: 1, b: [1, 2, new Date(0)]})'}],
	['a loop of 10,000 iterations (marked for time-limit lines)', {...base, code: 'let sum = 0;\nfor (let i = 0; i < 10000; i++) { sum += i }\nclient.setVar("sum", sum);'}],
	['1 MB JSON body: res.body.token', {...base, phase: 'post-response', response, code: 'client.setVar("token", res.body.token)'}],
	['1 MB JSON body: res.status only', {...base, phase: 'post-response', response, code: 'client.setVar("status", res.status)'}],
	['Postman pre-request: pm.environment and pm.request.headers', {...base, request, code: 'pm.environment.set("token", "abc");\npm.request.headers.upsert({key: "Authorization", value: "Bearer " + pm.environment.get("token")});'}],
	['Postman tests: pm.test, pm.expect, pm.response', {...base, phase: 'post-response', response: smallResponse, code: postmanTests}],
	['Bruno: bru.setVar, test, expect', {...base, phase: 'post-response', response: smallResponse, code: 'bru.setVar("token", res.body.token);\ntest("status is 200", () => expect(res.status).to.equal(200));'}],
	['Postman legacy: tests[], responseCode, responseBody', {...base, phase: 'post-response', response: smallResponse, code: 'tests["status is 200"] = responseCode.code === 200;\ntests["has a token"] = JSON.parse(responseBody).token === "abc";'}],
	['require("crypto-js"): an HMAC signature', {...base, request, code: 'const CryptoJS = require("crypto-js");\nreq.headers.set("X-Signature", CryptoJS.enc.Base64.stringify(CryptoJS.HmacSHA256(req.url, "secret")));'}],
	['require("lodash") and require("moment")', {...base, code: 'const _ = require("lodash");\nconst moment = require("moment");\nclient.setVar("when", _.first([moment().toISOString()]));'}],
	['require("ajv"): a JSON schema check', {...base, phase: 'post-response', response: smallResponse, code: 'const Ajv = require("ajv");\nconst valid = new Ajv().validate({type: "object", required: ["token"]}, res.body);\nclient.setVar("valid", valid);'}],
];

/** Median time of one run when the worker has been idle before it, as when a user sends requests by hand. */
async function medianAfterIdleMs(options, runs) {
	const times = [];
	for (let run = 0; run < runs; run++) {
		await new Promise(resolve => {
			setTimeout(resolve, 20);
		});
		const start = process.hrtime.bigint();
		await runScript(options);
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}

	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)];
}

const firstScript = fileURLToPath(new URL('first-script.js', import.meta.url));

/** The figures of first-script.js in `processes` fresh processes, each the median of them. */
function firstScriptFigures(processes) {
	const runs = [];
	for (let index = 0; index < processes; index++) {
		const {stdout, status, stderr} = spawnSync(process.execPath, [firstScript], {encoding: 'utf8'});
		if (status !== 0) {
			throw new Error(stderr);
		}

		runs.push(JSON.parse(stdout));
	}

	const median = key => runs.map(run => run[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
	return {firstMs: median('firstMs'), cpuMs: median('cpuMs'), laterMs: median('laterMs')};
}

/** Runs `measure` while `count` processes keep a core busy each, as a loaded machine does. */
function beside(count, measure) {
	const busy = Array.from({length: count}, () => spawn(process.execPath, ['-e', 'for (;;) {}'], {stdio: 'ignore'}));
	try {
		return measure();
	} finally {
		for (const child of busy) {
			child.kill();
		}
	}
}

const quiet = firstScriptFigures(7);
const loaded = beside(2, () => firstScriptFigures(7));
printTable('First script of a process: a post-response script, from the call to its end, the sandbox not started before; median of 7 fresh processes (goal: first under 100 ms, later under 5 ms)', ['machine', 'first script ms', 'process CPU ms during it', 'later script ms'], [
	['as it is', formatMs(quiet.firstMs), formatMs(quiet.cpuMs), formatMs(quiet.laterMs)],
	['2 processes keeping a core busy each', formatMs(loaded.firstMs), formatMs(loaded.cpuMs), formatMs(loaded.laterMs)],
]);

const coldStart = process.hrtime.bigint();
await runScript(cases[1][1]);
const rows = [['first run in a process (starts the sandbox)', formatMs(Number(process.hrtime.bigint() - coldStart) / 1e6), '']];
for (const [name, options] of cases) {
	const result = await runScript(options);
	if (result.error !== undefined) {
		throw new Error(result.error.message);
	}

	rows.push([name, formatMs(await medianMs(() => runScript(options), 61)), formatMs(await medianAfterIdleMs(options, 31))]);
}

printTable(`Scripts: median ms per run, context creation included (${(body.length / 1024 / 1024).toFixed(1)} MB body; goal: small run under 5 ms)`, ['case', 'back to back', 'after 20 ms idle'], rows);

// A run that builds a value and sets it, against one that only builds it; a long time limit, so that a slow setVar is measured rather than stopped.
const largeValues = [
	['150,000 small objects {i, s}', 'const a = [];\nfor (let i = 0; i < 150000; i++) a.push({i, s: "x" + i});'],
	['50,000 objects with a Date each', 'const a = [];\nfor (let i = 0; i < 50000; i++) a.push({i, at: new Date(i)});'],
	['150,000 objects with a $type key', 'const a = [];\nfor (let i = 0; i < 150000; i++) a.push({$type: "Item", i});'],
];
const largeRows = [];
for (const [name, build] of largeValues) {
	const limits = {timeoutMs: 60_000};
	const setting = {...base, code: `${build}\nclient.setVar("big", a);`, limits};
	const result = await runScript(setting);
	if (result.error !== undefined) {
		throw new Error(result.error.message);
	}

	const building = await medianMs(() => runScript({...base, code: build, limits}));
	const total = await medianMs(() => runScript(setting));
	largeRows.push([name, formatMs(building), formatMs(total), formatMs(total - building)]);
}

printTable('setVar of a large value: median ms per run (goal: setVar well within the default 1000 ms script limit)', ['value', 'building it', 'building it and setVar', 'setVar'], largeRows);

// A value far past the 16 MB that may cross, set with the limits raised as far as they go (60 s, 2032 MB): the host's memory stays that of the sandbox's own value.
const oversized = fileURLToPath(new URL('oversized-value.js', import.meta.url));
const oversizedRows = [['a 600 MB string', 'string'], ['an object of 5,000,000 keys', 'keys']].map(([name, which]) => {
	const {stdout, status, stderr} = spawnSync(process.execPath, ['--expose-gc', oversized, which], {encoding: 'utf8'});
	if (status !== 0) {
		throw new Error(stderr);
	}

	const {ms, peakMb, afterMb, set, error} = JSON.parse(stdout);
	return [name, formatMs(ms), peakMb.toFixed(0), afterMb.toFixed(0), set ? 'set' : error === '' ? 'not set' : 'refused'];
});
printTable('setVar of an oversized value, in a fresh process (goal: refused, memory back to idle after)', ['value', 'run ms', 'peak MB resident', 'MB resident 3 s after', 'value'], oversizedRows);
await closeSandbox();
