import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {compileKernel} from '../../../scripts/compile-kernel.js';
import {bulkThreshold, interpolateBulk} from '../../../source/core/interpolate/bulk.js';
import {interpolate, type Interpolation} from '../../../source/core/interpolate/index.js';
import {kernelBase64} from '../../../source/core/interpolate/kernel-binary.js';
import {Resolver} from '../../../source/core/interpolate/resolver.js';
import {TemplateTarget} from '../../../source/core/interpolate/template-target.js';
import type {Variables} from '../../../source/core/values.js';

const variables: Variables = {
	name: 'Ada Lovelace',
	quoted: 'say "hi"\\now',
	age: 36,
	ratio: 0.5,
	active: true,
	nothing: null,
	born: new Date('1815-12-10T00:00:00.000Z'),
	user: {name: 'Ada', tags: ['admin', 'dev'], address: {city: 'London'}},
	list: [1, 'two', {three: 3}],
	'a.dotted.name': 'dots',
	aVeryLongVariableNameIndeed: 'long',
	nested: '{{name}} ({{age}})',
	greek: 'αβγ «ok» 😀',
	'ключ': 'значение',
	broken: '\uDC00',
	loop: 'again {{loop}}',
	troubled: {url: 'https://example.test', token: '{{missing}}'},
};

/** Spaces before the template take it past the threshold without changing what it means, in text or JSON. */
const padding = ' '.repeat(bulkThreshold);

const env = {HOME: '/home/ada'};
const allowedEnv = ['HOME'];

/** The kernel's answer for the padded template, the padding taken off again (problems' offsets too); undefined when it declines. */
function bulk(template: string, json: boolean, values: Variables = variables): Interpolation | undefined {
	const target = new TemplateTarget(new Resolver(values, env, allowedEnv));
	const text = interpolateBulk(padding + template, target, json);
	if (text === undefined) {
		return undefined;
	}

	expect(text.slice(0, padding.length)).toBe(padding);
	return {text: text.slice(padding.length), problems: target.problems.map(problem => ({...problem, offset: problem.offset - padding.length}))};
}

/** The general scanner's answer: a template under the threshold never reaches the kernel. */
function general(template: string, json: boolean, values: Variables = variables): Interpolation {
	expect(template.length).toBeLessThan(bulkThreshold);
	return interpolate(template, values, {context: json ? 'json' : 'text', env, allowedEnv});
}

function expectSameAsGeneral(template: string, json: boolean): void {
	const expected = general(template, json);
	expect(bulk(template, json)).toEqual(expected);
}

describe('the interpolation kernel', () => {
	it('is the WebAssembly that scripts/kernel-wat.js compiles to (run npm run kernel after changing it)', async () => {
		const bytes = await compileKernel();
		expect(Buffer.from(bytes).toString('base64')).toBe(kernelBase64);
	});

	it('fills a JSON body of every kind, inside strings and as values, as the general scanner does', () => {
		const template = '{"n":"{{name}}","q":"{{quoted}}","age":{{age}},"r":{{ratio}},"on":{{active}},"x":{{nothing}},"born":{{born}},"in":"born {{born}}",'
			+ '"user":{{user}},"userText":"{{user}}","city":"{{user.address.city}}","tag":"{{user.tags[1]}}","list":{{list}},"three":{{list[2].three}},'
			+ '"dots":"{{a.dotted.name}}","long":"{{aVeryLongVariableNameIndeed}}","spaced":"{{  name  }}","key":"{{user["name"]}}","nested":"{{nested}}","env":"{{process.env.HOME}}"}';
		expectSameAsGeneral(template, true);
		expect(JSON.parse(bulk(template, true)!.text)).toMatchObject({q: 'say "hi"\\now', born: '1815-12-10T00:00:00.000Z', user: {tags: ['admin', 'dev']}, nested: 'Ada Lovelace (36)'});
	});

	it('fills a template and values beyond ASCII as the general scanner does', () => {
		expectSameAsGeneral('{"é":"{{greek}} — {{name}}","k":"{{ключ}}","emoji":"😀{{age}}😀","v":{{greek}},"s":"{{broken}}"}', true);
		expectSameAsGeneral('naïve {{greek}} {{ключ}} {{name}}', false);
	});

	it('fills text as the general scanner does', () => {
		expectSameAsGeneral('GET /users/{{age}}?q={{name}}&u={{user}}&b={{born}}&n={{nothing}} "{{quoted}}" {single} {{list[1]}}', false);
	});

	it('counts quotes past escaped quotes and backslashes in the literal text', () => {
		expectSameAsGeneral('{"a":"x\\"{{name}}\\"y","b":"\\\\","c":{{user}},"d":"\\\\\\"","e":{{list}},"f":"{{list}}"}', true);
	});

	it('finds placeholders wherever they fall against its 16-byte reads', () => {
		for (let shift = 0; shift < 40; shift++) {
			expectSameAsGeneral(`${'x'.repeat(shift)}{"a":"${'y'.repeat(shift % 17)}{{name}}","b":{{user}},"c":"{{aVeryLongVariableNameIndeed}}"}`, true);
		}
	});

	it('gives each placeholder the text for its own position when one expression stands in both', () => {
		const {text} = bulk('{"a":{{user}},"b":"{{user}}","c":{{user}}}', true)!;
		expect(JSON.parse(text)).toEqual({a: variables.user, b: JSON.stringify(variables.user), c: variables.user});
	});

	it('reads a large body of repeated items as the general scanner does', () => {
		const item = '{"name":"{{name}}","age":{{age}},"city":"{{user.address.city}}","tags":{{user.tags}},"pad":"lorem ipsum \\"dolor\\""}';
		const template = `[${Array.from({length: 2000}, () => item).join(',')}]`;
		const expected = interpolate(template.slice(0, item.length + 1) + ']', variables, {context: 'json'}).text;
		const text = interpolate(template, variables, {context: 'json'}).text;
		expect(text.length).toBeGreaterThan(bulkThreshold);
		expect(JSON.parse(text)).toHaveLength(2000);
		expect(text.startsWith(expected.slice(0, -1))).toBe(true);
		expect(bulk(template, true)?.text).toBe(text);
	});

	describe('leaves the template to the general scanner when', () => {
		const declined: Array<[string, string, boolean]> = [
			['it is shorter than the threshold', '', true],
			['a placeholder is escaped', '{"a":"\\{{name}}"}', false],
			['a placeholder never closes', '{"a":"{{name"}', true],
			['another placeholder opens inside one', '{"a":"{{na{{me}}"}', true],
			['a value is dynamic, new for each placeholder', '{"a":"{{$guid}}","b":"{{$guid}}"}', true],
			['the quotes before a placeholder do not settle where it stands', '{"a":"b"{{name}}}', true],
		];
		it.each(declined)('%s', (_reason, template, json) => {
			const full = template === '' ? '{"a":"{{name}}"}' : padding + template;
			expect(interpolateBulk(full, new TemplateTarget(new Resolver(variables, env, allowedEnv)), json)).toBeUndefined();
		});
	});

	it('fills lone surrogates, in the template and in values, as the general scanner does', () => {
		expectSameAsGeneral('{"a":"\uD800 {{name}}","b":{{broken}},"c":"{{broken}}"}', true);
		expectSameAsGeneral('\uDFFF{{broken}}{{greek}}', false);
	});

	it('reports problems beyond ASCII at their offsets in characters, through interpolate too', () => {
		expectSameAsGeneral('{"é":"{{missing}}","😀":{{age}},"c":"{{missing}}"}', true);
		const template = `${padding}{"é":"{{missing}}","😀":{{age}},"c":"{{missing}}"}`;
		const {problems} = interpolate(template, variables, {context: 'json'});
		expect(problems.map(problem => [problem.kind, problem.offset])).toEqual([
			['undefined-variable', template.indexOf('{{missing}}')],
			['undefined-variable', template.lastIndexOf('{{missing}}')],
		]);
	});

	it('scans again, two bytes a character, when an ASCII template takes a value beyond ASCII', () => {
		expectSameAsGeneral('{"a":"{{name}}","b":"{{greek}}","c":{{age}},"d":"{{missing}}"}', true);
	});

	it('reports the problems of the placeholders it takes in the template\'s order, at their offsets', () => {
		const template = '{"a":"{{missing}}","b":{{user.nope}},"c":"{{a..b}}","d":{{age}},"e":"{{missing}}","f":"{{troubled}}","g":"{{troubled.url}}","h":"{{loop}}"}';
		const expected = general(template, true);
		expect(expected.problems.map(problem => problem.kind)).toEqual(['undefined-variable', 'unresolved-path', 'invalid-placeholder', 'undefined-variable', 'undefined-variable', 'cycle']);
		expect(bulk(template, true)).toEqual(expected);
	});

	it('gives what the general scanner gives for any template it takes (property)', () => {
		const piece = fc.oneof(
			{weight: 30, arbitrary: fc.constantFrom('a', ' ', '"', '\\', '\\"', '\\\\', '{', '}', ':', ',', '[', ']', '{{name}}', '{{ age }}', '{{user}}',
				'{{user.tags[0]}}', '{{list}}', '{{born}}', '{{quoted}}', '{{nested}}', '{{aVeryLongVariableNameIndeed}}', '{{user["name"]}}',
				'é', '😀', '\uD800', '{{greek}}', '{{ключ}}', '{{broken}}')},
			{weight: 1, arbitrary: fc.constantFrom('{{missing}}', '{{}}', '{{x', '}}', '{{$randomInt}}')},
		);
		let taken = 0;
		fc.assert(fc.property(fc.array(piece, {maxLength: 40}), fc.boolean(), (parts, json) => {
			const text = parts.join('');
			const filled = bulk(text, json);
			if (filled !== undefined) {
				taken++;
				expect(filled).toEqual(general(text, json));
			}
		}), {numRuns: 6000});
		// Most templates must reach the kernel, or this property would prove little.
		expect(taken).toBeGreaterThan(1000);
	});
});
