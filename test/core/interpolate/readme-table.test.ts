import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {interpolate} from '../../../source/core/interpolate/index.js';

// The table of kinds and contexts in docs/variables.md is checked against the engine, so it stays true.
const readme = readFileSync(new URL('../../../docs/variables.md', import.meta.url), 'utf8');
const variables = {
	name: 'Ada "the first"',
	age: 36,
	admin: true,
	manager: null,
	user: {id: 7, tags: ['a', 'b']},
	tags: ['a', 'b'],
	born: new Date('1815-12-10T00:00:00.000Z'),
};
const rows = readme.split('\n')
	.map(line => /^\| (?:string|number|boolean|null|object|array|date) `(\w+)` \| `([^`]+)` \| `([^`]+)` \| `([^`]+)`/.exec(line))
	.filter(match => match !== null);

describe('the table of kinds and contexts in docs/variables.md', () => {
	it('has a row for each of the seven kinds', () => {
		expect(rows.map(match => match[1])).toEqual(['name', 'age', 'admin', 'manager', 'user', 'tags', 'born']);
	});

	it.each(rows.map(match => [match[1]!, match[2]!, match[3]!, match[4]!]))('row %s matches what interpolate gives', (variable, text, inside, outside) => {
		expect(interpolate(`x={{${variable}}}`, variables).text).toBe(text);
		expect(interpolate(`"x": "{{${variable}}}"`, variables, {context: 'json'}).text).toBe(inside);
		expect(interpolate(`"x": {{${variable}}}`, variables, {context: 'json'}).text).toBe(outside);
	});
});
