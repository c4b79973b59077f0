import {afterEach, describe, expect, it} from 'vitest';
import {createCollection, createRequest, type Assertion, type AssertOperator} from '../../../source/core/model.js';
import {Session} from '../../../source/core/session/session.js';
import {recordingServerForFile} from '../../helpers/recording-server.js';

const user = {
	id: 7,
	name: 'Ada Lovelace',
	email: 'ada@example.com',
	role: 'admin',
	score: 4.5,
	active: true,
	banned: false,
	deleted: null,
	tags: ['math', 'engines'],
	address: {city: 'London'},
	empty: {},
	none: [],
	blank: '',
	created: '2024-01-31T12:00:00Z',
};

let session: Session;

const server = recordingServerForFile((request, response) => {
	response.writeHead(request.url === '/missing' ? 404 : 200, {'content-type': 'application/json', 'x-request-id': 'abc-123'});
	response.end(request.url === '/login' ? '{"token": "tok-1", "expires": 3600}' : JSON.stringify(user));
});

afterEach(async () => {
	await session?.close();
});

const assert = (expression: string, operator: AssertOperator, value = '', enabled = true): Assertion => ({expression, operator, value, enabled});

async function run(asserts: Assertion[], path = '/user', variables: Array<{name: string; value: string | number}> = []) {
	session = new Session();
	const collection = createCollection({name: 'Shop', variables});
	return session.send(collection, createRequest({name: 'Get user', url: `${server.origin}${path}`, asserts}));
}

function results(outcome: Awaited<ReturnType<typeof run>>) {
	return outcome.logs.filter(log => log.test !== undefined).map(log => `${log.test} ${log.text}`);
}

describe('assertions, run after the response as Bruno runs its assert block', () => {
	it('passes every operator on what it holds, each a passed test named as Bruno names it', async () => {
		const passing = [
			assert('res.status', 'eq', '200'),
			assert('res.body.name', 'eq', '"Ada Lovelace"'),
			assert('res.body.role', 'eq', 'admin'),
			assert('res.status', 'neq', '404'),
			assert('res.body.score', 'gt', '4'),
			assert('res.body.score', 'gte', '4.5'),
			assert('res.body.id', 'lt', '8'),
			assert('res.body.id', 'lte', '7'),
			assert('res.body.role', 'in', 'admin, editor'),
			assert('res.status', 'in', '[200, 201]'),
			assert('res.body.role', 'notIn', 'guest, editor'),
			assert('res.body.email', 'contains', '@example'),
			assert('res.body.tags', 'contains', 'math'),
			assert('res.body.tags', 'notContains', 'poetry'),
			assert('res.body.tags', 'length', '2'),
			assert('res.body.email', 'matches', '/^[a-z]+@example\\.com$/'),
			assert('res.body.email', 'notMatches', '^bob'),
			assert('res.body.name', 'startsWith', 'Ada'),
			assert('res.body.name', 'endsWith', '"Lovelace"'),
			assert('res.body.score', 'between', '1, 5'),
			assert('res.body.none', 'isEmpty'),
			assert('res.body.tags', 'isNotEmpty'),
			assert('res.body.deleted', 'isNull'),
			assert('res.body.nickname', 'isUndefined'),
			assert('res.body.id', 'isDefined'),
			assert('res.body.active', 'isTruthy'),
			assert('res.body.banned', 'isFalsy'),
			assert('res.body.address', 'isJson'),
			assert('res.body.id', 'isNumber'),
			assert('res.body.email', 'isString'),
			assert('res.body.active', 'isBoolean'),
			assert('res.body.tags', 'isArray'),
		];
		const outcome = await run(passing);
		expect(outcome.scriptErrors).toEqual([]);
		expect(results(outcome)).toEqual(passing.map(({expression, operator, value}) => `passed ✓ assert: ${expression}: ${value === '' ? operator : `${operator} ${value}`}`));
	});

	it('fails each operator on what it does not hold, saying what differs as chai says it, and goes on to the next', async () => {
		const outcome = await run([
			assert('res.status', 'eq', '"200"'),
			assert('res.status', 'neq', '200'),
			assert('res.body.score', 'gt', '5'),
			assert('res.body.name', 'gte', '1'),
			assert('res.body.id', 'lt', '7'),
			assert('res.body.id', 'lte', '6'),
			assert('res.body.role', 'in', 'guest, editor'),
			assert('res.body.role', 'notIn', 'admin'),
			assert('res.body.email', 'contains', 'gmail'),
			assert('res.body.tags', 'notContains', 'math'),
			assert('res.body.tags', 'length', '3'),
			assert('res.body.email', 'matches', '^bob'),
			assert('res.body.nickname', 'matches', '.*'),
			assert('res.body.email', 'notMatches', 'example'),
			assert('res.body.id', 'startsWith', '7'),
			assert('res.body.name', 'endsWith', 'Ada'),
			assert('res.body.score', 'between', '5, 10'),
			assert('res.body.tags', 'isEmpty'),
			assert('res.body.blank', 'isNotEmpty'),
			assert('res.body.id', 'isEmpty'),
			assert('res.body.id', 'isNull'),
			assert('res.body.id', 'isUndefined'),
			assert('res.body.nickname', 'isDefined'),
			assert('res.body.name', 'isTruthy'),
			assert('res.body.deleted', 'isFalsy'),
			assert('res.body.tags', 'isJson'),
			assert('res.body.created', 'isNumber'),
			assert('res.body.id', 'isString'),
			assert('res.body.deleted', 'isBoolean'),
			assert('res.body.address', 'isArray'),
			assert('res.body.address.street.name', 'eq', 'x'),
		]);
		expect(outcome.scriptErrors).toEqual([]);
		expect(results(outcome)).toEqual([
			'failed ✗ assert: res.status: eq "200": expected 200 to equal \'200\'',
			'failed ✗ assert: res.status: neq 200: expected 200 to not equal 200',
			'failed ✗ assert: res.body.score: gt 5: expected 4.5 to be above 5',
			'failed ✗ assert: res.body.name: gte 1: expected \'Ada Lovelace\' to be a number or a date',
			'failed ✗ assert: res.body.id: lt 7: expected 7 to be below 7',
			'failed ✗ assert: res.body.id: lte 6: expected 7 to be at most 6',
			'failed ✗ assert: res.body.role: in guest, editor: expected \'admin\' to be one of ["guest","editor"]',
			'failed ✗ assert: res.body.role: notIn admin: expected \'admin\' to not be one of ["admin"]',
			'failed ✗ assert: res.body.email: contains gmail: expected \'ada@example.com\' to include \'gmail\'',
			'failed ✗ assert: res.body.tags: notContains math: expected ["math","engines"] to not include \'math\'',
			'failed ✗ assert: res.body.tags: length 3: expected ["math","engines"] to have a length of 3 but got 2',
			'failed ✗ assert: res.body.email: matches ^bob: expected \'ada@example.com\' to match /^bob/',
			'failed ✗ assert: res.body.nickname: matches .*: expected undefined to match /.*/',
			'failed ✗ assert: res.body.email: notMatches example: expected \'ada@example.com\' not to match /example/',
			'failed ✗ assert: res.body.id: startsWith 7: expected 7 to start with 7',
			'failed ✗ assert: res.body.name: endsWith Ada: expected \'Ada Lovelace\' to end with \'Ada\'',
			'failed ✗ assert: res.body.score: between 5, 10: expected 4.5 to be within 5..10',
			'failed ✗ assert: res.body.tags: isEmpty: expected ["math","engines"] to be empty',
			'failed ✗ assert: res.body.blank: isNotEmpty: expected \'\' not to be empty',
			'failed ✗ assert: res.body.id: isEmpty: .empty was passed non-string primitive 7',
			'failed ✗ assert: res.body.id: isNull: expected 7 to be null',
			'failed ✗ assert: res.body.id: isUndefined: expected 7 to be undefined',
			'failed ✗ assert: res.body.nickname: isDefined: expected undefined to not be undefined',
			'failed ✗ assert: res.body.name: isTruthy: expected \'Ada Lovelace\' to be true',
			'failed ✗ assert: res.body.deleted: isFalsy: expected null to be false',
			'failed ✗ assert: res.body.tags: isJson: expected ["math","engines"] to be JSON',
			'failed ✗ assert: res.body.created: isNumber: expected \'2024-01-31T12:00:00Z\' to be a number',
			'failed ✗ assert: res.body.id: isString: expected 7 to be a string',
			'failed ✗ assert: res.body.deleted: isBoolean: expected null to be a boolean',
			'failed ✗ assert: res.body.address: isArray: expected {"city":"London"} to be an array',
			expect.stringMatching(/^failed ✗ assert: res\.body\.address\.street\.name: eq x: TypeError: .*name/),
		]);
	});

	it('reads the left side as JavaScript: res(path), headers, calls and arrow functions, and variables by name', async () => {
		const outcome = await run([
			assert('res("address.city")', 'eq', 'London'),
			assert('res(\'tags[1]\')', 'eq', 'engines'),
			assert('res.headers[\'x-request-id\']', 'eq', 'abc-123'),
			assert('res.body.tags.filter(tag => tag.startsWith("m")).length', 'eq', '1'),
			assert('res.body.id === expectedId', 'isTruthy'),
			assert('res.responseTime', 'gte', '0'),
			assert('res.body.id', 'eq', '{{expectedId}}'),
			assert('res.body.name', 'eq', '${res.body.name.split(" ")[0]} Lovelace'),
			assert('res.body.name', 'eq', '"{{first}} Lovelace"'),
		], '/user', [{name: 'expectedId', value: 7}, {name: 'first', value: 'Ada'}]);
		expect(results(outcome).filter(result => !result.startsWith('passed'))).toEqual([]);
		expect(results(outcome)).toHaveLength(9);
	});

	it('skips a disabled assertion, fails one whose left side is not JavaScript with why, and checks the others', async () => {
		const outcome = await run([
			assert('res.status', 'eq', '500', false),
			assert('res.body.(', 'eq', '1'),
			assert('res.status', 'eq', '404'),
		], '/missing');
		expect(outcome.scriptErrors).toEqual([]);
		expect(results(outcome)).toEqual([
			expect.stringMatching(/^failed ✗ assert: res\.body\.\(: eq 1: SyntaxError: "res\.body\.\(" is not a JavaScript expression: /),
			'passed ✓ assert: res.status: eq 404',
		]);
	});

	it('run after the post-response scripts, so they see what the scripts set', async () => {
		session = new Session();
		const collection = createCollection({name: 'Shop'});
		const request = createRequest({
			name: 'Get user',
			url: `${server.origin}/user`,
			scripts: {preRequest: '', postResponse: 'client.setVar("seen", res.body.id)'},
			asserts: [assert('res.body.id', 'eq', '{{seen}}')],
		});
		const outcome = await session.send(collection, request);
		expect(results(outcome)).toEqual(['passed ✓ assert: res.body.id: eq {{seen}}']);
	});
});

describe('post-response variables, set from the response as it comes', () => {
	it('are runtime variables the post-response script and the next request read; one that is undefined is unset, one that throws is said', async () => {
		session = new Session();
		const collection = createCollection({name: 'Shop'});
		session.runtimeOf(collection).set('stale', 'old');
		const login = createRequest({
			name: 'Log in',
			url: `${server.origin}/login`,
			postResponseVariables: [
				{name: 'token', expression: 'res.body.token'},
				{name: 'ttl', expression: 'res.body.expires / 60'},
				{name: 'stale', expression: 'res.body.nothing'},
				{name: 'broken', expression: 'res.body.nothing.deeper'},
			],
			scripts: {preRequest: '', postResponse: 'console.log("token is", client.getVar("token"))'},
		});
		const outcome = await session.send(collection, login);
		expect(outcome.logs.map(log => `${log.source} ${log.level}: ${log.text}`)).toEqual([
			expect.stringMatching(/^post-response variables error: Post-response variable broken was not set: TypeError: /),
			'request post-response log: token is tok-1',
		]);
		expect(Object.fromEntries(session.runtimeOf(collection))).toEqual({token: 'tok-1', ttl: 60});
		await session.send(collection, createRequest({name: 'Use', url: `${server.origin}/user?token={{token}}`}));
		expect(server.requests.at(-1)!.url).toBe('/user?token=tok-1');
	});
});
