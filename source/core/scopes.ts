import type {Variable} from './model.js';
import type {Value, Variables} from './values.js';

export type Scope = 'collection' | 'environment' | 'runtime';

/** The scopes from lowest to highest precedence. */
export const scopes: readonly Scope[] = ['collection', 'environment', 'runtime'];

export type ScopeVariables = readonly Variable[] | Variables;

/** A variable as one scope holds it. */
export type ScopedVariable = Variable & {scope: Scope};

export type EffectiveVariable = ScopedVariable & {
	/**
	The variables of the same name this one hides, lowest scope first, each with the value
	its scope holds: with this one, the override chain the variables pane shows.
	*/
	hidden: ScopedVariable[];
};

/**
Merges the three scopes into the variables that interpolation reads. A name defined in
more than one scope takes its value from the highest: runtime, then environment, then
collection.
*/
export function mergeScopes(collection: ScopeVariables = [], environment: ScopeVariables = [], runtime: ScopeVariables = []): Record<string, Value> {
	const merged: Record<string, Value> = Object.create(null) as Record<string, Value>;
	for (const layer of [collection, environment, runtime]) {
		for (const {name, value} of toVariables(layer)) {
			merged[name] = value;
		}
	}

	return merged;
}

/**
Every variable in effect, with the scope it comes from, sorted by name. A variable that
hides a secret one is secret too: a token a script sets where a secret was stored is as
secret as the stored one.
*/
export function effectiveVariables(layers: Partial<Record<Scope, ScopeVariables>>): EffectiveVariable[] {
	const byName = new Map<string, EffectiveVariable>();
	for (const scope of scopes) {
		for (const variable of toVariables(layers[scope] ?? [])) {
			const below = byName.get(variable.name);
			const secret = variable.secret === true || below?.secret === true;
			byName.set(variable.name, {...variable, ...(secret ? {secret} : {}), scope, hidden: below === undefined ? [] : [...below.hidden, withoutChain(below)]});
		}
	}

	return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function withoutChain({hidden: _hidden, ...variable}: EffectiveVariable): ScopedVariable {
	return variable;
}

function toVariables(layer: ScopeVariables): readonly Variable[] {
	if (Array.isArray(layer)) {
		return layer;
	}

	return Object.entries(layer).map(([name, value]) => ({name, value}));
}
