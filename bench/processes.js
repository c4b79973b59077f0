// Measuring whole processes: a large JSON body to serve, and a run of a command to its end with its time, the bytes it wrote and its peak memory.
import {spawn} from 'node:child_process';

/*
Loaded into a measured node process (`--import peakReporter`): its peak resident memory in KB,
written to fd 3 as it exits. Linux's VmHWM, as getrusage's maxRSS there counts the forked copy
of the bench (and the bodies it holds) from before the exec.
*/
const reportPeak = `import {existsSync, readFileSync, writeSync} from 'node:fs';
process.on('exit', () => {
	const status = existsSync('/proc/self/status') ? /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8')) : null;
	writeSync(3, status ? status[1] : String(process.resourceUsage().maxRSS));
});`;
export const peakReporter = `data:text/javascript,${encodeURIComponent(reportPeak)}`;

/** A compact JSON array of about `bytes` bytes. */
export function jsonOf(bytes) {
	const items = [];
	let size = 2;
	for (let id = 0; size < bytes; id++) {
		const item = JSON.stringify({id, name: `item ${id}`, tags: ['a', 'b', 'c'], text: 'lorem ipsum dolor sit amet '.repeat(4)});
		items.push(item);
		size += item.length + 1;
	}

	return Buffer.from(`[${items.join(',')}]`);
}

/** One process to its end, stdout read and dropped as a pipe's reader would: its time, the bytes it wrote, and its peak memory when it reports one. */
export function measure(command, args, env) {
	return new Promise((resolve, reject) => {
		const start = process.hrtime.bigint();
		const child = spawn(command, args, {env, stdio: ['ignore', 'pipe', 'pipe', 'pipe']});
		let bytes = 0;
		child.stdout.on('data', chunk => {
			bytes += chunk.length;
		});
		let peak = '';
		child.stdio[3].on('data', chunk => {
			peak += chunk;
		});
		let stderr = '';
		child.stderr.on('data', chunk => {
			stderr += chunk;
		});
		child.on('error', reject);
		child.on('close', status => {
			const ms = Number(process.hrtime.bigint() - start) / 1e6;
			if (status === 0) {
				resolve({ms, bytes, peakKb: peak === '' ? undefined : Number(peak)});
			} else {
				reject(new Error(`${command} ${args.join(' ')} exited ${status}: ${stderr.slice(-2000)}`));
			}
		});
	});
}
