import {foldersOf, type Collection, type Folder, type Request, type Variable} from './model.js';
import type {Value, Variables} from './values.js';

export type Scope = 'collection' | 'environment' | 'folder' | 'request' | 'runtime';

/** The scopes from lowest to highest precedence, as Bruno orders them. */
export const scopes: readonly Scope[] = ['collection', 'environment', 'folder', 'request', 'runtime'];

export type ScopeVariables = readonly Variable[] | Variables;

/**
What each scope holds for one request. `folders` are the folders the request is in,
outermost first: a folder's variable hides its parent folder's.
*/
export type ScopeLayers = {
	collection?: ScopeVariables;
	environment?: ScopeVariables;
	folders?: ReadonlyArray<{path: string; variables: ScopeVariables}>;
	request?: ScopeVariables;
	runtime?: ScopeVariables;
};

/** A variable as one scope holds it; `folder` is the folder's path, for the folder scope. */
export type ScopedVariable = Variable & {scope: Scope; folder?: string};

export type EffectiveVariable = ScopedVariable & {
	/**
	The variables of the same name this one hides, lowest scope first, each with the value
	its scope holds: with this one, the override chain the variables pane shows.
	*/
	hidden: ScopedVariable[];
};

/** The folder and request layers of a request: its folders' variables and its own. */
export function requestLayers(collection: Pick<Collection, 'folders'>, request: Pick<Request, 'name' | 'variables'> | undefined): {folders?: Folder[]; request?: Variable[]} {
	if (request === undefined) {
		return {};
	}

	return {folders: foldersOf(collection, request), request: request.variables ?? []};
}

/**
Merges the scopes into the variables that interpolation reads. A name defined in more than
one scope takes its value from the highest: runtime, then the request, its folders (the
innermost first), the environment, and the collection.
*/
export function mergeScopes(layers: ScopeLayers): Record<string, Value> {
	const merged: Record<string, Value> = Object.create(null) as Record<string, Value>;
	for (const {variables} of orderedLayers(layers)) {
		for (const {name, value} of toVariables(variables)) {
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
export function effectiveVariables(layers: ScopeLayers): EffectiveVariable[] {
	const byName = new Map<string, EffectiveVariable>();
	for (const {scope, folder, variables} of orderedLayers(layers)) {
		for (const variable of toVariables(variables)) {
			const below = byName.get(variable.name);
			const secret = variable.secret === true || below?.secret === true;
			byName.set(variable.name, {
				...variable,
				...(secret ? {secret} : {}),
				scope,
				...(folder === undefined ? {} : {folder}),
				hidden: below === undefined ? [] : [...below.hidden, withoutChain(below)],
			});
		}
	}

	return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function orderedLayers(layers: ScopeLayers): Array<{scope: Scope; folder?: string; variables: ScopeVariables}> {
	return [
		{scope: 'collection', variables: layers.collection ?? []},
		{scope: 'environment', variables: layers.environment ?? []},
		...(layers.folders ?? []).map(({path, variables}) => ({scope: 'folder' as const, folder: path, variables})),
		{scope: 'request', variables: layers.request ?? []},
		{scope: 'runtime', variables: layers.runtime ?? []},
	];
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
