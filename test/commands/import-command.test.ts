import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {importCommand} from '../../source/commands/import-command.js';
import {UsageError} from '../../source/commands/parse-var.js';
import {openStore, type Store} from '../../source/core/store/store.js';
import {fingerprint, makeConfigDir} from '../core/store/config-dir.js';
import {recorder} from '../helpers/recorder.js';

function fixture(name: string): string {
	return fileURLToPath(new URL(`../core/formats/fixtures/${name}`, import.meta.url));
}

function seededStore(): Store {
	return openStore({configDir: makeConfigDir()});
}

function writeFile(store: Store, name: string, text: string): string {
	const file = path.join(store.directory, name);
	fs.writeFileSync(file, text);
	return file;
}

describe('curlew import', () => {
	it('imports a file saved with a byte order mark', async () => {
		const store = seededStore();
		const file = writeFile(store, 'bom.json', '\uFEFF{"curlew": 1, "name": "Shop", "requests": [{"name": "Health", "url": "/health"}]}');
		const collection = await importCommand(store, file, {}, recorder());
		expect(collection.name).toBe('Shop');
		expect(store.findCollection('Shop')?.requests.map(request => request.name)).toEqual(['Health']);
	});

	it('imports requests and environments named twice in the file under a suffix, and says which on stderr', async () => {
		const store = seededStore();
		const file = writeFile(store, 'twins.json', JSON.stringify({
			curlew: 1,
			name: 'Twins',
			environments: [{name: 'Prod'}, {name: 'Prod'}],
			requests: [{name: 'Login', url: '/a'}, {name: 'Login', url: '/b'}],
		}));
		const stderr = recorder();
		const collection = await importCommand(store, file, {}, stderr);
		expect(collection.requests.map(request => request.name)).toEqual(['Login', 'Login (2)']);
		expect(stderr.text()).toBe([
			'Imported "Twins" with 2 requests\n',
			'curlew: environment "Prod" was imported as "Prod (2)": an earlier environment in the file has that name\n',
			'curlew: request "Login" was imported as "Login (2)": an earlier request in the file has that name\n',
		].join(''));
	});

	it.each([
		['{"curlew": 1, "name": "Ids", "variables": [{"name": "user", "value": {"id": 12345678901234567890}}]}', 'variables[0].value.id: 12345678901234567890 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "Ids", "variables": [{"name": "id", "value": 9007199254740993}]}', 'variables[0].value: 9007199254740993 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		['{"curlew": 1, "name": "Ids", "variables": [{"name": "id", "value": 9007199254740993.0}]}', 'variables[0].value: 9007199254740993.0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		[`{"curlew": 1, "name": "Deep", "variables": [{"name": "v", "value": ${'['.repeat(5000)}${']'.repeat(5000)}}]}`, 'variables[0].value: is nested too deep: at most 256 arrays and objects inside one another'],
		['{"curlew": 1, "name": ""}', 'name: a collection needs a name of at least one character other than spaces'],
		['{"curlew": 1, "name": "Shop", "requests": [{"name": "  ", "url": "/"}]}', 'requests[0].name: a request needs a name of at least one character other than spaces'],
		['{"curlew": 1, "name": "Shop", "environments": [{"name": ""}]}', 'environments[0].name: an environment needs a name of at least one character other than spaces'],
		['{"curlew": 1, "name": "Shop", "requests": [{"name": "Log\\nin", "url": "/"}]}', 'requests[0].name: a request name cannot hold control characters: "Log\\nin" holds a line break (U+000A)'],
		['{"curlew": 1, "name": "Shop\\u0007", "requests": []}', 'name: a collection name cannot hold control characters: "Shop\\u0007" holds U+0007'],
		['{"curlew": 1, "name": "Shop", "variables": [{"name": "process.env.HOME", "value": "/tmp"}]}', 'variables[0].name: Variable name "process.env.HOME" starts with "process.": a placeholder that starts so reads the environment ({{process.env.NAME}}), never a variable, so this one could not be used; choose another name'],
	])('refuses a file whose values or names it would change, garble or never read, naming the field, and imports nothing (%#)', async (text, problem) => {
		const store = seededStore();
		const file = writeFile(store, 'bad.json', text);
		const before = fingerprint(store.path);
		await expect(importCommand(store, file, {}, recorder())).rejects.toThrow(new UsageError(`${file} is not a curlew collection: ${problem}; nothing was imported`));
		expect(fingerprint(store.path)).toEqual(before);
		expect(store.collections().map(collection => collection.name)).toEqual(['Getting started']);
	});

	it.each([
		['UTF-16 LE with a byte order mark', Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from('{"curlew": 1, "name": "Shop"}', 'utf16le')])],
		['UTF-16 BE with a byte order mark', Buffer.from([0xFE, 0xFF, ...Buffer.from('{"curlew": 1, "name": "Shop"}', 'utf16le').swap16()])],
		['UTF-16 LE without one', Buffer.from('\r\n{"curlew": 1, "name": "Shop"}', 'utf16le')],
		['UTF-16 BE without one', Buffer.from('{"curlew": 1, "name": "Shop"}', 'utf16le').swap16()],
	])('says a file saved as %s is UTF-16 and to save it as UTF-8, and imports nothing', async (_encoding, bytes) => {
		const store = seededStore();
		const file = path.join(store.directory, 'utf16.json');
		fs.writeFileSync(file, bytes);
		const before = fingerprint(store.path);
		await expect(importCommand(store, file, {}, recorder())).rejects.toThrow(new UsageError(`${file} is saved as UTF-16 text, and curlew reads collection files as UTF-8: save it as UTF-8 (Windows PowerShell's > writes UTF-16; pipe to Out-File -Encoding utf8 instead) and import it again; nothing was imported`));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('imports dates written without seconds or as a date alone (midnight UTC)', async () => {
		const store = seededStore();
		const file = writeFile(store, 'dates.json', '{"curlew": 1, "name": "Dates", "variables": [{"name": "day", "value": "2024-01-31", "type": "date"}, {"name": "at", "value": "2024-01-31T12:00Z", "type": "date"}]}');
		const collection = await importCommand(store, file, {}, recorder());
		expect(collection.variables).toEqual([{name: 'day', value: new Date('2024-01-31T00:00:00.000Z')}, {name: 'at', value: new Date('2024-01-31T12:00:00.000Z')}]);
	});

	it('says only what it imported when the file\'s names are distinct', async () => {
		const store = seededStore();
		const file = writeFile(store, 'one.json', '{"curlew": 1, "name": "One", "requests": [{"name": "A", "url": "/"}, {"name": "B", "url": "/"}]}');
		const stderr = recorder();
		await importCommand(store, file, {}, stderr);
		expect(stderr.text()).toBe('Imported "One" with 2 requests\n');
	});

	it('imports a Postman collection and writes the Imported line, then a note per thing left out or to port', async () => {
		const store = seededStore();
		const stderr = recorder();
		const collection = await importCommand(store, fixture('shop.postman_collection.json'), {}, stderr);
		expect(collection.name).toBe('Shop API');
		expect(store.findCollection('Shop API')!.requests).toHaveLength(8);
		const lines = stderr.text().split('\n');
		expect(lines[0]).toBe('Imported "Shop API" with 8 requests');
		expect(lines.slice(1, -1).every(line => line.startsWith('note: '))).toBe(true);
		expect(lines.filter(line => line.includes('script calls'))).toEqual([]);
		expect(lines).toHaveLength(6);
	});

	it('imports a Postman environment into the collection --into names', async () => {
		const store = seededStore();
		const stderr = recorder();
		await importCommand(store, fixture('staging.postman_environment.json'), {into: 'getting started'}, stderr);
		expect(store.findCollection('Getting started')!.environments.at(-1)).toMatchObject({name: 'Staging', variables: [{name: 'baseUrl'}, {name: 'password', secret: true}, {name: 'retries'}]});
		expect(stderr.text()).toBe('Imported environment "Staging" into "Getting started" with 3 variables\nnote: environment "Staging": variable "oldToken" was left out: it is disabled in Postman\n');
	});

	it.each([
		['a Postman environment without --into', 'staging.postman_environment.json', {}, (file: string) => `${file} is a Postman environment, which goes into a collection: curlew import ${file} --into <collection>; nothing was imported`],
		['a collection with --into', 'shop.postman_collection.json', {into: 'Getting started'}, (file: string) => `--into names the collection an environment goes into, and ${file} is a Postman collection: import it without --into; nothing was imported`],
	])('refuses %s, saying what to do, and changes nothing', async (_case, name, options, message) => {
		const store = seededStore();
		const before = fingerprint(store.path);
		const file = fixture(name);
		await expect(importCommand(store, file, options, recorder())).rejects.toThrow(new UsageError(message(file)));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('names the format and the field of a Postman file it cannot read, and changes nothing', async () => {
		const store = seededStore();
		const before = fingerprint(store.path);
		const file = writeFile(store, 'bad.postman_collection.json', JSON.stringify({info: {name: 'Bad', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'}, item: [{name: 'A', request: {url: '/'}}, {name: 'B', request: {method: ['GET'], url: '/'}}]}));
		await expect(importCommand(store, file, {}, recorder())).rejects.toThrow(new UsageError(`${file} is a Postman collection curlew cannot import: item[1].request.method: expected a string, found an array; nothing was imported`));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('imports a file of curl commands as a collection named after the file, with notes after the Imported line', async () => {
		const store = seededStore();
		const stderr = recorder();
		const collection = await importCommand(store, fixture('orders.sh'), {}, stderr);
		expect(collection.name).toBe('orders');
		expect(collection.requests.map(request => request.name)).toEqual(['POST /v1/orders', 'GET /v1/orders', 'GET /v1/search', 'POST /v1/login', 'POST /v1/orders/42/attachments', 'DELETE /v1/orders/42']);
		const lines = stderr.text().split('\n');
		expect(lines[0]).toBe('Imported "orders" with 6 requests');
		expect(lines[1]).toBe('note: this collection turns TLS verification off (-k (line 12)): its requests take any certificate, so whoever stands between curlew and the server can read and change them');
		expect(lines[2]).toBe('note: line 16: -o out.json was left out: curlew keeps responses itself');
		expect(lines.at(-2)).toBe('note: the collection reads the environment variable SHOP_TOKEN ({{process.env.NAME}}), which curlew reads only once you allow it: curlew env allow SHOP_TOKEN');
		expect(lines).toHaveLength(9);
	});

	it('names the line of a curl command it cannot read, and changes nothing', async () => {
		const store = seededStore();
		const before = fingerprint(store.path);
		const file = writeFile(store, 'broken.sh', 'curl https://a.test/ok\ncurl -H "X-A: 1 https://a.test/broken\n');
		await expect(importCommand(store, file, {}, recorder())).rejects.toThrow(new UsageError(`${file} is a file of curl commands curlew cannot import: line 2: the " opened here is never closed: close it; nothing was imported`));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('says what it imports when the file is none of it', async () => {
		const store = seededStore();
		const file = writeFile(store, 'notes.txt', 'GET https://a.test\n');
		await expect(importCommand(store, file, {}, recorder())).rejects.toThrow(new UsageError(`${file} cannot be imported: curlew imports a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection's folder (of .bru files or YAML), and this is none of them: it is not JSON and does not start with curl; nothing was imported`));
	});

	it('imports a Bruno collection\'s folder, its environments included, with notes after the Imported line', async () => {
		const store = seededStore();
		const stderr = recorder();
		const collection = await importCommand(store, fixture('bruno-shop'), {}, stderr);
		expect(collection.environments.map(environment => environment.name)).toEqual(['Local', 'Staging']);
		const lines = stderr.text().split('\n');
		expect(lines[0]).toBe('Imported "Shop (Bruno)" with 7 requests');
		expect(lines.filter(line => line.includes('script calls'))).toEqual([]);
		expect(lines).toHaveLength(8);
	});

	it('imports a Bruno collection saved in YAML, skipping the folders its opencollection.yml ignores', async () => {
		const store = seededStore();
		const stderr = recorder();
		const collection = await importCommand(store, fixture('bruno-yaml-shop'), {}, stderr);
		expect(collection.requests.map(request => request.name)).toEqual(['Health', 'Users / Create user', 'Users / Get user', 'orders / Search orders']);
		expect(stderr.text().split('\n')[0]).toBe('Imported "Shop (YAML)" with 4 requests');
	});

	it.each([
		['a folder that is not a Bruno collection', () => fileURLToPath(new URL('../core/formats', import.meta.url)), (file: string) => `${file} cannot be imported: it is a folder without a bruno.json or an opencollection.yml, and curlew imports a curlew or Postman JSON file (a collection, or a Postman environment), a file of curl commands or a Bruno collection's folder (of .bru files or YAML); nothing was imported`],
		['the bruno.json of a collection', () => fixture('bruno-shop/bruno.json'), (file: string) => `${file} cannot be imported: it is the bruno.json of a Bruno collection: import the folder that holds it; nothing was imported`],
		['a request of a Bruno collection', () => fixture('bruno-shop/Health.bru'), (file: string) => `${file} cannot be imported: it is a request of a Bruno collection: import the collection's folder, the one that holds bruno.json; nothing was imported`],
	])('refuses %s, saying what to import instead, and changes nothing', async (_case, target, message) => {
		const store = seededStore();
		const before = fingerprint(store.path);
		await expect(importCommand(store, target(), {}, recorder())).rejects.toThrow(new UsageError(message(target())));
		expect(fingerprint(store.path)).toEqual(before);
	});

	it('names the format of a Postman file that is not valid JSON, with the line and column', async () => {
		const store = seededStore();
		const collection = writeFile(store, 'cut.postman_collection.json', '{"info": {"name": "Cut", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},\n "item": [{"name": "A');
		await expect(importCommand(store, collection, {}, recorder())).rejects.toThrow(new UsageError(`${collection} is a Postman collection that is not valid JSON: at line 2, column 22: a string is not closed: add the closing "; nothing was imported`));
		const environment = writeFile(store, 'cut.postman_environment.json', '{"name": "Cut", "_postman_variable_scope": "environment", "values": [');
		await expect(importCommand(store, environment, {into: 'Getting started'}, recorder())).rejects.toThrow(/^.*cut\.postman_environment\.json is a Postman environment that is not valid JSON: at line 1, column \d+: .*; nothing was imported$/);
	});

	it('names the file an environment could not go into, and says nothing was imported', async () => {
		const store = seededStore();
		const before = fingerprint(store.path);
		await expect(importCommand(store, fixture('staging.postman_environment.json'), {into: 'Nope'}, recorder())).rejects.toThrow(new UsageError(`Cannot import ${fixture('staging.postman_environment.json')} into "Nope": No collection named "Nope": choose one of "Getting started"; nothing was imported`));
		expect(fingerprint(store.path)).toEqual(before);
	});
});

describe('curlew import names each setting of the collection that weakens a guard', () => {
	it('names TLS verification off, a CA file and raised script limits, response cap and redirects in a curlew file, first among the notes', async () => {
		const store = seededStore();
		const file = writeFile(store, 'lax.json', JSON.stringify({
			curlew: 1,
			name: 'Lax',
			settings: {verifyTls: false, caFile: '/tmp/their-ca.pem', scriptTimeoutMs: 86_400_000, scriptMemoryBytes: 2 * 1024 ** 3, maxResponseBytes: 1024 ** 3, maxRedirects: 1000, totalTimeoutMs: 600_000},
		}));
		const stderr = recorder();
		await importCommand(store, file, {}, stderr);
		expect(stderr.text()).toBe([
			'Imported "Lax" with 0 requests',
			'note: this collection turns TLS verification off (settings.verifyTls: false): its requests take any certificate, so whoever stands between curlew and the server can read and change them',
			'note: this collection trusts the certificate authorities in /tmp/their-ca.pem (settings.caFile: "/tmp/their-ca.pem"): a server whose certificate one of them signed is taken for genuine',
			'note: this collection raises the script time limit to 24 h (settings.scriptTimeoutMs: 86400000); the default is 1 s, and curlew caps it at 1 min',
			'note: this collection raises the script memory limit to 2 GB (settings.scriptMemoryBytes: 2147483648); the default is 64 MB, and curlew caps it at 2032 MB',
			'note: this collection raises the response size cap to 1 GB (settings.maxResponseBytes: 1073741824); the default is 100 MB: curlew holds a response in memory whole',
			'note: this collection follows up to 1,000 redirects (settings.maxRedirects: 1000); the default is 10',
			'',
		].join('\n'));
	});

	it('says nothing of settings that only make curlew stricter', async () => {
		const store = seededStore();
		const file = writeFile(store, 'strict.json', JSON.stringify({
			curlew: 1,
			name: 'Strict',
			settings: {strict: true, followRedirects: false, maxRedirects: 50, scriptTimeoutMs: 500, scriptMemoryBytes: 8 * 1024 ** 2, maxResponseBytes: 1024},
		}));
		const stderr = recorder();
		await importCommand(store, file, {}, stderr);
		expect(stderr.text()).toBe('Imported "Strict" with 0 requests\n');
	});

	it('names the curl options that turn TLS verification off or add a CA, as written', async () => {
		const store = seededStore();
		const file = writeFile(store, 'lax.sh', 'curl -k --cacert ca.pem --max-redirs 20 https://api.test/health\n');
		const stderr = recorder();
		await importCommand(store, file, {}, stderr);
		expect(stderr.text()).toBe([
			'Imported "lax" with 1 request',
			'note: this collection turns TLS verification off (-k (line 1)): its requests take any certificate, so whoever stands between curlew and the server can read and change them',
			'note: this collection trusts the certificate authorities in ca.pem (--cacert ca.pem (line 1)): a server whose certificate one of them signed is taken for genuine',
			'note: this collection follows up to 20 redirects (--max-redirs 20 (line 1)); the default is 10',
			'',
		].join('\n'));
	});

	it('names a Postman collection\'s protocolProfileBehavior that turns TLS verification off', async () => {
		const store = seededStore();
		const file = writeFile(store, 'lax.postman_collection.json', JSON.stringify({
			info: {name: 'Lax', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			protocolProfileBehavior: {strictSSL: false},
			item: [{name: 'Health', request: {method: 'GET', url: 'https://api.test/health'}}],
		}));
		const stderr = recorder();
		await importCommand(store, file, {}, stderr);
		expect(stderr.text()).toBe([
			'Imported "Lax" with 1 request',
			'note: this collection turns TLS verification off (protocolProfileBehavior.strictSSL: false): its requests take any certificate, so whoever stands between curlew and the server can read and change them',
			'',
		].join('\n'));
	});
});
