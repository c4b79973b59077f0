import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';
import type {Variables} from '../../../source/core/values.js';

const variables: Variables = {
	user: {
		name: 'Ada',
		address: {city: 'London', geo: {lat: 51.5, tags: ['a', 'b']}},
		'odd key': 'odd',
		'with.dot': 'dotted key',
		roles: [{name: 'admin', since: new Date('2020-01-01T00:00:00.000Z')}, {name: 'dev'}],
	},
	matrix: [[1, 2], [3, [4, {deep: 'yes'}]]],
	'user.name': 'whole dotted name',
	'api-key': 'dash',
	'config.base': 'https://example.test',
	config: {base: 'nested base', port: 8080},
};

describe('placeholder paths', () => {
	it('reads an element of an array of 200,000 elements, and of one holding placeholders', () => {
		const big = Array.from({length: 200_000}, (_, index) => index);
		expect(interpolate('{{big[5]}}', {big})).toEqual({text: '5', problems: []});
		const templated = Array.from({length: 200_000}, (_, index) => (index === 7 ? '{{name}}' : `v${index}`));
		expect(interpolate('{{templated[7]}}', {templated, name: 'Ada'})).toEqual({text: 'Ada', problems: []});
	});

	it.each([
		['{{user.name}}', 'whole dotted name'],
		['{{user.address.city}}', 'London'],
		['{{user.address.geo.lat}}', '51.5'],
		['{{user.address.geo.tags[1]}}', 'b'],
		['{{user.roles[0].name}}', 'admin'],
		['{{user.roles[0].since}}', '2020-01-01T00:00:00.000Z'],
		['{{user.roles[1]}}', '{"name":"dev"}'],
		['{{matrix[1][1][1].deep}}', 'yes'],
		['{{matrix[0]}}', '[1,2]'],
		['{{user[\'odd key\']}}', 'odd'],
		['{{user["with.dot"]}}', 'dotted key'],
		['{{user["address"]["city"]}}', 'London'],
		['{{user.address["geo"].tags[0]}}', 'a'],
		['{{api-key}}', 'dash'],
		['{{config.base}}', 'https://example.test'],
		['{{config.port}}', '8080'],
		['{{ user.address.city }}', 'London'],
		['{{\tuser.address.city\n}}', 'London'],
	])('%s gives %s', (template, expected) => {
		expect(interpolate(template, variables)).toEqual({text: expected, problems: []});
	});

	it('lets a variable whose whole name has a dot win over the nested path', () => {
		expect(interpolate('{{user.name}} / {{user["name"]}}', variables).text).toBe('whole dotted name / Ada');
	});

	it('uses the longest dotted name that exists, then walks the rest', () => {
		expect(interpolate('{{a.b.c}}', {'a.b': {c: 'from a.b'}, a: {b: {c: 'from a'}}}).text).toBe('from a.b');
	});

	it('reads a pair of backslashes before {{ in text as one backslash, and the placeholder is filled', () => {
		expect(interpolate(String.raw`C:\\Users\\{{api-key}}`, variables)).toEqual({text: String.raw`C:\\Users\dash`, problems: []});
		expect(interpolate(String.raw`a\\\{{b}} c\\\\{{api-key}} d\\e`, variables)).toEqual({text: String.raw`a\{{b}} c\\dash d\\e`, problems: []});
		expect(interpolate(String.raw`x\\{{missing}}`, variables).problems).toMatchObject([{kind: 'undefined-variable', offset: 3}]);
	});

	it('keeps \\{{ as a literal {{ and drops the backslash', () => {
		expect(interpolate('\\{{user.name}} and {{api-key}}', variables)).toEqual({text: '{{user.name}} and dash', problems: []});
		expect(interpolate('{"a": "\\{{x}}", "b": \\{{y}}}', {}, {context: 'json'})).toEqual({text: '{"a": "{{x}}", "b": {{y}}}', problems: []});
	});

	it('finds an index on an object by its key', () => {
		expect(interpolate('{{codes[404]}}', {codes: {404: 'Not Found'}}).text).toBe('Not Found');
	});

	it('reads keys named like Object.prototype members only when the object has them', () => {
		const result = interpolate('{{o.constructor}} {{o.toString}} {{o.__proto__}}', {o: {}});
		expect(result.text).toBe('{{o.constructor}} {{o.toString}} {{o.__proto__}}');
		expect(result.problems.map(problem => problem.kind)).toEqual(['unresolved-path', 'unresolved-path', 'unresolved-path']);
		expect(interpolate('{{constructor}}', {}).problems[0]!.kind).toBe('undefined-variable');
	});

	it('resolves paths of any depth', () => {
		let deep: Record<string, unknown> = {leaf: 'bottom'};
		for (let level = 0; level < 500; level++) {
			deep = {next: deep};
		}

		const template = `{{root${'.next'.repeat(500)}.leaf}}`;
		expect(interpolate(template, {root: deep as never}).text).toBe('bottom');
	});
});
