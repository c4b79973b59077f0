/*
The cookie jar's APIs in scripts, against a real jar (CollectionCookies, tough-cookie): the
request's URL a pre-request script's pm.cookies reads, and the errors a script's bad call gets.
*/
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {runScript, type ScriptRequest} from '../../../source/core/scripts/index.js';
import {CollectionCookies} from '../../../source/core/session/collection-cookies.js';
import {scopeVariables} from './scope-variables.js';

let folder: string;
let jar: CollectionCookies;

beforeEach(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'curlew-script-cookies-'));
	jar = new CollectionCookies(path.join(folder, 'jar.json'), false);
});

afterEach(() => {
	rmSync(folder, {recursive: true, force: true});
});

const request: ScriptRequest = {method: 'GET', url: '{{baseUrl}}/orders', headers: [], body: ''};

function pre(code: string) {
	return runScript({code, phase: 'pre-request', requestName: 'List orders', source: 'request', variables: scopeVariables({baseUrl: 'http://api.test'}), request, cookies: async () => jar});
}

describe('the cookie jar in scripts', () => {
	test('a pre-request script\'s pm.cookies and bru.cookies are the cookies the request\'s URL, placeholders filled, would send', async () => {
		await jar.set('http://api.test/', 'sid=abc; Path=/');
		await jar.set('http://other.test/', 'sid=elsewhere');
		const {logs, error} = await pre('console.log(pm.cookies.toString(), bru.cookies.get("sid"), pm.cookies.count())');
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual(['sid=abc abc 1']);
	});

	test('a cookie a script sets is in the jar, with its attributes', async () => {
		const {error} = await pre('await pm.cookies.jar().set("http://api.test/", {name: "pref", value: "1", path: "/orders", httpOnly: true, expires: new Date("2100-01-01T00:00:00Z")});');
		expect(error).toBeUndefined();
		expect(await jar.list()).toEqual([expect.objectContaining({name: 'pref', value: '1', domain: 'api.test', path: '/orders', httpOnly: true, expires: '2100-01-01T00:00:00.000Z'})]);
	});

	test.each([
		['a URL that is not one', 'await pm.cookies.jar().set("api.test", "a", "1")', 'TypeError: pm.cookies.jar().set needs a whole http or https URL, such as \'https://api.example.com/\', not "api.test"'],
		['a domain that is not the URL\'s', 'await bru.cookies.jar().setCookie("http://api.test/", {key: "a", value: "1", domain: "other.test"})', 'CookieError: bru.cookies.jar().setCookie: The cookie was not set: Cookie not in this host\'s domain. Cookie:other.test Request:api.test'],
		['an expiry that is not a date', 'await bru.cookies.jar().setCookie("http://api.test/", {key: "a", value: "1", expires: "soon"})', 'TypeError: bru.cookies.jar().setCookie: the cookie\'s expires, soon, is not a date'],
		['a callback that is not a function', 'pm.cookies.jar().get("http://api.test/", "a", "cb")', 'TypeError: pm.cookies.jar().get takes a function to call back as its last argument, or none (it gives a promise)'],
		['a cookie without a name', 'await bru.cookies.jar().setCookie("http://api.test/", {value: "1"})', 'TypeError: bru.cookies.jar().setCookie: a cookie needs a name and a value, both text'],
	])('%s is an error that says what is wrong', async (_name, code, message) => {
		const {error} = await pre(code);
		expect(error?.message).toBe(`Pre-request script of "List orders" failed at line 1: ${message}`);
		expect(await jar.list()).toEqual([]);
	});
});
