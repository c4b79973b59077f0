import {createRequire} from 'node:module';
import {describe, expect, test} from 'vitest';
import {runScript, type ScriptResponse} from '../../../source/core/scripts/index.js';
import {scopeVariables} from './scope-variables.js';

/** The chai that the sandbox bundles, run by Node: what each assertion says is chai's own words. */
const chai = createRequire(import.meta.url)('chai') as {expect: (...args: unknown[]) => unknown};

function jsonResponse(status: number, statusText: string, body: string, headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['X-Request-Id', 'r-1']]): ScriptResponse {
	const bytes = new TextEncoder().encode(body);
	return {status, statusText, headers, body: bytes, responseTime: 30, size: bytes.length};
}

/** What each assertion gives, run in turn in one post-response script: `pass`, or the error it threw. */
async function outcomes(assertions: string[], response = jsonResponse(200, 'OK', '{"id":7}'), variables = scopeVariables()): Promise<string[]> {
	const code = assertions.map(assertion => `try { ${assertion}; console.log('pass') } catch (error) { console.log(error.name + ': ' + error.message) }`).join('\n');
	const result = await runScript({code, phase: 'post-response', requestName: 'Assert', source: 'request', variables, response});
	expect(result.error).toBeUndefined();
	return result.logs.map(entry => entry.text);
}

/** What chai itself, in Node, gives for the same assertion. */
function chaiOutcome(assertion: string): string {
	try {
		new Function('pm', 'expect', assertion)({expect: chai.expect}, chai.expect);
		return 'pass';
	} catch (error) {
		return `${(error as Error).name}: ${(error as Error).message}`;
	}
}

const cases: Array<[assertion: string, passing: string, failing: string]> = [
	['equal', 'pm.expect(200).to.equal(200)', 'pm.expect(404).to.equal(200)'],
	['equals', 'pm.expect("a").equals("a")', 'pm.expect("a").equals("b")'],
	['eq', 'pm.expect(true).to.eq(true)', 'pm.expect(1).to.eq("1")'],
	['deep.equal', 'pm.expect({a: [1]}).to.deep.equal({a: [1]})', 'pm.expect({a: [1]}).to.deep.equal({a: [2]})'],
	['eql', 'pm.expect([{a: new Date(0)}]).to.eql([{a: new Date(0)}])', 'pm.expect({a: 1, b: 2}).to.eql({a: 1})'],
	['above', 'pm.expect(5).to.be.above(3)', 'pm.expect(2).to.be.above(3)'],
	['gt', 'pm.expect(5).to.be.gt(3)', 'pm.expect(3).to.be.gt(3)'],
	['greaterThan', 'pm.expect(5).greaterThan(3)', 'pm.expect(1).greaterThan(3)'],
	['below', 'pm.expect(250).to.be.below(300)', 'pm.expect(350).to.be.below(300)'],
	['lt', 'pm.expect(1).to.be.lt(2)', 'pm.expect(2).to.be.lt(2)'],
	['lessThan', 'pm.expect(1).lessThan(2)', 'pm.expect(3).lessThan(2)'],
	['least', 'pm.expect(3).to.be.at.least(3)', 'pm.expect(2).to.be.at.least(3)'],
	['gte', 'pm.expect(4).to.be.gte(3)', 'pm.expect(2).to.be.gte(3)'],
	['most', 'pm.expect(3).to.be.at.most(3)', 'pm.expect(4).to.be.at.most(3)'],
	['lte', 'pm.expect(2).to.be.lte(3)', 'pm.expect(4).to.be.lte(3)'],
	['within', 'pm.expect(200).to.be.within(200, 299)', 'pm.expect(404).to.be.within(200, 299)'],
	['a string', 'pm.expect("x").to.be.a("string")', 'pm.expect(1).to.be.a("string")'],
	['a number', 'pm.expect(1.5).to.be.a("number")', 'pm.expect("1").to.be.a("number")'],
	['a boolean', 'pm.expect(false).to.be.a("boolean")', 'pm.expect(0).to.be.a("boolean")'],
	['an array', 'pm.expect([]).to.be.an("array")', 'pm.expect({}).to.be.an("array")'],
	['an object', 'pm.expect({}).to.be.an("object")', 'pm.expect([1]).to.be.an("object")'],
	['a null', 'pm.expect(null).to.be.a("null")', 'pm.expect({}).to.be.a("null")'],
	['include in a string', 'pm.expect("hello world").to.include("world")', 'pm.expect("hello").to.include("world")'],
	['include in an array', 'pm.expect([1, 2]).to.include(2)', 'pm.expect([1, 2]).to.include(3)'],
	['includes, an object subset', 'pm.expect({a: 1, b: 2}).includes({a: 1})', 'pm.expect({a: 1, b: 2}).includes({a: 2})'],
	['contain', 'pm.expect(["x"]).to.contain("x")', 'pm.expect(["x"]).to.contain("y")'],
	['contains', 'pm.expect("abc").contains("b")', 'pm.expect("abc").contains("d")'],
	['deep.include', 'pm.expect([{id: 1}]).to.deep.include({id: 1})', 'pm.expect([{id: 1}]).to.deep.include({id: 2})'],
	['property', 'pm.expect({id: 7}).to.have.property("id")', 'pm.expect({id: 7}).to.have.property("name")'],
	['property with a value', 'pm.expect({id: 7}).to.have.property("id", 7)', 'pm.expect({id: 7}).to.have.property("id", 8)'],
	['property, then its value', 'pm.expect({user: {id: 7}}).to.have.property("user").that.has.property("id").that.equals(7)', 'pm.expect({user: {id: 7}}).to.have.property("user").that.has.property("id").that.equals(8)'],
	['lengthOf', 'pm.expect([1, 2]).to.have.lengthOf(2)', 'pm.expect("abc").to.have.lengthOf(2)'],
	['length.above', 'pm.expect([1, 2, 3]).to.have.length.above(2)', 'pm.expect([1, 2, 3]).to.have.length.above(3)'],
	['lengthOf.at.least', 'pm.expect("abc").to.have.lengthOf.at.least(2)', 'pm.expect("abc").to.have.lengthOf.at.least(4)'],
	['length.within', 'pm.expect("abc").to.have.length.within(1, 3)', 'pm.expect([]).to.not.have.length.within(0, 2)'],
	['ok', 'pm.expect(1).to.be.ok', 'pm.expect("").to.be.ok'],
	['true', 'pm.expect(true).to.be.true', 'pm.expect(1).to.be.true'],
	['false', 'pm.expect(false).to.be.false', 'pm.expect(0).to.be.false'],
	['null', 'pm.expect(null).to.be.null', 'pm.expect(undefined).to.be.null'],
	['undefined', 'pm.expect(undefined).to.be.undefined', 'pm.expect(null).to.be.undefined'],
	['exist', 'pm.expect(0).to.exist', 'pm.expect(null).to.exist'],
	['empty', 'pm.expect([]).to.be.empty', 'pm.expect({a: 1}).to.be.empty'],
	['oneOf', 'pm.expect(201).to.be.oneOf([200, 201])', 'pm.expect(500).to.be.oneOf([200, 201])'],
	['match', 'pm.expect("abc-123").to.match(/^[a-z]+-\\d+$/)', 'pm.expect("abc").to.match(/^\\d+$/)'],
	['keys', 'pm.expect({a: 1, b: 2}).to.have.all.keys("a", "b")', 'pm.expect({a: 1, b: 2}).to.have.keys(["a"])'],
	['include.keys', 'pm.expect({a: 1, b: 2}).to.include.keys("a")', 'pm.expect({a: 1}).to.include.keys("a", "c")'],
	['any.keys', 'pm.expect({a: 1}).to.have.any.keys("a", "z")', 'pm.expect({a: 1}).to.have.any.keys("y", "z")'],
	['members', 'pm.expect([2, 1]).to.have.members([1, 2])', 'pm.expect([1, 2]).to.have.members([1])'],
	['members, counted', 'pm.expect([2, 1, 2]).to.have.members([2, 2, 1])', 'pm.expect([1, 2, 2]).to.have.members([1, 1, 2])'],
	['eql, -0 not 0', 'pm.expect([NaN, 0]).to.eql([NaN, 0])', 'pm.expect(-0).to.eql(0)'],
	['include.members', 'pm.expect([1, 2, 3]).to.include.members([3, 1])', 'pm.expect([1, 2]).to.include.members([4])'],
	['include in a string, a number as text', 'pm.expect("a1").to.include(1)', 'pm.expect("a1").to.include(2)'],
	['closeTo', 'pm.expect(1.95).to.be.closeTo(2, 0.1)', 'pm.expect(1.5).to.be.closeTo(2, 0.1)'],
	['approximately', 'pm.expect(-3).approximately(-2, 1)', 'pm.expect(-3.5).approximately(-2, 1)'],
	['satisfy', 'pm.expect(4).to.satisfy(n => n % 2 === 0)', 'pm.expect(3).to.satisfy(n => n % 2 === 0)'],
	['satisfies, a named function', 'pm.expect(4).satisfies(function isEven(n) { return n % 2 === 0 })', 'pm.expect(3).satisfies(function isEven(n) { return n % 2 === 0 })'],
	['throw', 'pm.expect(() => JSON.parse("{")).to.throw()', 'pm.expect(() => JSON.parse("{}")).to.throw()'],
	['throws, text in the message', 'pm.expect(() => { throw new Error("bad token") }).throws("token")', 'pm.expect(() => { throw new Error("bad token") }).throws("expired")'],
	['throw, a pattern of the message', 'pm.expect(() => { throw new Error("code 42") }).to.throw(/\\d+/)', 'pm.expect(() => { throw new Error("code x") }).to.throw(/\\d+/)'],
	['throw, an error type', 'pm.expect(() => null.id).to.throw(TypeError)', 'pm.expect(() => { throw new RangeError("far") }).to.throw(TypeError)'],
	['throw, an error type, nothing thrown', 'pm.expect(() => { throw new SyntaxError("x") }).to.throw(Error)', 'pm.expect(function parse() {}).to.throw(SyntaxError)'],
	['throw, a type and text', 'pm.expect(() => null.id).to.throw(TypeError, "null")', 'pm.expect(() => { throw new TypeError("bad id") }).to.throw(TypeError, "token")'],
	['throw, of a class of the script', 'class Expired extends Error {}; pm.expect(() => { throw new Expired("x") }).to.throw(Expired)', 'class Expired extends Error {}; pm.expect(() => { throw new Error("x") }).to.throw(Expired)'],
	['throw, then what was thrown', 'pm.expect(() => { throw new TypeError("bad") }).to.throw(TypeError).with.property("message", "bad")', 'pm.expect(() => { throw new TypeError("bad") }).to.throw(TypeError).with.property("message", "worse")'],
	['nested.property', 'pm.expect({a: {b: [1, 2]}}).to.have.nested.property("a.b[1]")', 'pm.expect({a: {b: [1, 2]}}).to.have.nested.property("a.c")'],
	['nested.property with a value', 'pm.expect({a: {b: [1, 2]}}).to.have.nested.property("a.b[1]", 2)', 'pm.expect({a: {b: [1, 2]}}).to.have.nested.property("a.b[1]", 3)'],
	['nested.property, then its value', 'pm.expect([[1, {id: 7}]]).to.have.nested.property("[0][1].id").that.equals(7)', 'pm.expect([[1, {id: 7}]]).to.have.nested.property("[0][1].id").that.equals(8)'],
	['nested.property, escaped dots and brackets', 'pm.expect({".a": {"[b]": 1}}).to.have.nested.property("\\\\.a.\\\\[b\\\\]", 1)', 'pm.expect({a: {b: 1}}).to.have.nested.property("\\\\.a")'],
	['deep.nested.property', 'pm.expect({a: [{x: 1}]}).to.have.deep.nested.property("a[0]", {x: 1})', 'pm.expect({a: [{x: 1}]}).to.have.nested.property("a[0]", {x: 1})'],
	['nested.include', 'pm.expect({a: {b: ["x", "y"]}, c: 1}).to.nested.include({"a.b[1]": "y", c: 1})', 'pm.expect({a: {b: ["x", "y"]}, c: 1}).to.nested.include({"a.b[1]": "y", c: 2})'],
	['deep.nested.include', 'pm.expect({a: {b: [{x: 1}]}}).to.deep.nested.include({"a.b[0]": {x: 1}})', 'pm.expect({a: {b: [{x: 1}]}}).to.deep.nested.include({"a.b[0]": {x: 2}})'],
	['instanceOf Array', 'pm.expect([1]).to.be.an.instanceOf(Array)', 'pm.expect({length: 1}).to.be.an.instanceOf(Array)'],
	['instanceof Date', 'pm.expect(new Date(0)).to.be.instanceof(Date)', 'pm.expect("2024-01-31").to.be.instanceof(Date)'],
	['instanceOf Object', 'pm.expect([]).to.be.an.instanceOf(Object)', 'pm.expect(Object.create(null)).to.be.an.instanceOf(Object)'],
	['instanceOf Error', 'pm.expect(new TypeError("x")).to.be.an.instanceOf(Error)', 'pm.expect({message: "x"}).to.be.an.instanceOf(Error)'],
	['instanceOf RegExp', 'pm.expect(/a/).to.be.an.instanceOf(RegExp)', 'pm.expect("/a/").to.be.an.instanceOf(RegExp)'],
];

const negated: Array<[assertion: string, passing: string, failing: string]> = [
	['equal', 'pm.expect(200).to.not.equal(404)', 'pm.expect(200).to.not.equal(200)'],
	['above', 'pm.expect(2).not.to.be.above(3)', 'pm.expect(5).not.to.be.above(3)'],
	['a', 'pm.expect([]).to.not.be.an("object")', 'pm.expect("x").to.not.be.a("string")'],
	['include', 'pm.expect([1]).to.not.include(2)', 'pm.expect([1]).to.not.include(1)'],
	['property', 'pm.expect({}).to.not.have.property("error")', 'pm.expect({error: "x"}).to.not.have.property("error")'],
	['empty', 'pm.expect([1]).to.not.be.empty', 'pm.expect("").to.not.be.empty'],
	['null', 'pm.expect(0).to.not.be.null', 'pm.expect(null).not.to.be.null'],
	['oneOf', 'pm.expect(3).to.not.be.oneOf([1, 2])', 'pm.expect(1).to.not.be.oneOf([1, 2])'],
	['match', 'pm.expect("abc").to.not.match(/\\d/)', 'pm.expect("a1").to.not.match(/\\d/)'],
	['include in a string, a number as text', 'pm.expect("a1").to.not.include(2)', 'pm.expect("a1").to.not.include(1)'],
	['closeTo, in chai\'s words', 'pm.expect(1.5).to.not.be.closeTo(2, 0.1)', 'pm.expect(1.95).to.not.be.closeTo(2, 0.1)'],
	['satisfy', 'pm.expect(3).to.not.satisfy(n => n % 2 === 0)', 'pm.expect(4).to.not.satisfy(n => n % 2 === 0)'],
	['throw', 'pm.expect(() => JSON.parse("{}")).to.not.throw()', 'pm.expect(() => { throw new RangeError("too far") }).to.not.throw()'],
	['throw of a type', 'pm.expect(() => { throw new RangeError("x") }).to.not.throw(TypeError)', 'pm.expect(() => { throw new TypeError("no id") }).to.not.throw(TypeError)'],
	['throw with text', 'pm.expect(() => { throw new Error("bad") }).to.not.throw("token")', 'pm.expect(() => { throw new Error("bad token") }).to.not.throw("token")'],
	['throw with a pattern', 'pm.expect(() => 1).to.not.throw(/token/)', 'pm.expect(() => { throw new Error("bad token") }).to.not.throw(/token/)'],
	['throw of a type with text, which fails only when both match', 'pm.expect(() => { throw new TypeError("bad") }).to.not.throw(TypeError, "token")', 'pm.expect(() => { throw new TypeError("bad token") }).to.not.throw(TypeError, "token")'],
	['nested.property', 'pm.expect({a: {b: 1}}).to.not.have.nested.property("a.c")', 'pm.expect({a: {b: 1}}).to.not.have.nested.property("a.b")'],
	['nested.include, which fails only when every path has its value', 'pm.expect({a: {b: 1}, c: 2}).to.not.nested.include({"a.b": 1, c: 3})', 'pm.expect({a: {b: 1}, c: 2}).to.not.nested.include({"a.b": 1, c: 2})'],
	['instanceOf', 'pm.expect({}).to.not.be.an.instanceOf(Array)', 'pm.expect([]).to.not.be.an.instanceOf(Object)'],
];

describe('pm.expect and expect', () => {
	test.each(cases)('%s passes and fails in chai\'s own words', async (_name, passing, failing) => {
		const failure = chaiOutcome(failing);
		expect(failure).toMatch(/^AssertionError: /);
		expect(await outcomes([passing, failing])).toEqual(['pass', failure]);
	});

	test.each(negated)('not negates %s, in chai\'s own words', async (_name, passing, failing) => {
		const failure = chaiOutcome(failing);
		expect(failure).toMatch(/^AssertionError: /);
		expect(await outcomes([passing, failing])).toEqual(['pass', failure]);
	});

	test('language words chain in any order and change nothing', async () => {
		expect(await outcomes([
			'pm.expect([1, 2]).to.be.an("array").that.has.lengthOf(2).and.is.not.empty',
			'pm.expect("x").to.be.a("string").which.does.have.lengthOf(1).but.is.still.ok',
			'pm.expect(3).is.been.with.at.of.same.also.equal(3)',
		])).toEqual(['pass', 'pass', 'pass']);
	});

	test.each([
		['not holds for the rest of the chain', 'pm.expect([1, 2]).to.not.be.empty.and.have.lengthOf(2)'],
		['not twice is still not, as in chai', 'pm.expect(1).to.not.not.equal(1)'],
		['a message given to expect comes first', 'pm.expect(1, "the count").to.equal(2)'],
		['a message given to an assertion comes first', 'pm.expect(1).to.equal(2, "the count")'],
		['a long array is cut short', 'pm.expect(Array.from({length: 30}, (_, i) => i)).to.include(99)'],
		['a long object is cut short', 'pm.expect({alpha: "aaaaaaaaaa", beta: "bbbbbbbbbb", gamma: "cccccccccc", delta: 1}).to.be.empty'],
		['above of a string', 'pm.expect("5").to.be.above(3)'],
		['a length of a number', 'pm.expect(5).to.not.have.lengthOf(1)'],
		['empty of a number', 'pm.expect(5).to.be.empty'],
		['closeTo of text', 'pm.expect("1.5").to.be.closeTo(2, 0.1)'],
		['closeTo without a delta', 'pm.expect(1.5).to.be.closeTo(2)'],
		['closeTo at the edge, where floating point decides as in chai', 'pm.expect(2.1).to.be.closeTo(2, 0.1)'],
		['throw of what is not a function', 'pm.expect(1).to.throw()'],
		['instanceOf a string', 'pm.expect([]).to.be.an.instanceOf("Array")'],
		['nested property of an array path', 'pm.expect({a: 1}).to.have.nested.property(["a"])'],
		['nested and own together', 'pm.expect({a: 1}).to.have.own.nested.property("a")'],
		['a property chai has not', 'pm.expect(1).to.be.equalTo(1)'],
		['a word chai has not, after a', 'pm.expect(1).to.be.a.numbr'],
	])('%s: as chai says it', async (_name, assertion) => {
		const failure = chaiOutcome(assertion);
		expect(failure).not.toBe('pass');
		expect(await outcomes([assertion])).toEqual([failure]);
	});

	test('values from the response and the variables are instances of the script\'s own Array, Object and Date', async () => {
		const variables = scopeVariables({since: new Date(0), scopes: ['read']});
		const logs = await outcomes([
			'pm.expect(pm.response.json()).to.be.an.instanceOf(Object)',
			'pm.expect(pm.response.json().data.items).to.be.an.instanceOf(Array)',
			'pm.expect(res.body).to.have.nested.property("data.items[0].id", 1)',
			'pm.expect(pm.variables.get("since")).to.be.an.instanceOf(Date)',
			'pm.expect(pm.variables.get("scopes")).to.be.an.instanceOf(Array).that.includes("read")',
		], jsonResponse(200, 'OK', '{"data": {"items": [{"id": 1}]}}'), variables);
		expect(logs).toEqual(Array.from({length: 5}, () => 'pass'));
	});

	test('a and an are words before any assertion as well as calls, as in chai', async () => {
		expect(await outcomes([
			'pm.expect([1]).to.be.an("array").and.an.instanceOf(Array)',
			'pm.expect(1).to.be.a.closeTo(1.05, 0.1)',
		])).toEqual(['pass', 'pass']);
	});

	test('Bruno\'s expect is the same', async () => {
		expect(await outcomes(['expect(res.status).to.equal(200)', 'expect(res.body.id).to.be.a("number").and.to.equal(8)'])).toEqual(['pass', 'AssertionError: expected 7 to equal 8']);
	});
});

describe('pm.response.to', () => {
	const notFound = jsonResponse(404, 'Not Found', '<html>nope</html>', [['Content-Type', 'text/html']]);
	test.each([
		['have.status(code)', 'pm.response.to.have.status(200)', 'pm.response.to.have.status(404)', 'expected response to have status code 404 but got 200'],
		['have.status(reason)', 'pm.response.to.have.status("OK")', 'pm.response.to.have.status("Created")', 'expected response to have status \'Created\' but got \'OK\''],
		['be.ok', 'pm.response.to.be.ok', 'pm.response.to.not.be.ok', 'expected response to not be ok (200) but got 200'],
		['be.success', 'pm.response.to.be.success', 'pm.response.to.be.clientError', 'expected response to be a client error (4xx) but got 200'],
		['have.header(name)', 'pm.response.to.have.header("x-request-id")', 'pm.response.to.have.header("X-Missing")', 'expected response to have header \'X-Missing\''],
		['have.header(name, value)', 'pm.response.to.have.header("X-Request-Id", "r-1")', 'pm.response.to.have.header("X-Request-Id", "r-2")', 'expected response to have header \'X-Request-Id\' with value \'r-2\' but got \'r-1\''],
		['be.json', 'pm.response.to.be.json', 'pm.response.to.not.be.json', 'expected response body to not be JSON'],
		['have.body', 'pm.response.to.have.body({id: 7})', 'pm.response.to.have.body("nope")', 'expected response to have body \'nope\''],
		['be.withBody', 'pm.response.to.be.withBody', 'pm.response.to.not.be.withBody', 'expected response to not have a body'],
		['have.jsonBody()', 'pm.response.to.have.jsonBody()', 'pm.response.to.not.have.jsonBody()', 'expected response to not have a JSON body'],
		['have.jsonBody(path)', 'pm.response.to.have.jsonBody("id")', 'pm.response.to.have.jsonBody("user.id")', 'expected response to have JSON body with \'user.id\''],
		['have.jsonBody(path, value)', 'pm.response.to.have.jsonBody("id", 7)', 'pm.response.to.have.jsonBody("id", 8)', 'expected response to have JSON body with \'id\' of 8, but got 7'],
		['not.have.status', 'pm.response.to.not.have.status(500)', 'pm.response.to.not.have.status(200)', 'expected response to not have status code 200'],
		['pm.expect(pm.response)', 'pm.expect(pm.response).to.have.status(200)', 'pm.expect(pm.response, "login").to.be.error', 'login: expected response to be an error (4xx or 5xx) but got 200'],
	])('%s passes and fails', async (_name, passing, failing, message) => {
		expect(await outcomes([passing, failing])).toEqual(['pass', `AssertionError: ${message}`]);
	});

	test('takes ok as 200 itself and success as any 2xx, as Postman does', async () => {
		const created = jsonResponse(201, 'Created', '{}');
		expect(await outcomes(['pm.response.to.be.success', 'pm.response.to.be.ok'], created)).toEqual(['pass', 'AssertionError: expected response to be ok (200) but got 201']);
	});

	test('follows a jsonBody path through objects and arrays', async () => {
		const nested = jsonResponse(200, 'OK', '{"data": {"items": [{"sku": "a"}, {"sku": null}]}}');
		expect(await outcomes([
			'pm.response.to.have.jsonBody("data.items[1].sku", null)',
			'pm.response.to.have.jsonBody("data.items[0]", {sku: "a"})',
			'pm.response.to.have.jsonBody("data.items[2]")',
			'pm.response.to.have.jsonBody("data.items[0].sku.length")',
		], nested)).toEqual(['pass', 'pass', 'AssertionError: expected response to have JSON body with \'data.items[2]\'', 'AssertionError: expected response to have JSON body with \'data.items[0].sku.length\'']);
	});

	test('on a 404 with an HTML body', async () => {
		const logs = await outcomes(['pm.response.to.have.status(404)', 'pm.response.to.be.notFound', 'pm.response.to.be.ok', 'pm.response.to.be.json'], notFound);
		expect(logs.slice(0, 3)).toEqual(['pass', 'pass', 'AssertionError: expected response to be ok (200) but got 404']);
		expect(logs[3]).toBe('AssertionError: expected response body to be JSON, but it is not: it begins "<html>nope</html>"');
	});
});
