import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {startRecordingServer, type RecordingServer} from '../helpers/recording-server.js';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let server: RecordingServer;
let config: {directory: string; remove(): void};

beforeAll(async () => {
	server = await startRecordingServer((_request, response) => {
		response.end('ok');
	});
});

afterAll(async () => server.close());

beforeEach(() => {
	config = temporaryConfigDir();
	server.requests.length = 0;
});

afterEach(() => config.remove());

function writeFile(name: string, text: string): string {
	const file = path.join(config.directory, name);
	writeFileSync(file, text);
	return file;
}

async function curlew(...args: string[]) {
	return runCli(args, {configDir: config.directory});
}

describe('curlew import', () => {
	it('imports a file that starts with a byte order mark', async () => {
		const file = writeFile('bom.json', '\uFEFF{"curlew": 1, "name": "Shop", "requests": [{"name": "Health", "url": "/health"}]}');
		const result = await curlew('import', file);
		expect(result.stderr).toBe('Imported "Shop" with 1 request\n');
		expect(result.code).toBe(0);
	});

	it('says a Postman collection is one, exits 2 and changes neither the file nor the store', async () => {
		const exported = await curlew('export', 'Getting started', '--format', 'postman');
		const file = writeFile('shop.postman.json', exported.stdout.toString());
		const storeFile = path.join(config.directory, 'curlew.json');
		const before = readFileSync(storeFile, 'utf8');
		const result = await curlew('import', file);
		expect(result.stderr).toBe(`curlew: ${file} is not a curlew collection: it is a Postman collection (its info.schema is https://schema.getpostman.com/json/collection/v2.1.0/collection.json): curlew imports only its own format, which curlew export writes; nothing was imported\n`);
		expect(result.code).toBe(2);
		expect(readFileSync(file, 'utf8')).toBe(exported.stdout.toString());
		expect(readFileSync(storeFile, 'utf8')).toBe(before);
	});

	it('refuses an integer beyond 2^53 with its field rather than rounding it, exits 2 and leaves the store as it was', async () => {
		const file = writeFile('ids.json', '{"curlew": 1, "name": "Ids", "variables": [{"name": "user", "value": {"id": 12345678901234567890}}]}');
		const storeFile = path.join(config.directory, 'curlew.json');
		await curlew('export', 'Getting started'); // The first run creates the store.
		const before = readFileSync(storeFile, 'utf8');
		const result = await curlew('import', file);
		expect(result.stderr).toBe(`curlew: ${file} is not a curlew collection: variables[0].value.id: 12345678901234567890 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written; nothing was imported\n`);
		expect(result.code).toBe(2);
		expect(readFileSync(storeFile, 'utf8')).toBe(before);
	});

	it('says a file Windows PowerShell saved as UTF-16 is one, and to save it as UTF-8', async () => {
		const file = path.join(config.directory, 'utf16.json');
		writeFileSync(file, Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from('{"curlew": 1, "name": "Shop"}', 'utf16le')]));
		const result = await curlew('import', file);
		expect(result.stderr).toBe(`curlew: ${file} is saved as UTF-16 text, and curlew reads collection files as UTF-8: save it as UTF-8 (Windows PowerShell's > writes UTF-16; pipe to Out-File -Encoding utf8 instead) and import it again; nothing was imported\n`);
		expect(result.code).toBe(2);
	});

	it('renames a request the file names twice, says so, and each can then be run by its name', async () => {
		const file = writeFile('twins.json', JSON.stringify({
			curlew: 1,
			name: 'Twins',
			requests: [{name: 'Login', url: `${server.origin}/first`}, {name: 'Login', url: `${server.origin}/second`}],
		}));
		const imported = await curlew('import', file);
		expect(imported.stderr).toBe('curlew: request "Login" was imported as "Login (2)": an earlier request in the file has that name\nImported "Twins" with 2 requests\n');
		expect(imported.code).toBe(0);

		expect((await curlew('run', 'Twins', 'Login')).code).toBe(0);
		expect((await curlew('run', 'Twins', 'Login (2)')).code).toBe(0);
		expect(server.requests.map(request => request.url)).toEqual(['/first', '/second']);
	});
});

describe('curlew export', () => {
	it('refuses a name that loosely matches two collections with the message curlew run gives', async () => {
		expect((await curlew('import', writeFile('a.json', '{"curlew": 1, "name": "My API"}'))).code).toBe(0);
		expect((await curlew('import', writeFile('b.json', '{"curlew": 1, "name": "my-api"}'))).code).toBe(0);

		const ambiguous = 'curlew: The store has 2 collections matching "my_api": "My API", "my-api"; type one of these names exactly\n';
		const exported = await curlew('export', 'my_api');
		expect(exported.stderr).toBe(ambiguous);
		expect(exported.code).toBe(2);
		expect((await curlew('run', 'my_api')).stderr).toBe(ambiguous);
	});
});
