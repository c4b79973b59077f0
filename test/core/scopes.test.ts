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

	it('keeps the value each scope holds under the one that wins, lowest scope first', () => {
		const [base] = effectiveVariables({
			collection: [{name: 'base', value: 'http://prod.test'}],
			environment: [{name: 'base', value: 'http://staging.test'}],
			runtime: {base: 'http://127.0.0.1:8080'},
		});
		expect(base).toEqual({
			name: 'base',
			value: 'http://127.0.0.1:8080',
			scope: 'runtime',
			hidden: [
				{name: 'base', value: 'http://prod.test', scope: 'collection'},
				{name: 'base', value: 'http://staging.test', scope: 'environment'},
			],
		});
	});
});
