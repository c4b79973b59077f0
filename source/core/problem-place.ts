/**
Where a problem of a request stands, in the words a warning gives it: `URL, column 13`,
`body, line 3, column 10`, `header "Authorization", column 8`, `form field "b"`. Lines
and columns count from 1.
*/
import type {Request} from './model.js';
import type {RequestProblem} from './resolve-request.js';

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
			const text = request.body.type === 'json' || request.body.type === 'text' ? request.body.text : '';
			const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
			const line = countLineBreaks(text, lineStart) + 1;
			return `body, line ${line}, column ${offset - lineStart + 1}`;
		}

		case 'form-field': {
			// The name and the value of a field share a place: the field is as close as it gets.
			return `form field "${place.field}"`;
		}
	}
}

function countLineBreaks(text: string, end: number): number {
	let count = 0;
	for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) {
		count++;
	}

	return count;
}
