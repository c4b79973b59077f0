import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';
import type {Value} from '../../../source/core/values.js';

describe('values that hold placeholders', () => {
	it('interpolates a string value', () => {
		expect(interpolate('{{url}}', {url: '{{host}}/api', host: 'https://{{domain}}', domain: 'example.test'}).text).toBe('https://example.test/api');
	});

	it('interpolates string leaves inside objects and arrays', () => {
		const variables = {id: 7, config: {path: '/users/{{id}}', list: ['{{id}}', 'x-{{id}}']}};
		expect(interpolate('{"c": {{config}}}', variables, {context: 'json'}).text).toBe('{"c": {"path":"/users/7","list":[7,"x-7"]}}');
		expect(interpolate('{{config.list[1]}}', variables).text).toBe('x-7');
	});

	it('gives a value that is one placeholder the kind of what it names', () => {
		const variables = {users: [{name: 'Ada', born: new Date('1815-12-10T00:00:00.000Z')}], first: '{{users[0]}}', count: '{{n}}', n: 3};
		expect(interpolate('{"user": {{first}}, "n": {{count}}}', variables, {context: 'json'}).text).toBe('{"user": {"name":"Ada","born":"1815-12-10T00:00:00.000Z"}, "n": 3}');
		expect(interpolate('{{first.name}}', variables).text).toBe('Ada');
	});

	it('JSON-escapes a string value after filling it, inside quotes', () => {
		expect(JSON.parse(interpolate('{"a": "{{greeting}}"}', {greeting: 'say "{{word}}"', word: 'hi\\'}, {context: 'json'}).text)).toEqual({a: 'say "hi\\"'});
	});

	it('keeps an escaped \\{{ in a value as a literal {{', () => {
		expect(interpolate('{{template}}', {template: 'Hello \\{{name}}', name: 'x'})).toEqual({text: 'Hello {{name}}', problems: []});
	});

	it('resolves a 10,000-variable chain without overflowing the stack', () => {
		const variables: Record<string, Value> = {};
		for (let index = 0; index < 10_000; index++) {
			variables[`v${index}`] = `{{v${index + 1}}}`;
		}

		variables.v10000 = 'end of the chain';
		expect(interpolate('{{v0}}', variables)).toEqual({text: 'end of the chain', problems: []});
	});

	it('reports a problem at the end of a long chain once, with the chain that leads to it', () => {
		const variables: Record<string, Value> = {};
		for (let index = 0; index < 10_000; index++) {
			variables[`v${index}`] = `{{v${index + 1}}}`;
		}

		const {problems} = interpolate('x {{v0}}', variables);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatchObject({kind: 'undefined-variable', placeholder: '{{v10000}}', offset: 2});
		expect(problems[0]!.via).toHaveLength(10_000);
		expect(problems[0]!.via.slice(0, 2)).toEqual(['v0', 'v1']);
	});

	it.each([
		['length 1', {a: '{{a}}'}, 'a → a'],
		['length 2', {a: '{{b}}', b: '{{a}}'}, 'a → b → a'],
		['length 3', {a: 'x{{b}}', b: '{{c}}y', c: {deep: ['{{a}}']}}, 'a → b → c → a'],
	])('stops a cycle of %s and reports it', (_length, variables, loop) => {
		const result = interpolate('start {{a}} end', variables as Record<string, Value>);
		const cycles = result.problems.filter(problem => problem.kind === 'cycle');
		expect(cycles).toHaveLength(1);
		expect(cycles[0]!.message).toContain(`(${loop})`);
		expect(cycles[0]!.offset).toBe(6);
		expect(result.text).toMatch(/^start .*\{\{a\}\}.* end$/);
	});

	it('reports a problem inside a variable with the placeholder that used it', () => {
		const {text, problems} = interpolate('GET {{url}}', {url: '{{host}}/users/{{id}}', host: 'h'});
		expect(text).toBe('GET h/users/{{id}}');
		expect(problems).toEqual([expect.objectContaining({kind: 'undefined-variable', placeholder: '{{id}}', offset: 4, via: ['url']})]);
	});
});

describe('problems inside an object or array variable', () => {
	const variables = {age: 36, obj: {a: '{{age}}', other: '{{nope}}'}, cfg: {url: 'http://api.test', token: '{{token}}'}};

	it('are not reported by a path that reads only a leaf without them', () => {
		expect(interpolate('{{obj.a}} {{cfg.url}}/login', variables)).toEqual({text: '36 http://api.test/login', problems: []});
	});

	it('are reported by a path that reads the leaf, or the part, that holds them', () => {
		for (const [template, placeholder] of [['{{obj.other}}', '{{nope}}'], ['{{obj}}', '{{nope}}'], ['{{cfg}}', '{{token}}']]) {
			expect(interpolate(template!, variables).problems.map(problem => problem.placeholder), template).toEqual([placeholder]);
		}
	});

	it('are not inherited by a variable whose value reads only a leaf without them', () => {
		const {text, problems} = interpolate('{{years}}/{{login}}', {...variables, years: '{{obj.a}}', login: '{{cfg.url}}/login'});
		expect(problems).toEqual([]);
		expect(text).toBe('36/http://api.test/login');
	});
});

describe('a leaf that reads another leaf of the same variable', () => {
	it('reads it when that leaf holds no placeholder: no loop', () => {
		const api = {host: 'h.test', base: 'https://{{api.host}}/v1'};
		expect(interpolate('{{api.base}}/users', {api})).toEqual({text: 'https://h.test/v1/users', problems: []});
	});
});

describe('values that change between interpolations', () => {
	it('sees a placeholder added to an object that is not frozen', () => {
		const config: Record<string, string> = {path: '/plain'};
		expect(interpolate('{{config.path}}', {config, id: 7}).text).toBe('/plain');
		config.path = '/users/{{id}}';
		expect(interpolate('{{config.path}}', {config, id: 7}).text).toBe('/users/7');
	});

	it('sees a placeholder added inside an unfrozen part of a frozen object', () => {
		const inner: Record<string, string> = {path: '/plain'};
		const config = Object.freeze({inner});
		expect(interpolate('{{config.inner.path}}', {config, id: 7}).text).toBe('/plain');
		inner.path = '/users/{{id}}';
		expect(interpolate('{{config.inner.path}}', {config, id: 7}).text).toBe('/users/7');
	});
});
