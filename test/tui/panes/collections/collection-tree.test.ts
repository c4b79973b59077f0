import {describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../../source/core/model.js';
import {firstMatch, isShown, moveSelection, scrollTop, selectedRowIndex, selectionInPlaceOf, treeRows} from '../../../../source/tui/panes/collections/collection-tree.js';

const users = createCollection({name: 'Users', requests: [createRequest({name: 'List users'}), createRequest({name: 'Create user', url: 'https://x/api'})]});
const orders = createCollection({name: 'Orders', requests: [createRequest({name: 'List orders'})]});
const collections = [users, orders];

function labels(filter: string, collapsed: string[] = []): string[] {
	return treeRows(collections, {filter, collapsed}).map(row => row.kind === 'collection' ? row.collection.name : `  ${row.request.name}`);
}

describe('treeRows', () => {
	it('lists each collection followed by its requests', () => {
		expect(labels('')).toEqual(['Users', '  List users', '  Create user', 'Orders', '  List orders']);
	});

	it('hides the requests of a collapsed collection', () => {
		expect(labels('', [users.id])).toEqual(['Users', 'Orders', '  List orders']);
	});

	it('filters requests by name or URL, case-insensitively, and keeps their collection', () => {
		expect(labels('LIST')).toEqual(['Users', '  List users', 'Orders', '  List orders']);
		expect(labels('/api')).toEqual(['Users', '  Create user']);
	});

	it('shows every request of a collection whose name matches, even if collapsed', () => {
		expect(labels('orders', [orders.id])).toEqual(['Orders', '  List orders']);
	});

	it('shows nothing when nothing matches', () => {
		expect(labels('zzz')).toEqual([]);
	});
});

describe('moving the selection', () => {
	const rows = treeRows(collections, {filter: '', collapsed: []});

	it('finds the row of a request, and of a collection without a request', () => {
		expect(selectedRowIndex(rows, {collectionId: users.id, requestId: users.requests[1]!.id})).toBe(2);
		expect(selectedRowIndex(rows, {collectionId: orders.id})).toBe(3);
		expect(selectedRowIndex(rows, {})).toBe(-1);
	});

	it('falls back to the collection row when its request is gone (deleted in another window)', () => {
		expect(selectedRowIndex(rows, {collectionId: users.id, requestId: 'deleted'})).toBe(0);
	});

	it('moves down and up, clamped at both ends', () => {
		expect(moveSelection(rows, {collectionId: users.id}, 1)).toEqual({collectionId: users.id, requestId: users.requests[0]!.id});
		expect(moveSelection(rows, {collectionId: users.id}, -1)).toEqual({collectionId: users.id});
		expect(moveSelection(rows, {collectionId: orders.id, requestId: orders.requests[0]!.id}, 10)).toEqual({collectionId: orders.id, requestId: orders.requests[0]!.id});
		expect(moveSelection(rows, {}, 1)).toEqual({collectionId: users.id});
		expect(moveSelection([], {}, 1)).toEqual({});
	});
});

describe('keeping the selection in sight', () => {
	const filtered = treeRows(collections, {filter: 'create', collapsed: []});

	it('knows a request hidden by the filter, or by its collapsed collection, is not shown', () => {
		expect(isShown(filtered, {collectionId: users.id, requestId: users.requests[0]!.id})).toBe(false);
		expect(isShown(treeRows(collections, {filter: '', collapsed: [users.id]}), {collectionId: users.id, requestId: users.requests[0]!.id})).toBe(false);
		expect(isShown(filtered, {collectionId: users.id, requestId: users.requests[1]!.id})).toBe(true);
		expect(isShown(filtered, {collectionId: users.id})).toBe(true);
		expect(isShown(filtered, {collectionId: orders.id})).toBe(false);
	});

	it('takes the first request shown as the first match, else the first row, else nothing', () => {
		expect(firstMatch(filtered)).toEqual({collectionId: users.id, requestId: users.requests[1]!.id});
		expect(firstMatch(treeRows(collections, {filter: '', collapsed: [users.id, orders.id]}))).toEqual({collectionId: users.id});
		expect(firstMatch([])).toEqual({});
	});

	it('puts a deleted request\'s place to the request shown above it in its collection, else below, else its collection', () => {
		const [listUsers, createUser] = users.requests;
		const all = treeRows(collections, {filter: '', collapsed: []});
		expect(selectionInPlaceOf(all, createUser!.id)).toEqual({collectionId: users.id, requestId: listUsers!.id});
		expect(selectionInPlaceOf(all, listUsers!.id)).toEqual({collectionId: users.id, requestId: createUser!.id});
		expect(selectionInPlaceOf(all, orders.requests[0]!.id)).toEqual({collectionId: orders.id});
		expect(selectionInPlaceOf(filtered, createUser!.id)).toEqual({collectionId: users.id});
		expect(selectionInPlaceOf(filtered, listUsers!.id)).toEqual({});
	});
});

describe('scrollTop', () => {
	it('keeps the selected row in view and stays put while it is', () => {
		expect(scrollTop(0, 5, 10, 0)).toBe(0);
		expect(scrollTop(12, 30, 10, 0)).toBe(3);
		expect(scrollTop(5, 30, 10, 3)).toBe(3);
		expect(scrollTop(1, 30, 10, 3)).toBe(1);
		expect(scrollTop(29, 30, 10, 25)).toBe(20);
	});
});
