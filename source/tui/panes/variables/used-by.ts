/**
Where a collection reads each variable: the requests whose placeholders name it (in the URL,
a header, the body, anywhere in the request), and the variables whose values do, since a
value's placeholders are filled too. A placeholder reads the variable its path starts with,
the longest dotted name first, as interpolation resolves it: `{{user.address.city}}` reads
`user`, unless a variable is named `user.address` or `user.address.city`.
*/
import type {Collection} from '../../../core/model.js';
import {findPlaceholders} from '../../../core/interpolate/index.js';
import {parseExpression} from '../../../core/interpolate/path.js';
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {Value} from '../../../core/values.js';

export type Uses = {readonly requests: readonly string[]; readonly variables: readonly string[]};

const none: Uses = {requests: [], variables: []};

/** A request's own fields that are no template: its id, its name and its method. */
const notTemplates = new Set(['id', 'name', 'method']);

const found = new WeakMap<Collection, {names: string; uses: ReadonlyMap<string, Uses>}>();

/** What reads the variable `name`, among the collection's requests and the variables in effect. */
export function usesOf(collection: Collection, variables: readonly EffectiveVariable[], name: string): Uses {
	return allUses(collection, variables).get(name) ?? none;
}

/** Worked out once per collection as stored and set of names: the inspector asks at every frame. */
function allUses(collection: Collection, variables: readonly EffectiveVariable[]): ReadonlyMap<string, Uses> {
	const names = variables.map(variable => variable.name).join('\n');
	const cached = found.get(collection);
	if (cached?.names === names) {
		return cached.uses;
	}

	const inEffect = new Set(variables.map(variable => variable.name));
	const uses = new Map<string, {requests: string[]; variables: string[]}>();
	const note = (texts: readonly string[], user: string, kind: 'requests' | 'variables') => {
		const read = new Set<string>();
		for (const text of texts) {
			for (const {expression} of findPlaceholders(text)) {
				const variable = variableRead(expression, inEffect);
				if (variable !== undefined) {
					read.add(variable);
				}
			}
		}

		for (const variable of read) {
			let entry = uses.get(variable);
			if (entry === undefined) {
				entry = {requests: [], variables: []};
				uses.set(variable, entry);
			}

			entry[kind].push(user);
		}
	};

	for (const request of collection.requests) {
		note(Object.entries(request).filter(([field]) => !notTemplates.has(field)).flatMap(([, part]) => stringsOf(part)), request.name, 'requests');
	}

	for (const variable of variables) {
		note(stringsOf(variable.value), variable.name, 'variables');
	}

	found.set(collection, {names, uses});
	return uses;
}

function variableRead(expression: string, inEffect: ReadonlySet<string>): string | undefined {
	const parsed = parseExpression(expression);
	return parsed.kind === 'variable' ? parsed.path.heads.find(head => inEffect.has(head.name))?.name : undefined;
}

/** Every string in a part of a request or a value, at any depth. */
function stringsOf(part: unknown): string[] {
	if (typeof part === 'string') {
		return part.includes('{{') ? [part] : [];
	}

	if (part === null || typeof part !== 'object' || part instanceof Date) {
		return [];
	}

	return Object.values(part as Record<string, Value>).flatMap(child => stringsOf(child));
}
