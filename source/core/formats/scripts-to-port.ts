/**
Scripts of another tool are imported as they are. curlew runs the common part of Postman's
`pm` and Bruno's `bru` (see the scripts' compatibility layer), but not the calls that need
what curlew has not (another request, a data file, cookies, timers) nor Postman's legacy
API: a note names each script that makes such a call, so the user knows what to port.
*/
import type {Collection} from '../model.js';

export type ForeignApi = {
	/** How the note names the tool: `Postman`. */
	tool: string;
	/** Matches each call curlew does not run. Global. */
	unsupported: RegExp;
	/** Matches each call curlew runs only before the request is sent, not in a post-response script. Global. */
	beforeSendOnly?: RegExp;
};

export const postmanApi: ForeignApi = {
	tool: 'Postman',
	// The legacy API's globals only where they stand alone: res.responseTime is curlew's own.
	beforeSendOnly: /\bpm\s*\.\s*request\b/g,
	unsupported: /\bpm\s*\.\s*(?:sendRequest|cookies|iterationData|execution|setNextRequest|visualizer|vault|require)\b|\bpostman\s*\.\s*(?:[gs]et|clear)(?:Environment|Global)Variables?\b|\bpostman\s*\.\s*setNextRequest\b|(?<![.\w])(?:tests\s*\[|response(?:Body|Code|Headers|Time)\b)/g,
};

export const brunoApi: ForeignApi = {
	tool: 'Bruno',
	unsupported: /\bbru\s*\.\s*(?:sendRequest|runRequest|setNextRequest|runner|sleep|cookies)\b/g,
};

/** One note per script of `collection` that makes a call curlew does not run, the collection's first, then each request's in order. */
export function scriptsToPort(collection: Collection, api: ForeignApi): string[] {
	const places = [
		{where: 'the collection', scripts: collection.scripts},
		...collection.requests.map(request => ({where: `request "${request.name}"`, scripts: request.scripts})),
	];
	const callsOf = (script: string, pattern: RegExp | undefined) => pattern === undefined ? [] : [...new Set(Array.from(script.matchAll(pattern), match => match[0].replaceAll(/\s/g, '')))];
	return places.flatMap(({where, scripts}) => {
		const notes = (['preRequest', 'postResponse'] as const).flatMap(phase => {
			const calls = callsOf(scripts[phase], api.unsupported);
			return calls.length === 0 ? [] : [`${where}: its ${phase === 'preRequest' ? 'pre-request' : 'post-response'} script calls ${calls.join(', ')}, which curlew does not run (it runs the rest of ${api.tool}'s script API): port that part`];
		});
		const early = callsOf(scripts.postResponse, api.beforeSendOnly);
		return early.length === 0 ? notes : [...notes, `${where}: its post-response script reads ${early.join(', ')}, which curlew gives pre-request scripts only: keep what it needs in a variable there`];
	});
}
