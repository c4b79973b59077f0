// Where the built `curlew run` writes a body: a real pseudo-terminal (util-linux `script`) or a pipe, as the body arrives, from a server that sends what attacks a terminal.
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
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
// In two parts, cut inside a character, the first part longer than what is read to tell text from binary.
const slowFirst = Buffer.concat([Buffer.from(`${'a'.repeat(9000)} first part ends \u001B[2J caf`), Buffer.from([0xC3])]);
const slowRest = Buffer.from([0xA9, ...Buffer.from(' and the rest')]);
const slowShown = `${'a'.repeat(9000)} first part ends ␛[2J café and the rest`;
const gzipped = Buffer.from([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x4B, 0x4C, 0x4A, 0x06, 0x00, 0xC2, 0x41, 0x24, 0x35, 0x03, 0, 0, 0]);

let server: RecordingServer;
let config: {directory: string; remove(): void};
/** Called by a test once its reader has the first part of /slow; the server then sends the rest. */
let firstPartRead: () => void = () => undefined;
/** Whether the server sent the rest of /slow because the reader had the first part, not because it waited 5 s in vain. */
let restSentOnRead: Promise<boolean> = Promise.resolve(false);

beforeAll(async () => {
	server = await startRecordingServer((request, response) => {
		if (request.url === '/slow') {
			response.writeHead(200, {'Content-Type': 'text/plain; charset=utf-8'});
			response.write(slowFirst);
			const read = new Promise<boolean>(resolve => {
				firstPartRead = () => resolve(true);
			});
			restSentOnRead = Promise.race([read, sleep(5000).then(() => false)]);
			void restSentOnRead.then(() => response.end(slowRest));
			return;
		}

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
			{name: 'Slow', method: 'GET', url: '{{baseUrl}}/slow', headers: [], body: {type: 'none'}},
		],
	}));
	const imported = await runCli(['import', file], {configDir: config.directory});
	expect(imported.code).toBe(0);
});

afterEach(() => config.remove());

/**
Runs `curlew run <args>`, its stdout on a pseudo-terminal (stderr too, as in a shell) or a
pipe; resolves to every byte that reached it, and the exit code. `onOutput` hears all that
reached it so far, at each chunk.
*/
function runInto(where: 'terminal' | 'pipe', args: string[], onOutput: (sofar: Buffer) => void = () => undefined): Promise<{output: Buffer; code: number | null}> {
	return new Promise((resolve, reject) => {
		const env = {...process.env, CURLEW_CONFIG_DIR: config.directory, NO_COLOR: '1', TERM: 'xterm-256color'};
		const child = where === 'terminal'
			? spawn('script', ['-qfec', `stty cols 200 rows 30; exec ${process.execPath} ${cliPath} run ${args.join(' ')}`, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
			: spawn(process.execPath, [cliPath, 'run', ...args], {env, stdio: ['ignore', 'pipe', 'ignore']});
		const output: Buffer[] = [];
		child.stdout.on('data', (chunk: Buffer) => {
			output.push(chunk);
			onOutput(Buffer.concat(output));
		});
		child.on('error', reject);
		child.on('close', code => resolve({output: Buffer.concat(output), code}));
	});
}

async function runOnTerminal(args: string): Promise<{terminal: Buffer; code: number | null}> {
	const {output, code} = await runInto('terminal', args.split(' '));
	return {terminal: output, code};
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
		const result = await runCli(['run', 'Hostile', 'Attack', 'Archive'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(result.stdout.equals(Buffer.concat([attack, gzipped]))).toBe(true);
	});
});

describe('curlew run as the body arrives', () => {
	it('writes to a pipe the bytes that came before the rest has come', async () => {
		const {output, code} = await runInto('pipe', ['Hostile', 'Slow'], sofar => {
			if (sofar.length >= slowFirst.length) {
				firstPartRead();
			}
		});
		expect(await restSentOnRead).toBe(true);
		expect(output.equals(Buffer.concat([slowFirst, slowRest]))).toBe(true);
		expect(code).toBe(0);
	});

	it('shows a terminal the text that came before the rest has come, and a character cut between the two parts whole', async () => {
		const {output, code} = await runInto('terminal', ['Hostile', 'Slow'], sofar => {
			if (sofar.includes('first part ends ␛[2J caf')) {
				firstPartRead();
			}
		});
		expect(await restSentOnRead).toBe(true);
		expect(output.toString('utf8')).toMatch(new RegExp(`^${slowShown.replace('[', '\\[')}\r\nGET `));
		expect(code).toBe(0);
	});
});
