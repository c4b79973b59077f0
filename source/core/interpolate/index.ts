import type {Variables} from '../values.js';
import {interpolateBulk} from './bulk.js';
import type {InterpolateOptions, Interpolation} from './problem.js';
import {Resolver} from './resolver.js';
import {scanJson, scanText} from './scan.js';
import {RecordingTemplateTarget, TemplateTarget, type Fill} from './template-target.js';

export type {InterpolateOptions, Interpolation, InterpolationContext, Problem, ProblemKind} from './problem.js';
export {dynamicVariableNames} from './dynamic.js';
export {envEntryProblem, isEnvNameAllowed} from './env-allowance.js';
export {findPlaceholders, type PlaceholderLocation} from './scan.js';
export {escapeJsonString, renderValue} from './render.js';
export type {Fill} from './template-target.js';

/**
Fills every `{{placeholder}}` in `template` from `variables`.

Never throws: a placeholder that cannot be filled stays exactly as written and is reported
in `problems` with its kind, its text and its offset. See DESIGN section 3 for the rules.
*/
export function interpolate(template: string, variables: Variables, options: InterpolateOptions = {}): Interpolation {
	const target = new TemplateTarget(new Resolver(variables, options.env ?? process.env, options.allowedEnv ?? []));
	const json = options.context === 'json';
	const text = interpolateBulk(template, target, json) ?? (json ? scanJson(template, target) : scanText(template, target));
	kept.target = target;
	return {text, problems: target.problems};
}

/**
As `interpolate`, and what each placeholder of the template itself was filled with, in order:
for checking what values did to the text around them (a URL's shape). Always the general
scanner, which fills placeholders one by one.
*/
export function interpolateRecordingFills(template: string, variables: Variables, options: InterpolateOptions = {}): Interpolation & {fills: Fill[]} {
	const target = new RecordingTemplateTarget(new Resolver(variables, options.env ?? process.env, options.allowedEnv ?? []));
	const text = options.context === 'json' ? scanJson(template, target) : scanText(template, target);
	return {text, problems: target.problems, fills: target.fills};
}

/*
V8 throws optimized code away at a full garbage collection once every object of a shape it
was compiled for has died, and the next interpolation of a large body runs slow code until
it is compiled again. Keeping the last interpolation's objects (its resolver's lookups and
memos) keeps their shapes alive, so a send after a collection is as fast as the one before.
*/
const kept: {target?: TemplateTarget} = {};
