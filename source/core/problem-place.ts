/**
Where a problem of a request stands, in the words a warning gives it: `URL, column 13`,
`body, line 3, column 10`, `header "Authorization", column 8`, `form field "b"`. Lines
and columns count from 1.
*/
import type {Request} from './model.js';
import type {RequestProblem} from './resolve-request.js';
import {lineAndColumn} from './text-position.js';

export function placeText(problem: RequestProblem, request: Pick<Request, 'body'>): string {
	const {place, offset} = problem;
	switch (place.part) {
		case 'url': {
			return `URL, column ${offset + 1}`;
		}

		case 'header-name': {
			return `the name of header ${place.index + 1}, column ${offset + 1}`;
		}

		case 'header-value': {
			return `header "${place.header}", column ${offset + 1}`;
		}

		case 'body': {
			const text = request.body.type === 'json' || request.body.type === 'text' || request.body.type === 'graphql' ? request.body.text : '';
			const {line, column} = lineAndColumn(text, offset);
			return `body, line ${line}, column ${column}`;
		}

		case 'graphql-variables': {
			const {line, column} = lineAndColumn(request.body.variables ?? '', offset);
			return `GraphQL variables, line ${line}, column ${column}`;
		}

		case 'body-part': {
			return `multipart part "${place.name}"`;
		}

		case 'auth': {
			return `the auth's ${place.field}, column ${offset + 1}`;
		}

		case 'body-file': {
			return `the body's file path, column ${offset + 1}`;
		}

		case 'form-field': {
			// The name and the value of a field share a place: the field is as close as it gets.
			return `form field "${place.field}"`;
		}
	}
}
