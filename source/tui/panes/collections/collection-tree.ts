/**
The collections pane's rows: each collection, then its requests unless it is collapsed,
narrowed by the filter. Pure, so the tree and its moves are tested without rendering.
*/
import type {Collection, Request} from '../../../core/model.js';
import type {Selection} from '../../app-state.js';

export type TreeRow =
	| {kind: 'collection'; collection: Collection; collapsed: boolean}
	| {kind: 'request'; collection: Collection; request: Request};

export type TreeOptions = {
	filter: string;
	collapsed: readonly string[];
};

/**
A filter matches names, and requests' URLs as written, case-insensitively. A collection whose
name matches shows all its requests; otherwise it shows only the requests that match, and is
hidden without any.
While a filter is typed, collapsed collections open so matches are seen.
*/
export function treeRows(collections: readonly Collection[], {filter, collapsed}: TreeOptions): TreeRow[] {
	const needle = filter.trim().toLowerCase();
	const rows: TreeRow[] = [];
	for (const collection of collections) {
		const collectionMatches = needle === '' || collection.name.toLowerCase().includes(needle);
		const requests = collectionMatches ? collection.requests : collection.requests.filter(request => matchesRequest(request, needle));
		if (!collectionMatches && requests.length === 0) {
			continue;
		}

		const isCollapsed = needle === '' && collapsed.includes(collection.id);
		rows.push({kind: 'collection', collection, collapsed: isCollapsed});
		if (!isCollapsed) {
			for (const request of requests) {
				rows.push({kind: 'request', collection, request});
			}
		}
	}

	return rows;
}

function matchesRequest(request: Request, needle: string): boolean {
	return request.name.toLowerCase().includes(needle) || request.url.toLowerCase().includes(needle);
}

export function selectionOf(row: TreeRow | undefined): Selection {
	if (row === undefined) {
		return {};
	}

	return row.kind === 'collection' ? {collectionId: row.collection.id} : {collectionId: row.collection.id, requestId: row.request.id};
}

/**
The row that shows the selection: its request, else its collection (a request deleted in
another window leaves its collection selected), else none (-1).
*/
export function selectedRowIndex(rows: readonly TreeRow[], selection: Selection): number {
	const exact = rows.findIndex(row => isRowOf(row, selection));
	if (exact !== -1 || selection.collectionId === undefined) {
		return exact;
	}

	return rows.findIndex(row => row.kind === 'collection' && row.collection.id === selection.collectionId);
}

/** Whether the selection has a row of its own: its request's, or its collection's when no request is selected. */
export function isShown(rows: readonly TreeRow[], selection: Selection): boolean {
	return rows.some(row => isRowOf(row, selection));
}

/** Where the selection goes when the filter hides it: the first request shown, else the first row, else nowhere. */
export function firstMatch(rows: readonly TreeRow[]): Selection {
	return selectionOf(rows.find(row => row.kind === 'request') ?? rows[0]);
}

/**
What to select in place of a request once it is deleted: the request shown above it in its
collection, else the one below, else its collection; nothing when it is not shown.
*/
export function selectionInPlaceOf(rows: readonly TreeRow[], requestId: string): Selection {
	const index = rows.findIndex(row => row.kind === 'request' && row.request.id === requestId);
	const deleted = rows[index];
	if (deleted === undefined) {
		return {};
	}

	const sibling = [rows[index - 1], rows[index + 1]].find(row => row?.kind === 'request' && row.collection.id === deleted.collection.id);
	return sibling === undefined ? {collectionId: deleted.collection.id} : selectionOf(sibling);
}

function isRowOf(row: TreeRow, selection: Selection): boolean {
	return row.kind === 'request' ? row.request.id === selection.requestId : selection.requestId === undefined && row.collection.id === selection.collectionId;
}

/** The selection after moving `delta` rows (clamped), from the selected row or the top. */
export function moveSelection(rows: readonly TreeRow[], selection: Selection, delta: number): Selection {
	if (rows.length === 0) {
		return {};
	}

	const current = selectedRowIndex(rows, selection);
	const start = current === -1 ? (delta > 0 ? -1 : rows.length) : current;
	const next = Math.min(rows.length - 1, Math.max(0, start + delta));
	return selectionOf(rows[next]);
}

/** The first `height` rows that keep `selected` in view, following it as it moves. */
export function scrollTop(selected: number, count: number, height: number, previousTop: number): number {
	if (count <= height) {
		return 0;
	}

	let top = Math.min(previousTop, count - height);
	if (selected < top) {
		top = selected;
	} else if (selected >= top + height) {
		top = selected - height + 1;
	}

	return Math.max(0, top);
}
