import {describe, expect, test} from 'vitest';
import {parseCollectionFile, serializeCollection} from '../../../source/core/formats/curlew-format.js';
import {createCollection} from '../../../source/core/model.js';
import {runScript, type ScriptLimits} from '../../../source/core/scripts/index.js';
import {maxWireChars} from '../../../source/core/scripts/wire.js';
import {allowedValueKinds, maxValueDepth, tooDeepProblem, validateValue, validateVariableName, type Value} from '../../../source/core/values.js';
import {scopeVariables} from './scope-variables.js';

const base = {phase: 'pre-request', requestName: 'Login', source: 'request'} as const;

async function run(code: string, initial: Record<string, Value> = {}, limits?: ScriptLimits) {
	const variables = scopeVariables(initial);
	const result = await runScript({...base, code, variables, limits});
	return {...result, values: variables.values};
}

describe('values set in a script reach the host with their kind', () => {
	test.each<[string, string, Value]>([
		['a string', '"hello"', 'hello'],
		['an empty string', '""', ''],
		['a number', '42.5', 42.5],
		['a negative zero', '-0', -0],
		['a boolean', 'false', false],
		['null', 'null', null],
		['an object', '{id: 7, name: "Ada"}', {id: 7, name: 'Ada'}],
		['an array', '[1, "two", true, null]', [1, 'two', true, null]],
		['a Date', 'new Date("2024-01-31T12:00:00.000Z")', new Date('2024-01-31T12:00:00.000Z')],
		['an empty object', '{}', {}],
		['an object without a prototype', 'Object.assign(Object.create(null), {a: 1})', {a: 1}],
		['a negative zero inside an array', '[{z: -0}]', [{z: -0}]],
		['an object with a getter, read as its value', '{get n() { return 2 }}', {n: 2}],
		['a Date when the script replaced Date.prototype.toJSON', '(Date.prototype.toJSON = () => "no", {at: new Date(0)})', {at: new Date(0)}],
		['keys that start with $ beside a Date', '{$set: {when: new Date(0)}, list: [new Date(1)]}', {$set: {when: new Date(0)}, list: [new Date(1)]}],
	])('%s', async (_kind, expression, expected) => {
		const {values, error} = await run(`client.setVar("v", ${expression})`);
		expect(error).toBeUndefined();
		expect(values.get('v')).toStrictEqual(expected);
	});

	test('a Date inside an array inside an object comes out as a Date', async () => {
		const {values, error} = await run('client.setVar("v", {list: [1, {when: new Date(Date.UTC(2024, 0, 2))}], at: new Date(0)})');
		expect(error).toBeUndefined();
		const value = values.get('v') as {list: [number, {when: Date}]; at: Date};
		expect(value.list[1].when).toBeInstanceOf(Date);
		expect(value.list[1].when.toISOString()).toBe('2024-01-02T00:00:00.000Z');
		expect(value.at).toBeInstanceOf(Date);
	});

	test('objects whose keys look like the storage tags round-trip unchanged', async () => {
		const tricky = {$date: '2024-01-01T00:00:00.000Z', $number: '-0', $$x: 1, nested: [{$date: 'not a date'}]};
		const {values, error, logs} = await run(`
			client.setVar("v", ${JSON.stringify(tricky)});
			const back = client.getVar("v");
			console.log(typeof back.$date, back.$$x, Array.isArray(back.nested), typeof back.nested[0].$date);
		`);
		expect(error).toBeUndefined();
		expect(values.get('v')).toStrictEqual(tricky);
		expect(logs.map(entry => entry.text)).toEqual(['string 1 true string']);
	});

	test('a key named __proto__ stays an own key and does not change the prototype', async () => {
		const {values, error} = await run('client.setVar("v", JSON.parse(\'{"__proto__": {"polluted": true}, "a": 1}\'))');
		expect(error).toBeUndefined();
		const value = values.get('v') as Record<string, unknown>;
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
		expect(Object.hasOwn(value, '__proto__')).toBe(true);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	test('an object shared twice in a value is copied, not refused as a cycle', async () => {
		const {values, error} = await run('const shared = {a: 1}; client.setVar("v", [shared, shared])');
		expect(error).toBeUndefined();
		expect(values.get('v')).toStrictEqual([{a: 1}, {a: 1}]);
	});
});

describe('host values read with getVar keep their kind inside the script', () => {
	test('every kind, checked inside the script', async () => {
		const {logs, error} = await run(`
			const date = client.getVar("date");
			const list = client.getVar("list");
			const object = client.getVar("object");
			console.log(date instanceof Date, date.toISOString());
			console.log(Array.isArray(list), list[2] instanceof Date, list[2].getTime());
			console.log(typeof object, object.nested.when instanceof Date, Array.isArray(object.nested.items));
			console.log(typeof client.getVar("text"), typeof client.getVar("count"), client.getVar("flag"), client.getVar("nothing"));
			console.log(Object.is(client.getVar("negative"), -0), client.getVar("missing") === undefined);
		`, {
			date: new Date('2024-05-06T07:08:09.010Z'),
			list: [1, 'b', new Date(1000)],
			object: {nested: {when: new Date(0), items: [1, 2]}},
			text: 'x',
			count: 3,
			flag: true,
			nothing: null,
			negative: -0,
		});
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual([
			'true 2024-05-06T07:08:09.010Z',
			'true true 1000',
			'object true true',
			'string number true null',
			'true true',
		]);
	});

	test('a value read, changed and set again round-trips', async () => {
		const {values, error} = await run('const user = client.getVar("user"); user.seen.push(new Date(5)); client.setVar("user", user)', {user: {seen: [new Date(1)]}});
		expect(error).toBeUndefined();
		expect(values.get('user')).toStrictEqual({seen: [new Date(1), new Date(5)]});
	});

	test('hasVar, deleteVar and interpolate', async () => {
		const {values, logs, error} = await run(`
			console.log(client.hasVar("host"), client.hasVar("nope"));
			console.log(client.interpolate("https://{{host}}/users/{{id}}"));
			console.log(client.deleteVar("id"), client.deleteVar("id"), client.hasVar("id"));
		`, {host: 'api.example.com', id: 7});
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual(['true false', 'https://api.example.com/users/7', 'true false false']);
		expect(values.has('id')).toBe(false);
	});
});

describe('setVar refuses what is not a value, with the validator\'s message naming the variable, catchable in the script', () => {
	test.each<[string, string, unknown]>([
		['NaN', 'NaN', Number.NaN],
		['Infinity', 'Infinity', Number.POSITIVE_INFINITY],
		['-Infinity', '-Infinity', Number.NEGATIVE_INFINITY],
		['undefined', 'undefined', undefined],
		['a function', '() => 1', () => 1],
		['an invalid Date', 'new Date("nope")', new Date('nope')],
		['a Map', 'new Map()', new Map()],
		['a class instance', 'new (class Point { constructor() { this.x = 1 } })()', new (class Point {
			x = 1;
		})()],
		['a bigint', '10n', 10n],
		['NaN deep inside', '{a: [1, {b: NaN}]}', {a: [1, {b: Number.NaN}]}],
		['an array with a hole', '[1, , 3]', [1, , 3]], // eslint-disable-line no-sparse-arrays
		['a symbol', 'Symbol("s")', Symbol('s')],
		['a plain object whose toJSON would hide a function', '{a: 1, toJSON() { return 1 }}', {a: 1, toJSON: () => 1}],
		['a class instance with a toJSON method', 'new (class Token { toJSON() { return "t" } })()', new (class Token {
			toJSON() {
				return 't';
			}
		})()],
		['NaN in one of many objects', 'Array.from({length: 50000}, (_, i) => ({i, n: i === 40000 ? NaN : i}))', Array.from({length: 50_000}, (_, i) => ({i, n: i === 40_000 ? Number.NaN : i}))],
	])('%s', async (_what, expression, hostEquivalent) => {
		const expected = validateValue(hostEquivalent);
		expect(expected).toBeDefined();
		const {values, logs, error} = await run(`
			try {
				client.setVar("v", ${expression});
				console.log("accepted");
			} catch (error) {
				console.log(error instanceof Error, error.name, error.message);
			}
		`);
		expect(error).toBeUndefined();
		expect(values.has('v')).toBe(false);
		expect(logs.map(entry => entry.text)).toEqual([`true InvalidValueError Variable "v": ${expected!}`]);
	});

	test('an undefined member (a field missing from a response) is left out and an undefined element is null, as JSON.stringify and Postman write them', async () => {
		const {values, error} = await run(`
			const body = {id: 7, name: "Ada"};
			client.setVar("user", {id: body.id, email: body.email, tags: [body.tag, "x"], nested: {deep: undefined, at: new Date(0)}});
			client.setVar("plain", JSON.parse(JSON.stringify({a: body.email, b: [body.email]})));
		`);
		expect(error).toBeUndefined();
		expect(values.get('user')).toStrictEqual({id: 7, tags: [null, 'x'], nested: {at: new Date(0)}});
		expect(values.get('plain')).toStrictEqual({b: [null]});
	});

	test('an undefined member is left out when the value goes the long way too (a key like a tag, a getter)', async () => {
		const {values, error} = await run('client.setVar("v", {$date: 1, get later() { return undefined }, gone: undefined, list: [undefined]})');
		expect(error).toBeUndefined();
		expect(values.get('v')).toStrictEqual({$date: 1, list: [null]});
	});

	test('a value that refers to itself', async () => {
		const {logs} = await run('const a = {list: []}; a.list.push(a); try { client.setVar("v", a) } catch (error) { console.log(error.message) }');
		const cyclic: {list: unknown[]} = {list: []};
		cyclic.list.push(cyclic);
		expect(logs.map(entry => entry.text)).toEqual([`Variable "v": ${validateValue(cyclic)!}`]);
	});

	test.each([['an empty name', '""', ''], ['a name with a space', '"a b"', 'a b'], ['a $ name', '"$guid"', '$guid'], ['process', '"process"', 'process'], ['a number', '5', 5]])('%s', async (_what, expression, hostName) => {
		const {logs, values} = await run(`try { client.setVar(${expression}, 1) } catch (error) { console.log(error.name, error.message) }`);
		expect(logs.map(entry => entry.text)).toEqual([`InvalidValueError ${validateVariableName(hostName)!}`]);
		expect(values.size).toBe(0);
	});

	test('uncaught, the refusal fails the script with the validator\'s message and the line', async () => {
		const {error} = await run('const ok = 1;\nclient.setVar("v", NaN);');
		expect(error).toMatchObject({kind: 'invalid-value', line: 2});
		expect(error!.message).toBe(`Pre-request script of "Login" failed at line 2: Variable "v": NaN is not a finite number: a value must be ${allowedValueKinds}`);
	});
});

describe('numbers beyond ±(2^53 − 1), which may already be rounded, are refused by every set call, naming the variable', () => {
	const beyond = (shown: string, at = '') => `Variable "v_big": ${shown} is beyond the integers a number keeps exactly (±9007199254740991)${at}: keep it as a string`;

	test.each([
		['client.setVar', '1e21', beyond('1e+21')],
		['client.setVar', '2**53', beyond('9007199254740992')],
		['client.setVar', '-(2**53)', beyond('-9007199254740992')],
		['client.setVar', '{ids: [1, 2**53]}', beyond('9007199254740992', ' at .ids[1]')],
		['pm.variables.set', '1e21', beyond('1e+21')],
		['pm.environment.set', '2**53', beyond('9007199254740992')],
		['bru.setVar', '1e21', beyond('1e+21')],
	])('%s("v_big", %s)', async (call, expression, message) => {
		const {values, error} = await run(`const before = 1;\n${call}("v_big", ${expression});`);
		expect(error).toMatchObject({kind: 'invalid-value', line: 2});
		expect(error!.message).toBe(`Pre-request script of "Login" failed at line 2: ${message}`);
		expect(values.has('v_big')).toBe(false);
	});

	test('the largest exact integers, either way, and decimals are kept', async () => {
		const {values, error} = await run('client.setVar("v", [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.1, 1e-7, 123456789.5])');
		expect(error).toBeUndefined();
		expect(values.get('v')).toStrictEqual([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.1, 1e-7, 123_456_789.5]);
	});
});

describe('large values', () => {
	// How fast is the bench's business (bench/scripts.bench.js): a test with a time limit would fail on a busy machine.
	test('150,000 small objects cross whole, with the dates and $ keys among them', async () => {
		const code = 'const a = [];\nfor (let i = 0; i < 150000; i++) a.push(i % 1000 === 0 ? {i, s: "x" + i, $type: "T", at: new Date(i)} : {i, s: "x" + i});\nclient.setVar("big", a);';
		const {values, error} = await run(code, {}, {timeoutMs: 60_000});
		expect(error).toBeUndefined();
		const big = values.get('big') as Array<Record<string, Value>>;
		expect(big).toHaveLength(150_000);
		expect(big[1]).toStrictEqual({i: 1, s: 'x1'});
		expect(big[149_000]).toStrictEqual({i: 149_000, s: 'x149000', $type: 'T', at: new Date(149_000)});
	});

	test('a key that reads as a tag, deep in a large value, still comes back as the script wrote it', async () => {
		const code = 'const a = Array.from({length: 20000}, (_, i) => ({i}));\na[19999] = {$date: "2024-01-01T00:00:00.000Z", $$hole: 1};\nclient.setVar("big", a);';
		const {values, error} = await run(code, {}, {timeoutMs: 60_000});
		expect(error).toBeUndefined();
		const big = values.get('big') as Array<Record<string, Value>>;
		expect(big).toHaveLength(20_000);
		expect(big[19_999]).toStrictEqual({$date: '2024-01-01T00:00:00.000Z', $$hole: 1});
	});
});

describe('setVar refuses a value nested deeper than an import reads', () => {
	/** Script source nesting `inner` in `levels` arrays. */
	const nested = (levels: number, inner: string) => `let v = ${inner};\nfor (let i = 0; i < ${levels}; i++) v = [v];\nclient.setVar("deep", v);`;
	const hostNested = (levels: number, inner: Value): Value => {
		let value = inner;
		for (let index = 0; index < levels; index++) {
			value = [value];
		}

		return value;
	};

	/** Whether a collection export holding `value` imports again. */
	const imports = (value: Value): boolean => {
		const text = serializeCollection(createCollection({name: 'Deep', variables: [{name: 'deep', value}]}));
		try {
			parseCollectionFile(text);
			return true;
		} catch {
			return false;
		}
	};

	test.each<[string, number, string, Value]>([
		['arrays as deep as the limit', maxValueDepth, '1', 1],
		['a Date inside one array fewer', maxValueDepth - 1, 'new Date(0)', new Date(0)],
	])('%s: accepted, and its export imports', async (_what, levels, inner, hostInner) => {
		const {values, error} = await run(nested(levels, inner));
		expect(error).toBeUndefined();
		expect(values.get('deep')).toStrictEqual(hostNested(levels, hostInner));
		expect(imports(hostNested(levels, hostInner))).toBe(true);
	});

	test.each<[string, number, string, Value]>([
		['one array more than the limit', maxValueDepth + 1, '1', 1],
		['a Date inside as many arrays as the limit', maxValueDepth, 'new Date(0)', new Date(0)],
		['a value 1000 levels deep', 1000, '{}', {}],
	])('%s: refused with the import\'s reason, at the line', async (_what, levels, inner, hostInner) => {
		expect(imports(hostNested(levels, hostInner))).toBe(false);
		const {values, error} = await run(nested(levels, inner));
		expect(error).toMatchObject({kind: 'invalid-value', line: 3});
		expect(error!.message).toBe(`Pre-request script of "Login" failed at line 3: Variable "deep": The value ${tooDeepProblem}`);
		expect(values.has('deep')).toBe(false);
	});
});

describe('what one call hands to curlew is at most maxWireChars of JSON', () => {
	const tooLarge = `more than ${maxWireChars.toLocaleString('en-US')} characters as JSON (16 MB), the most a script may hand to curlew in one call`;

	test('a string whose JSON is exactly the limit is set', async () => {
		const {values, error} = await run(`client.setVar("big", "x".repeat(${maxWireChars - 2}))`, {}, {memoryBytes: 256 * 1024 * 1024});
		expect(error).toBeUndefined();
		expect((values.get('big') as string).length).toBe(maxWireChars - 2);
	});

	test('a value within the limit that the script\'s memory has no room to copy out fails at the memory limit', async () => {
		const {values, error} = await run(`client.setVar("big", "x".repeat(${maxWireChars - 2}))`, {}, {memoryBytes: 40 * 1024 * 1024});
		expect(error).toMatchObject({kind: 'memory', line: 1});
		expect(values.has('big')).toBe(false);
	});

	test.each([
		['a string one character past it', `"x".repeat(${maxWireChars - 1})`],
		['an object of two million keys', '(() => { const o = {}; for (let i = 0; i < 2e6; i++) o["key" + i] = i; return o })()'],
		['an array of strings that add up past it', `Array.from({length: 17}, () => "y".repeat(1024 * 1024))`],
	])('%s is refused, naming the variable, and nothing is set', async (_what, expression) => {
		const {values, error} = await run(`const value = ${expression};\nclient.setVar("big", value)`, {}, {timeoutMs: 30_000, memoryBytes: 512 * 1024 * 1024});
		expect(error).toMatchObject({kind: 'invalid-value', line: 2});
		expect(error!.message).toBe(`Pre-request script of "Login" failed at line 2: Variable "big" is too large to set: its value is ${tooLarge}; set only the part the next requests need`);
		expect(values.has('big')).toBe(false);
	});

	test('the refusal can be caught, and a smaller value set instead', async () => {
		const {values, error, logs} = await run(`try { client.setVar("big", "z".repeat(${maxWireChars})) } catch (error) { console.log(error.name) }\nclient.setVar("big", "small")`);
		expect(error).toBeUndefined();
		expect(logs.map(entry => entry.text)).toEqual(['InvalidValueError']);
		expect(values.get('big')).toBe('small');
	});

	test('a text past it for client.interpolate is refused', async () => {
		const {error} = await run(`client.interpolate("{{a}}".repeat(${maxWireChars / 4}))`);
		expect(error).toMatchObject({kind: 'thrown', line: 1});
		expect(error!.message).toBe(`Pre-request script of "Login" failed at line 1: RangeError: The text for client.interpolate is ${tooLarge}`);
	});
});
