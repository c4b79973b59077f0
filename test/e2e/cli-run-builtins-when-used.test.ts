// The built `curlew run` loads Node's crypto, TLS, HTTPS and DNS modules, and node:module, at their first use (see builtinsImportedOnce in scripts/bundle-patches.js): a plain http:// request loads none of them, and what needs them still works.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {serverAndStorePerTest} from '../helpers/cli-fixture.js';
import {startHttpsServer, type HttpsRecordingServer} from '../helpers/https-server.js';
import {startProxyServer, type ProxyServer} from '../helpers/proxy-server.js';
import {runCli, type CliResult} from '../helpers/run-cli.js';

const lazyModules = ['crypto', 'tls', 'https', 'dns', 'perf_hooks', 'module', 'timers/promises'];
const {server, config} = serverAndStorePerTest();
let secure: HttpsRecordingServer;
let otherName: HttpsRecordingServer;
let proxy: ProxyServer;
let scratch: string;

beforeAll(async () => {
	[secure, otherName, proxy] = await Promise.all([startHttpsServer(), startHttpsServer(undefined, {names: ['api.example.test']}), startProxyServer()]);
	scratch = mkdtempSync(path.join(tmpdir(), 'curlew-builtins-'));
	// Writes the built-in modules the process loaded, as Node lists them, when it exits.
	writeFileSync(path.join(scratch, 'list-modules.cjs'), 'process.on("exit", () => require("node:fs").writeFileSync(process.env.MODULE_LIST, process.moduleLoadList.join("\\n")));\n');
});

afterAll(async () => {
	await Promise.all([secure.close(), otherName.close(), proxy.close()]);
	rmSync(scratch, {recursive: true, force: true});
});

type Run = CliResult & {loaded: string[]};

/** Imports a collection of `requests` (trusting `caFile`) and runs `request` of it, with `env`; `loaded` is which of lazyModules the run loaded. */
async function run(request: string, requests: unknown[], {caFile, env = {}}: {caFile?: string; env?: Record<string, string>} = {}): Promise<Run> {
	const file = path.join(config.directory, 'collection.json');
	writeFileSync(file, JSON.stringify({curlew: 1, name: 'Lazy', ...(caFile === undefined ? {} : {settings: {caFile}}), requests}));
	expect((await runCli(['import', file], {configDir: config.directory})).code).toBe(0);
	const list = path.join(scratch, 'modules.txt');
	const result = await runCli(['run', 'Lazy', request], {configDir: config.directory, env: {...env, MODULE_LIST: list, NODE_OPTIONS: `--require ${path.join(scratch, 'list-modules.cjs')}`}});
	const loaded = new Set(readFileSync(list, 'utf8').split('\n'));
	return {...result, loaded: lazyModules.filter(name => loaded.has(`NativeModule ${name}`))};
}

const get = (name: string, url: string, headers: unknown[] = []) => ({name, method: 'GET', url, headers, body: {type: 'none'}});

describe('the built curlew run, which loads crypto, TLS, HTTPS and DNS when first used', () => {
	it('sends a plain http:// request without loading any of them', async () => {
		const result = await run('Plain', [get('Plain', `${server.origin}/plain`)]);
		expect(result.stderr).toContain('200 OK');
		expect(server.requests.map(request => request.url)).toEqual(['/plain']);
		expect(result.loaded).toEqual([]);
	});

	it('sends an https:// request, the server verified against the collection\'s CA file', async () => {
		const result = await run('Secure', [get('Secure', `${secure.origin}/secure`)], {caFile: secure.caFile});
		expect(result.stderr).toContain('200 OK');
		expect(secure.requests.map(request => request.url)).toContain('/secure');
		expect(result.loaded).toEqual(expect.arrayContaining(['crypto', 'tls', 'https']));
	});

	it('still checks the certificate\'s name: one issued for another host is refused', async () => {
		const result = await run('Other name', [get('Other name', `${otherName.origin}/other`)], {caFile: otherName.caFile});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('is issued for another name');
		expect(otherName.requests).toEqual([]);
	});

	it('tunnels an https:// request through HTTPS_PROXY', async () => {
		const result = await run('Tunnelled', [get('Tunnelled', `${secure.origin}/tunnelled`)], {caFile: secure.caFile, env: {HTTPS_PROXY: proxy.url}});
		expect(result.stderr).toContain('200 OK');
		expect(proxy.kinds).toEqual(['tunnel']);
		expect(proxy.targets).toEqual([`127.0.0.1:${secure.port}`]);
	});

	it('fills {{$randomUUID}} with a random version 4 UUID, and {{$randomHexColor}} from faker, which it requires through node:module', async () => {
		const result = await run('Traced', [get('Traced', `${server.origin}/traced`, [{name: 'X-Trace', value: '{{$randomUUID}}'}, {name: 'X-Color', value: '{{$randomHexColor}}'}])]);
		expect(result.stderr).toContain('200 OK');
		expect(server.requests[0]!.headers['x-trace']).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
		expect(server.requests[0]!.headers['x-color']).toMatch(/^#[\da-f]{6}$/i);
		expect(result.loaded).toEqual(expect.arrayContaining(['crypto', 'module']));
	});
});
