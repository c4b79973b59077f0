import {describe, expect, test} from 'vitest';
import {loopMark, markLoops} from '../../../source/core/scripts/loop-marks.js';

/** Runs `code` in Node with a recording `loopMark`: what it leaves in `result`, and every line noted. */
function run(code: string): {result: unknown; noted: number[]; last: number} {
	const noted: number[] = [];
	let current = 0;
	const mark = (line: number): number => {
		const replaced = current;
		current = line;
		noted.push(line);
		return replaced;
	};

	const result = new Function(loopMark, `let result;\n${code}\nreturn result;`)(mark) as unknown;
	return {result, noted, last: current};
}

const programs = [
	'result = 0;\nfor (let i = 0; i < 5; i++) result += i;',
	'result = [];\nlet i = 0;\nwhile (i < 3) { result.push(i++); }\ndo result.push(-1); while (false)',
	'result = [];\nouter: for (const a of [1, 2, 3]) {\n\tinner: for (const b in {x: 1, y: 2}) {\n\t\tif (a === 2) continue outer;\n\t\tif (b === "y") break inner;\n\t\tresult.push(a + b);\n\t}\n}',
	'result = 0;\nfunction first(list) {\n\tfor (const item of list) {\n\t\tif (item > 1) return item;\n\t}\n\treturn -1;\n}\nfor (let n = 0; n < 3; n++) result += first([n, n + 1, n + 2]);',
	'result = "";\nif (result === "") while (result.length < 3) result += "a"; else result = "never";\nfor (;;) { result += "!"; break; }',
	'result = [];\nfor (let i = 0; i < 3; i++) result.push(() => i);\nresult = result.map(read => read());',
	'let text = "for (;;) {} // while";\nresult = text; /* do { } while (1) */',
];

describe('markLoops', () => {
	test('leaves what a script computes unchanged, labels, closures and early exits included', async () => {
		for (const code of programs) {
			const marked = await markLoops(code);
			expect(run(marked).result, code).toEqual(run(code).result);
		}
	});

	test('keeps every line, and every statement on its line, where it was', async () => {
		const statements = (line: string): string[] => line.match(/\b(?:for|while|do|result|return|if|break|continue)\b/g) ?? [];
		for (const code of programs) {
			const marked = (await markLoops(code)).split('\n');
			expect(marked.map(line => statements(line)), code).toEqual(code.split('\n').map(line => statements(line)));
		}
	});

	test('notes the running loop\'s line, and the loop around it again when an inner loop ends, also across a call', async () => {
		const code = 'function inner() {\n\tfor (let i = 0; i < 2; i++) {}\n}\nlet n = 0;\nwhile (n < 2) {\n\tn++;\n\tinner();\n}';
		const {noted, last} = run(await markLoops(code));
		// Entry and each iteration note the loop's line; an ending loop puts back the line it found.
		const innerRun = [2, 2, 2, 5];
		expect(noted).toEqual([5, 5, ...innerRun, 5, ...innerRun, 0]);
		expect(last).toBe(0);
	});

	test('leaves a script without loops, or one that does not parse, as it is', async () => {
		expect(await markLoops('client.setVar("a", 1); // no loop here')).toBe('client.setVar("a", 1); // no loop here');
		expect(await markLoops('while (true {')).toBe('while (true {');
	});
});
