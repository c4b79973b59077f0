// `curlew run`'s memory, whole process: resident memory along a long run of 1 MB responses.
import {spawn, spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {printTable} from './table.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const longRun = 300;
const sampledAt = [1, 30, 100, 300];
const megabyte = Buffer.alloc(1024 * 1024, 'a');

/** Resident memory of a running process, in MB (`ps` reads it on Linux and macOS alike). */
function residentMb(pid) {
	const kilobytes = Number(spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], {encoding: 'utf8'}).stdout.trim());
	return kilobytes / 1024;
}

let child;
let served = 0;
const samples = new Map();
const server = http.createServer((_request, response) => {
	served++;
	// Read as the request arrives: the responses before it are all in, this one not yet sent.
	if (child !== undefined && sampledAt.includes(served)) {
		samples.set(served, residentMb(child.pid));
	}

	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(megabyte);
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-'));
const env = {...process.env, CURLEW_CONFIG_DIR: configDir};

/** Runs `curlew run` to its end, stdout read and dropped as a pipe's reader would. */
function run(args) {
	return new Promise((resolve, reject) => {
		child = spawn(process.execPath, [cli, 'run', ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
		child.stdout.resume();
		let stderr = '';
		child.stderr.on('data', chunk => {
			stderr += chunk;
		});
		child.on('error', reject);
		child.on('close', status => {
			child = undefined;
			if (status === 0) {
				resolve();
			} else {
				reject(new Error(`curlew run ${args.join(' ')} exited ${status}: ${stderr.slice(-2000)}`));
			}
		});
	});
}

function importCollection(name, requests) {
	const file = path.join(configDir, `${name}.json`);
	writeFileSync(file, JSON.stringify({curlew: 1, name, variables: [{name: 'baseUrl', value: origin}], requests}));
	const {status, stderr} = spawnSync(process.execPath, [cli, 'import', file], {env, encoding: 'utf8'});
	if (status !== 0) {
		throw new Error(stderr);
	}
}

const get = (name, scripts) => ({name, method: 'GET', url: '{{baseUrl}}/mb', headers: [], body: {type: 'none'}, ...(scripts && {scripts})});

try {
	const rows = [];
	for (const [label, scripts] of [
		['no script', undefined],
		['a post-response script reading res', {preRequest: '', postResponse: 'client.setVar("size", res.body.length)'}],
	]) {
		const name = label.replaceAll(' ', '-');
		importCollection(name, Array.from({length: longRun}, (_, index) => get(`r${index}`, scripts)));
		served = 0;
		samples.clear();
		await run([name]);
		rows.push([label, ...sampledAt.map(at => `${samples.get(at).toFixed(0)} MB`)]);
	}

	printTable(`curlew run of ${longRun} responses of 1 MB, stdout to a pipe: resident memory as request n arrives (goal: flat)`, ['requests', ...sampledAt.map(at => `at ${at}`)], rows);
} finally {
	server.close();
	rmSync(configDir, {recursive: true, force: true});
}
