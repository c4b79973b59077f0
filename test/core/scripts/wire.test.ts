import {describe, expect, test} from 'vitest';
import {fromWire, readWireValue} from '../../../source/core/scripts/wire.js';
import {allowedValueKinds, maxValueDepth, tooDeepProblem} from '../../../source/core/values.js';

describe('readWireValue', () => {
	test('valid values come back typed, with tags decoded and escaped keys restored', () => {
		expect(readWireValue({list: [{$date: '2024-01-01T00:00:00.000Z'}, {$number: '-0'}], $$date: 'text', n: 1})).toStrictEqual({
			value: {list: [new Date('2024-01-01T00:00:00.000Z'), -0], $date: 'text', n: 1},
		});
	});

	test.each([
		['NaN', {a: {$number: 'NaN'}}, `NaN is not a finite number at .a: a value must be ${allowedValueKinds}`],
		['undefined', [{$undefined: 1}], `undefined is not allowed at [0]: a value must be ${allowedValueKinds}`],
		['a function', {$function: 1}, `a function is not allowed: a value must be ${allowedValueKinds}`],
		['a class instance', {x: {$instance: 'Point'}}, `an instance of Point is not a plain object at .x: a value must be ${allowedValueKinds}`],
		['an instance of an anonymous class', {$instance: ''}, `an object is not a plain object: a value must be ${allowedValueKinds}`],
		['an invalid date', {$date: null}, `The date is invalid: a value must be ${allowedValueKinds}`],
		['a hole', [1, {$hole: 1}, 3], `The array has a hole at index 1: a value must be ${allowedValueKinds}`],
		['a cycle', {a: {b: {$cycle: 2}}}, 'The value refers to itself at .a.b: a value must be a tree, without cycles'],
	])('%s is refused with the validator\'s message', (_what, wire, problem) => {
		expect(readWireValue(wire)).toEqual({problem});
	});

	test('only keys that read as tags are unescaped: $type, $ref and $$x stay as they are', () => {
		expect(readWireValue({$type: 'T', $ref: '#/a', $$x: 1, $$$date: 2, $$cycle: 3})).toStrictEqual({value: {$type: 'T', $ref: '#/a', $$x: 1, $$date: 2, $cycle: 3}});
		expect(readWireValue([{$type: 'T'}, {$$date: 'not a date'}])).toStrictEqual({value: [{$type: 'T'}, {$date: 'not a date'}]});
	});

	test('an array or object as deep as maxValueDepth is refused, a date counting as one', () => {
		const nested = (levels: number, inner: unknown): unknown => {
			let wire = inner;
			for (let level = 0; level < levels; level++) {
				wire = [wire];
			}

			return wire;
		};

		expect(readWireValue(nested(maxValueDepth, 1)).problem).toBeUndefined();
		expect(readWireValue(nested(maxValueDepth, {})).problem).toBe(`The value ${tooDeepProblem}`);
		expect(readWireValue(nested(maxValueDepth, {$date: '2024-01-01T00:00:00.000Z'})).problem).toBe(`The value ${tooDeepProblem}`);
		expect(readWireValue(nested(maxValueDepth - 1, {$date: '2024-01-01T00:00:00.000Z'})).problem).toBeUndefined();
	});

	test('a number JSON.parse read as Infinity is refused', () => {
		expect(readWireValue(JSON.parse('{"a": [1e400]}'))).toEqual({problem: `Infinity is not a finite number at .a[0]: a value must be ${allowedValueKinds}`});
	});

	test('a number beyond ±(2^53 − 1), at any depth, is refused with the validator\'s message, and listed for a hint', () => {
		expect(readWireValue(JSON.parse('{"a": [1, 9007199254740992]}'))).toEqual({problem: '9007199254740992 is beyond the integers a number keeps exactly (±9007199254740991) at .a[1]: keep it as a string', inexact: [9_007_199_254_740_992]});
		expect(readWireValue(JSON.parse('-1e21'))).toEqual({problem: '-1e+21 is beyond the integers a number keeps exactly (±9007199254740991): keep it as a string', inexact: [-1e21]});
		expect(readWireValue(JSON.parse('[9007199254740991, -9007199254740991]'))).toStrictEqual({value: [9_007_199_254_740_991, -9_007_199_254_740_991]});
	});

	test('a key named __proto__ becomes an own key', () => {
		const value = fromWire(JSON.parse('{"__proto__": {"x": 1}}')) as Record<string, unknown>;
		expect(Object.hasOwn(value, '__proto__')).toBe(true);
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
	});
});
