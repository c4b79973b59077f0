import {describe, expect, it} from 'vitest';
import {effectiveVariables} from '../../source/core/scopes.js';

describe('effectiveVariables', () => {
	it('keeps a variable secret when a higher scope gives it another value, and only that one', () => {
		const effective = effectiveVariables({
			collection: [{name: 'token', value: '', secret: true}, {name: 'user', value: 'ada'}],
			environment: [{name: 'token', value: 'staging-token'}],
			runtime: {token: 'tok-123456', user: 'bob'},
		});
		expect(effective.map(({name, scope, secret}) => ({name, scope, secret}))).toEqual([
			{name: 'token', scope: 'runtime', secret: true},
			{name: 'user', scope: 'runtime', secret: undefined},
		]);
	});
});
