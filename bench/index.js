// Runs every benchmark in this folder, one process each, so none warms another's caches.
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(folder)
	.filter(file => file.endsWith('.bench.js'))
	.filter(file => only.length === 0 || only.some(name => file.startsWith(name)))
	.sort();

let failed = false;
for (const file of benches) {
	const {status} = spawnSync(process.execPath, ['--expose-gc', folder + file], {stdio: 'inherit'});
	failed ||= status !== 0;
}

process.exitCode = failed ? 1 : 0;
