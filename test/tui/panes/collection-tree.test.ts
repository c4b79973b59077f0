import {describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../source/core/model.js';
import {moveSelection, scrollTop, selectedRowIndex, treeRows} from '../../../source/tui/panes/collection-tree.js';

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

	it('falls back to the collection row when its request is filtered away', () => {
		const filtered = treeRows(collections, {filter: 'create', collapsed: []});
		expect(selectedRowIndex(filtered, {collectionId: users.id, requestId: users.requests[0]!.id})).toBe(0);
	});

	it('moves down and up, clamped at both ends', () => {
		expect(moveSelection(rows, {collectionId: users.id}, 1)).toEqual({collectionId: users.id, requestId: users.requests[0]!.id});
		expect(moveSelection(rows, {collectionId: users.id}, -1)).toEqual({collectionId: users.id});
		expect(moveSelection(rows, {collectionId: orders.id, requestId: orders.requests[0]!.id}, 10)).toEqual({collectionId: orders.id, requestId: orders.requests[0]!.id});
		expect(moveSelection(rows, {}, 1)).toEqual({collectionId: users.id});
		expect(moveSelection([], {}, 1)).toEqual({});
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
