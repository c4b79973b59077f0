// `curlew run` of one 29 MB JSON body to stdout (a pipe), whole process: time and peak memory, beside curl and `node -e 0`.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {jsonOf, measure, peakReporter} from './processes.js';
import {formatMs, median, printTable} from './table.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const runs = 7;
const bodies = new Map([['/29mb', jsonOf(29 * 1024 * 1024)], ['/90mb', jsonOf(90 * 1024 * 1024)]]);
const server = http.createServer((request, response) => {
	response.writeHead(200, {'Content-Type': 'application/json'});
	response.end(bodies.get(request.url));
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-'));
const env = {...process.env, CURLEW_CONFIG_DIR: configDir};


try {
	const file = path.join(configDir, 'bench.json');
	const get = name => ({name, method: 'GET', url: `{{baseUrl}}/${name}`, headers: [], body: {type: 'none'}});
	writeFileSync(file, JSON.stringify({curlew: 1, name: 'Bench', variables: [{name: 'baseUrl', value: origin}], requests: [get('29mb'), get('90mb')]}));
	spawnSync(process.execPath, [cli, 'import', file], {env});
	const commands = [
		['node -e 0 (Node start-up alone)', process.execPath, ['-e', '0']],
		['curl -s <29 MB URL>', 'curl', ['-s', `${origin}/29mb`]],
		['curlew run Bench 29mb', process.execPath, ['--import', peakReporter, cli, 'run', 'Bench', '29mb']],
		['curlew run Bench 90mb', process.execPath, ['--import', peakReporter, cli, 'run', 'Bench', '90mb']],
	];
	const results = new Map(commands.map(([label]) => [label, []]));
	// Interleaved, so that a busy moment of a shared machine falls on every command alike.
	for (let run = 0; run <= runs; run++) {
		for (const [label, command, args] of commands) {
			const result = await measure(command, args, env).catch(error => (command === 'curl' ? undefined : Promise.reject(error)));
			if (run > 0 && result !== undefined) {
				results.get(label).push(result);
			}
		}
	}

	const rows = commands.map(([label]) => {
		const measured = results.get(label);
		if (measured.length === 0) {
			return [label, 'not installed', ''];
		}

		const peak = measured[0].peakKb === undefined ? '' : `${(median(measured.map(result => result.peakKb)) / 1024).toFixed(0)} MB`;
		return [label, `${formatMs(median(measured.map(result => result.ms)))} ms`, peak];
	});
	printTable(`A large JSON body to stdout (a pipe), whole process (median of ${runs}; goal: curlew within node -e 0 + 3× curl, its peak memory the same for 29 and 90 MB)`, ['command', 'time', 'peak resident'], rows);
} finally {
	server.close();
	rmSync(configDir, {recursive: true, force: true});
}
