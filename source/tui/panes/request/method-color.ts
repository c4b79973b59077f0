import type {HttpMethod} from '../../../core/model.js';

const colors: Readonly<Record<HttpMethod, string>> = {
	GET: 'green',
	POST: 'yellow',
	PUT: 'blue',
	PATCH: 'magenta',
	DELETE: 'red',
	HEAD: 'cyan',
	OPTIONS: 'gray',
};

/** The colour a method is shown in, the way API clients commonly tell them apart. */
export function methodColor(method: HttpMethod): string {
	return colors[method];
}
