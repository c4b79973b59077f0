// The built `curlew run` writing to a real pseudo-terminal (util-linux `script`), against a server that sends what attacks a terminal.
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {startRecordingServer, type RecordingServer} from '../helpers/recording-server.js';
import {cliPath, runCli, temporaryConfigDir} from '../helpers/run-cli.js';

const attack = Buffer.from([
	'{"retitle": "\u001B]0;pwned\u0007",',
	' "clear": "\u001B[2J\u001B[H",',
	' "clipboard": "\u001B]52;c;cm0gLXJmIH4gIyBmcm9tIHNlcnZlcg==\u0007",',
	' "ask": "\u001B[6n"}',
].join('\n'));
const attackShown = [
	'{"retitle": "␛]0;pwned␇",',
	' "clear": "␛[2J␛[H",',
	' "clipboard": "␛]52;c;cm0gLXJmIH4gIyBmcm9tIHNlcnZlcg==␇",',
	' "ask": "␛[6n"}',
].join('\r\n');
const gzipped = Buffer.from([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x4B, 0x4C, 0x4A, 0x06, 0x00, 0xC2, 0x41, 0x24, 0x35, 0x03, 0, 0, 0]);

let server: RecordingServer;
let config: {directory: string; remove(): void};

beforeAll(async () => {
	server = await startRecordingServer((request, response) => {
		const binary = request.url === '/archive';
		response.writeHead(200, {'Content-Type': binary ? 'application/gzip' : 'application/json'});
		response.end(binary ? gzipped : attack);
	});
});

afterAll(async () => server.close());

beforeEach(async () => {
	config = temporaryConfigDir();
	const file = path.join(config.directory, 'collection.json');
	writeFileSync(file, JSON.stringify({
		curlew: 1,
		name: 'Hostile',
		variables: [{name: 'baseUrl', value: server.origin}],
		requests: [
			{name: 'Attack', method: 'GET', url: '{{baseUrl}}/attack', headers: [], body: {type: 'none'}},
			{name: 'Archive', method: 'GET', url: '{{baseUrl}}/archive', headers: [], body: {type: 'none'}},
		],
	}));
	const imported = await runCli(['import', file], {configDir: config.directory});
	expect(imported.code).toBe(0);
});

afterEach(() => config.remove());

/** Runs `curlew run <args>` with stdout and stderr on a pseudo-terminal; resolves to every byte that reached it, and the exit code. */
function runOnTerminal(args: string): Promise<{terminal: Buffer; code: number | null}> {
	return new Promise((resolve, reject) => {
		const child = spawn('script', ['-qfec', `stty cols 200 rows 30; exec ${process.execPath} ${cliPath} run ${args}`, '/dev/null'], {
			env: {...process.env, CURLEW_CONFIG_DIR: config.directory, NO_COLOR: '1', TERM: 'xterm-256color'},
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		const output: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
		child.on('error', reject);
		child.on('close', code => resolve({terminal: Buffer.concat(output), code}));
	});
}

// eslint-disable-next-line no-control-regex
const rawControl = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u009B]/;

describe('curlew run on a terminal', () => {
	it('shows a body that retitles, clears, sets the clipboard and asks for the cursor as pictures, the status line on a line of its own', async () => {
		const {terminal, code} = await runOnTerminal('Hostile Attack');
		const text = terminal.toString('utf8');
		expect(text).not.toMatch(rawControl);
		expect(text.slice(0, attackShown.length + 2)).toBe(`${attackShown}\r\n`);
		expect(text.slice(attackShown.length + 2)).toMatch(new RegExp(`^GET ${server.origin}/attack → 200 OK {2}Successful {2}\\d+ ms {2}${attack.length} B\r\n$`));
		expect(code).toBe(0);
	});

	it('writes nothing of a binary body and says how to get it', async () => {
		const {terminal, code} = await runOnTerminal('Hostile Archive');
		expect(terminal.toString('utf8')).toMatch(new RegExp(`^GET ${server.origin}/archive → 200 OK .*\r\ncurlew: Archive: the body is binary \\(23 B\\) and could garble the terminal: not shown; --raw writes it anyway, or pipe it \\(\\| xxd\\) or redirect it to a file \\(> body.bin\\)\r\n$`));
		expect(code).toBe(2);
	});

	it('writes the bytes as they came with --raw', async () => {
		const {terminal, code} = await runOnTerminal('Hostile Attack --raw');
		// The terminal's own line discipline turns each newline into a carriage return and a newline.
		expect(terminal.subarray(0, attack.length + 3).equals(Buffer.from(attack.toString('utf8').replaceAll('\n', '\r\n')))).toBe(true);
		expect(code).toBe(0);
	});
});

describe('curlew run into a pipe', () => {
	it('writes each body byte for byte, attack and binary alike', async () => {
		const result = await runCli(['run', 'Hostile'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(result.stdout.equals(Buffer.concat([attack, gzipped]))).toBe(true);
	});
});
