/**
Where the open field is drawn, in cells: worked out from the layout, so that the field's
view and its keys (which scroll it and page through it) agree without either telling the
other.
*/
import {oneLine} from '../../core/visible-text.js';
import type {TuiState} from '../app-context.js';
import type {EditTarget} from '../app-state.js';
import {contentSize, layoutOf, type LayoutSource} from '../layout.js';
import {columnWidth} from '../panes/response/columns.js';
import type {FieldBox} from './field-keys.js';

/** The request pane's rows above its tabs' content: the URL row and the tab row. */
export const requestChromeRows = 2;
/** A header's editor starts after its row marker: `›   `. */
export const headerIndent = 4;
/** The labels of the response pane's own prompts. */
export const responsePromptLabels = {search: '/', regexSearch: 'regex /', save: 'Save to: ', jq: 'jq '} as const;
export type ResponsePromptKind = 'search' | 'save' | 'jq';

/** The label of the response pane's prompt: a search for a regular expression says so. */
export function responsePromptLabel(state: Partial<Pick<TuiState, 'response'>>, kind: ResponsePromptKind): string {
	return kind === 'search' && state.response?.regex === true ? responsePromptLabels.regexSearch : responsePromptLabels[kind];
}

/** The rows the request pane's tabs have for their content. */
export function requestTabRows(state: LayoutSource): number {
	return Math.max(1, contentSize(layoutOf(state).panes.request).height - requestChromeRows);
}

export function requestInnerWidth(state: LayoutSource): number {
	return contentSize(layoutOf(state).panes.request).width;
}

/** The URL field's cells: the row after the method. */
export function urlFieldWidth(state: LayoutSource, method: string): number {
	return Math.max(10, requestInnerWidth(state) - method.length - 1);
}

/** The box of a request field being edited. */
export function editBox(state: LayoutSource, target: EditTarget, method: string): FieldBox {
	const width = requestInnerWidth(state);
	const rows = requestTabRows(state);
	switch (target.kind) {
		case 'url': {
			return {width: urlFieldWidth(state, method), height: 1};
		}

		case 'header': {
			return {width: Math.max(5, width - headerIndent), height: 1};
		}

		case 'body': {
			return {width, height: rows};
		}

		case 'script': {
			// Under the script's name.
			return {width, height: Math.max(1, rows - 1)};
		}
	}
}

/** The status bar's prompt: its label takes at most half the row. */
export function promptBox(state: LayoutSource, label: string): FieldBox & {labelWidth: number} {
	const {width} = layoutOf(state);
	const shown = `${oneLine(label)}: `;
	const fieldWidth = Math.max(10, width - Math.min(columnWidth(shown), Math.floor(width / 2)));
	return {width: fieldWidth, height: 1, labelWidth: width - fieldWidth};
}

/** The response pane's prompt, in its footer after its label. */
export function responsePromptBox(state: LayoutSource & Partial<Pick<TuiState, 'response'>>, kind: ResponsePromptKind): FieldBox {
	const {width} = contentSize(layoutOf(state).panes.response);
	return {width: Math.max(5, width - columnWidth(responsePromptLabel(state, kind))), height: 1};
}
