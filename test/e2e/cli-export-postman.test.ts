import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli, temporaryConfigDir} from '../helpers/run-cli.js';

let config: {directory: string; remove(): void};

beforeEach(() => {
	config = temporaryConfigDir();
});

afterEach(() => config.remove());

const collectionFile = {
	curlew: 1,
	name: 'Shop',
	variables: [
		{name: 'baseUrl', value: 'https://shop.test'},
		{name: 'userId', value: 42},
		{name: 'verbose', value: false},
		{name: 'filter', value: {status: 'active', tags: ['a', 'b']}},
		{name: 'since', value: '2024-03-01T12:30:00.250Z', type: 'date'},
		{name: 'apiKey', value: 'key-abc-123', secret: true},
	],
	environments: [{name: 'staging', variables: [{name: 'baseUrl', value: 'https://staging.shop.test'}]}],
	scripts: {preRequest: 'client.setVar("started", true);', postResponse: ''},
	requests: [
		{
			name: 'Create order',
			method: 'POST',
			url: '{{baseUrl}}/users/{{userId}}/orders?verbose={{verbose}}',
			headers: [
				{name: 'X-API-Key', value: '{{apiKey}}'},
				{name: 'X-Debug', value: '1', enabled: false},
			],
			body: {type: 'json', text: '{"filter": {{filter}}, "since": "{{since}}"}'},
			scripts: {preRequest: '', postResponse: 'const body = res.body;\nclient.setVar("orderId", body.id);'},
		},
		{name: 'Note', method: 'PUT', url: '{{baseUrl}}/note', headers: [], body: {type: 'text', text: 'hello {{userId}}'}},
		{name: 'Login', method: 'POST', url: '{{baseUrl}}/login', headers: [], body: {type: 'form', fields: [{name: 'user', value: 'ada'}, {name: 'remember', value: 'yes', enabled: false}]}},
		{name: 'Health', method: 'GET', url: '{{baseUrl}}/health', headers: [], body: {type: 'none'}},
	],
};

async function importShop(): Promise<void> {
	const filePath = path.join(config.directory, 'shop.json');
	writeFileSync(filePath, JSON.stringify(collectionFile));
	const imported = await runCli(['import', filePath], {configDir: config.directory});
	expect(imported.stderr).toContain('Imported "Shop" with 4 requests');
	expect(imported.code).toBe(0);
}

describe('curlew export --format postman', () => {
	it('prints an imported collection as a Postman v2.1 collection, secrets and environments left out', async () => {
		await importShop();
		const result = await runCli(['export', 'Shop', '--format', 'postman'], {configDir: config.directory});
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const text = result.stdout.toString();
		expect(text).not.toContain('key-abc-123');
		expect(text).not.toContain('staging.shop.test');

		const file = JSON.parse(text) as {
			info: {name: string; schema: string; description: string};
			item: Array<{name: string; event: Array<{listen: string; script: {exec: string[]}}>; request: {method: string; url: string; header: unknown[]; body?: unknown}}>;
			variable: unknown[];
			event: Array<{listen: string; script: {exec: string[]}}>;
		};
		expect(file.info.name).toBe('Shop');
		expect(file.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
		expect(file.info.description).toMatch(/flattened to text/);
		expect(file.info.description).toMatch(/left out: staging\./);
		expect(file.info.description).toMatch(/empty values; fill them in Postman: apiKey\./);
		expect(file.info.description).toMatch(/pm\.\* API/);
		expect(file.variable).toEqual([
			{key: 'baseUrl', value: 'https://shop.test', type: 'string'},
			{key: 'userId', value: '42', type: 'number'},
			{key: 'verbose', value: 'false', type: 'string'},
			{key: 'filter', value: '{"status":"active","tags":["a","b"]}', type: 'string'},
			{key: 'since', value: '2024-03-01T12:30:00.250Z', type: 'string'},
			{key: 'apiKey', value: '', type: 'string'},
		]);
		expect(file.event).toEqual([{listen: 'prerequest', script: {type: 'text/javascript', exec: ['client.setVar("started", true);']}}]);

		const [create, note, login, health] = file.item;
		expect(create).toEqual({
			name: 'Create order',
			event: [{listen: 'test', script: {type: 'text/javascript', exec: ['const body = res.body;', 'client.setVar("orderId", body.id);']}}],
			request: {
				method: 'POST',
				header: [{key: 'X-API-Key', value: '{{apiKey}}'}, {key: 'X-Debug', value: '1', disabled: true}],
				url: '{{baseUrl}}/users/{{userId}}/orders?verbose={{verbose}}',
				body: {mode: 'raw', raw: '{"filter": {{filter}}, "since": "{{since}}"}', options: {raw: {language: 'json'}}},
			},
		});
		expect(note!.request.body).toEqual({mode: 'raw', raw: 'hello {{userId}}', options: {raw: {language: 'text'}}});
		expect(login!.request.body).toEqual({mode: 'urlencoded', urlencoded: [{key: 'user', value: 'ada'}, {key: 'remember', value: 'yes', disabled: true}]});
		expect(health!.request).toEqual({method: 'GET', header: [], url: '{{baseUrl}}/health'});
	});

	it('still writes curlew JSON by default', async () => {
		await importShop();
		const result = await runCli(['export', 'Shop'], {configDir: config.directory});
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout.toString())).toMatchObject({curlew: 1, name: 'Shop'});
	});

	it('refuses an unknown format, naming the ones it writes, and prints nothing', async () => {
		await importShop();
		const result = await runCli(['export', 'Shop', '--format', 'insomnia'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stdout.toString()).toBe('');
		expect(result.stderr).toBe('curlew: --format insomnia is not a format curlew writes: use curlew or postman\n');
	});

	it('names the collections there are when the one asked for is missing', async () => {
		await importShop();
		const result = await runCli(['export', 'Shops', '--format', 'postman'], {configDir: config.directory});
		expect(result.code).toBe(2);
		expect(result.stdout.toString()).toBe('');
		expect(result.stderr).toMatch(/No collection named "Shops": choose one of .*"Shop"/);
	});

	it('lists the postman format in --help', async () => {
		const result = await runCli(['--help'], {configDir: config.directory});
		expect(result.stdout.toString()).toMatch(/--format curlew\|postman/);
	});
});
