/**
Problems as a list shows them to a person: a large body with a few undefined variables in
every element has tens of thousands of problems, more than anyone reads and enough to
drown a terminal. A list shows the first ones, where they stand, and one line counts the
rest by kind; a message that names the placeholders names each once, and the first few.
*/
import type {ProblemKind} from './interpolate/problem.js';

/** How many problems a list shows, and how many placeholders a message names. */
export const maxListedProblems = 20;

const kindNames: Readonly<Record<ProblemKind, string>> = {
	'undefined-variable': 'undefined variable',
	'unresolved-path': 'unresolved path',
	cycle: 'loop',
	'invalid-placeholder': 'malformed placeholder',
};

/**
The first maxListedProblems of `problems`, and when there are more, the line that stands for
the others: `…and 56,780 more problems: undefined variable ×56,000, unresolved path ×780`.
*/
export function listedProblems<T extends {kind: ProblemKind}>(problems: readonly T[]): {listed: readonly T[]; rest?: string} {
	if (problems.length <= maxListedProblems) {
		return {listed: problems};
	}

	const counts = new Map<ProblemKind, number>();
	for (let index = maxListedProblems; index < problems.length; index++) {
		const {kind} = problems[index]!;
		counts.set(kind, (counts.get(kind) ?? 0) + 1);
	}

	const byKind = [...counts].map(([kind, count]) => `${kindNames[kind]} ×${grouped(count)}`).join(', ');
	const more = problems.length - maxListedProblems;
	return {listed: problems.slice(0, maxListedProblems), rest: `…and ${grouped(more)} more problem${more === 1 ? '' : 's'}: ${byKind}`};
}

/** The placeholders of `problems`, each once, in order: the first maxListedProblems, then how many others. */
export function placeholderList(problems: ReadonlyArray<{placeholder: string}>): string {
	const distinct = [...new Set(problems.map(problem => problem.placeholder))];
	const named = distinct.slice(0, maxListedProblems).join(', ');
	const others = distinct.length - maxListedProblems;
	return others > 0 ? `${named} and ${grouped(others)} other${others === 1 ? '' : 's'}` : named;
}

function grouped(count: number): string {
	return count.toLocaleString('en-US');
}
