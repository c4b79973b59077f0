// `curlew run` of one request to a local server, whole process included, beside curl.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {measure} from './processes.js';
import {formatMs, printTable} from './table.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const runs = 15;

const server = http.createServer((request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(JSON.stringify({ok: true, url: request.url}));
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-'));
const env = {...process.env, CURLEW_CONFIG_DIR: configDir};

// Spawned asynchronously (measure): the server in this process must keep answering while the child runs.
const timeProcess = async (command, args) => (await measure(command, args, env)).ms;

async function medianOfProcess(command, args) {
	const times = [];
	for (let run = 0; run <= runs; run++) {
		const ms = await timeProcess(command, args);

		if (run > 0) {
			times.push(ms);
		}
	}

	times.sort((a, b) => a - b);
	return {median: times[Math.floor(times.length / 2)], min: times[0]};
}

try {
	const file = path.join(configDir, 'bench.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'Bench',
		variables: [{name: 'baseUrl', value: origin}, {name: 'user', value: {id: 7}}],
		requests: [{name: 'Get user', method: 'GET', url: '{{baseUrl}}/users/{{user.id}}', headers: [], body: {type: 'none'}}],
	}));
	await timeProcess(process.execPath, [cli, 'import', file]);
	const rows = [];
	const node = await medianOfProcess(process.execPath, ['-e', '0']);
	rows.push(['node -e 0 (Node start-up alone)', `${formatMs(node.median)} ms`, `${formatMs(node.min)} ms`]);
	const curlew = await medianOfProcess(process.execPath, [cli, 'run', 'Bench', 'Get user']);
	rows.push(['curlew run Bench "Get user"', `${formatMs(curlew.median)} ms`, `${formatMs(curlew.min)} ms`]);
	const curl = await medianOfProcess('curl', ['-s', `${origin}/users/7`]).catch(() => undefined);
	rows.push(['curl -s <same URL>', curl ? `${formatMs(curl.median)} ms` : 'curl not installed', curl ? `${formatMs(curl.min)} ms` : '']);
	printTable(`One request to a local server, whole process (${runs} runs; goal for curlew: under 300 ms)`, ['command', 'median', 'fastest'], rows);
} finally {
	server.close();
	rmSync(configDir, {recursive: true, force: true});
}

