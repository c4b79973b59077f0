import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {decodeValue, encodeValue, kindOf, validateValue, validateVariableName, valuesEqual, type Value} from '../../source/core/values.js';
import {effectiveVariables, mergeScopes} from '../../source/core/scopes.js';

describe('validateVariableName', () => {
	it.each(['token', 'user.name', 'api-key', 'snake_case', 'Ünïcode', 'a1', 'x'.repeat(128)])('accepts %s', name => {
		expect(validateVariableName(name)).toBeUndefined();
	});

	it.each([
		['', /empty/],
		['a b', /"a b" is invalid: use letters, digits, _, - and \./],
		['$guid', /starts with \$/],
		['process', /reserved/],
		['x'.repeat(129), /129 characters long: the limit is 128/],
		['a{b', /invalid/],
	])('refuses %j with a message that says why', (name, message) => {
		expect(validateVariableName(name)).toMatch(message);
	});

	it('refuses a name that is not a string', () => {
		expect(validateVariableName(42)).toMatch(/must be a string, not a number/);
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
});

describe('kindOf', () => {
	it('names each kind', () => {
		expect([ 'x', 1, true, null, new Date(0), [], {}].map(value => kindOf(value as Value))).toEqual(['string', 'number', 'boolean', 'null', 'date', 'array', 'object']);
	});
});

describe('mergeScopes', () => {
	it('gives runtime over environment over collection', () => {
		const merged = mergeScopes(
			[{name: 'a', value: 'collection'}, {name: 'b', value: 'collection'}, {name: 'c', value: 'collection'}],
			[{name: 'b', value: 'environment'}, {name: 'c', value: 'environment'}],
			{c: 'runtime'},
		);
		expect({...merged}).toEqual({a: 'collection', b: 'environment', c: 'runtime'});
	});

	it('treats names such as constructor and __proto__ as ordinary variables', () => {
		const merged = mergeScopes([{name: '__proto__', value: 1}, {name: 'constructor', value: 2}]);
		expect(merged.__proto__).toBe(1);
		expect(merged.constructor).toBe(2);
	});

	it('reports the scope each effective variable comes from', () => {
		const effective = effectiveVariables({collection: [{name: 'x', value: 1}, {name: 'y', value: 2}], runtime: {x: 3}});
		expect(effective.map(({name, scope, shadows}) => ({name, scope, shadows}))).toEqual([
			{name: 'x', scope: 'runtime', shadows: ['collection']},
			{name: 'y', scope: 'collection', shadows: []},
		]);
	});
});
