import {describe, expect, it} from 'vitest';
import {completionAt} from '../../../source/tui/field/placeholder-completion.js';
import {createTextBuffer} from '../../../source/tui/text-buffer.js';

const names = ['baseUrl', 'basePath', 'token', 'user', 'user.name'];
const at = (text: string) => completionAt(createTextBuffer(text), names);

describe('completionAt', () => {
	it('offers the names that begin with what follows {{, and inserts what they share', () => {
		expect(at('{{ba')).toEqual({typed: 'ba', names: ['basePath', 'baseUrl'], insert: 'se'});
	});

	it('completes a single name whole, with the closing braces', () => {
		expect(at('GET {{baseU')).toEqual({typed: 'baseU', names: ['baseUrl'], insert: 'rl}}'});
		expect(at('{{ t')?.insert).toBe('oken}}');
	});

	it('inserts the first name whole once what is typed is all the names share', () => {
		expect(at('{{base')).toEqual({typed: 'base', names: ['basePath', 'baseUrl'], insert: 'Path}}'});
	});

	it('closes a name typed whole, and still offers the longer ones', () => {
		expect(at('{{user')).toEqual({typed: 'user', names: ['user', 'user.name'], insert: '.name}}'});
		expect(at('{{token')).toEqual({typed: 'token', names: ['token'], insert: '}}'});
	});

	it('adds no closing braces where they follow already', () => {
		const buffer = createTextBuffer('{{tok}}/x');
		const inside = {...buffer, cursor: {row: 0, column: 5}};
		expect(completionAt(inside, names)?.insert).toBe('en');
	});

	it('offers nothing outside an open placeholder, after a literal \\{{, or with no name that fits', () => {
		expect(at('{{token}} and more')).toBeUndefined();
		expect(at('\\{{ba')).toBeUndefined();
		expect(at('{{zz')).toBeUndefined();
		expect(at('{ba')).toBeUndefined();
	});
});
