import {afterEach, describe, expect, it} from 'vitest';
import {defaultSettings, type Collection, type Request} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {openStore, type Store} from '../../../source/core/store/store.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';
import {makeConfigDir} from '../store/config-dir.js';

const server = recordingServerForFile();
let session: Session;

afterEach(async () => session.close());

/** A store holding one collection (with `collection`'s fields) with `request` in it, and a session sending from it. */
function setUp(request: Partial<Request>, collection: Partial<Collection> = {}): {store: Store; send: (signal?: AbortSignal) => ReturnType<Session['send']>} {
	const store = openStore({configDir: makeConfigDir(), seed: false});
	const {id} = store.createCollection({
		name: 'API',
		variables: [{name: 'baseUrl', value: server.origin}, {name: 'name', value: 'Ada Lovelace'}],
		...collection,
	});
	const {id: requestId} = store.addRequest(id, {name: 'Sign up', method: 'POST', url: '{{baseUrl}}/sign-up', ...request});
	session = new Session(store);
	return {
		store,
		send: async signal => session.send(store.getCollection(id)!, store.getCollection(id)!.requests.find(found => found.id === requestId)!, {signal}),
	};
}

const form = {
	type: 'form' as const,
	fields: [{name: 'user', value: '{{name}}'}, {name: 'note', value: 'a b&c=d'}, {name: 'hidden', value: 'x', enabled: false}],
};

describe('req.body of a form in a pre-request script', () => {
	it('is the form as it is sent, its placeholders as written, and the form is sent as it was when the script leaves it alone', async () => {
		const {send} = setUp({body: form, scripts: {preRequest: 'console.log(req.body)', postResponse: ''}});
		const outcome = await send();
		expect(outcome.logs.map(entry => entry.text)).toEqual(['user={{name}}&note=a+b%26c%3Dd']);
		expect(server.requests[0]!.body.toString()).toBe('user=Ada+Lovelace&note=a+b%26c%3Dd');
		expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
	});

	it('changed by the script, is sent as a form with the script\'s fields, their placeholders filled', async () => {
		const {send} = setUp({body: form, scripts: {preRequest: 'req.body = req.body.replace("note=", "memo=") + "&extra={{name}}"', postResponse: ''}});
		const outcome = await send();
		expect(outcome.scriptErrors).toEqual([]);
		expect(server.requests[0]!.body.toString()).toBe('user=Ada+Lovelace&memo=a+b%26c%3Dd&extra=Ada+Lovelace');
		expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
	});
});

describe('req.body set by a pre-request script', () => {
	it('on a form, text that looks like JSON is still the form\'s fields', async () => {
		const {send} = setUp({body: form, scripts: {preRequest: 'req.body = \'{"x":1}\'', postResponse: ''}});
		const outcome = await send();
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.edited?.body).toEqual({type: 'form', fields: [{name: '{"x":1}', value: ''}, {name: 'hidden', value: 'x', enabled: false}]});
		expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(server.requests[0]!.body.toString()).toBe('%7B%22x%22%3A1%7D=');
	});

	it('on a form, an object\'s entries become its fields: values as text, dates as ISO, placeholders filled', async () => {
		const {send} = setUp({body: form, scripts: {preRequest: 'req.body = {user: "{{name}}", n: 2, ok: true, at: new Date(0), "a&b": "c d"};\nconsole.log(req.body)', postResponse: ''}});
		const outcome = await send();
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.logs.map(entry => entry.text)).toEqual(['user={{name}}&n=2&ok=true&at=1970-01-01T00%3A00%3A00.000Z&a%26b=c+d']);
		expect(server.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(server.requests[0]!.body.toString()).toBe('user=Ada+Lovelace&n=2&ok=true&at=1970-01-01T00%3A00%3A00.000Z&a%26b=c+d');
	});

	it.each([
		['a number', '5', 'req.body of a form must be text (name=value&…) or an object of fields, not a number'],
		['an array', '[["a", "1"]]', 'req.body of a form must be text (name=value&…) or an object of fields, not an array'],
		['null', 'null', 'req.body of a form must be text (name=value&…) or an object of fields, not null'],
		['a nested object', '{a: {b: 1}}', 'Form field "a" must be text, a number, a boolean or a Date, not an object'],
		['an invalid date', '{a: new Date("nope")}', 'Form field "a" is an invalid Date'],
	])('on a form, %s is a script error that sends nothing', async (_what, expression, message) => {
		const {send} = setUp({body: form, scripts: {preRequest: `req.body = ${expression}`, postResponse: ''}});
		const outcome = await send();
		expect(outcome.scriptErrors).toMatchObject([{kind: 'invalid-value', line: 1}]);
		expect(outcome.scriptErrors[0]!.message).toBe(`Pre-request script of "Sign up" failed at line 1: ${message}`);
		expect(server.requests).toHaveLength(0);
	});

	it('on a text body, a value is sent as a placeholder of it would be: an object as JSON, a date as ISO text', async () => {
		const {send} = setUp({body: {type: 'text', text: 'hello'}, scripts: {preRequest: 'req.body = {name: "{{name}}", at: new Date(0)}', postResponse: ''}});
		await send();
		expect(server.requests[0]!.body.toString()).toBe('{"name":"Ada Lovelace","at":"1970-01-01T00:00:00.000Z"}');
		expect(server.requests[0]!.headers['content-type']).toBe('text/plain; charset=utf-8');
		server.requests.length = 0;
		await session.close();
		const date = setUp({body: {type: 'text', text: 'hello'}, scripts: {preRequest: 'req.body = new Date(0)', postResponse: ''}});
		await date.send();
		expect(server.requests[0]!.body.toString()).toBe('1970-01-01T00:00:00.000Z');
	});
});

describe('cancelling while a pre-request script runs', () => {
	it('is a cancelled send that took the time since the send began, with nothing sent', async () => {
		const {store, send} = setUp({scripts: {preRequest: 'while (true) {}', postResponse: ''}}, {settings: {...defaultSettings, scriptTimeoutMs: 10_000}});
		const controller = new AbortController();
		const waitMs = 300;
		setTimeout(() => {
			controller.abort();
		}, waitMs);
		const outcome = await send(controller.signal);
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.prepared).toBeUndefined();
		expect(outcome.result).toMatchObject({kind: 'failure', code: 'cancelled', message: 'The request was cancelled while its pre-request script ran: nothing was sent'});
		const {total} = outcome.result!.timings;
		// Date.now() may read a millisecond short of the timer's own clock.
		expect(total).toBeGreaterThanOrEqual(waitMs - 5);
		expect(total).toBeLessThan(5000);
		expect(server.requests).toHaveLength(0);
		const requestId = outcome.request.id;
		expect(store.history.list(requestId).map(entry => entry.result)).toEqual([outcome.result]);
	});
});

/** Sends "Sign up" with these scripts of its own and of its collection: the outcome, and the runtime variables after it. */
async function sendScripted(own: Request['scripts'], ofCollection: Collection['scripts']) {
	const {store, send} = setUp({scripts: own}, {scripts: ofCollection});
	const outcome = await send();
	return {outcome, runtime: session.runtimeOf(store.collections()[0]!), history: store.history};
}

describe('the collection\'s scripts and the request\'s own', () => {
	it('after the collection\'s post-response script fails, the request\'s own still runs, the response is kept, and both errors name their script', async () => {
		const {outcome, runtime, history} = await sendScripted(
			{preRequest: '', postResponse: 'client.setVar("status", res.status);\nthrow new Error("unexpected " + res.status)'},
			{preRequest: '', postResponse: 'console.log("collection");\nres.body.user.id'},
		);
		expect(server.requests).toHaveLength(1);
		expect(outcome.result).toMatchObject({kind: 'response', status: 200});
		expect(runtime.get('status')).toBe(200);
		expect(outcome.logs).toEqual([{level: 'log', text: 'collection', source: 'collection post-response'}]);
		expect(outcome.scriptErrors.map(({source, phase, line}) => ({source, phase, line}))).toEqual([
			{source: 'collection', phase: 'post-response', line: 2},
			{source: 'request', phase: 'post-response', line: 2},
		]);
		expect(outcome.scriptErrors[0]!.message).toMatch(/^Collection post-response script, run for "Sign up", failed at line 2: TypeError: /);
		expect(outcome.scriptErrors[1]!.message).toBe('Post-response script of "Sign up" failed at line 2: Error: unexpected 200');
		expect(history.list(outcome.request.id).map(entry => entry.result)).toEqual([outcome.result]);
	});

	it('after the collection\'s pre-request script fails, nothing is sent and the request\'s own does not run', async () => {
		const {outcome, runtime} = await sendScripted(
			{preRequest: 'client.setVar("ran", true)', postResponse: 'client.setVar("ran", true)'},
			{preRequest: 'console.log("collection");\nclient.getVar("token").trim()', postResponse: ''},
		);
		expect(server.requests).toHaveLength(0);
		expect(outcome.result).toBeUndefined();
		expect(outcome.scriptErrors).toMatchObject([{source: 'collection', phase: 'pre-request', line: 2, kind: 'thrown'}]);
		expect(outcome.logs.map(entry => entry.text)).toEqual(['collection']);
		expect(runtime.has('ran')).toBe(false);
	});
});

describe('the scripts\' own run time, in the outcome of a send', () => {
	it('is given for each phase whose scripts ran, the collection\'s and the request\'s together', async () => {
		const {send} = setUp({scripts: {preRequest: 'let n = 0;\nfor (let i = 0; i < 1e5; i++) n += i;', postResponse: 'client.setVar("status", res.status)'}}, {scripts: {preRequest: 'client.setVar("a", 1)', postResponse: ''}});
		const outcome = await send();
		expect(outcome.scriptErrors).toEqual([]);
		expect(outcome.scriptTimes).toEqual({preRequest: expect.any(Number) as number, postResponse: expect.any(Number) as number});
		expect(outcome.scriptTimes!.preRequest).toBeGreaterThan(0);
	});

	it('is left out for a phase with no script, and altogether for a request with none', async () => {
		const {send: withPost} = setUp({scripts: {preRequest: '', postResponse: 'client.setVar("status", res.status)'}});
		expect(Object.keys((await withPost()).scriptTimes ?? {})).toEqual(['postResponse']);
		await session.close();
		const {send: without} = setUp({});
		expect((await without()).scriptTimes).toBeUndefined();
	});
});
