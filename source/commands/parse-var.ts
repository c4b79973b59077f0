import {inexactIntegerProblem, InvalidEncodingError, validateValue, validateVariableName, valueFromTypedJson, type Value} from '../core/values.js';

export class UsageError extends Error {
	override name = 'UsageError';
}

/**
Reads `--var name=<json>`: the value is JSON when it parses (`--var id=42`,
`--var user='{"id":1}'`, a date as `{"$date": "2024-01-01T00:00:00.000Z"}`, other keys as
written: `{"$gt": 18}`), else the plain word as a string (`--var env=staging`).
*/
export function parseVarFlag(flag: string): [string, Value] {
	const equals = flag.indexOf('=');
	if (equals === -1) {
		throw new UsageError(`--var ${JSON.stringify(flag)} has no "=": write --var name=value, e.g. --var id=42`);
	}

	const name = flag.slice(0, equals).trim();
	const nameProblem = validateVariableName(name);
	if (nameProblem !== undefined) {
		throw new UsageError(`--var ${flag}: ${nameProblem}`);
	}

	const text = flag.slice(equals + 1);
	const inexact = inexactIntegerProblem(text);
	if (inexact !== undefined) {
		throw new UsageError(`--var ${name}: ${inexact}: --var '${name}="${text.trim()}"'`);
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [name, text];
	}

	try {
		const value = valueFromTypedJson(parsed);
		const problem = validateValue(value);
		if (problem !== undefined) {
			throw new UsageError(`--var ${name}: ${problem}`);
		}

		return [name, value];
	} catch (error) {
		if (error instanceof InvalidEncodingError) {
			throw new UsageError(`--var ${name}: ${error.message}`);
		}

		throw error;
	}
}
