/**
Scripts of another tool are imported as they are. curlew runs Postman's `pm` (and its legacy
API) and Bruno's `bru`, `req`, `res`, `test` and `expect`, with the libraries both sandboxes
bundle (see docs/scripts.md); a note names each script that calls what curlew still does not
run, so the user knows what to port.
*/
import type {Collection} from '../model.js';
import {requirableNames} from '../scripts/library-names.js';

export type ForeignApi = {
	/** How the note names the tool: `Postman`. */
	tool: string;
	/** Matches each call curlew does not run. Global. */
	unsupported: RegExp;
};

export const postmanApi: ForeignApi = {
	tool: 'Postman',
	unsupported: /\bpm\s*\.\s*(?:cookies|vault|require)\b|\bpm\s*\.\s*execution\s*\.\s*runRequest\b|\bpm\s*\.\s*(?:environment|globals|collectionVariables|variables)\s*\.\s*(?:toObject|values|clear)\b|\bpostman\s*\.\s*(?:clear(?:Environment|Global)Variables|getResponseCookie)\b|(?<![.\w])responseCookies\b/g,
};

export const brunoApi: ForeignApi = {
	tool: 'Bruno',
	unsupported: /\bbru\s*\.\s*(?:runRequest|cookies)\b|\bres\s*\.\s*cookies\b/g,
};

/** `require('name')` of a library no sandbox of curlew's has: the collection's own files (`./…`) are required from the collection. */
const requireCall = /\brequire\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g;

/** One note per script of `collection` that makes a call curlew does not run, the collection's first, then each request's in order. */
export function scriptsToPort(collection: Collection, api: ForeignApi): string[] {
	const places = [
		{where: 'the collection', scripts: collection.scripts},
		...collection.requests.map(request => ({where: `request "${request.name}"`, scripts: request.scripts})),
	];
	const callsOf = (script: string) => [...new Set([
		...Array.from(script.matchAll(api.unsupported), match => match[0].replaceAll(/\s/g, '')),
		...Array.from(script.matchAll(requireCall), match => match[2]!)
			.filter(name => !name.startsWith('./') && !name.startsWith('../') && !requirableNames.includes(name.replace(/^node:/, '')))
			.map(name => `require(${JSON.stringify(name)})`),
	])];
	return places.flatMap(({where, scripts}) => (['preRequest', 'postResponse'] as const).flatMap(phase => {
		const calls = callsOf(scripts[phase]);
		return calls.length === 0 ? [] : [`${where}: its ${phase === 'preRequest' ? 'pre-request' : 'post-response'} script calls ${calls.join(', ')}, which curlew does not run (it runs the rest of ${api.tool}'s script API): port that part`];
	}));
}
