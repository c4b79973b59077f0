/*
C copies the selected request as a curl command over OSC 52. The bytes the terminal is given,
decoded and run by sh and a real curl against a loopback server, send the request curlew's
own send sends.
*/
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import type {Store} from '../../../../source/core/store/store.js';
import {type RecordingServer, startServerForTest} from '../../../helpers/recording-server.js';
import {comparable} from '../../../helpers/same-request.js';
import {renderApp, type AppHarness} from '../render-app.js';

const run = promisify(execFile);
const secret = 's3cr3t-t0ken';

let app: AppHarness | undefined;
let server: RecordingServer | undefined;

/** A request with placeholders from the collection, its environment and a secret; `dev` is chosen with e's list. */
async function withRequest(options: {secretHeader?: boolean} = {}): Promise<AppHarness> {
	server = await startServerForTest();
	const {origin} = server;
	const harness = await renderApp({
		columns: 120,
		rows: 30,
		prepare(store: Store) {
			const api = store.createCollection({name: 'API', variables: [{name: 'host', value: origin}, {name: 'token', value: secret, secret: true}]});
			store.addEnvironment(api.id, {name: 'dev', variables: [{name: 'id', value: 42}]});
			const created = store.addRequest(api.id, {name: 'Update user', method: 'PUT', url: '{{host}}/users/{{id}}?note=it\'s%20ok'});
			store.updateRequest(api.id, created.id, current => ({
				...current,
				headers: [
					...(options.secretHeader === false ? [] : [{name: 'Authorization', value: 'Bearer {{token}}', enabled: true}]),
					{name: 'X-Note', value: 'user "{{id}}" $HOME', enabled: true},
					{name: 'X-Off', value: 'not sent', enabled: false},
				],
				body: {type: 'json', text: '{"name": "O\'Brien {{id}}",\n "cost": "$5 `id`"}'},
			}));
		},
	});
	await harness.write('ej\r');
	return harness;
}

/** The text of the last OSC 52 sequence the app wrote to the terminal. */
function copied(harness: AppHarness): string | undefined {
	const written = harness.stdout.frames.join('');
	const start = written.lastIndexOf('\u001B]52;c;');
	if (start === -1) {
		return undefined;
	}

	const base64 = written.slice(start + '\u001B]52;c;'.length, written.indexOf('\u0007', start));
	return Buffer.from(base64, 'base64').toString('utf8');
}

async function sendWithCurlew(harness: AppHarness) {
	const before = server!.requests.length;
	await harness.write('\u0012');
	await harness.settle(() => harness.container.getState().inFlight === undefined && server!.requests.length === before + 1);
	return server!.requests.at(-1)!;
}

async function sendWithCurl(command: string) {
	const before = server!.requests.length;
	await run('sh', ['-c', `${command} --silent --output /dev/null`]);
	expect(server!.requests).toHaveLength(before + 1);
	return server!.requests.at(-1)!;
}

const userHeaders = ['Authorization', 'X-Note', 'Content-Type'];

describe('copy as curl (C)', () => {
	it('asks before copying a secret in clear; with y the copied command, run by curl, sends what curlew sends', async () => {
		app = await withRequest();
		await app.write('2C');
		await app.settle(() => app!.container.getState().mode.kind === 'confirm');
		expect(app.frame()).toContain('The curl command holds a secret value: copy it in clear? y copies them in clear, any other key masks them');
		expect(copied(app)).toBeUndefined();
		await app.write('y');
		await app.settle(() => copied(app!) !== undefined);
		const command = copied(app)!;
		expect(command).toContain(secret);
		expect(app.frame()).toMatch(/Copied the request as curl \(\d+ B, secrets in clear\)/);

		const byCurlew = comparable(await sendWithCurlew(app), userHeaders);
		const byCurl = comparable(await sendWithCurl(command), userHeaders);
		expect(byCurl).toEqual(byCurlew);
		expect(byCurl.url).toBe('/users/42?note=it%27s%20ok');
		expect(byCurl.headers).toContainEqual(['Authorization', `Bearer ${secret}`]);
		expect(byCurl.body).toBe('{"name": "O\'Brien 42",\n "cost": "$5 `id`"}');
	});

	it('masks the secret on any other answer, and says so', async () => {
		app = await withRequest();
		await app.write('2C');
		await app.settle(() => app!.container.getState().mode.kind === 'confirm');
		await app.write('n');
		await app.settle(() => copied(app!) !== undefined);
		const command = copied(app)!;
		expect(command).not.toContain(secret);
		expect(command).toContain('--header \'Authorization: Bearer ••••••\'');
		expect(app.frame()).toMatch(/Copied the request as curl \(\d+ B, secrets masked\)/);
		expect(app.container.getState().mode.kind).toBe('navigating');
	});

	it('masks basic credentials made of a secret, as a send masks them', async () => {
		server = await startServerForTest();
		app = await renderApp({
			prepare(store: Store) {
				const api = store.createCollection({name: 'API', variables: [{name: 'password', value: secret, secret: true}]});
				const created = store.addRequest(api.id, {name: 'Login', url: `${server!.origin}/login`});
				store.updateRequest(api.id, created.id, current => ({...current, auth: {type: 'basic', username: 'ada', password: '{{password}}'}}));
			},
		});
		await app.write('C');
		await app.settle(() => app!.container.getState().mode.kind === 'confirm');
		await app.write('\r');
		await app.settle(() => copied(app!) !== undefined);
		const command = copied(app)!;
		expect(command).toContain('--header \'Authorization: Basic ••••••\'');
		expect(command).not.toContain(Buffer.from(`ada:${secret}`).toString('base64'));
	});

	it('copies at once, from the collections pane too, when the request holds no secret', async () => {
		app = await withRequest({secretHeader: false});
		await app.write('1C');
		await app.settle(() => copied(app!) !== undefined);
		expect(app.container.getState().mode.kind).toBe('navigating');
		expect(copied(app)).toContain('--header \'X-Note: user "42" $HOME\'');
		expect(copied(app)).not.toContain('X-Off');
		expect(app.frame()).toMatch(/Copied the request as curl \(\d+ B\) with OSC 52/);
	});

	it('adds the cookies the collection\'s jar holds for the URL after the request\'s own, masked unless copied in clear, as curlew sends them', async () => {
		server = await startServerForTest((request, response) => {
			response.writeHead(200, request.url === '/login' ? {'Set-Cookie': 'session=abc123; Path=/'} : {});
			response.end('ok');
		});
		const {origin} = server;
		app = await renderApp({
			prepare(store: Store) {
				const api = store.createCollection({name: 'API'});
				store.addRequest(api.id, {name: 'Log in', url: `${origin}/login`});
				const profile = store.addRequest(api.id, {name: 'Profile', url: `${origin}/me`});
				store.updateRequest(api.id, profile.id, current => ({...current, headers: [{name: 'Cookie', value: 'theme=dark', enabled: true}]}));
			},
		});
		await app.write('\u0012');
		await app.settle(() => app!.container.getState().inFlight === undefined && server!.requests.length === 1);
		await app.write('1jC');
		await app.settle(() => app!.container.getState().mode.kind === 'confirm');
		expect(app.frame()).toContain('The curl command holds a secret value: copy it in clear?');
		await app.write('n');
		await app.settle(() => copied(app!) !== undefined);
		expect(copied(app)).toContain('--header \'Cookie: theme=dark; session=••••••\'');
		expect(copied(app)).not.toContain('abc123');

		await app.write('C');
		await app.settle(() => app!.container.getState().mode.kind === 'confirm');
		await app.write('y');
		await app.settle(() => copied(app!)?.includes('abc123') === true);
		const command = copied(app)!;
		const byCurlew = comparable(await sendWithCurlew(app), ['Cookie']);
		const byCurl = comparable(await sendWithCurl(command), ['Cookie']);
		expect(byCurl).toEqual(byCurlew);
		expect(byCurl.headers).toContainEqual(['Cookie', 'theme=dark; session=abc123']);
	});

	it('says what to do when no request is selected', async () => {
		app = await withRequest();
		await app.write('1kC');
		expect(app.frame()).toContain('No request selected: select one, then C copies it as curl');
		expect(copied(app)).toBeUndefined();
	});
});
