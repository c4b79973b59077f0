/*
The floors bench's server, in a process of its own: the bench then spawns each measured
process from a small one. Forking a process that holds the 29 MB and 50 MB bodies costs a few
milliseconds more, added to every process it measures, its floors as well. Serves /29mb and
/50mb (compact JSON of about that size) and {"ok":true} at every other path; writes
{"origin", "sizes"} as one line to stdout once it listens.
*/
import http from 'node:http';
import {jsonOf} from './processes.js';

const megabyte = 1024 * 1024;
const bodies = new Map([['/29mb', jsonOf(29 * megabyte)], ['/50mb', jsonOf(50 * megabyte)]]);
const small = Buffer.from('{"ok":true}');
const server = http.createServer((request, response) => {
	const body = bodies.get(request.url) ?? small;
	response.writeHead(200, {'Content-Type': 'application/json', 'Content-Length': body.length});
	response.end(body);
});
server.listen(0, '127.0.0.1', () => {
	const sizes = Object.fromEntries([...bodies].map(([url, body]) => [url, body.length]));
	process.stdout.write(`${JSON.stringify({origin: `http://127.0.0.1:${server.address().port}`, sizes})}\n`);
});
// The bench closes stdin as it ends (or dies): the server goes with it.
process.stdin.resume();
process.stdin.on('end', () => {
	process.exit(0);
});
