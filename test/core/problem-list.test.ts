import {describe, expect, it} from 'vitest';
import type {ProblemKind} from '../../source/core/interpolate/problem.js';
import {listedProblems, maxListedProblems, placeholderList} from '../../source/core/problem-list.js';

const problem = (kind: ProblemKind, placeholder = '{{x}}') => ({kind, placeholder});

describe('listedProblems', () => {
	it('lists up to 20 problems whole', () => {
		const problems = Array.from({length: maxListedProblems}, (_, index) => problem('undefined-variable', `{{v${index}}}`));
		expect(listedProblems(problems)).toEqual({listed: problems});
	});

	it('lists the first 20, and one line counts the others by kind, in the order they come', () => {
		const first = Array.from({length: maxListedProblems}, () => problem('undefined-variable'));
		const others = [problem('unresolved-path'), ...Array.from({length: 1234}, () => problem('undefined-variable')), problem('cycle'), problem('invalid-placeholder'), problem('unresolved-path')];
		expect(listedProblems([...first, ...others])).toEqual({
			listed: first,
			rest: '…and 1,238 more problems: unresolved path ×2, undefined variable ×1,234, loop ×1, malformed placeholder ×1',
		});
	});

	it('says one problem more in the singular', () => {
		const problems = Array.from({length: maxListedProblems + 1}, () => problem('cycle'));
		expect(listedProblems(problems).rest).toBe('…and 1 more problem: loop ×1');
	});
});

describe('placeholderList', () => {
	it('names each placeholder once, in order', () => {
		expect(placeholderList([problem('undefined-variable', '{{a}}'), problem('undefined-variable', '{{b}}'), problem('undefined-variable', '{{a}}')])).toBe('{{a}}, {{b}}');
	});

	it('names the first 20 and counts the others', () => {
		const problems = Array.from({length: 3000}, (_, index) => problem('undefined-variable', `{{v${index % 23}}}`));
		expect(placeholderList(problems)).toBe(`${Array.from({length: 20}, (_, index) => `{{v${index}}}`).join(', ')} and 3 others`);
		expect(placeholderList(problems.slice(0, 21))).toBe(`${Array.from({length: 20}, (_, index) => `{{v${index}}}`).join(', ')} and 1 other`);
	});
});
