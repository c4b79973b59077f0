import {inexactIntegerProblem, readTypedJson, validateVariableName, type Value} from '../core/values.js';

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
	const reading = readTypedJson(text);
	if (reading.ok) {
		return [name, reading.value];
	}

	if (reading.syntax) {
		return [name, text];
	}

	// A number too long to keep is most likely an id: quoted, it is sent as written.
	const quoting = inexactIntegerProblem(text) === undefined ? '' : `: --var '${name}="${text.trim()}"'`;
	throw new UsageError(`--var ${name}: ${reading.message}${quoting}`);
}
