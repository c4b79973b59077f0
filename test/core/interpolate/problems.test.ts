import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';

const variables = {a: {b: 1}, list: [10, 20, 30], s: 'text', d: new Date(0)};

describe('placeholders that cannot be filled', () => {
	it.each([
		['{{missing}}', 'undefined-variable', /no variable named "missing"/],
		['{{missing.deep}}', 'undefined-variable', /no variable named "missing" \(nor one named "missing.deep"\)/],
		['{{a.c}}', 'unresolved-path', /"a" has no property "c"/],
		['{{a.b.c}}', 'unresolved-path', /"a\.b" is a number, which has no property "c"/],
		['{{list[3]}}', 'unresolved-path', /"list" has 3 elements, so index 3 is out of range/],
		['{{list.first}}', 'unresolved-path', /"list" is an array: reach its elements with an index/],
		['{{s[0]}}', 'unresolved-path', /"s" is a string, which has no element \[0\]/],
		['{{d.year}}', 'unresolved-path', /"d" is a date/],
		['{{}}', 'invalid-placeholder', /empty/],
		['{{   }}', 'invalid-placeholder', /empty/],
		['{{a..b}}', 'invalid-placeholder', /empty property name after "a\."/],
		['{{a[}}', 'invalid-placeholder', /unterminated \[/],
		['{{list[-1]}}', 'invalid-placeholder', /negative index \[-1\]/],
		['{{list[x]}}', 'invalid-placeholder', /neither an index/],
		['{{a["b]}}', 'invalid-placeholder', /unterminated \["…"\] key/],
		['{{.a}}', 'invalid-placeholder', /must start with a variable name/],
		['{{a b}}', 'invalid-placeholder', /unexpected " "/],
		['{{process.argv}}', 'invalid-placeholder', /"process" is reserved/],
		['{{$not-a-name}}', 'invalid-placeholder', /not a dynamic variable name/],
		['{{$noSuchThing}}', 'undefined-variable', /no dynamic variable \$noSuchThing/],
	])('%s stays as written and is reported as %s', (placeholder, kind, message) => {
		const template = `before ${placeholder} after`;
		const result = interpolate(template, variables);
		expect(result.text).toBe(template);
		expect(result.problems).toHaveLength(1);
		expect(result.problems[0]).toMatchObject({kind, placeholder, offset: 7, via: []});
		expect(result.problems[0]!.message).toMatch(message);
	});

	it('reports an unterminated {{ and keeps the rest of the template', () => {
		const result = interpolate('a {{s}} b {{oops c', variables);
		expect(result.text).toBe('a text b {{oops c');
		expect(result.problems).toEqual([expect.objectContaining({kind: 'invalid-placeholder', offset: 10, placeholder: '{{oops c'})]);
	});

	it('reports a {{ that another {{ interrupts, and fills the inner one', () => {
		const result = interpolate('{{a {{s}}', variables);
		expect(result.text).toBe('{{a text');
		expect(result.problems).toEqual([expect.objectContaining({kind: 'invalid-placeholder', offset: 0})]);
	});

	it('keeps the lexer right after an unterminated placeholder in JSON', () => {
		const result = interpolate('{"a": "{{x", "b": "{{s}}"}', variables, {context: 'json'});
		expect(result.text).toBe('{"a": "{{x", "b": "text"}');
		expect(result.problems.map(problem => problem.kind)).toEqual(['invalid-placeholder']);
	});

	it('gives each problem the offset of its own placeholder', () => {
		const {problems} = interpolate('{{x}}/{{y}}/{{s}}/{{z}}', variables);
		expect(problems.map(problem => [problem.placeholder, problem.offset])).toEqual([['{{x}}', 0], ['{{y}}', 6], ['{{z}}', 18]]);
	});

	it('keeps every filled placeholder in its place across thousands of them, each with its own value', () => {
		const count = 10_000;
		const list = Array.from({length: count}, (_, index) => `v${index}`);
		const template = Array.from({length: count}, (_, index) => `[{{list[${index}]}}]`).join(',');
		expect(interpolate(template, {list}).text).toBe(list.map(value => `[${value}]`).join(','));
	});

	it('never throws on a 20 MB template', () => {
		const chunk = 'lorem {{s}} ipsum {{missing}} {{list[1]}} "quoted {{a}}" \\{{kept}} {{a[}} ';
		const template = chunk.repeat(Math.ceil(20_000_000 / chunk.length));
		const repeats = template.length / chunk.length;
		const text = interpolate(template, variables);
		expect(text.text).toBe('lorem text ipsum {{missing}} 20 "quoted {"b":1}" {{kept}} {{a[}} '.repeat(repeats));
		expect(text.problems).toHaveLength(2 * repeats);
		const json = interpolate(template, variables, {context: 'json'});
		expect(json.problems).toHaveLength(2 * repeats);
	});
});
