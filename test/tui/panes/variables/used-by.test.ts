import {describe, expect, it} from 'vitest';
import {createCollection, createRequest} from '../../../../source/core/model.js';
import {effectiveVariables} from '../../../../source/core/scopes.js';
import {usesOf} from '../../../../source/tui/panes/variables/used-by.js';

describe('usesOf', () => {
	const variables = effectiveVariables({collection: [
		{name: 'user', value: {address: {city: 'London'}}},
		{name: 'user.name', value: 'Ada'},
		{name: 'base', value: 'http://a.test'},
		{name: 'url', value: '{{base}}/v1'},
		{name: 'token', value: 't'},
	]});
	const collection = createCollection({
		variables,
		requests: [
			createRequest({name: 'City', url: '{{base}}/cities/{{ user.address.city }}'}),
			createRequest({name: 'Name', url: '{{url}}/x', headers: [{name: 'X-Name', value: '{{user.name}}', enabled: true}]}),
			createRequest({name: 'Form', body: {type: 'form', fields: [{name: 'auth', value: '{{token}}'}]}}),
			createRequest({name: 'Literal', url: '\\{{token}}'}),
		],
	});

	it('finds the requests whose placeholders read a variable, anywhere in them', () => {
		expect(usesOf(collection, variables, 'base')).toEqual({requests: ['City'], variables: ['url']});
		expect(usesOf(collection, variables, 'token')).toEqual({requests: ['Form'], variables: []});
		expect(usesOf(collection, variables, 'url')).toEqual({requests: ['Name'], variables: []});
	});

	it('reads a dotted placeholder as interpolation does: the longest name in effect first', () => {
		expect(usesOf(collection, variables, 'user')).toEqual({requests: ['City'], variables: []});
		expect(usesOf(collection, variables, 'user.name')).toEqual({requests: ['Name'], variables: []});
	});
});
