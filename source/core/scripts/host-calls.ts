/*
The host's answers to the sandbox: `client.*`, the response text, and a form's text from
fields a script set. Each call arrives as
an operation name and a JSON array of wire values. Each answer is one string: `v` and the
value's JSON (nothing for undefined), `t` and raw text (the response body, which would
otherwise be JSON-escaped here and parsed once more inside QuickJS), or `e` and an error's
JSON `{name, message}`, which the prelude throws inside the script as a catchable Error.
*/
import {decodeBody} from '../http/charset.js';
import {encodeValue, validateVariableName, variableValueProblem} from '../values.js';
import {formText} from './form-text.js';
import {roundedNumberHint} from './rounded-number-hint.js';
import type {ScriptModules, ScriptResponse, ScriptVariables} from './types.js';
import {fromWire, readWireValue} from './wire.js';

export type HostCallContext = {
	variables: ScriptVariables;
	response?: ScriptResponse;
	/** The collection's own JavaScript files that scripts may require (see RunScriptOptions.modules). */
	modules?: ScriptModules;
};

class ScriptApiError extends Error {
	constructor(override name: string, message: string) {
		super(message);
	}
}

/** A raw text answer, passed to the script as it is. */
class Text {
	constructor(readonly text: string) {}
}

export function answerHostCall(context: HostCallContext, op: string, argsJson: string): string {
	try {
		const result = perform(context, op, JSON.parse(argsJson) as unknown[]);
		// Strings cross into QuickJS as C strings, which end at a NUL: text holding one goes as JSON.
		if (result instanceof Text) {
			return result.text.includes('\0') ? `v${JSON.stringify(result.text)}` : `t${result.text}`;
		}

		return result === undefined ? 'v' : `v${JSON.stringify(result)}`;
	} catch (error) {
		return errorAnswer(error instanceof ScriptApiError ? error.name : 'Error', error instanceof Error ? error.message : String(error));
	}
}

export function errorAnswer(name: string, message: string): string {
	return `e${JSON.stringify({name, message})}`;
}

function perform(context: HostCallContext, op: string, args: unknown[]): unknown {
	const {variables} = context;
	switch (op) {
		case 'getVar': {
			const value = variables.get(variableName(args[0]));
			return value === undefined ? undefined : encodeValue(value);
		}

		case 'setVar': {
			const name = variableName(args[0]);
			const reading = readWireValue(args[1]);
			if (reading.problem !== undefined) {
				const hint = context.response === undefined ? '' : roundedNumberHint(responseText(context.response), reading.inexact ?? []);
				throw new ScriptApiError('InvalidValueError', variableValueProblem(name, reading.problem) + hint);
			}

			variables.set(name, reading.value);
			return undefined;
		}

		case 'hasVar': {
			return variables.has(variableName(args[0]));
		}

		case 'deleteVar': {
			return variables.delete(variableName(args[0]));
		}

		case 'interpolate': {
			const text = fromWire(args[0]);
			if (typeof text !== 'string') {
				throw new ScriptApiError('TypeError', `client.interpolate needs a string, not ${text === null ? 'null' : typeof text}`);
			}

			return variables.interpolate(text);
		}

		// The prelude checked and wrote each value as text; the encoding is formText's, placeholders kept as written.
		case 'formText': {
			const fields = fromWire(args[0]);
			const valid = Array.isArray(fields) && fields.every(field => Array.isArray(field) && field.length === 2 && typeof field[0] === 'string' && typeof field[1] === 'string');
			if (!valid) {
				throw new ScriptApiError('TypeError', 'A form\'s fields must be pairs of name and value, both text');
			}

			return formText((fields as Array<[string, string]>).map(([name, value]) => ({name, value})));
		}

		// The first of the paths require tried (`lib/sign`, `lib/sign.js`, `lib/sign/index.js`) that is one of the collection's files.
		case 'module': {
			const candidates = fromWire(args[0]);
			if (!Array.isArray(candidates) || !candidates.every(candidate => typeof candidate === 'string')) {
				throw new ScriptApiError('TypeError', 'require needs a path, such as require(\'./lib/sign.js\')');
			}

			const modules = context.modules ?? {};
			const path = (candidates as string[]).find(candidate => Object.hasOwn(modules, candidate));
			return path === undefined ? undefined : {path, text: modules[path]};
		}

		case 'responseText': {
			return new Text(context.response === undefined ? '' : responseText(context.response));
		}

		default: {
			throw new ScriptApiError('Error', `The host has no operation ${JSON.stringify(op)}`);
		}
	}
}

function responseText(response: ScriptResponse): string {
	const contentType = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
	return decodeBody(response.body, contentType);
}

function variableName(wire: unknown): string {
	const name = fromWire(wire);
	const problem = validateVariableName(name);
	if (problem !== undefined) {
		throw new ScriptApiError('InvalidValueError', problem);
	}

	return name as string;
}
