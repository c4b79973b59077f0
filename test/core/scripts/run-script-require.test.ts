import {createHash, createHmac} from 'node:crypto';
import {describe, expect, test} from 'vitest';
import {runScript, type ScriptModules, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {libraryNames} from '../../../source/core/scripts/library-names.js';
import {scopeVariables} from './scope-variables.js';

function jsonResponse(body: string): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: bytes, responseTime: 5, size: bytes.length};
}

async function post(code: string, body = '{}', modules?: ScriptModules) {
	const variables = scopeVariables();
	const result = await runScript({code, phase: 'post-response', requestName: 'Libraries', source: 'request', variables, response: jsonResponse(body), modules});
	return {...result, texts: result.logs.map(entry => entry.text), values: variables.values};
}

describe('the libraries Postman\'s and Bruno\'s sandboxes give, as their users require them', () => {
	test('crypto-js signs as Node\'s crypto does (an HMAC signature header, as Postman\'s docs write it)', async () => {
		const {error, values} = await post(`
			const CryptoJS = require('crypto-js');
			const message = 'GET\\n/v1/orders\\n1700000000';
			const signature = CryptoJS.enc.Base64.stringify(CryptoJS.HmacSHA256(message, 'top secret'));
			pm.environment.set('signature', signature);
			pm.environment.set('md5', CryptoJS.MD5('curlew').toString());
			pm.environment.set('roundTrip', CryptoJS.AES.decrypt(CryptoJS.AES.encrypt('card 4242', 'pass').toString(), 'pass').toString(CryptoJS.enc.Utf8));
		`);
		expect(error).toBeUndefined();
		expect(values.get('signature')).toBe(createHmac('sha256', 'top secret').update('GET\n/v1/orders\n1700000000').digest('base64'));
		expect(values.get('md5')).toBe(createHash('md5').update('curlew').digest('hex'));
		expect(values.get('roundTrip')).toBe('card 4242');
	});

	test('lodash, moment, uuid and nanoid', async () => {
		const {error, texts} = await post(`
			const _ = require('lodash');
			const moment = require('moment');
			const uuid = require('uuid');
			const { nanoid } = require('nanoid');
			const items = pm.response.json().items;
			console.log(_.map(_.filter(items, 'active'), 'id').join(','), _.get(items, '[0].tags[1]'));
			console.log(moment('2024-01-31T10:00:00Z').utc().add(1, 'month').format('YYYY-MM-DD'), moment.isMoment(moment()));
			console.log(uuid.v4(), uuid(), uuid.validate(uuid.v4()), nanoid().length);
		`, JSON.stringify({items: [{id: 1, active: true, tags: ['a', 'b']}, {id: 2, active: false}, {id: 3, active: true}]}));
		expect(error).toBeUndefined();
		expect(texts[0]).toBe('1,3 b');
		expect(texts[1]).toBe('2024-02-29 true');
		expect(texts[2]).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12} [\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12} true 21$/);
	});

	test('ajv and tv4 validate a response against a JSON schema, in a test', async () => {
		const schema = JSON.stringify({type: 'object', required: ['id', 'name'], properties: {id: {type: 'integer'}, name: {type: 'string'}}});
		const {error, logs} = await post(`
			const Ajv = require('ajv');
			const tv4 = require('tv4');
			const schema = ${schema};
			const ajv = new Ajv({logger: console, allErrors: true});
			pm.test('matches the schema (ajv)', () => pm.expect(ajv.validate(schema, pm.response.json()), ajv.errorsText(ajv.errors)).to.be.true);
			pm.test('matches the schema (tv4)', () => pm.expect(tv4.validate(pm.response.json(), schema)).to.be.true);
			pm.test('a wrong body does not', () => pm.expect(ajv.validate(schema, {id: 'x'})).to.be.true);
			pm.test('jsonSchema on the response', () => pm.response.to.have.jsonSchema(schema));
		`, '{"id": 7, "name": "Ada"}');
		expect(error).toBeUndefined();
		expect(logs.map(({text, test}) => [text, test])).toEqual([
			['✓ matches the schema (ajv)', 'passed'],
			['✓ matches the schema (tv4)', 'passed'],
			['✗ a wrong body does not: expected false to be true', 'failed'],
			['✓ jsonSchema on the response', 'passed'],
		]);
	});

	test('xml2js reads an XML body, with a callback and as a promise', async () => {
		const {error, texts} = await post(`
			const xml2js = require('xml2js');
			xml2js.parseString('<order id="7"><item>pen</item><item>ink</item></order>', (error, result) => {
				console.log(error, result.order.$.id, result.order.item.join('+'));
			});
			xml2js.parseStringPromise('<a><b>1</b></a>', {explicitArray: false}).then(parsed => {
				console.log(parsed.a.b, new xml2js.Builder({headless: true}).buildObject({root: {n: 1}}).replace(/\\s+/g, ''));
			});
		`);
		expect(error).toBeUndefined();
		expect(texts).toEqual(['null 7 pen+ink', '1 <root><n>1</n></root>']);
	});

	test('chai as a library, and atob and btoa as globals and as modules', async () => {
		const {error, texts} = await post(`
			const {expect, assert} = require('chai');
			expect([1, 2]).to.have.lengthOf(2);
			assert.strictEqual(1, 1);
			console.log(btoa('ada:secret'), atob('YWRhOnNlY3JldA=='), require('btoa')('x'), require('atob')('eA=='));
			try { btoa('é€') } catch (error) { console.log(error.name) }
		`);
		expect(error).toBeUndefined();
		expect(texts).toEqual([`${Buffer.from('ada:secret').toString('base64')} ada:secret eA== x`, 'InvalidCharacterError']);
	});

	test('crypto.getRandomValues and crypto.randomUUID draw on the host\'s random source', async () => {
		const {error, texts} = await post('const bytes = crypto.getRandomValues(new Uint8Array(32)); console.log(bytes.some(byte => byte !== 0), new Set(bytes).size > 8, crypto.randomUUID())');
		expect(error).toBeUndefined();
		expect(texts[0]).toMatch(/^true true [\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
	});

	test('a name curlew does not bundle is an error that lists what it does', async () => {
		const {error} = await post('const x = 1;\nconst cheerio = require("cheerio");');
		expect(error).toMatchObject({kind: 'thrown', line: 2});
		expect(error!.message).toBe(`Post-response script of "Libraries" failed at line 2: Error: Cannot find module "cheerio": scripts in curlew can require ${[...libraryNames, 'atob', 'btoa'].sort().join(', ')}, and the collection's own files by a path that starts with ./`);
	});

	test('each library is required once per run, and each run gets its own', async () => {
		const first = await post('const _ = require("lodash"); _.curlewMark = 1; console.log(require("lodash") === _)');
		const second = await post('console.log(require("lodash").curlewMark)');
		expect([...first.texts, ...second.texts]).toEqual(['true', 'undefined']);
	});
});

describe('the collection\'s own JavaScript files', () => {
	const modules: ScriptModules = {
		'lib/sign.js': 'const {hex} = require("./encode"); const shared = require("../shared/index.js"); module.exports = {sign: text => hex(text) + shared.suffix};',
		'lib/encode.js': 'exports.hex = text => Array.from(text, c => c.charCodeAt(0).toString(16)).join("");',
		'shared/index.js': 'module.exports = {suffix: "!", loads: (globalThis.loads = (globalThis.loads || 0) + 1)};',
	};

	test('are required by a path from the collection\'s folder, and require each other by relative paths', async () => {
		const {error, texts} = await post('const {sign} = require("./lib/sign.js"); const again = require("./shared"); console.log(sign("ab"), again.loads, require("./lib/sign").sign === sign)', '{}', modules);
		expect(error).toBeUndefined();
		expect(texts).toEqual(['6162! 1 true']);
	});

	test('a path that leads out of the folder, or to no file, is an error that says so', async () => {
		const outside = await post('require("../secrets.js")', '{}', modules);
		expect(outside.error!.message).toBe('Post-response script of "Libraries" failed at line 1: Error: require("../secrets.js") leads out of the collection\'s folder: a script may require only files inside it');
		const missing = await post('require("./lib/nope")', '{}', modules);
		expect(missing.error!.message).toBe('Post-response script of "Libraries" failed at line 1: Error: require("./lib/nope") found no file "lib/nope" (nor with .js, nor /index.js) among the collection\'s own JavaScript files');
	});
});

describe('timers', () => {
	test('setTimeout, setInterval and their clears run before the script ends, in the order they come due', async () => {
		const {error, texts} = await post(`
			setTimeout(() => console.log('late'), 30);
			setTimeout(label => console.log(label), 10, 'soon');
			const cancelled = setTimeout(() => console.log('never'), 5);
			clearTimeout(cancelled);
			let ticks = 0;
			const interval = setInterval(() => { ticks++; if (ticks === 3) { clearInterval(interval); console.log('ticked', ticks); } }, 1);
			setImmediate(() => console.log('now'));
			console.log('first');
		`);
		expect(error).toBeUndefined();
		// The interval's ticks and the 10 ms timer may interleave on a busy machine, as in Node; the rest has one order.
		expect(texts.slice(0, 2)).toEqual(['first', 'now']);
		expect(texts.filter(text => text === 'soon' || text === 'late')).toEqual(['soon', 'late']);
		expect(texts).toContain('ticked 3');
		expect(texts).toHaveLength(5);
	});

	test('a timer that would keep the script waiting past a minute in all fails it, saying so', async () => {
		const {error} = await post('setTimeout(() => {}, 120000)');
		expect(error!.message).toBe('Post-response script of "Libraries" failed: Error: its timers (setTimeout, setInterval, bru.sleep) would keep it waiting more than 60 s in all: wait less, or clear the timers it no longer needs');
	});

	test('an error thrown in a timer fails the script with its line', async () => {
		const {error} = await post('setTimeout(() => {\n  throw new Error("in a timer");\n}, 1);');
		expect(error).toMatchObject({kind: 'thrown', line: 2});
	});
});
