import {describe, expect, it} from 'vitest';
import {createRequest} from '../../../source/core/model.js';
import {readRequestDetails, requestDetailsSummary, writeRequestDetails} from '../../../source/core/formats/request-details.js';
import {FieldError} from '../../../source/core/formats/field-error.js';
import {JsonSyntaxError} from '../../../source/core/formats/json-text.js';

const request = createRequest({
	name: 'Get user',
	url: '/users/{{id}}',
	auth: {type: 'basic', username: '{{user}}', password: 'p'},
	variables: [{name: 'id', value: 7}, {name: 'since', value: new Date('2024-01-31T12:00:00.000Z')}, {name: 'key', value: 'hunter2', secret: true}],
	postResponseVariables: [{name: 'name', expression: 'res.body.name'}],
	asserts: [{expression: 'res.status', operator: 'eq', value: '200', enabled: true}, {expression: 'res.body', operator: 'isJson', value: '', enabled: false}],
	settings: {followRedirects: false},
});

describe('a request\'s details as one document', () => {
	it('reads back what it wrote, the secret value kept though never written', () => {
		const text = writeRequestDetails(request);
		expect(text).not.toContain('hunter2');
		expect(JSON.parse(text)).toEqual({
			auth: {type: 'basic', username: '{{user}}', password: 'p'},
			variables: [{name: 'id', value: 7}, {name: 'since', value: '2024-01-31T12:00:00.000Z', type: 'date'}],
			postResponseVariables: [{name: 'name', expression: 'res.body.name'}],
			asserts: [{expression: 'res.status', operator: 'eq', value: '200'}, {expression: 'res.body', operator: 'isJson', enabled: false}],
			settings: {followRedirects: false},
		});
		expect(readRequestDetails(text, request)).toEqual(request);
	});

	it('empties a part whose key is left out, and drops an auth of type none', () => {
		const read = readRequestDetails('{"auth": {"type": "none"}, "asserts": []}', request);
		expect(read.auth).toBeUndefined();
		expect(read.asserts).toBeUndefined();
		expect(read.postResponseVariables).toBeUndefined();
		expect(read.settings).toBeUndefined();
		expect(read.variables).toEqual([{name: 'key', value: 'hunter2', secret: true}]);
		expect({...read, id: request.id, url: request.url}).toMatchObject({name: 'Get user', url: '/users/{{id}}'});
	});

	it('refuses what the collection file would, naming the field', () => {
		expect(() => readRequestDetails('{"assert": []}', request)).toThrow(new FieldError('', 'there is no key "assert" here: the keys are auth, variables, postResponseVariables, asserts, settings'));
		expect(() => readRequestDetails('{"settings": {"verifyTls": false}}', request)).toThrow(/there is no request setting "verifyTls"/);
		expect(() => readRequestDetails('{"auth": {"type": "oauth2"}}', request)).toThrow(/auth\.type: "oauth2" is not an auth type/);
		expect(() => readRequestDetails('{"variables": [\n  {"name": "a" "value": 1}]}', request)).toThrow(JsonSyntaxError);
	});

	it('says in a line what the details hold', () => {
		expect(requestDetailsSummary(request)).toBe('auth basic · 3 variables · 1 post-response variable · 2 assertions · settings: followRedirects');
		expect(requestDetailsSummary(createRequest({name: 'Plain'}))).toBeUndefined();
	});
});
