import fs from 'node:fs';
import path from 'node:path';
import {Writable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {importCommand} from '../../source/commands/import-command.js';
import {UsageError} from '../../source/commands/parse-var.js';
import {serializePostmanCollection} from '../../source/core/formats/postman-format.js';
import {openStore, type Store} from '../../source/core/store/store.js';
import {makeConfigDir} from '../core/store/config-dir.js';

function seededStore(): Store {
	return openStore({configDir: makeConfigDir()});
}

function writeFile(store: Store, name: string, text: string): string {
	const file = path.join(store.directory, name);
	fs.writeFileSync(file, text);
	return file;
}

/** A stderr that keeps what is written to it. */
function recorder(): Writable & {text: () => string} {
	const chunks: string[] = [];
	const stream = new Writable({
		write(chunk: Buffer, _encoding, callback) {
			chunks.push(chunk.toString());
			callback();
		},
	});
	return Object.assign(stream, {text: () => chunks.join('')});
}

describe('curlew import', () => {
	it('imports a file saved with a byte order mark', async () => {
		const store = seededStore();
		const file = writeFile(store, 'bom.json', '\uFEFF{"curlew": 1, "name": "Shop", "requests": [{"name": "Health", "url": "/health"}]}');
		const collection = await importCommand(store, file, recorder());
		expect(collection.name).toBe('Shop');
		expect(store.findCollection('Shop')?.requests.map(request => request.name)).toEqual(['Health']);
	});

	it('says a Postman collection is one and imports nothing, leaving the file as it was', async () => {
		const store = seededStore();
		const postman = serializePostmanCollection(store.collections()[0]!);
		const file = writeFile(store, 'shop.postman.json', postman);
		const before = fs.readFileSync(store.path, 'utf8');
		const refusal = importCommand(store, file, recorder());
		await expect(refusal).rejects.toThrow(UsageError);
		await expect(refusal).rejects.toThrow(`${file} is not a curlew collection: it is a Postman collection (its info.schema is https://schema.getpostman.com/json/collection/v2.1.0/collection.json): curlew imports only its own format, which curlew export writes; nothing was imported`);
		expect(fs.readFileSync(file, 'utf8')).toBe(postman);
		expect(fs.readFileSync(store.path, 'utf8')).toBe(before);
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
		const collection = await importCommand(store, file, stderr);
		expect(collection.requests.map(request => request.name)).toEqual(['Login', 'Login (2)']);
		expect(stderr.text()).toBe([
			'curlew: environment "Prod" was imported as "Prod (2)": an earlier environment in the file has that name\n',
			'curlew: request "Login" was imported as "Login (2)": an earlier request in the file has that name\n',
		].join(''));
	});

	it('says nothing more when the file\'s names are distinct', async () => {
		const store = seededStore();
		const file = writeFile(store, 'one.json', '{"curlew": 1, "name": "One", "requests": [{"name": "A", "url": "/"}, {"name": "B", "url": "/"}]}');
		const stderr = recorder();
		await importCommand(store, file, stderr);
		expect(stderr.text()).toBe('');
	});
});
