/**
How the variables pane divides its cells: the filter's row, the list of variables, the row
that describes the selected one, and the inspector, beside the list when the pane is wide
(focused on a wide terminal, or zoomed) and over it otherwise, while the keys are in it. A
value edited as JSON takes the pane under its label. Pure, so the view, the keys (paging,
scrolling) and the field's box agree for any size the layout gives.
*/
import type {TuiState} from '../../app-context.js';
import type {FieldBox} from '../../field/field-keys.js';
import {contentSize, layoutOf, type LayoutSource} from '../../layout.js';

export type Area = {readonly width: number; readonly rows: number};

export type VariablesAreas = {
	/** Cells inside the border (the whole pane, drawn bare). */
	readonly width: number;
	readonly filterRow: boolean;
	/** The list of variables, unless the inspector covers it. */
	readonly list?: Area;
	/** A row under the list that says what the selected variable is. */
	readonly describeRow: boolean;
	/** The inspector: beside the list, or over it while the keys are in it. */
	readonly inspector?: Area;
	/** Where a value edited as JSON is typed, under its label. */
	readonly field: FieldBox;
};

/** From this many cells inside the border, the inspector shows beside the list. */
export const besideFrom = 90;

export function variablesAreas(pane: {width: number; height: number; bare: boolean}, {inspecting, filtering}: {inspecting: boolean; filtering: boolean}): VariablesAreas {
	const {width, height: rows} = contentSize(pane);
	const field = {width, height: Math.max(1, rows - 1)};
	const filterRow = filtering && rows > 1;
	const available = Math.max(1, rows - (filterRow ? 1 : 0));
	if (width >= besideFrom) {
		const listWidth = Math.min(56, Math.max(30, Math.round(width * 0.4)));
		return {width, filterRow, list: {width: listWidth, rows: available}, describeRow: false, inspector: {width: width - listWidth - 1, rows: available}, field};
	}

	if (inspecting) {
		return {width, filterRow: false, describeRow: false, inspector: {width, rows}, field};
	}

	const describeRow = available > 1;
	return {width, filterRow, list: {width, rows: available - (describeRow ? 1 : 0)}, describeRow, field};
}

/** The pane's areas as the app draws it now. */
export function variablesAreasOf(state: LayoutSource & Pick<TuiState, 'inspector' | 'variableFilter'>): VariablesAreas {
	return variablesAreas(layoutOf(state).panes.variables, {inspecting: state.inspector !== undefined, filtering: state.variableFilter !== ''});
}
