import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {startRecordingServer} from '../helpers/recording-server.js';
import {runCli} from '../helpers/run-cli.js';

const {server, config} = serverAndStorePerTest((_request, response) => {
	response.end('ok');
});

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
		expect(imported.stderr).toBe('Imported "Twins" with 2 requests\ncurlew: request "Login" was imported as "Login (2)": an earlier request in the file has that name\n');
		expect(imported.code).toBe(0);

		expect((await curlew('run', 'Twins', 'Login')).code).toBe(0);
		expect((await curlew('run', 'Twins', 'Login (2)')).code).toBe(0);
		expect(server.requests.map(request => request.url)).toEqual(['/first', '/second']);
	});
});

describe('curlew import of a Postman file', () => {
	const fixture = (name: string) => fileURLToPath(new URL(`../core/formats/fixtures/${name}`, import.meta.url));

	it('imports a Postman collection, lists what it left out and what to port after the Imported line, and exports what it stored', async () => {
		const result = await curlew('import', fixture('shop.postman_collection.json'));
		expect(result.code).toBe(0);
		const lines = result.stderr.split('\n');
		expect(lines[0]).toBe('Imported "Shop API" with 8 requests');
		expect(lines).toContain('note: request "Users / Admin / Purge cache" was left out: its method PURGE is not one curlew sends (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)');
		// Its scripts use pm, which curlew runs: no note says to port them.
		expect(lines.filter(line => line.includes('script calls'))).toEqual([]);

		const exported = JSON.parse((await curlew('export', 'Shop API')).stdout.toString()) as {auth: unknown; requests: Array<{name: string; url: string; headers: unknown[]}>};
		expect(exported.auth).toEqual({type: 'bearer', token: '{{token}}'});
		expect(exported.requests.map(request => request.name)).toEqual(['Auth / Login', 'Auth / Logout', 'Users / Search', 'Users / Create', 'Users / Admin / Delete user', 'Users / Admin / Upload avatar', 'Products (GraphQL)', 'Report']);
		expect(exported.requests[4]).toMatchObject({url: '{{baseUrl}}/users/{{userId}}?hard=true', headers: [], auth: {type: 'basic', username: 'admin', password: 's3cret'}});
	});

	it('sends a request of an imported Postman collection with an imported environment\'s values', async () => {
		const collection = writeFile('echo.postman_collection.json', JSON.stringify({
			info: {name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'},
			auth: {type: 'bearer', bearer: [{key: 'token', value: '{{token}}'}]},
			item: [{name: 'Things', item: [{name: 'Create', request: {method: 'POST', url: '{{baseUrl}}/things', body: {mode: 'raw', raw: '{"n": {{count}}}', options: {raw: {language: 'json'}}}}}]}],
		}));
		const environment = writeFile('local.postman_environment.json', JSON.stringify({
			name: 'Local',
			values: [{key: 'baseUrl', value: server.origin, enabled: true}, {key: 'token', value: 't-1', type: 'secret', enabled: true}, {key: 'count', value: '3', enabled: true}],
			_postman_variable_scope: 'environment',
		}));
		expect((await curlew('import', collection)).stderr).toBe('Imported "Echo" with 1 request\n');
		const refused = await curlew('import', environment);
		expect(refused.stderr).toBe(`curlew: ${environment} is a Postman environment, which goes into a collection: curlew import ${environment} --into <collection>; nothing was imported\n`);
		expect(refused.code).toBe(2);
		expect((await curlew('import', environment, '--into', 'echo')).stderr).toBe('Imported environment "Local" into "Echo" with 3 variables\n');

		const sent = await curlew('run', 'Echo', 'Things / Create', '--env', 'Local');
		expect(sent.code).toBe(0);
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]).toMatchObject({method: 'POST', url: '/things'});
		expect(server.requests[0]!.body.toString()).toBe('{"n": 3}');
		expect(server.requests[0]!.headers.authorization).toBe('Bearer t-1');
	});
});

describe('curlew import of curl commands', () => {
	it('imports each command as a request that sends what curl would, and says what it left out', async () => {
		const file = writeFile('things.sh', [
			`curl -X POST ${server.origin}/things?tag=a \\`,
			'  -H \'Content-Type: application/json\' \\',
			'  -H "X-User: $USER_ID" \\',
			'  --data-raw \'{"name": "lamp", "price": 12.5}\' -s -o out.json',
			`curl -u ada:s3cret -d 'q=red shoes' -d page=2 ${server.origin}/search`,
		].join('\n'));
		const imported = await curlew('import', file);
		expect(imported.stderr).toBe('Imported "things" with 2 requests\nnote: line 1: -o out.json was left out: curlew keeps responses itself\nnote: the collection reads the environment variable USER_ID ({{process.env.NAME}}), which curlew reads only once you allow it: curlew env allow USER_ID\n');
		expect(imported.code).toBe(0);
		expect((await curlew('env', 'allow', 'USER_ID')).code).toBe(0);

		const sent = await runCli(['run', 'things'], {configDir: config.directory, env: {USER_ID: 'u-7'}});
		expect(sent.code).toBe(0);
		expect(server.requests.map(request => [request.method, request.url])).toEqual([['POST', '/things?tag=a'], ['POST', '/search']]);
		expect(server.requests[0]!.headers).toMatchObject({'content-type': 'application/json', 'x-user': 'u-7'});
		expect(server.requests[0]!.body.toString()).toBe('{"name": "lamp", "price": 12.5}');
		expect(server.requests[1]!.headers).toMatchObject({'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('ada:s3cret').toString('base64')}`});
		// As curl sends it: -d data goes as written, a space included.
		expect(server.requests[1]!.body.toString()).toBe('q=red shoes&page=2');
	});
});

describe('curlew import of a Bruno collection', () => {
	it('imports the folder and sends a request with an environment it brought, as Bruno would', async () => {
		const folder = path.join(config.directory, 'bruno-api');
		mkdirSync(path.join(folder, 'environments'), {recursive: true});
		mkdirSync(path.join(folder, 'things'));
		writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Things', type: 'collection'}));
		writeFileSync(path.join(folder, 'environments', 'Local.bru'), `vars {\n  baseUrl: ${server.origin}\n  token: t-9\n}\n`);
		writeFileSync(path.join(folder, 'things', 'Create.bru'), [
			'meta {\n  name: Create\n  type: http\n  seq: 1\n}\n',
			'post {\n  url: {{baseUrl}}/things\n  body: json\n  auth: bearer\n}\n',
			'headers {\n  X-Trace: on\n  ~X-Off: 1\n}\n',
			'auth:bearer {\n  token: {{token}}\n}\n',
			'body:json {\n  {"name": "lamp"}\n}\n',
		].join('\n'));
		const imported = await curlew('import', folder);
		expect(imported.stderr).toBe('Imported "Things" with 1 request\n');
		expect(imported.code).toBe(0);

		const sent = await curlew('run', 'Things', 'things / Create', '--env', 'Local');
		expect(sent.code).toBe(0);
		expect(server.requests.map(request => [request.method, request.url])).toEqual([['POST', '/things']]);
		expect(server.requests[0]!.headers).toMatchObject({authorization: 'Bearer t-9', 'x-trace': 'on', 'content-type': 'application/json'});
		expect(server.requests[0]!.headers['x-off']).toBeUndefined();
		expect(server.requests[0]!.body.toString()).toBe('{"name": "lamp"}');
	});

	it('names the .bru file and line it cannot read, exits 2 and imports nothing', async () => {
		const folder = path.join(config.directory, 'broken');
		mkdirSync(folder);
		writeFileSync(path.join(folder, 'bruno.json'), JSON.stringify({version: '1', name: 'Broken', type: 'collection'}));
		writeFileSync(path.join(folder, 'Ping.bru'), 'meta {\n  name: Ping\n\nget {\n  url: http://a.test\n}\n');
		const result = await curlew('import', folder);
		expect(result.stderr).toBe(`curlew: ${folder} is a Bruno collection curlew cannot import: Ping.bru: line 4, column 5: expected ":"; nothing was imported\n`);
		expect(result.code).toBe(2);
		expect((await curlew('export', 'Broken')).code).toBe(2);
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

describe('what an imported request sends, as the original tool sends it', () => {
	const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
	const valuesOf = (index: number, name: string): string[] => {
		const raw = server.requests[index]!.rawHeaders;
		const values: string[] = [];
		for (let at = 0; at < raw.length; at += 2) {
			if (raw[at]!.toLowerCase() === name) {
				values.push(raw[at + 1]!);
			}
		}

		return values;
	};

	it('sends one Authorization header, the one Postman, Bruno and curl send, and an API key for the query before the fragment', async () => {
		const postman = writeFile('dup.postman_collection.json', JSON.stringify({
			info: {name: 'Dup', schema},
			auth: {type: 'bearer', bearer: [{key: 'token', value: 'from-auth'}]},
			item: [
				{name: 'Me', request: {method: 'GET', header: [{key: 'Authorization', value: 'Bearer from-header'}], url: `${server.origin}/me`}},
				{name: 'Docs', request: {auth: {type: 'apikey', apikey: [{key: 'in', value: 'query'}, {key: 'key', value: 'api_key'}, {key: 'value', value: 'K1'}]}, method: 'GET', url: `${server.origin}/docs?page=2#part-3`}},
			],
		}));
		const curl = writeFile('curl-dup.sh', `curl -u admin:pw -H 'Authorization: Bearer from-header' -A agent/1 -H 'User-Agent: mine/2' ${server.origin}/curl\n`);
		expect((await curlew('import', postman)).code).toBe(0);
		expect((await curlew('import', curl)).code).toBe(0);
		expect((await curlew('run', 'Dup')).code).toBe(0);
		expect((await curlew('run', 'curl-dup')).code).toBe(0);
		expect(server.requests.map(request => request.url)).toEqual(['/me', '/docs?page=2&api_key=K1', '/curl']);
		expect(valuesOf(0, 'authorization')).toEqual(['Bearer from-auth']);
		expect(valuesOf(2, 'authorization')).toEqual(['Bearer from-header']);
		expect(valuesOf(2, 'user-agent')).toEqual(['mine/2']);
	});

	it('sends a Postman JSON body without its comments, and an XML body as application/xml', async () => {
		const postman = writeFile('bodies.postman_collection.json', JSON.stringify({
			info: {name: 'Bodies', schema},
			item: [
				{name: 'Login', request: {method: 'POST', url: `${server.origin}/login`, body: {mode: 'raw', raw: '{\n  // the test user\n  "username": "ann" /* temp */\n}', options: {raw: {language: 'json'}}}}},
				{name: 'Soap', request: {method: 'POST', url: `${server.origin}/soap`, body: {mode: 'raw', raw: '<a>1</a>', options: {raw: {language: 'xml'}}}}},
			],
		}));
		expect((await curlew('import', postman)).code).toBe(0);
		expect((await curlew('run', 'Bodies')).code).toBe(0);
		expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({username: 'ann'});
		expect(valuesOf(1, 'content-type')).toEqual(['application/xml']);
		expect(server.requests[1]!.body.toString()).toBe('<a>1</a>');
	});

	it('sends curl\'s $\'\\x..\' bytes as UTF-8 and a literal {{…}} as written', async () => {
		const curl = writeFile('bytes.sh', [
			`curl $'${server.origin}/search?q=caf\\xc3\\xa9' -H 'Content-Type: text/plain' --data-raw $'Jos\\303\\251'`,
			`curl ${server.origin}/tpl -H 'content-type: application/json' --data-raw '{"template":"Hi {{name}}, code {{$randomInt}}"}'`,
		].join('\n'));
		const imported = await curlew('import', curl);
		expect(imported.stderr).toBe('Imported "bytes" with 2 requests\n');
		expect((await curlew('run', 'bytes')).code).toBe(0);
		expect(server.requests[0]!.url).toBe('/search?q=caf%C3%A9');
		expect(server.requests[0]!.body).toEqual(Buffer.from('José', 'utf8'));
		expect(server.requests[1]!.body.toString()).toBe('{"template":"Hi {{name}}, code {{$randomInt}}"}');
	});

	it('sends curl\'s method for a file left out, -T\'s file beside the commands, no header that -H \'Name:\' removes, and -d data byte for byte', async () => {
		writeFile('file.txt', 'uploaded\r\nbytes\n');
		const curl = writeFile('sends.sh', [
			`curl ${server.origin}/a -d @body.json`,
			`curl -T file.txt ${server.origin}/up`,
			`curl -H 'Content-Type:' -d 'x' ${server.origin}/m2`,
			`curl ${server.origin}/m13 -d 'a=$HOME'`,
		].join('\n'));
		expect((await curlew('import', curl)).code).toBe(0);
		expect((await curlew('run', 'sends')).code).toBe(0);
		expect(server.requests.map(request => [request.method, request.url])).toEqual([['POST', '/a'], ['PUT', '/up'], ['POST', '/m2'], ['POST', '/m13']]);
		expect(server.requests[1]!.body.toString()).toBe('uploaded\r\nbytes\n');
		expect(valuesOf(2, 'content-type')).toEqual(['text/plain; charset=utf-8']);
		expect(server.requests[2]!.body.toString()).toBe('x');
		expect(valuesOf(3, 'content-type')).toEqual(['application/x-www-form-urlencoded']);
		expect(server.requests[3]!.body.toString()).toBe('a=$HOME');
	});

	it('follows no redirect for a Postman collection whose requests say followRedirects: false', async () => {
		const redirecting = await startRecordingServer((_request, response) => {
			response.writeHead(302, {location: '/elsewhere'}).end();
		});
		try {
			const postman = writeFile('stay.postman_collection.json', JSON.stringify({
				info: {name: 'Stay', schema},
				item: [{name: 'No redirect', protocolProfileBehavior: {followRedirects: false}, request: {method: 'GET', url: `${redirecting.origin}/r`}}],
			}));
			expect((await curlew('import', postman)).stderr).toBe('Imported "Stay" with 1 request\n');
			await curlew('run', 'Stay');
			expect(redirecting.requests.map(request => request.url)).toEqual(['/r']);
		} finally {
			await redirecting.close();
		}
	});
});
