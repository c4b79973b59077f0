import {runScript} from './run-script.js';
import type {RunScriptOptions, ScriptError, ScriptsResult} from './types.js';

export type RunScriptsOptions = Omit<RunScriptOptions, 'code' | 'source'> & {
	/** The collection's script for this phase, then the request's own. */
	code: {collection: string; request: string};
};

/**
Runs one phase: the collection's script, then the request's own, the second seeing the
request as the first left it. A post-response script that fails does not stop the next,
as in Postman: the response is there for every script, and each failure is kept, naming
its script. A pre-request failure ends the phase, as it stops the send: a script after it
would only prepare a request that never goes out. A cancelled script ends either phase.
*/
export async function runScripts(options: RunScriptsOptions): Promise<ScriptsResult> {
	const {code, ...shared} = options;
	let {request} = shared;
	const result: ScriptsResult = {logs: [], errors: []};
	for (const source of ['collection', 'request'] as const) {
		const run = await runScript({...shared, request, code: code[source], source});
		result.logs.push(...run.logs);
		if (run.runMs !== undefined) {
			result.runMs = (result.runMs ?? 0) + run.runMs;
		}

		request = run.request ?? request;
		if (run.runControl !== undefined) {
			result.runControl = {...result.runControl, ...run.runControl};
		}

		if (run.error !== undefined) {
			result.errors.push(run.error);
			if (endsPhase(run.error)) {
				break;
			}
		}
	}

	return request === undefined ? result : {request, ...result};
}

function endsPhase(error: ScriptError): boolean {
	return error.phase === 'pre-request' || error.kind === 'cancelled';
}
