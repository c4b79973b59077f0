/**
Resolves placeholders against variables, one interpolation at a time.

Variable values are interpolated too: a string value's placeholders, and those in string
leaves of objects and arrays. A variable is resolved once per interpolation and cached.
The dependencies between variables are walked with an explicit stack, not recursion, so a
chain of any length resolves without overflowing the stack, and a cycle is reported
instead of looping.
*/
import {kindOf, mapStrings, type Value, type Variables} from '../values.js';
import {dynamicValue} from './dynamic.js';
import {envRefusal, isEnvNameAllowed} from './env-allowance.js';
import {formatSteps, parseExpression, type ParsedExpression, type Path, type Step} from './path.js';
import type {Problem, ProblemKind} from './problem.js';
import {renderAnywhere, renderValue, type Position} from './render.js';
import {scanText, type Place, type ScanTarget} from './scan.js';

export type Finding = {kind: ProblemKind; placeholder: string; message: string};

type Resolved = {
	value: Value;
	/** Problems found in this variable's own value. */
	findings: Finding[];
	/** Variables this one's placeholders used. */
	uses: string[];
	/** Whether any problem lies in this variable or anything it uses. */
	troubled: boolean;
	/** The placeholders of every problem that lies in this variable or anything it uses. */
	problemPlaceholders: ReadonlySet<string>;
};

/** What a placeholder reads, and the variable it read it from (`head`), if any. */
type Lookup = ({value: Value} | {finding: Finding}) & {head?: string};

type Memo = {
	lookup: Lookup;
	/** The variable the placeholder reads, when a problem inside it shows in what it reads. */
	troubledHead: string | undefined;
	/** The text wherever the placeholder stands, for values that read the same anywhere. */
	anywhere: string | undefined;
	text: string | undefined;
	jsonString: string | undefined;
	jsonValue: string | undefined;
};

/** The text of all the placeholders of one expression and position; `troubled` when each has problems to report. */
export type KeyText = {text: string; troubled: boolean};

/** What a scan reports to: the template itself, or a variable being resolved. */
export type Sink = {
	report(finding: Finding, offset: number): void;
	use(name: string, offset?: number): void;
};

const wholePlaceholder = /^\{\{[^{}]*\}\}$/;

/*
Parsing depends on the expression's text alone, so it is shared by every interpolation:
the same URL or body is filled again on every send and every preview. Bounded, so a
stream of distinct expressions cannot grow it without end.
*/
const parsedExpressions = new Map<string, ParsedExpression>();
const parsedExpressionsLimit = 10_000;

export class Resolver {
	private readonly resolved = new Map<string, Resolved>();
	/** Variables being resolved, outermost first: the explicit stack of the walk. */
	private readonly active: string[] = [];
	private readonly activeSet = new Set<string>();
	private readonly memos = new Map<string, Memo>();

	constructor(
		private readonly variables: Variables,
		private readonly env: Readonly<Record<string, string | undefined>>,
		/** The names of `env` placeholders may read (see env-allowance.ts). */
		private readonly allowedEnv: readonly string[],
	) {}

	/** The text for one placeholder; the placeholder itself, unchanged, when it cannot be filled. */
	fill(expression: string, place: Place, offset: number, sink: Sink): string {
		const memo = this.memoOf(expression);
		if (memo.troubledHead !== undefined) {
			sink.use(memo.troubledHead, offset);
		}

		const {lookup} = memo;
		if ('finding' in lookup) {
			sink.report(lookup.finding, offset);
			return lookup.finding.placeholder;
		}

		return memo.anywhere ?? this.rendered(memo, lookup.value, place.position());
	}

	/**
	The text of every placeholder of `expression` standing at `position`, when it is the same
	for each (what the bulk path copies), and whether each has problems to report with `fill`.
	Undefined for a dynamic value or a cycle, which differ from one placeholder to the next.
	*/
	fillEverywhere(expression: string, position: Position): KeyText | undefined {
		const memo = this.memoOf(expression);
		if (!this.memos.has(expression)) {
			return undefined;
		}

		const {lookup} = memo;
		if ('finding' in lookup) {
			return {text: lookup.finding.placeholder, troubled: true};
		}

		return {text: memo.anywhere ?? this.rendered(memo, lookup.value, position), troubled: memo.troubledHead !== undefined};
	}

	private memoOf(expression: string): Memo {
		let memo = this.memos.get(expression);
		if (memo === undefined) {
			const lookup = this.lookup(`{{${expression}}}`, expression);
			const troubledHead = this.troubleReached(lookup);
			const anywhere = 'value' in lookup ? renderAnywhere(lookup.value) : undefined;
			memo = {lookup, troubledHead, anywhere, text: undefined, jsonString: undefined, jsonValue: undefined};
			if (this.isMemoizable(expression, lookup)) {
				this.memos.set(expression, memo);
			}
		}

		return memo;
	}

	private rendered(memo: Memo, value: Value, position: Position): string {
		switch (position) {
			case 'text': {
				return (memo.text ??= renderValue(value, 'text'));
			}

			case 'json-string': {
				return (memo.jsonString ??= renderValue(value, 'json-string'));
			}

			case 'json-value': {
				return (memo.jsonValue ??= renderValue(value, 'json-value'));
			}
		}
	}

	/** Whether what a placeholder gives is the same every time in this interpolation: not for dynamic values or a cycle seen mid-resolution. */
	private isMemoizable(expression: string, lookup: Lookup): boolean {
		return this.expression(expression).kind !== 'dynamic' && !('finding' in lookup && lookup.finding.kind === 'cycle');
	}

	/** Every problem that lies inside `name`'s value or the variables it uses, with the chain that leads there. */
	inheritedProblems(name: string, offset: number): Problem[] {
		const problems: Problem[] = [];
		const visited = new Set<string>();
		// Each hop keeps the one it came from, so a chain is written out only for a problem found at its end.
		const pending: Hop[] = [{name, from: undefined}];
		while (pending.length > 0) {
			const hop = pending.pop()!;
			const entry = this.resolved.get(hop.name);
			if (entry === undefined || !entry.troubled || visited.has(hop.name)) {
				continue;
			}

			visited.add(hop.name);
			if (entry.findings.length > 0) {
				const via = chainTo(hop);
				for (const finding of entry.findings) {
					problems.push({...finding, offset, via});
				}
			}

			for (let index = entry.uses.length - 1; index >= 0; index--) {
				pending.push({name: entry.uses[index]!, from: hop});
			}
		}

		return problems;
	}

	private expression(expression: string): ParsedExpression {
		let parsed = parsedExpressions.get(expression);
		if (parsed === undefined) {
			if (parsedExpressions.size >= parsedExpressionsLimit) {
				parsedExpressions.clear();
			}

			parsed = parseExpression(expression.trim());
			parsedExpressions.set(expression, parsed);
		}

		return parsed;
	}

	/**
	The variable `lookup` read, when a problem inside it shows in what was read: `{{cfg.url}}`
	reads a plain leaf of a `cfg` whose `token` leaf is unresolved, and has no problem.
	*/
	private troubleReached(lookup: Lookup): string | undefined {
		const {head} = lookup;
		if (head === undefined || !('value' in lookup) || this.resolved.get(head)?.troubled !== true) {
			return undefined;
		}

		return mentionsAny(lookup.value, this.resolved.get(head)!.problemPlaceholders) ? head : undefined;
	}

	private lookup(raw: string, expression: string): Lookup {
		const parsed = this.expression(expression);
		switch (parsed.kind) {
			case 'invalid': {
				return {finding: {kind: 'invalid-placeholder', placeholder: raw, message: `${raw} is not a valid placeholder: ${parsed.reason}`}};
			}

			case 'dynamic': {
				const value = dynamicValue(parsed.name);
				return value === undefined
					? {finding: {kind: 'undefined-variable', placeholder: raw, message: `${raw}: there is no dynamic variable $${parsed.name}; see the README for the list`}}
					: {value};
			}

			case 'env': {
				if (!isEnvNameAllowed(parsed.name, this.allowedEnv)) {
					return {finding: {kind: 'undefined-variable', placeholder: raw, message: envRefusal(raw, parsed.name)}};
				}

				const value = Object.hasOwn(this.env, parsed.name) ? this.env[parsed.name] : undefined;
				return value === undefined
					? {finding: {kind: 'undefined-variable', placeholder: raw, message: `${raw}: the environment variable ${parsed.name} is not set`}}
					: {value};
			}

			case 'variable': {
				return this.lookupPath(raw, parsed.path);
			}
		}
	}

	private lookupPath(raw: string, path: Path): Lookup {
		const head = this.headOf(path);
		if (head === undefined) {
			const name = path.words[0]!;
			const also = path.words.length > 1 ? ` (nor one named "${path.words.join('.')}")` : '';
			return {finding: {kind: 'undefined-variable', placeholder: raw, message: `${raw}: no variable named "${name}"${also} is defined in the collection, the environment or the runtime`}};
		}

		if (this.activeSet.has(head.name) && !this.resolved.has(head.name)) {
			// A leaf of the variable being resolved, read by another of its leaves (base: "http://{{api.host}}"), is no loop when it holds no placeholder.
			const sibling = head.steps.length > 0 ? walk(raw, head.name, this.variables[head.name]!, head.steps) : undefined;
			if (sibling !== undefined && 'value' in sibling && !holdsPlaceholders(sibling.value)) {
				return sibling;
			}

			const loop = [...this.active.slice(this.active.indexOf(head.name)), head.name].join(' → ');
			return {finding: {kind: 'cycle', placeholder: raw, message: `${raw}: variable "${head.name}" refers back to itself (${loop}); the loop is left unresolved`}};
		}

		const entry = this.resolve(head.name);
		const found = walk(raw, head.name, entry.value, head.steps);
		return 'value' in found ? {value: found.value, head: head.name} : {finding: found.finding, head: head.name};
	}

	/** The variable a path reads and the steps after it: the longest dotted name that exists wins. */
	private headOf(path: Path): {name: string; steps: Step[]} | undefined {
		return path.heads.find(head => Object.hasOwn(this.variables, head.name));
	}

	/** Resolves `name` and every variable it depends on, deepest first. */
	private resolve(name: string): Resolved {
		const cached = this.resolved.get(name);
		if (cached !== undefined) {
			return cached;
		}

		const value = this.variables[name]!;
		if (!holdsPlaceholders(value)) {
			const plain: Resolved = {value, findings: [], uses: [], troubled: false, problemPlaceholders: noPlaceholders};
			this.resolved.set(name, plain);
			return plain;
		}

		const frames: Array<{name: string; dependencies: string[]; next: number}> = [];
		const enter = (variable: string) => {
			this.active.push(variable);
			this.activeSet.add(variable);
			frames.push({name: variable, dependencies: this.dependenciesOf(variable), next: 0});
		};

		enter(name);
		while (frames.length > 0) {
			const frame = frames.at(-1)!;
			if (frame.next < frame.dependencies.length) {
				const dependency = frame.dependencies[frame.next++]!;
				if (!this.resolved.has(dependency) && !this.activeSet.has(dependency)) {
					enter(dependency);
				}

				continue;
			}

			this.resolved.set(frame.name, this.compute(frame.name));
			frames.pop();
			this.active.pop();
			this.activeSet.delete(frame.name);
		}

		return this.resolved.get(name)!;
	}

	/** The variables a variable's value names in its placeholders; nothing is resolved yet. */
	private dependenciesOf(name: string): string[] {
		const finder = new DependencyFinder(this);
		forEachString(this.variables[name]!, text => {
			if (text.includes('{{')) {
				scanText(text, finder);
			}
		});
		return finder.dependencies;
	}

	/** The variable a placeholder reads, if it reads one that exists. */
	headName(expression: string): string | undefined {
		const parsed = this.expression(expression);
		return parsed.kind === 'variable' ? this.headOf(parsed.path)?.name : undefined;
	}

	private compute(name: string): Resolved {
		const target = new VariableTarget(this);
		const {findings, uses} = target;
		const interpolateString = (text: string): Value => {
			if (!text.includes('{{')) {
				return text;
			}

			if (wholePlaceholder.test(text)) {
				// A value that is one placeholder takes the kind of what it names: "{{users[0]}}" is an object.
				const lookup = this.lookup(text, text.slice(2, -2));
				const troubledHead = this.troubleReached(lookup);
				if (troubledHead !== undefined) {
					target.use(troubledHead);
				}

				if ('value' in lookup) {
					return lookup.value;
				}

				target.report(lookup.finding);
				return text;
			}

			return scanText(text, target);
		};

		const value = mapStrings(this.variables[name]!, interpolateString);
		const usedNames = [...uses];
		// What the variables used hold is known already: a variable is used only once it is resolved (see troubleReached).
		const problemPlaceholders = new Set(findings.map(finding => finding.placeholder));
		for (const used of usedNames) {
			for (const placeholder of this.resolved.get(used)?.problemPlaceholders ?? noPlaceholders) {
				problemPlaceholders.add(placeholder);
			}
		}

		return {value, findings, uses: usedNames, troubled: problemPlaceholders.size > 0, problemPlaceholders};
	}
}

/** Collects the variables a value's placeholders name, filling nothing. */
class DependencyFinder implements ScanTarget {
	readonly dependencies: string[] = [];

	constructor(private readonly resolver: Resolver) {}

	fill(expression: string): string {
		const head = this.resolver.headName(expression);
		if (head !== undefined) {
			this.dependencies.push(head);
		}

		return '';
	}

	unterminated(): void {
		// Reported when the value is filled, by VariableTarget.
	}
}

/** Fills the placeholders inside one variable's value; its problems belong to that variable. */
class VariableTarget implements ScanTarget, Sink {
	readonly findings: Finding[] = [];
	readonly uses = new Set<string>();

	constructor(private readonly resolver: Resolver) {}

	fill(expression: string, offset: number, place: Place): string {
		return this.resolver.fill(expression, place, offset, this);
	}

	unterminated(raw: string, _offset: number, reason: string): void {
		this.findings.push({kind: 'invalid-placeholder', placeholder: raw, message: `${raw}: the placeholder is unterminated: ${reason}`});
	}

	report(finding: Finding): void {
		this.findings.push(finding);
	}

	use(name: string): void {
		this.uses.add(name);
	}
}

function walk(raw: string, head: string, start: Value, steps: readonly Step[]): Lookup {
	let value = start;
	for (let index = 0; index < steps.length; index++) {
		const step = steps[index]!;
		const next = stepInto(value, step);
		if (next === undefined) {
			const reached = formatSteps(head, steps.slice(0, index));
			return {finding: {kind: 'unresolved-path', placeholder: raw, message: `${raw}: ${explainMiss(reached, value, step)}`}};
		}

		value = next;
	}

	return {value};
}

function stepInto(value: Value, step: Step): Value | undefined {
	if (value === null || typeof value !== 'object' || value instanceof Date) {
		return undefined;
	}

	if (Array.isArray(value)) {
		return step.kind === 'index' && step.index < value.length ? value[step.index] : undefined;
	}

	const key = step.kind === 'index' ? String(step.index) : step.key;
	return Object.hasOwn(value, key) ? value[key] : undefined;
}

function explainMiss(reached: string, value: Value, step: Step): string {
	const kind = kindOf(value);
	if (Array.isArray(value)) {
		return step.kind === 'index'
			? `"${reached}" has ${value.length} element${value.length === 1 ? '' : 's'}, so index ${step.index} is out of range`
			: `"${reached}" is an array: reach its elements with an index such as [0]`;
	}

	if (kind === 'object') {
		const key = step.kind === 'index' ? String(step.index) : step.key;
		return `"${reached}" has no property "${key}"`;
	}

	return `"${reached}" is ${kind === 'null' ? 'null' : `a ${kind}`}, which has no ${step.kind === 'index' ? `element [${step.index}]` : `property "${step.key}"`}`;
}

/*
Values frozen all the way down (all the store hands out) cannot change, so whether one
holds a placeholder is worked out once per object, not on every interpolation.
*/
const frozenWithoutPlaceholders = new WeakSet<object>();

function holdsPlaceholders(value: Value): boolean {
	if (typeof value === 'string') {
		return value.includes('{{');
	}

	if (value === null || typeof value !== 'object' || value instanceof Date || frozenWithoutPlaceholders.has(value)) {
		return false;
	}

	let frozen = true;
	const found = someString(value, text => text.includes('{{'), object => {
		frozen &&= Object.isFrozen(object);
	});
	if (!found && frozen) {
		frozenWithoutPlaceholders.add(value);
	}

	return found;
}

const noPlaceholders: ReadonlySet<string> = new Set();

/** A variable reached while gathering inherited problems, and the one it was reached from. */
type Hop = {name: string; from: Hop | undefined};

/** The names of the chain that leads to `hop`, first to last. */
function chainTo(hop: Hop): string[] {
	const names: string[] = [];
	for (let current: Hop | undefined = hop; current !== undefined; current = current.from) {
		names.push(current.name);
	}

	return names.reverse();
}

/** Whether a string in `value` (itself, or a leaf of it) holds one of `texts`. */
function mentionsAny(value: Value, texts: ReadonlySet<string>): boolean {
	return texts.size > 0 && someString(value, text => {
		for (const wanted of texts) {
			if (text.includes(wanted)) {
				return true;
			}
		}

		return false;
	});
}

function forEachString(value: Value, visit: (text: string) => void): void {
	someString(value, text => {
		visit(text);
		return false;
	});
}

/**
Whether `test` holds for a string of `value` (itself, or a leaf of it), stopping at the
first that does. `enter` sees each object and array on the way. Walked with a list, not
recursion: a value may be deep, or wide (spreading 200,000 elements overflows the stack).
*/
function someString(value: Value, test: (text: string) => boolean, enter?: (object: object) => void): boolean {
	const pending: Value[] = [value];
	while (pending.length > 0) {
		const current = pending.pop()!;
		if (typeof current === 'string') {
			if (test(current)) {
				return true;
			}
		} else if (current !== null && typeof current === 'object' && !(current instanceof Date)) {
			enter?.(current);
			const children = Array.isArray(current) ? current : Object.values(current);
			// Pushed last first, so the leaves are seen in order.
			for (let index = children.length - 1; index >= 0; index--) {
				pending.push(children[index]!);
			}
		}
	}

	return false;
}
