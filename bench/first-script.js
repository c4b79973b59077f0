// Run in a fresh process by scripts.bench.js: the first script's run from the call (the sandbox not started before), the CPU the process spent on it, and a later script's run (the median of 9, each after 20 ms idle, as requests sent by hand); printed as JSON.
import {closeSandbox, runScript} from '../dist/core/scripts/index.js';

const variables = {get: () => undefined, has: () => false, set() {}, delete: () => false, interpolate: text => text};
const body = new TextEncoder().encode('{"token":"abc"}');
const response = {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body, responseTime: 3, size: body.length};
const script = {phase: 'post-response', requestName: 'Login', source: 'request', variables, response, code: 'client.setVar("token", res.body.token);\nconsole.log("token set")'};

const cpuBefore = process.cpuUsage();
const started = performance.now();
const first = await runScript(script);
const firstMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const laterTimes = [];
let later;
for (let run = 0; run < 9; run++) {
	await new Promise(resolve => {
		setTimeout(resolve, 20);
	});
	const laterStarted = performance.now();
	later = await runScript(script);
	laterTimes.push(performance.now() - laterStarted);
}

await closeSandbox();
const laterMs = laterTimes.sort((a, b) => a - b)[4];
const error = first.error ?? later.error;
if (error !== undefined) {
	throw new Error(error.message);
}

console.log(JSON.stringify({firstMs, cpuMs: (cpu.user + cpu.system) / 1000, laterMs}));
