import type {StatusClass} from './types.js';

/**
The class of a status code by its hundreds digit. Codes outside 100-599 (which some servers send)
fall into the nearest class, so every response gets a label.
*/
export function statusClassOf(status: number): StatusClass {
	if (status < 200) {
		return 'Informational';
	}

	if (status < 300) {
		return 'Successful';
	}

	if (status < 400) {
		return 'Redirection';
	}

	if (status < 500) {
		return 'Client error';
	}

	return 'Server error';
}
