import {describe, expect, test} from 'vitest';
import {loopMark, markLines, throwMark} from '../../../source/core/scripts/line-marks.js';

/** Runs `code` in Node with a recording `loopMark` and `throwMark`: what it leaves in `result` (or throws), every loop line noted, and the throws. */
function run(code: string): {result: unknown; noted: number[]; last: number; throws: Array<[number, unknown]>} {
	const noted: number[] = [];
	const throws: Array<[number, unknown]> = [];
	let current = 0;
	const mark = (line: number): number => {
		const replaced = current;
		current = line;
		noted.push(line);
		return replaced;
	};

	const markThrow = (line: number, value: unknown): unknown => {
		throws.push([line, value]);
		return value;
	};

	let result: unknown;
	try {
		result = new Function(loopMark, throwMark, `let result;\n${code}\nreturn result;`)(mark, markThrow) as unknown;
	} catch (error) {
		result = {threw: error};
	}

	return {result, noted, last: current, throws};
}

const programs = [
	'result = 0;\nfor (let i = 0; i < 5; i++) result += i;',
	'result = [];\nlet i = 0;\nwhile (i < 3) { result.push(i++); }\ndo result.push(-1); while (false)',
	'result = [];\nouter: for (const a of [1, 2, 3]) {\n\tinner: for (const b in {x: 1, y: 2}) {\n\t\tif (a === 2) continue outer;\n\t\tif (b === "y") break inner;\n\t\tresult.push(a + b);\n\t}\n}',
	'result = 0;\nfunction first(list) {\n\tfor (const item of list) {\n\t\tif (item > 1) return item;\n\t}\n\treturn -1;\n}\nfor (let n = 0; n < 3; n++) result += first([n, n + 1, n + 2]);',
	'result = "";\nif (result === "") while (result.length < 3) result += "a"; else result = "never";\nfor (;;) { result += "!"; break; }',
	'result = [];\nfor (let i = 0; i < 3; i++) result.push(() => i);\nresult = result.map(read => read());',
	'let text = "for (;;) {} // while";\nresult = text; /* do { } while (1) */',
	'result = [];\nfor (const n of [1, 2, 3]) try { if (n === 2) throw n * 10; result.push(n) } catch (caught) { result.push(caught) }\nwhile (result.length < 5) throw "done"',
];

describe('markLines', () => {
	test('leaves what a script computes unchanged, labels, closures and early exits included', async () => {
		for (const code of programs) {
			const marked = await markLines(code);
			expect(run(marked).result, code).toEqual(run(code).result);
		}
	});

	test('keeps every line, and every statement on its line, where it was', async () => {
		const statements = (line: string): string[] => line.match(/\b(?:for|while|do|result|return|if|break|continue|throw)\b/g) ?? [];
		for (const code of programs) {
			const marked = (await markLines(code)).split('\n');
			expect(marked.map(line => statements(line)), code).toEqual(code.split('\n').map(line => statements(line)));
		}
	});

	test('notes the running loop\'s line, and the loop around it again when an inner loop ends, also across a call', async () => {
		const code = 'function inner() {\n\tfor (let i = 0; i < 2; i++) {}\n}\nlet n = 0;\nwhile (n < 2) {\n\tn++;\n\tinner();\n}';
		const {noted, last} = run(await markLines(code));
		// Entry and each iteration note the loop's line; an ending loop puts back the line it found.
		const innerRun = [2, 2, 2, 5];
		expect(noted).toEqual([5, 5, ...innerRun, 5, ...innerRun, 0]);
		expect(last).toBe(0);
	});

	test('passes each thrown value through with the line of its throw, also inside a loop and a function', async () => {
		const code = 'function check(n) {\n\tif (n > 1) throw {n}\n}\nfor (let i = 0; i < 3; i++) try { check(i) } catch (caught) { result = caught }\nwhile (true) throw result.n';
		const {result, throws} = run(await markLines(code));
		expect(throws).toEqual([[2, {n: 2}], [5, 2]]);
		expect(result).toEqual({threw: 2});
	});

	test('leaves a script without loops or throws, or one that does not parse, as it is', async () => {
		expect(await markLines('client.setVar("a", 1); // no loop here')).toBe('client.setVar("a", 1); // no loop here');
		expect(await markLines('while (true {')).toBe('while (true {');
	});
});
