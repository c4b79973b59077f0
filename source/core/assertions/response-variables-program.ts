/**
A request's post-response variables (Bruno's vars:post-response, `token: res.body.token`)
as a program for the script sandbox, run as soon as the response comes, before the
post-response scripts: each expression is read there, and its value set as a runtime
variable, as client.setVar sets it; undefined (a field the response lacks) unsets it. One
that cannot be read or set is a line in the console saying why, and the others are set.
*/
import type {ResponseVariable} from '../model.js';
import {expressionThunk, loadParser, readNameSource} from './sandbox-expression.js';

/** The program; undefined when the request has none. */
export async function responseVariablesProgram(variables: readonly ResponseVariable[]): Promise<string | undefined> {
	if (variables.length === 0) {
		return undefined;
	}

	const parser = await loadParser();
	const sets = variables.map(({name, expression}) => {
		const shownName = JSON.stringify(name);
		const value = expressionThunk(parser, expression);
		if ('problem' in value) {
			return `console.error(${JSON.stringify(`Post-response variable ${name} was not set: ${value.problem}`)});`;
		}

		return [
			'try {',
			`\tconst value = ${value.code}();`,
			`\tif (value === undefined) { client.deleteVar(${shownName}); } else { client.setVar(${shownName}, value); }`,
			'} catch (error) {',
			`\tconsole.error(${JSON.stringify(`Post-response variable ${name} was not set:`)}, String(error));`,
			'}',
		].join('\n');
	});
	return ['(function () {', readNameSource, ...sets, '})();'].join('\n');
}
