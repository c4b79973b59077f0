import type {Variables} from '../values.js';
import {interpolateBulk} from './bulk.js';
import type {InterpolateOptions, Interpolation, Problem} from './problem.js';
import {Resolver, type Finding, type Sink} from './resolver.js';
import {scanJson, scanText, type Place, type ScanTarget} from './scan.js';

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
	const json = options.context === 'json';
	const bulk = interpolateBulk(template, resolver, json);
	if (bulk !== undefined) {
		return {text: bulk, problems: []};
	}

	const target = new TemplateTarget(resolver);
	const text = json ? scanJson(template, target) : scanText(template, target);
	kept.target = target;
	return {text, problems: target.problems};
}

/*
V8 throws optimized code away at a full garbage collection once every object of a shape it
was compiled for has died, and the next interpolation of a large body runs slow code until
it is compiled again. Keeping the last interpolation's objects (its resolver's lookups and
memos) keeps their shapes alive, so a send after a collection is as fast as the one before.
*/
const kept: {target?: TemplateTarget} = {};

/** Fills the placeholders of the template itself; problems point at them by offset. */
class TemplateTarget implements ScanTarget, Sink {
	readonly problems: Problem[] = [];

	constructor(private readonly resolver: Resolver) {}

	fill(expression: string, offset: number, place: Place): string {
		return this.resolver.fill(expression, place, offset, this);
	}

	unterminated(raw: string, offset: number, reason: string): void {
		this.problems.push({kind: 'invalid-placeholder', placeholder: raw, offset, via: [], message: `${raw}: the placeholder is unterminated: ${reason}`});
	}

	report(finding: Finding, offset: number): void {
		this.problems.push({...finding, offset, via: []});
	}

	use(name: string, offset = 0): void {
		for (const problem of this.resolver.inheritedProblems(name, offset)) {
			this.problems.push(problem);
		}
	}
}
