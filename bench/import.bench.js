// `curlew import` of large and hostile files, whole process: its time and its peak memory.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {formatMs, printTable} from './table.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), 'curlew-bench-import-'));
const postmanSchema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

// The CLI run in a process that reports its peak resident memory as it exits.
const reporter = `process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n')); await import(process.argv[1]);`;

function importFile(file) {
	return new Promise((resolve, reject) => {
		const configDir = mkdtempSync(path.join(folder, 'store-'));
		const start = process.hrtime.bigint();
		const child = spawn(process.execPath, ['--input-type=module', '-e', reporter, '--', cli, 'import', file], {env: {...process.env, CURLEW_CONFIG_DIR: configDir}, stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		child.stderr.on('data', chunk => {
			stderr += chunk;
		});
		child.on('error', reject);
		child.on('close', status => {
			const ms = Number(process.hrtime.bigint() - start) / 1e6;
			const kilobytes = Number(/maxrss (\d+)/.exec(stderr)?.[1] ?? Number.NaN);
			resolve({ms, megabytes: kilobytes / 1024, outcome: status === 0 ? 'imported' : stderr.split('\n')[0].replace(/^curlew: \S+ /, '').slice(0, 48)});
		});
	});
}

const files = [
	['a 63 MB string value', 'big-value.json', () => JSON.stringify({curlew: 1, name: 'Big', variables: [{name: 'big', value: 'x'.repeat(63 * 1024 * 1024)}]})],
	['50,000 requests of one name', 'same-names.json', () => JSON.stringify({curlew: 1, name: 'Same', requests: Array.from({length: 50_000}, () => ({name: 'Get', url: '/x'}))})],
	['Postman: 20,000 path variables on one URL', 'path-variables.json', () => JSON.stringify({info: {name: 'Vars', schema: postmanSchema}, item: [{name: 'R', request: {url: {raw: '/:a'.repeat(20_000), variable: Array.from({length: 20_000}, (_, index) => ({key: 'a', value: String(index)}))}}}]})],
	['curl: 150,000 unknown options', 'options.sh', () => `curl https://a.test ${Array.from({length: 150_000}, (_, index) => `--unknown-${index}`).join(' ')}`],
];

try {
	const rows = [];
	for (const [what, name, make] of files) {
		const file = path.join(folder, name);
		writeFileSync(file, make());
		const {ms, megabytes, outcome} = await importFile(file);
		rows.push([what, `${formatMs(ms)} ms`, `${Math.round(megabytes)} MB`, outcome]);
	}

	printTable('curlew import, whole process (one run each; curlew reads at most 64 MB)', ['file', 'time', 'peak memory', 'outcome'], rows);
} finally {
	rmSync(folder, {recursive: true, force: true});
}
