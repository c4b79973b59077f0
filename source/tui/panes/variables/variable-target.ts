/**
Where an edit of a variable goes: the scope it is saved in (the one that wins, or another to
override it there), the part of the value it changes, and the value that scope held when
the edit began, which a save checks is still there (see edit-conflict.ts).
*/
import type {Collection} from '../../../core/model.js';
import type {EffectiveVariable, Scope, ScopedVariable} from '../../../core/scopes.js';
import type {TuiState} from '../../app-context.js';
import type {ValueKey, VariableTarget} from './variable-types.js';

/** The variable as `scope` holds it, under or as the one in effect; undefined when that scope has none. */
export function heldIn(variable: EffectiveVariable, scope: Scope): ScopedVariable | undefined {
	return variable.scope === scope ? variable : variable.hidden.findLast(hidden => hidden.scope === scope);
}

export function targetFor(collection: Collection, state: Pick<TuiState, 'environments'>, variable: EffectiveVariable, scope: Scope = variable.scope, path?: readonly ValueKey[]): VariableTarget {
	const held = heldIn(variable, scope);
	return {
		collectionId: collection.id,
		scope,
		environmentId: scope === 'environment' ? state.environments[collection.id] : undefined,
		name: variable.name,
		isNew: held === undefined,
		secret: variable.secret,
		...(held === undefined ? {} : {opened: held.value}),
		...(path === undefined || path.length === 0 ? {} : {path}),
	};
}

/** The key a refused text of this edit is kept under, to be offered again (see AppState.valueDrafts). */
export function draftKeyOf(target: VariableTarget): string {
	return JSON.stringify([target.collectionId, target.scope, target.environmentId ?? '', target.name, target.path ?? []]);
}
