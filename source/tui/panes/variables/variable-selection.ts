/**
Which row of the variables pane is selected. The selection is a variable, known by its
scope and name, so it stays on that variable while rows come and go around it: a variable
added or deleted, a runtime one set by a script, another environment chosen.
*/
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {VariableKey} from './variable-types.js';

export function keyOf(variable: EffectiveVariable): VariableKey {
	return {scope: variable.scope, name: variable.name};
}

/**
The row of the selected variable. When it is gone, the row it sorted at: its neighbour,
or the same name from another scope when that one shows now. No selection is the first row.
*/
export function selectedRow(variables: readonly EffectiveVariable[], selected: VariableKey | undefined): number {
	if (selected === undefined) {
		return 0;
	}

	const same = variables.findIndex(variable => variable.scope === selected.scope && variable.name === selected.name);
	if (same !== -1) {
		return same;
	}

	// Rows are sorted by name with localeCompare (effectiveVariables), so this is where the name sorted.
	const next = variables.findIndex(variable => variable.name.localeCompare(selected.name) >= 0);
	return next === -1 ? Math.max(0, variables.length - 1) : next;
}
