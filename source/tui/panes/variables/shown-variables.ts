/**
The variables the pane lists: those in effect for the selected collection and its chosen
environment, and the selected request's folders' and its own, narrowed to the names that have the filter (`/`), case aside.
*/
import type {Collection} from '../../../core/model.js';
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {TuiState} from '../../app-context.js';
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {selectedOf} from '../../selection.js';
import {keyOf} from './variable-selection.js';

export function shownVariables(world: World, state: Pick<TuiState, 'environments' | 'variableFilter' | 'selection'>, collection: Collection): EffectiveVariable[] {
	const variables = world.variablesInEffect(collection, state.environments[collection.id], state.selection.requestId);
	const filter = state.variableFilter.toLowerCase();
	return filter === '' ? variables : variables.filter(variable => variable.name.toLowerCase().includes(filter));
}

/** Selects the first variable the filter shows when it hides the selected one: keys act on the row shown selected. */
export function keepVariableShown(step: Step, world: World): void {
	const {collection} = selectedOf(world.collections(), step.state);
	if (collection === undefined) {
		return;
	}

	const shown = shownVariables(world, step.state, collection);
	const selected = step.state.selectedVariable;
	const first = shown[0];
	if (first !== undefined && !shown.some(variable => variable.scope === selected?.scope && variable.name === selected.name)) {
		step.dispatch({type: 'selectVariable', variable: keyOf(first)});
	}
}
