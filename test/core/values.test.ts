import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {
	decodeValue,
	encodeValue,
	inexactIntegerProblem,
	kindOf,
	parseIsoDate,
	readIsoDateTime,
	readTypedJson,
	validateStoredVariableName,
	validateValue,
	validateVariableName,
	valuesEqual,
	type Value,
} from '../../source/core/values.js';
import {effectiveVariables, mergeScopes, requestLayers} from '../../source/core/scopes.js';

describe('validateVariableName', () => {
	it.each(['token', 'user.name', 'api-key', 'snake_case', 'Ünïcode', 'a1', 'x'.repeat(128)])('accepts %s', name => {
		expect(validateVariableName(name)).toBeUndefined();
	});

	it.each([
		['', /empty/],
		['a b', /"a b" is invalid: use letters, digits, _, - and \./],
		['$guid', /starts with \$/],
		['process', /reserved/],
		['x'.repeat(129), /^Variable name "x{40}…" is 129 characters long: the limit is 128$/],
		['a{b', /invalid/],
	])('refuses %j with a message that says why', (name, message) => {
		expect(validateVariableName(name)).toMatch(message);
	});

	it('refuses a name that is not a string', () => {
		expect(validateVariableName(42)).toMatch(/must be a string, not a number/);
	});

	it.each(['process.env.HOME', 'process.x', 'process.'])('refuses %s, which a placeholder could never read, saying why', name => {
		expect(validateVariableName(name)).toBe(`Variable name ${JSON.stringify(name)} starts with "process.": a placeholder that starts so reads the environment ({{process.env.NAME}}), never a variable, so this one could not be used; choose another name`);
	});

	it.each(['a..b', '.a', 'a.', '.'])('refuses %s, with an empty part between dots that no placeholder could spell', name => {
		expect(validateVariableName(name)).toBe(`Variable name ${JSON.stringify(name)} has an empty part between its dots: a placeholder could not read it ({{${name}}} is not a path); write dotted names such as user.name`);
		expect(validateStoredVariableName(name)).toBeUndefined();
	});

	it.each(['processor', 'process-id', 'my.process.x', 'Process.x', 'a.b.c', 'a-.b_'])('accepts %s, which a placeholder reads as a variable', name => {
		expect(validateVariableName(name)).toBeUndefined();
	});

	it('lets a store keep a "process." name an older curlew let in, but not the other bad names', () => {
		expect(validateStoredVariableName('process.env.HOME')).toBeUndefined();
		expect(validateStoredVariableName('process')).toMatch(/reserved/);
		expect(validateStoredVariableName('a b')).toMatch(/invalid/);
	});
});

describe('validateValue', () => {
	it('accepts every kind, nested', () => {
		expect(validateValue({s: 'x', n: 1.5, b: true, z: null, d: new Date(0), a: [1, {deep: [new Date(1)]}]})).toBeUndefined();
	});

	it.each([
		[Number.NaN, /NaN is not a finite number/],
		[Number.POSITIVE_INFINITY, /Infinity is not a finite number/],
		[undefined, /undefined is not allowed/],
		[() => 1, /a function is not allowed/],
		[10n, /a bigint is not allowed/],
		[Symbol('s'), /a symbol is not allowed/],
		[new Map(), /an instance of Map is not a plain object/],
		[new Date(Number.NaN), /date is invalid/],
	])('refuses %s and says what is allowed', (value, message) => {
		const problem = validateValue(value);
		expect(problem).toMatch(message);
		expect(problem).toMatch(/a value must be a string, a finite number, a boolean, null, a valid Date/);
	});

	it.each([
		[1e21, '1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
		[2 ** 53, '9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
		[-(2 ** 53), '-9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
		[Number('12345678901234567890'), '12345678901234567000 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string'],
		[{user: {ids: [1, Number.MAX_VALUE]}}, `${Number.MAX_VALUE} is beyond the integers a number keeps exactly (±9007199254740991) at .user.ids[1]: keep it as a string`],
	])('refuses %s, a number beyond ±(2^53 − 1) that may already be rounded, as typed text and imports do', (value, message) => {
		expect(validateValue(value)).toBe(message);
	});

	it.each([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.1, 1e-7, -0, 4_503_599_627_370_495.5])('accepts %s, which a number keeps exactly', value => {
		expect(validateValue(value)).toBeUndefined();
	});

	it('names the path of a bad value nested deep inside', () => {
		expect(validateValue({user: {tags: ['a', Number.NaN]}})).toMatch(/at \.user\.tags\[1\]/);
	});

	it('refuses a value that contains itself', () => {
		const looped: Record<string, unknown> = {};
		looped.self = looped;
		expect(validateValue(looped)).toMatch(/refers to itself at \.self/);
	});

	it('refuses an array with holes', () => {
		// eslint-disable-next-line no-sparse-arrays
		expect(validateValue([1, , 3])).toMatch(/hole at index 1/);
	});
});

describe('encodeValue and decodeValue', () => {
	const valueArbitrary: fc.Arbitrary<Value> = fc.letrec(tie => ({
		value: fc.oneof(
			{depthSize: 'small'},
			fc.string(),
			fc.double({noNaN: true, noDefaultInfinity: true}),
			fc.boolean(),
			fc.constant(null),
			fc.date({noInvalidDate: true}),
			fc.array(tie('value')),
			fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('$date', '$$x', '$number', '__proto__')), tie('value')),
		),
	})).value as fc.Arbitrary<Value>;

	it('round-trips every kind exactly, dates nested in objects and arrays included', () => {
		fc.assert(fc.property(valueArbitrary, value => {
			const stored = JSON.parse(JSON.stringify(encodeValue(value))) as unknown;
			const decoded = decodeValue(stored);
			expect(valuesEqual(decoded, value)).toBe(true);
		}));
	});

	it('keeps a date nested in an array in an object a Date', () => {
		const decoded = decodeValue(JSON.parse(JSON.stringify(encodeValue({a: [{when: new Date('2024-05-01T10:00:00.123Z')}]})))) as {a: [{when: Date}]};
		expect(decoded.a[0].when).toBeInstanceOf(Date);
		expect(decoded.a[0].when.toISOString()).toBe('2024-05-01T10:00:00.123Z');
	});

	it('refuses a stored date that is not ISO 8601', () => {
		expect(() => decodeValue({$date: 'yesterday'})).toThrow(/"yesterday" is not an ISO 8601 date-time/);
	});

	it('refuses a stored date that does not exist, naming the bad part', () => {
		expect(() => decodeValue({$date: '2024-02-30T00:00:00Z'})).toThrow('Stored date "2024-02-30T00:00:00Z" has day 30: days of February 2024 go from 01 to 29');
	});
});

describe('readIsoDateTime', () => {
	it.each([
		['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
		['2000-02-29T12:00:00Z', '2000-02-29T12:00:00.000Z'],
		['2024-01-31T23:59:59.999Z', '2024-01-31T23:59:59.999Z'],
		['2024-01-31T14:00:00+02:00', '2024-01-31T12:00:00.000Z'],
		['2024-01-31T00:30:00-05:30', '2024-01-31T06:00:00.000Z'],
		['2024-12-31T23:00:00-23:59', '2025-01-01T22:59:00.000Z'],
		['+010000-01-01T00:00:00Z', '+010000-01-01T00:00:00.000Z'],
		['2024-01-31T12:00Z', '2024-01-31T12:00:00.000Z'],
		['2024-01-31T14:00+02:00', '2024-01-31T12:00:00.000Z'],
		['2024-01-31', '2024-01-31T00:00:00.000Z'],
		['2024-02-29', '2024-02-29T00:00:00.000Z'],
		['+010000-01-01', '+010000-01-01T00:00:00.000Z'],
	])('accepts %s as %s', (text, instant) => {
		expect(readIsoDateTime(text).date?.toISOString()).toBe(instant);
	});

	it.each([
		['2024-02-30T00:00:00Z', '"2024-02-30T00:00:00Z" has day 30: days of February 2024 go from 01 to 29'],
		['2023-02-29T00:00:00Z', '"2023-02-29T00:00:00Z" has day 29: days of February 2023 go from 01 to 28'],
		['1900-02-29T00:00:00Z', '"1900-02-29T00:00:00Z" has day 29: days of February 1900 go from 01 to 28'],
		['2024-04-31T00:00:00Z', '"2024-04-31T00:00:00Z" has day 31: days of April 2024 go from 01 to 30'],
		['2024-01-00T00:00:00Z', '"2024-01-00T00:00:00Z" has day 00: days of January 2024 go from 01 to 31'],
		['2024-13-01T00:00:00Z', '"2024-13-01T00:00:00Z" has month 13: months go from 01 to 12'],
		['2024-00-10T00:00:00Z', '"2024-00-10T00:00:00Z" has month 00: months go from 01 to 12'],
		['2024-01-01T25:00:00Z', '"2024-01-01T25:00:00Z" has hour 25: hours go from 00 to 23'],
		['2024-01-01T24:00:00Z', '"2024-01-01T24:00:00Z" has hour 24: hours go from 00 to 23'],
		['2024-01-01T10:60:00Z', '"2024-01-01T10:60:00Z" has minute 60: minutes go from 00 to 59'],
		['2024-01-01T10:00:60Z', '"2024-01-01T10:00:60Z" has second 60: seconds go from 00 to 59'],
		['2024-01-01T10:00:00+24:00', '"2024-01-01T10:00:00+24:00" has offset +24:00: offset hours go from 00 to 23'],
		['2024-01-01T10:00:00+02:60', '"2024-01-01T10:00:00+02:60" has offset +02:60: offset minutes go from 00 to 59'],
		['-000000-01-01T00:00:00Z', '"-000000-01-01T00:00:00Z" has year -000000: write year zero as 0000 or +000000'],
		['+275760-09-14T00:00:00Z', '"+275760-09-14T00:00:00Z" is out of range: dates go from -271821-04-20T00:00:00Z to +275760-09-13T00:00:00Z'],
		['2024-02-30', '"2024-02-30" has day 30: days of February 2024 go from 01 to 29'],
		['2024-01-31T24:00Z', '"2024-01-31T24:00Z" has hour 24: hours go from 00 to 23'],
		['2024-01-31T12:00', '"2024-01-31T12:00" has no time zone: add Z for UTC or an offset such as +02:00'],
		['2024-01-31T12:00:00', '"2024-01-31T12:00:00" has no time zone: add Z for UTC or an offset such as +02:00'],
		['yesterday', '"yesterday" is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)'],
		['2024-01-31T12Z', '"2024-01-31T12Z" is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)'],
		['2024-01-31T12:00.5Z', '"2024-01-31T12:00.5Z" is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)'],
		['2024-1-31', '"2024-1-31" is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)'],
		['2024-01-31Z', '"2024-01-31Z" is not an ISO 8601 date-time such as 2024-01-31T12:00:00.000Z, 2024-01-31T14:00+02:00 or 2024-01-31 (midnight UTC)'],
	])('refuses %s: %s', (text, problem) => {
		expect(readIsoDateTime(text)).toEqual({problem});
		expect(parseIsoDate(text)).toBeUndefined();
	});

	it('reads back every date it writes', () => {
		fc.assert(fc.property(fc.date({noInvalidDate: true}), date => {
			expect(readIsoDateTime(date.toISOString()).date?.getTime()).toBe(date.getTime());
		}));
	});
});

describe('readTypedJson', () => {
	it.each([
		['9007199254740993.0', '9007199254740993.0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		['9007199254740993e0', '9007199254740993e0 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
		['12345678901234567890.5', '12345678901234567890.5 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written'],
		['1e20', '1e20 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 100000000000000000000; keep it as a string to send it as written'],
		['-1.5E16', '-1.5E16 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as -15000000000000000; keep it as a string to send it as written'],
		['12345678901234567890', '12345678901234567890 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 12345678901234567000; keep it as a string to send it as written'],
		['9007199254740992', '9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991); keep it as a string to send it as written'],
		['{"a": [1, "9007199254740993.0", {"b": 9007199254740992.5}]}', '9007199254740992.5 is beyond the integers a number keeps exactly (±9007199254740991): it would be sent as 9007199254740992; keep it as a string to send it as written'],
	])('refuses %s, a number it would round to another integer, however it is written', (text, message) => {
		expect(readTypedJson(text)).toEqual({ok: false, syntax: false, message});
	});

	it.each([
		['0.1', 0.1],
		['1.5e3', 1500],
		['-2.5E-3', -0.0025],
		['9007199254740991', 9007199254740991],
		['-9007199254740991.0', -9007199254740991],
		['1e-400', 0],
		['{"id": "12345678901234567890", "n": 1e15}', {id: '12345678901234567890', n: 1e15}],
	])('accepts %s: decimals, safe integers and digits inside strings', (text, value) => {
		expect(readTypedJson(text)).toEqual({ok: true, value});
	});

	it('reads a value nested 256 deep, and refuses one nested deeper with the limit rather than overflowing the stack', () => {
		expect(readTypedJson(`${'['.repeat(256)}${']'.repeat(256)}`).ok).toBe(true);
		const tooDeep = {ok: false, syntax: false, message: 'The value is nested too deep: at most 256 arrays and objects inside one another'};
		expect(readTypedJson(`${'['.repeat(257)}${']'.repeat(257)}`)).toEqual(tooDeep);
		expect(readTypedJson(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`)).toEqual(tooDeep);
		expect(readTypedJson(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toEqual(tooDeep);
	});

	it('reads {"$date": …} written as a date alone or without seconds', () => {
		expect(readTypedJson('{"day": {"$date": "2024-01-31"}, "at": {"$date": "2024-01-31T12:00Z"}}')).toEqual({ok: true, value: {day: new Date('2024-01-31T00:00:00.000Z'), at: new Date('2024-01-31T12:00:00.000Z')}});
	});
});

describe('inexactIntegerProblem', () => {
	it.each(['0.1', '42', '-1.5', '1.', '.5', '1e3', '9007199254740991', 'abc', '1e400', ''])('keeps %j', text => {
		expect(inexactIntegerProblem(text)).toBeUndefined();
	});

	it.each(['1e16', '9007199254740993', ' -9007199254740993.0 ', '90071992547409930e-1'])('refuses %j', text => {
		expect(inexactIntegerProblem(text)).toMatch(/keeps exactly \(±9007199254740991\).*keep it as a string to send it as written$/);
	});
});

describe('kindOf', () => {
	it('names each kind', () => {
		expect([ 'x', 1, true, null, new Date(0), [], {}].map(value => kindOf(value as Value))).toEqual(['string', 'number', 'boolean', 'null', 'date', 'array', 'object']);
	});
});

describe('mergeScopes', () => {
	it('gives runtime over environment over collection', () => {
		const merged = mergeScopes({
			collection: [{name: 'a', value: 'collection'}, {name: 'b', value: 'collection'}, {name: 'c', value: 'collection'}],
			environment: [{name: 'b', value: 'environment'}, {name: 'c', value: 'environment'}],
			runtime: {c: 'runtime'},
		});
		expect({...merged}).toEqual({a: 'collection', b: 'environment', c: 'runtime'});
	});

	it('orders the scopes as Bruno does: collection < environment < folder (the inner over the outer) < request < runtime', () => {
		const everywhere = (value: string) => [{name: 'v', value}];
		const layers = {
			collection: [{name: 'v', value: 'collection'}, {name: 'c', value: 'collection'}],
			environment: [...everywhere('environment'), {name: 'e', value: 'environment'}],
			folders: [{path: 'Users', variables: [...everywhere('Users'), {name: 'f', value: 'Users'}, {name: 'g', value: 'Users'}]}, {path: 'Users / Admin', variables: [...everywhere('Users / Admin'), {name: 'f', value: 'Users / Admin'}]}],
			request: [...everywhere('request'), {name: 'r', value: 'request'}],
			runtime: {v: 'runtime'},
		};
		expect({...mergeScopes(layers)}).toEqual({v: 'runtime', c: 'collection', e: 'environment', f: 'Users / Admin', g: 'Users', r: 'request'});
		expect({...mergeScopes({...layers, runtime: {}})}.v).toBe('request');
		expect({...mergeScopes({...layers, runtime: {}, request: []})}.v).toBe('Users / Admin');
		expect(effectiveVariables(layers).map(({name, scope, folder, hidden}) => ({name, scope, folder, hides: hidden.map(below => below.folder ?? below.scope)}))).toEqual([
			{name: 'c', scope: 'collection', folder: undefined, hides: []},
			{name: 'e', scope: 'environment', folder: undefined, hides: []},
			{name: 'f', scope: 'folder', folder: 'Users / Admin', hides: ['Users']},
			{name: 'g', scope: 'folder', folder: 'Users', hides: []},
			{name: 'r', scope: 'request', folder: undefined, hides: []},
			{name: 'v', scope: 'runtime', folder: undefined, hides: ['collection', 'environment', 'Users', 'Users / Admin', 'request']},
		]);
	});

	it('finds a request\'s folders by the start of its name, outermost first, and only whole folder names', () => {
		const collection = {folders: [
			{path: 'Users / Admin', variables: [{name: 'a', value: 2}]},
			{path: 'Users', variables: [{name: 'a', value: 1}]},
			{path: 'User', variables: [{name: 'a', value: 0}]},
		]};
		expect(requestLayers(collection, {name: 'Users / Admin / List'}).folders!.map(folder => folder.path)).toEqual(['Users', 'Users / Admin']);
		expect(requestLayers(collection, {name: 'Users / Get'}).folders!.map(folder => folder.path)).toEqual(['Users']);
		expect(requestLayers(collection, {name: 'Users'}).folders).toEqual([]);
		expect(requestLayers(collection, undefined)).toEqual({});
	});

	it('treats names such as constructor and __proto__ as ordinary variables', () => {
		const merged = mergeScopes({collection: [{name: '__proto__', value: 1}, {name: 'constructor', value: 2}]});
		expect(merged.__proto__).toBe(1);
		expect(merged.constructor).toBe(2);
	});

	it('reports the scope each effective variable comes from', () => {
		const effective = effectiveVariables({collection: [{name: 'x', value: 1}, {name: 'y', value: 2}], runtime: {x: 3}});
		expect(effective.map(({name, scope, hidden}) => ({name, scope, hidden}))).toEqual([
			{name: 'x', scope: 'runtime', hidden: [{name: 'x', value: 1, scope: 'collection'}]},
			{name: 'y', scope: 'collection', hidden: []},
		]);
	});
});
