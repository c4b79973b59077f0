import {describe, expect, it} from 'vitest';
import {pathLabel, valueAt, withValueAt} from '../../../../source/tui/panes/variables/value-path.js';

const user = {id: 7, address: {city: 'London', lines: ['1 Main St']}, tags: ['a', 'b']};

describe('value paths', () => {
	it('reads and replaces a nested part, leaving the original as it was', () => {
		expect(valueAt(user, ['address', 'city'])).toBe('London');
		const moved = withValueAt(user, ['address', 'city'], 'Lyon');
		expect(moved).toEqual({id: 7, address: {city: 'Lyon', lines: ['1 Main St']}, tags: ['a', 'b']});
		expect(user.address.city).toBe('London');
		expect(withValueAt(user, ['tags', 1], 42)).toEqual({...user, tags: ['a', 42]});
	});

	it('finds no part where the value has none, and replaces nothing there', () => {
		expect(valueAt(user, ['address', 'zip'])).toBeUndefined();
		expect(valueAt(user, ['tags', 'length'])).toBeUndefined();
		expect(valueAt(user, ['id', 'x'])).toBeUndefined();
		expect(withValueAt(user, ['nothing', 'here'], 1)).toBeUndefined();
	});

	it('keeps __proto__ an ordinary key', () => {
		const value = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
		const changed = withValueAt(value as never, ['__proto__', 'x'], 2) as Record<string, unknown>;
		expect(Object.getPrototypeOf(changed)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(changed, '__proto__')?.value).toEqual({x: 2});
	});

	it('spells a path as a placeholder would', () => {
		expect(pathLabel('user', ['address', 'city'])).toBe('user.address.city');
		expect(pathLabel('user', ['tags', 0])).toBe('user.tags[0]');
		expect(pathLabel('user', ['first name'])).toBe('user["first name"]');
		expect(pathLabel('user')).toBe('user');
	});
});
