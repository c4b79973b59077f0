import {expect} from 'vitest';
import {answerHostCall} from '../../../source/core/scripts/host-calls.js';
import type {ScriptRequest, ScriptResponse} from '../../../source/core/scripts/index.js';
import {sandboxSetup} from '../../../source/core/scripts/run-script.js';
import {runInSandbox} from '../../../source/core/scripts/sandbox.js';
import {scopeVariables} from './scope-variables.js';

const request: ScriptRequest = {method: 'GET', url: 'http://localhost/', headers: [], body: ''};
const bytes = new TextEncoder().encode('{"id":7}');
const response: ScriptResponse = {status: 200, statusText: 'OK', headers: [['Content-Type', 'application/json']], body: bytes, responseTime: 1, size: bytes.length};

/** The parts of the script API (see sandbox/prelude.js) a run of code compiled, as the worker reports them. */
export async function compiledParts(code: string, phase: 'pre-request' | 'post-response'): Promise<string[]> {
	const variables = scopeVariables();
	const options = {code, phase, requestName: 'Parts', ...(phase === 'post-response' ? {response} : {})};
	const outcome = await runInSandbox({
		code,
		setup: sandboxSetup(options, phase === 'pre-request' ? request : undefined),
		timeoutMs: 1000,
		memoryBytes: 64 * 1024 * 1024,
		call: (op, argsJson) => answerHostCall({variables, response: options.response}, op, argsJson),
		log() {},
	});
	expect(outcome.status).toBe('completed');
	return outcome.status === 'completed' ? outcome.parts : [];
}
