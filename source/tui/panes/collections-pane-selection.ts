/**
The collections pane's selection stays on a row it shows: every action (open, rename,
delete, send...) applies to the selected row, so a filter must never hide it.
*/
import {firstMatch, isShown, treeRows} from './collection-tree.js';
import {collectionsNow, say, stateOf, type CommandContext} from './command-context.js';

/** Narrows the tree; when that hides the selected row, the first match is selected instead. */
export function applyFilter(context: CommandContext, filter: string): void {
	context.container.dispatch({type: 'setFilter', filter});
	keepSelectionShown(context);
}

/** Selects the first match when the selected row is not shown (after a delete, or a change of filter). */
export function keepSelectionShown(context: CommandContext): void {
	const rows = treeRows(collectionsNow(context), stateOf(context));
	if (!isShown(rows, stateOf(context).selection)) {
		context.container.dispatch({type: 'select', selection: firstMatch(rows)});
	}
}

/**
Clears the filter when it hides the selection, which the user just created or renamed
(`name`): they mean to work on it next, and showing it anyway would make the tree lie about
what its filter shows.
*/
export function revealSelection(context: CommandContext, name: string): void {
	const {filter, selection} = stateOf(context);
	if (filter !== '' && !isShown(treeRows(collectionsNow(context), stateOf(context)), selection)) {
		context.container.dispatch({type: 'setFilter', filter: ''});
		say(context, `Filter "${filter}" cleared to show "${name}"`);
	}
}
