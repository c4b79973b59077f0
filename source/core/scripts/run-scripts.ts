import {runScript} from './run-script.js';
import type {LogEntry, RunScriptOptions, ScriptResult} from './types.js';

export type RunScriptsOptions = Omit<RunScriptOptions, 'code' | 'source'> & {
	/** The collection's script for this phase, then the request's own. */
	code: {collection: string; request: string};
};

/**
Runs one phase: the collection's script, then the request's own, the second seeing the
request as the first left it. Stops at the first error; after a pre-request error the
caller should not send the request.
*/
export async function runScripts(options: RunScriptsOptions): Promise<ScriptResult> {
	const {code, ...shared} = options;
	let {request} = shared;
	const logs: LogEntry[] = [];
	for (const source of ['collection', 'request'] as const) {
		const result = await runScript({...shared, request, code: code[source], source});
		logs.push(...result.logs);
		request = result.request ?? request;
		if (result.error !== undefined) {
			return {...(request === undefined ? {} : {request}), logs, error: result.error};
		}
	}

	return {...(request === undefined ? {} : {request}), logs};
}
