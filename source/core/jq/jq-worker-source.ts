/*
The jq worker, as source text: jq (jq-wasm, jq itself built to WebAssembly) runs a filter
synchronously from start to end, so it runs in a worker thread, where a 20 MB body takes its
half second without holding up a key, and where a filter that never ends (`repeat(1)`) is
stopped by terminating the thread. It is JavaScript text rather than a module of ours because
a worker needs a file Node can load as is, and the tests run from TypeScript sources.

Protocol, on parentPort: in jq's compiled WebAssembly.Module, then {bytes, filter} per job;
out {kind: 'ready'} or {kind: 'failed-to-start', message}, then per job {kind: 'done', output,
errors, exitCode} (`output` a transferred Uint8Array of what jq printed) or {kind: 'aborted',
message} when jq's WebAssembly stopped (out of its memory): the host replaces the worker then.
*/
export const jqWorkerSource = String.raw`
'use strict';
const {parentPort, workerData} = require('node:worker_threads');
const {loadJq} = require(workerData.jqPath);
let jq;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

parentPort.once('message', module => {
	loadJq({wasmModule: module}).then(loaded => {
		jq = loaded;
		parentPort.on('message', run);
		parentPort.postMessage({kind: 'ready'});
	}, error => {
		parentPort.postMessage({kind: 'failed-to-start', message: String(error && error.message || error)});
	});
});

function run({bytes, filter}) {
	let result;
	try {
		// -M: no colours, the pane colours JSON itself; jq's own indenting, as jq prints it.
		result = jq.raw(decoder.decode(bytes), filter, ['-M']);
	} catch (error) {
		parentPort.postMessage({kind: 'aborted', message: String(error && error.message || error)});
		return;
	}

	const output = encoder.encode(result.stdout);
	parentPort.postMessage({kind: 'done', output, errors: result.stderr, exitCode: result.exitCode}, [output.buffer]);
}
`;
