import {describe, expect, it} from 'vitest';
import {createRequest, type Request} from '../../source/core/model.js';
import {placeText} from '../../source/core/problem-place.js';
import {resolveRequest} from '../../source/core/resolve-request.js';

/** The place of each problem the request has with no variables at all. */
function placesOf(request: Request): string[] {
	return resolveRequest(request, {}).problems.map(problem => placeText(problem, request));
}

describe('where a problem of a request stands', () => {
	it('gives the column in the URL and in a header\'s name or value', () => {
		const request = createRequest({
			url: 'http://h/{{a}}',
			headers: [{name: 'X-{{n}}', value: 'v', enabled: true}, {name: 'Authorization', value: 'Bearer {{token}}', enabled: true}],
		});
		expect(placesOf(request)).toEqual(['URL, column 10', 'the name of header 1, column 3', 'header "Authorization", column 8']);
	});

	it('gives the line and column in a body, counting from 1', () => {
		const request = createRequest({body: {type: 'json', text: '{"a": {{x}},\n "b": 1,\n\n "c": "{{y}}"}'}});
		expect(placesOf(request)).toEqual(['body, line 1, column 7', 'body, line 4, column 8']);
	});

	it('names the form field', () => {
		const request = createRequest({body: {type: 'form', fields: [{name: 'q', value: '{{query}}'}]}});
		expect(placesOf(request)).toEqual(['form field "q"']);
	});
});
