/*
Issue 19's four rows, each beside its floor measured in the same run: the TUI's first frame
and one `curlew run` beside `node -e 0`, a 29 MB body to stdout beside curl, and the TUI's
resident memory holding a 50 MB response beside the body's size. Runs are interleaved, so
that a busy moment of a shared machine falls on a row and its floor alike; medians.
*/
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';
import {measure, peakReporter} from './processes.js';
import {formatMs, median, printTable} from './table.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const runs = Number(process.env.CURLEW_BENCH_RUNS ?? 9);
const memoryRuns = Math.max(3, Math.ceil(runs / 3));
const megabyte = 1024 * 1024;

const server = spawn(process.execPath, [fileURLToPath(new URL('body-server.js', import.meta.url))], {stdio: ['pipe', 'pipe', 'inherit']});
const [line] = await once(createInterface({input: server.stdout}), 'line');
const {origin, sizes} = JSON.parse(line);
const configDir = mkdtempSync(path.join(tmpdir(), 'curlew-bench-floors-'));
const env = {...process.env, CURLEW_CONFIG_DIR: configDir};

const sinceMs = start => Number(process.hrtime.bigint() - start) / 1e6;

/** The TUI in a pseudo-terminal of 80x24, opened on `request` of the Bench collection; `output` holds all it wrote. */
function openTui(request) {
	const start = process.hrtime.bigint();
	const child = spawn('script', ['-qfec', `stty cols 80 rows 24; exec ${process.execPath} ${cli} Bench ${request}`, '/dev/null'], {
		env: {...env, TERM: 'xterm-256color'},
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	const tui = {child, start, output: '', lastOutput: start, closed: false};
	child.stdout.on('data', chunk => {
		tui.output += chunk;
		tui.lastOutput = process.hrtime.bigint();
	});
	child.on('close', () => {
		tui.closed = true;
	});
	return tui;
}

async function until(tui, condition, what) {
	while (!condition()) {
		if (tui.closed) {
			throw new Error(`curlew exited before ${what}: ${tui.output.slice(-500)}`);
		}

		await new Promise(resolve => {
			setTimeout(resolve, 5);
		});
	}
}

async function quit(tui) {
	tui.child.stdin.write('q');
	await until(tui, () => tui.closed, 'quitting').catch(() => undefined);
}

/** Process start to the TUI's first frame (its collections pane drawn). */
async function firstFrame() {
	const tui = openTui('Small');
	await until(tui, () => tui.output.includes('Collections'), 'its first frame');
	const ms = sinceMs(tui.start);
	await quit(tui);
	return ms;
}

/** The node process `script` runs: its only child. */
function nodePid(scriptPid) {
	const {stdout} = spawnSync('ps', ['-o', 'pid=', '--ppid', String(scriptPid)], {encoding: 'utf8'});
	return Number(stdout.trim().split(/\s+/)[0]);
}

function memoryKb(pid, field) {
	return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

/** The TUI's resident memory once a 50 MB response is shown and the TUI has gone quiet (nothing drawn for a second), and its peak. */
async function tuiHolding50mb() {
	const tui = openTui('Big');
	await until(tui, () => tui.output.includes('Collections'), 'its first frame');
	await new Promise(resolve => {
		setTimeout(resolve, 300);
	});
	const sent = tui.output.length;
	tui.child.stdin.write('\u0012');
	await until(tui, () => tui.output.slice(sent).includes('200 OK'), 'the response');
	await until(tui, () => sinceMs(tui.lastOutput) > 1000, 'going quiet');
	const pid = nodePid(tui.child.pid);
	const result = {residentKb: memoryKb(pid, 'VmRSS'), peakKb: memoryKb(pid, 'VmHWM')};
	await quit(tui);
	return result;
}

const mb = kb => kb / 1024;
const times = (value, floor) => `${(value / floor).toFixed(2)}×`;

try {
	const file = path.join(configDir, 'bench.json');
	const get = (name, url) => ({name, method: 'GET', url: `{{baseUrl}}${url}`, headers: [], body: {type: 'none'}});
	writeFileSync(file, JSON.stringify({curlew: 1, name: 'Bench', variables: [{name: 'baseUrl', value: origin}], requests: [get('Small', '/small'), get('29mb', '/29mb'), get('Big', '/50mb')]}));
	const imported = spawnSync(process.execPath, [cli, 'import', file], {env, encoding: 'utf8'});
	if (imported.status !== 0) {
		throw new Error(imported.stderr);
	}

	const hasCurl = spawnSync('curl', ['--version']).status === 0;
	const hasScript = spawnSync('script', ['--version']).status === 0;
	const samples = {node: [], tui: [], run: [], curl: [], big: [], bigPeak: []};
	// The first round warms the disk cache and writes curlew's start-up caches; it is not counted.
	for (let run = 0; run <= runs; run++) {
		const round = {
			node: (await measure(process.execPath, ['-e', '0'], env)).ms,
			tui: hasScript ? await firstFrame() : undefined,
			run: (await measure(process.execPath, [cli, 'run', 'Bench', 'Small'], env)).ms,
			curl: hasCurl ? (await measure('curl', ['-s', `${origin}/29mb`], env)).ms : undefined,
		};
		const big = await measure(process.execPath, ['--import', peakReporter, cli, 'run', 'Bench', '29mb'], env);
		if (run > 0) {
			for (const [name, value] of Object.entries(round)) {
				if (value !== undefined) {
					samples[name].push(value);
				}
			}

			samples.big.push(big.ms);
			samples.bigPeak.push(big.peakKb);
		}
	}

	const memory = [];
	for (let run = 0; hasScript && run < memoryRuns; run++) {
		memory.push(await tuiHolding50mb());
	}

	const node = median(samples.node);
	const curl = hasCurl ? median(samples.curl) : undefined;
	const bodyMb = sizes['/50mb'] / megabyte;
	const rows = [
		['TUI first frame from process start, 80x24', `node -e 0: ${formatMs(node)} ms`, hasScript ? `${formatMs(median(samples.tui))} ms (${times(median(samples.tui), node)})` : 'no `script` here', '≤ 2.5×'],
		['curlew run of one request, whole process', `node -e 0: ${formatMs(node)} ms`, `${formatMs(median(samples.run))} ms (${times(median(samples.run), node)})`, '≤ 1.5×'],
		[
			'curlew run of a 29 MB JSON body to stdout',
			curl === undefined ? 'curl not installed' : `curl: ${formatMs(curl)} ms`,
			`${formatMs(median(samples.big))} ms${curl === undefined ? '' : ` (${times(median(samples.big), curl)}; goal ${formatMs(node + (3 * curl))} ms)`}, peak ${mb(median(samples.bigPeak)).toFixed(0)} MB`,
			'≤ node -e 0 + 3× curl',
		],
		[
			`TUI holding a ${bodyMb.toFixed(0)} MB response, resident memory`,
			`the body: ${bodyMb.toFixed(0)} MB`,
			hasScript ? `${mb(median(memory.map(sample => sample.residentKb))).toFixed(0)} MB (${times(mb(median(memory.map(sample => sample.residentKb))), bodyMb)}), peak ${mb(median(memory.map(sample => sample.peakKb))).toFixed(0)} MB` : 'no `script` here',
			'≤ 4×',
		],
	];
	const load = loadavg().map(value => value.toFixed(2)).join(' ');
	printTable(`Issue 19: curlew beside its floors (medians of ${runs} runs, ${memoryRuns} for memory; load average at the end ${load})`, ['measure', 'floor', 'curlew', 'goal'], rows);
} finally {
	server.stdin.end();
	rmSync(configDir, {recursive: true, force: true});
}
