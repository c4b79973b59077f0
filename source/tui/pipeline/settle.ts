/**
What every step leaves in order once its keys are handled, worked out from the state and the
data: the lists scrolled to keep their selection in sight, the variables pane's selection
on a row it shows, and the response pane's documents and sizes following what it shows.
Views draw this; none of them writes anything back.
*/
import {samePreviewKey} from '../app-state.js';
import {rememberedViewOf, sameView} from '../remembered-view.js';
import {contentSize, layoutOf} from '../layout.js';
import {selectedOf} from '../selection.js';
import {scrollTop, selectedRowIndex, treeRows} from '../panes/collections/collection-tree.js';
import type {Collection} from '../../core/model.js';
import type {EffectiveVariable} from '../../core/scopes.js';
import {inspectorOf, inspectorTop} from '../panes/variables/inspector-of.js';
import {variablesAreasOf, type Area} from '../panes/variables/pane-areas.js';
import {shownVariables} from '../panes/variables/shown-variables.js';
import {keyOf, selectedRow} from '../panes/variables/variable-selection.js';
import {createPaneState, syncPane, type PaneDocuments, type PaneState, type ViewSizes} from '../panes/response/pane-state.js';
import {responseInner, responseSizes} from '../panes/response/response-layout.js';
import {bodyViewOf, needsFormatting, responseDocuments, shownResponse, type BodyView} from '../panes/response/shown-response.js';
import {filterOutcomeOf} from '../panes/response/filtered-body.js';
import type {SendResult} from '../../core/http/types.js';
import type {Step} from './step.js';
import type {World} from './world.js';

export function settle(step: Step, world: World): void {
	closeOrphanedField(step, world);
	settleLists(step, world);
	settleResponse(step, world);
	settlePreview(step, world);
	rememberView(step);
}

/** A change of what is shown again at the next start is handed to the runner, which writes it when the app is left. */
function rememberView(step: Step): void {
	const view = rememberedViewOf(step.state);
	if (step.state.remembered === undefined || !sameView(view, step.state.remembered)) {
		step.dispatch({type: 'remembered', view});
		step.effect({type: 'rememberView', view});
	}
}

/** The request being edited was deleted in another window: its field is gone, so the keyboard comes back. */
function closeOrphanedField(step: Step, world: World): void {
	if (step.state.mode.kind === 'editing' && selectedOf(world.collections(), step.state).request === undefined) {
		step.effect({type: 'flushSaves'});
		step.dispatch({type: 'leaveMode'});
		step.say('The request being edited was deleted in another curlew window: what was typed in it is not saved', 'error');
	}
}

/** The Preview tab shows the selected request resolved as it would be sent now: resolved again when the request, the store or the environment changed. */
function settlePreview(step: Step, world: World): void {
	const {state} = step;
	const {collection, request} = selectedOf(world.collections(), state);
	if (state.requestTab !== 'preview' || collection === undefined || request === undefined) {
		return;
	}

	const of = {requestId: request.id, revision: state.revision, environmentId: state.environments[collection.id]};
	const resolved = state.preview !== undefined && samePreviewKey(state.preview.of, of);
	const resolving = state.previewing !== undefined && samePreviewKey(state.previewing, of);
	if (!resolved && !resolving) {
		step.dispatch({type: 'previewing', of});
		step.effect({type: 'resolvePreview', of});
	}
}

function settleLists(step: Step, world: World): void {
	const {state} = step;
	const layout = layoutOf(state);
	const collections = world.collections();
	const rows = treeRows(collections, state);
	const treeHeight = contentSize(layout.panes.collections).height - (state.filter === '' ? 0 : 1);
	const selected = Math.max(0, selectedRowIndex(rows, state.selection));
	step.dispatch({type: 'listTop', list: 'collections', top: scrollTop(selected, rows.length, treeHeight, state.listTops.collections)});

	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const variables = collection === undefined ? [] : shownVariables(world, state, collection);
	const row = selectedRow(variables, state.selectedVariable);
	const shown = variables[row];
	// The row shown selected is the selection (the first row, a gone variable's neighbour), so it stays when rows come above it.
	if (shown !== undefined) {
		step.dispatch({type: 'selectVariable', variable: keyOf(shown)});
	}

	const areas = variablesAreasOf(step.state);
	step.dispatch({type: 'listTop', list: 'variables', top: scrollTop(row, variables.length, areas.list?.rows ?? 1, step.state.listTops.variables)});
	settleInspector(step, world, collection, shown, areas.inspector);
}

/** The inspector's cursor on a line of the value, and its rows in sight; closed when there is no variable to inspect. */
function settleInspector(step: Step, world: World, collection: Collection | undefined, variable: EffectiveVariable | undefined, area: Area | undefined): void {
	const {inspector} = step.state;
	if (inspector === undefined) {
		return;
	}

	if (collection === undefined || variable === undefined || area === undefined) {
		step.dispatch({type: 'inspector', inspector: undefined});
		return;
	}

	const document = inspectorOf(step.state, world, collection, variable, area.width);
	const line = Math.max(0, Math.min(inspector.line, document.lines.length - 1));
	step.dispatch({type: 'inspector', inspector: {line, top: inspectorTop(document, line, inspector.top, area.rows)}});
}

/** The response pane as first drawn: in the tab last chosen for the selected request (when curlew was last left), or the body. */
function firstPaneState(state: Step['state'], documents: PaneDocuments, sizes: ViewSizes): PaneState {
	const pane = createPaneState(documents, sizes);
	const {requestId} = state.selection;
	const tab = requestId === undefined ? undefined : state.chosenResponseTabs[requestId];
	return tab === undefined ? pane : {...pane, tab};
}

function settleResponse(step: Step, world: World): void {
	const {state} = step;
	const shown = shownResponse(state, world);
	const inner = responseInner(state);
	const view = bodyViewOf(state);
	const {documents, body, failed} = responseDocuments(shown, state.formattedBody, inner.width, view);
	const sizes = responseSizes(inner, state.response?.message, failed === undefined && body?.notice !== undefined);
	step.dispatch({type: 'response', response: state.response === undefined ? firstPaneState(state, documents, sizes) : syncPane(state.response, documents, sizes)});
	if (shown.result?.kind === 'response' && needsFormatting(shown.result, state.formattedBody) && state.formatting !== shown.result) {
		step.dispatch({type: 'formatting', response: shown.result});
		step.effect({type: 'formatBody', response: shown.result, cutShort: shown.cutShort});
	}

	settleFilter(step, shown.result, view);
}

/** The selected request's jq filter runs on the response shown whenever either changes; one no longer wanted is stopped. */
function settleFilter(step: Step, result: SendResult | undefined, {filter, filtered}: BodyView): void {
	const response = result?.kind === 'response' ? result : undefined;
	if (response === undefined || filter === undefined) {
		if (filtered?.outcome.kind === 'running') {
			step.dispatch({type: 'bodyFiltered', filtered: undefined});
			step.effect({type: 'stopFilter'});
		}

		return;
	}

	if (filterOutcomeOf(filtered, response, filter) === undefined) {
		step.dispatch({type: 'bodyFiltered', filtered: {response, filter, outcome: {kind: 'running'}}});
		step.effect({type: 'filterBody', response, filter});
	}
}
