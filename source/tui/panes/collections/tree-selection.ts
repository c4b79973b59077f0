/**
The collections pane's selection stays on a row it shows: every action (open, rename,
delete, send...) applies to the selected row, so a filter must never hide it.
*/
import type {Step} from '../../pipeline/step.js';
import type {World} from '../../pipeline/world.js';
import {firstMatch, isShown, treeRows} from './collection-tree.js';

/** Narrows the tree; when that hides the selected row, the first match is selected instead. */
export function applyFilter(step: Step, world: World, filter: string): void {
	step.dispatch({type: 'setFilter', filter});
	keepSelectionShown(step, world);
}

/** Selects the first match when the selected row is not shown (after a delete, or a change of filter). */
export function keepSelectionShown(step: Step, world: World): void {
	const rows = treeRows(world.collections(), step.state);
	if (!isShown(rows, step.state.selection)) {
		step.dispatch({type: 'select', selection: firstMatch(rows)});
	}
}

/**
Clears the filter when it hides the selection, which the user just created or renamed
(`name`): they mean to work on it next, and showing it anyway would make the tree lie about
what its filter shows.
*/
export function revealSelection(step: Step, world: World, name: string): void {
	const {filter, selection} = step.state;
	if (filter !== '' && !isShown(treeRows(world.collections(), step.state), selection)) {
		step.dispatch({type: 'setFilter', filter: ''});
		step.say(`Filter "${filter}" cleared to show "${name}"`);
	}
}

/** Makes `environmentId` the collection's environment, saved at once for the next start and for `curlew run` without --env (a failure to save is said). */
export function chooseEnvironment(step: Step, collectionId: string, environmentId: string | undefined): void {
	step.dispatch({type: 'setEnvironment', collectionId, environmentId});
	step.effect({
		type: 'change',
		run: ({store}) => store.updateSettings(settings => ({...settings, selectedEnvironments: withEnvironment(settings.selectedEnvironments, collectionId, environmentId)})),
	});
}

function withEnvironment(selected: Readonly<Record<string, string>>, collectionId: string, environmentId: string | undefined): Record<string, string> {
	const {[collectionId]: _previous, ...others} = selected;
	return environmentId === undefined ? others : {...others, [collectionId]: environmentId};
}
