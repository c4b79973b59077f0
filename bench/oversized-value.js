// Run in a fresh process by scripts.bench.js: a script sets a value far past what may cross into curlew (argv[2]: "string" or "keys"), with limits raised as far as they go; prints the peak resident memory of the process, what it holds 3 s after, and whether the value was set, as JSON.
import {closeSandbox, runScript} from '../dist/core/scripts/index.js';

const cases = {
	string: 'client.setVar("big", "x".repeat(600 * 1024 * 1024))',
	keys: 'const o = {};\nfor (let i = 0; i < 5e6; i++) o["k" + i] = i;\nclient.setVar("big", o)',
};

const values = new Map();
const variables = {get: name => values.get(name), has: name => values.has(name), set: (name, value) => values.set(name, value), delete: name => values.delete(name), interpolate: text => text};
const started = performance.now();
const result = await runScript({phase: 'pre-request', requestName: 'Oversized', source: 'request', variables, code: cases[process.argv[2]], limits: {timeoutMs: 60_000, memoryBytes: 2032 * 1024 * 1024}});
const ms = performance.now() - started;
await new Promise(resolve => {
	setTimeout(resolve, 3000);
});
globalThis.gc?.();
console.log(JSON.stringify({ms, peakMb: process.resourceUsage().maxRSS / 1024, afterMb: process.memoryUsage().rss / 1024 / 1024, set: values.has('big'), error: result.error?.message ?? ''}));
await closeSandbox();
