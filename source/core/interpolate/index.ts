import type {Variables} from '../values.js';
import type {InterpolateOptions, Interpolation, Problem} from './problem.js';
import {Resolver} from './resolver.js';
import {scanJson, scanText} from './scan.js';

export type {InterpolateOptions, Interpolation, InterpolationContext, Problem, ProblemKind} from './problem.js';
export {dynamicVariableNames} from './dynamic.js';
export {findPlaceholders, type PlaceholderLocation} from './scan.js';
export {escapeJsonString, renderValue} from './render.js';

/**
Fills every `{{placeholder}}` in `template` from `variables`.

Never throws: a placeholder that cannot be filled stays exactly as written and is reported
in `problems` with its kind, its text and its offset. See DESIGN section 3 for the rules.
*/
export function interpolate(template: string, variables: Variables, options: InterpolateOptions = {}): Interpolation {
	const resolver = new Resolver(variables, options.env ?? process.env);
	const problems: Problem[] = [];
	const sink = {
		report(finding: Omit<Problem, 'offset' | 'via'>, offset: number) {
			problems.push({...finding, offset, via: []});
		},
		use(name: string, offset = 0) {
			for (const problem of resolver.inheritedProblems(name, offset)) {
				problems.push(problem);
			}
		},
	};
	const reportUnterminated = (raw: string, offset: number, reason: string) => {
		problems.push({kind: 'invalid-placeholder', placeholder: raw, offset, via: [], message: `${raw}: the placeholder is unterminated: ${reason}`});
	};

	const scan = options.context === 'json' ? scanJson : scanText;
	const text = scan(template, (expression, offset, position) => resolver.fill(expression, position, offset, sink), reportUnterminated);
	return {text, problems};
}
