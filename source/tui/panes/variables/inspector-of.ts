/** The inspector's document of a variable as the app shows it now: shared by its view, its keys and settle. */
import type {Collection} from '../../../core/model.js';
import type {EffectiveVariable} from '../../../core/scopes.js';
import type {TuiState} from '../../app-context.js';
import type {World} from '../../pipeline/world.js';
import {inspectorDocument, type InspectorDocument} from './inspector-document.js';
import {usesOf} from './used-by.js';

export function inspectorOf(state: Pick<TuiState, 'environments' | 'revealSecrets' | 'selection'>, world: World, collection: Collection, variable: EffectiveVariable, width: number): InspectorDocument {
	const environmentId = state.environments[collection.id];
	const environmentName = collection.environments.find(environment => environment.id === environmentId)?.name;
	const uses = usesOf(collection, world.variablesInEffect(collection, environmentId, state.selection.requestId), variable.name);
	return inspectorDocument(variable, {environmentName, reveal: state.revealSecrets, uses}, width);
}

/** The inspector's first row so that the rows of its cursor's line show, moving no further than that. */
export function inspectorTop(document: InspectorDocument, line: number, top: number, rows: number): number {
	const {first, last} = document.rowsOf(line);
	const lowest = Math.max(0, Math.min(first, last - rows + 1));
	const highest = Math.max(lowest, Math.min(first, document.rows - rows));
	return Math.min(Math.max(top, lowest), highest);
}
