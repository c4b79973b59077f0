/**
What every step leaves in order once its keys are handled, worked out from the state and the
data: the lists scrolled to keep their selection in sight, the variables pane's selection
on a row it shows, and the response pane's documents and sizes following what it shows.
Views draw this; none of them writes anything back.
*/
import {samePreviewKey} from '../app-state.js';
import {computeLayout} from '../layout.js';
import {selectedOf} from '../selection.js';
import {scrollTop, selectedRowIndex, treeRows} from '../panes/collections/collection-tree.js';
import {contentRows} from '../panes/pane-frame.js';
import {keyOf, selectedRow} from '../panes/variables/variable-selection.js';
import {createPaneState, syncPane} from '../panes/response/pane-state.js';
import {responseInner, responseSizes} from '../panes/response/response-layout.js';
import {needsFormatting, responseDocuments, shownResponse} from '../panes/response/shown-response.js';
import type {Step} from './step.js';
import type {World} from './world.js';

export function settle(step: Step, world: World): void {
	closeOrphanedField(step, world);
	settleLists(step, world);
	settleResponse(step, world);
	settlePreview(step, world);
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
	const layout = computeLayout(state.drawnSize.columns, state.drawnSize.rows);
	const collections = world.collections();
	const rows = treeRows(collections, state);
	const treeHeight = contentRows(layout.panes.collections.height) - (state.filter === '' ? 0 : 1);
	const selected = Math.max(0, selectedRowIndex(rows, state.selection));
	step.dispatch({type: 'listTop', list: 'collections', top: scrollTop(selected, rows.length, treeHeight, state.listTops.collections)});

	const collection = collections.find(candidate => candidate.id === state.selection.collectionId);
	const variables = collection === undefined ? [] : world.variablesInEffect(collection, state.environments[collection.id]);
	const row = selectedRow(variables, state.selectedVariable);
	const shown = variables[row];
	// The row shown selected is the selection (the first row, a gone variable's neighbour), so it stays when rows come above it.
	if (shown !== undefined) {
		step.dispatch({type: 'selectVariable', variable: keyOf(shown)});
	}

	const listHeight = Math.max(1, contentRows(layout.panes.variables.height) - 1);
	step.dispatch({type: 'listTop', list: 'variables', top: scrollTop(row, variables.length, listHeight, step.state.listTops.variables)});
}

function settleResponse(step: Step, world: World): void {
	const {state} = step;
	const shown = shownResponse(state, world);
	const inner = responseInner(state);
	const sending = state.inFlight !== undefined && state.inFlight.requestId === state.selection.requestId;
	const {documents, body, failed} = responseDocuments(shown, state.formattedBody, inner.width, sending);
	const sizes = responseSizes(inner, state.response?.message, failed === undefined && body?.notice !== undefined);
	step.dispatch({type: 'response', response: state.response === undefined ? createPaneState(documents, sizes) : syncPane(state.response, documents, sizes)});
	if (shown.result?.kind === 'response' && needsFormatting(shown.result, state.formattedBody) && state.formatting !== shown.result) {
		step.dispatch({type: 'formatting', response: shown.result});
		step.effect({type: 'formatBody', response: shown.result});
	}
}
