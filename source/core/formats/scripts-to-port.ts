/**
Scripts of another tool are imported as they are, but their API is not curlew's (client,
req, res): a note names each one that calls it, so the user knows what to port.
*/
import type {Collection} from '../model.js';

export type ForeignApi = {
	/** How the note names the API: `Postman's pm`. */
	name: string;
	/** Matches a call into it. */
	pattern: RegExp;
};

export const postmanApi: ForeignApi = {name: 'Postman\'s pm', pattern: /\b(?:pm|postman)\s*\./};
export const brunoApi: ForeignApi = {name: 'Bruno\'s bru', pattern: /\bbru\s*\./};

/** One note per script of `collection` that calls `api`, the collection's first, then each request's in order. */
export function scriptsToPort(collection: Collection, api: ForeignApi): string[] {
	const places = [
		{where: 'the collection', scripts: collection.scripts},
		...collection.requests.map(request => ({where: `request "${request.name}"`, scripts: request.scripts})),
	];
	return places.flatMap(({where, scripts}) => [['pre-request', scripts.preRequest], ['post-response', scripts.postResponse]]
		.filter(([, script]) => api.pattern.test(script!))
		.map(([phase]) => `${where}: its ${phase} script uses ${api.name} API: port it to curlew's client, req and res`));
}
