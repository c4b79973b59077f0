// send() against a local server: the fixed cost per request (fresh connection each time, by
// design) and the cost of reading large bodies, plain and gzip, next to bare node:http.
import {sendOptionsFor} from '../dist/core/http/send-options.js';
import {defaultSettings} from '../dist/core/model.js';
import http from 'node:http';
import {gzipSync} from 'node:zlib';
import {send} from '../dist/core/http/send.js';
import {formatMs, medianMs, printTable} from './table.js';

const bodies = new Map([
	['/small', Buffer.from(JSON.stringify({ok: true, items: [1, 2, 3]}))],
	['/1mb', Buffer.alloc(1024 * 1024, 'a')],
	['/10mb', Buffer.alloc(10 * 1024 * 1024, 'b')],
]);
const gzipped = new Map([...bodies].map(([path, body]) => [path, gzipSync(body)]));

const server = http.createServer((request, response) => {
	const url = new URL(request.url, 'http://x');
	const compressed = url.searchParams.has('gzip');
	const body = (compressed ? gzipped : bodies).get(url.pathname);
	response.writeHead(200, compressed ? {'Content-Encoding': 'gzip'} : {});
	response.end(body);
});
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const options = sendOptionsFor(defaultSettings, {env: {}});

async function viaSend(path) {
	const result = await send({method: 'GET', url: new URL(path, origin), headers: []}, options);
	if (result.kind !== 'response') {
		throw new Error(result.message);
	}
}

const agent = new http.Agent({keepAlive: false});
async function viaNode(path) {
	await new Promise((resolve, reject) => {
		http.get(new URL(path, origin), {agent}, response => {
			response.on('data', () => undefined);
			response.on('end', resolve);
		}).on('error', reject);
	});
}

const rows = [];
for (const [label, path, runs] of [
	['small JSON', '/small', 51],
	['1 MB', '/1mb', 21],
	['10 MB', '/10mb', 9],
	['10 MB gzip', '/10mb?gzip', 9],
]) {
	const ours = await medianMs(() => viaSend(path), runs);
	const bare = path.includes('gzip') ? undefined : await medianMs(() => viaNode(path), runs);
	rows.push([label, formatMs(ours), bare === undefined ? 'n/a' : formatMs(bare)]);
}

printTable('HTTP: one GET to 127.0.0.1, new connection each (median ms)', ['body', 'send()', 'bare node:http'], rows);
server.close();
