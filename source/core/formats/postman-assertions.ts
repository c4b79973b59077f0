/**
A request's post-response variables and assertions as Postman test-script code, for
`curlew export --format postman`: Postman has neither, so each becomes what runs the same in
Postman's sandbox. A `res` like Bruno's (and curlew's) is made from pm.response; a
post-response variable is set with pm.collectionVariables.set, which later requests of a run
see; an assertion is a pm.test with the checks curlew runs (assertion-checks.ts), its value
read as Bruno reads it once pm.variables.replaceIn has filled its placeholders. A value
written as a JavaScript template (`${…}`) is compared as the text it is.
*/
import * as acorn from 'acorn';
import {assertionChecksSource} from '../assertions/assertion-checks.js';
import {assertionTitle, expectedCode, type RightSideCode} from '../assertions/assertion-program.js';
import {expressionThunk, readName} from '../assertions/sandbox-expression.js';
import type {Assertion, ResponseVariable} from '../model.js';

const responseSource = `const body = (() => {
	try {
		return pm.response.json();
	} catch {
		return pm.response.text();
	}
})();
const res = Object.assign(path => String(path).replace(/\\[(\\d+)\\]/g, '.$1').split('.').filter(part => part !== '').reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), body), {
	status: pm.response.code,
	statusText: pm.response.status,
	headers: pm.response.headers.toObject(),
	body,
	responseTime: pm.response.responseTime,
});
const ${readName} = name => (pm.variables.has(name) ? pm.variables.get(name) : globalThis[name]);`;

/** Bruno's reading of a value, at run time in Postman: true, false, null, undefined, quoted text, numbers; else the text. */
const operandSource = `const operand = written => {
	const text = pm.variables.replaceIn(written).trim();
	const literals = {true: true, false: false, null: null};
	if (text === 'undefined') {
		return undefined;
	}

	if (Object.hasOwn(literals, text)) {
		return literals[text];
	}

	if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")))) {
		return text.slice(1, -1);
	}

	const number = Number(text);
	return text === '' || Number.isNaN(number) || number > Number.MAX_SAFE_INTEGER ? text : number;
};`;

/** The test script lines that set the post-response variables, run before the request's own; none when it has none. */
export function postmanResponseVariablesScript(variables: readonly ResponseVariable[]): string {
	if (variables.length === 0) {
		return '';
	}

	const sets = variables.map(({name, expression}) => {
		const value = expressionThunk(acorn, expression);
		if ('problem' in value) {
			return `console.error(${JSON.stringify(`Post-response variable ${name} was not set: ${value.problem}`)});`;
		}

		return `try {\n\tconst value = ${value.code}();\n\tif (value === undefined) {\n\t\tpm.collectionVariables.unset(${JSON.stringify(name)});\n\t} else {\n\t\tpm.collectionVariables.set(${JSON.stringify(name)}, value);\n\t}\n} catch (error) {\n\tconsole.error(${JSON.stringify(`Post-response variable ${name} was not set:`)}, String(error));\n}`;
	});
	return ['// The post-response variables curlew set from the response.', '(function () {', responseSource, ...sets, '})();'].join('\n');
}

/** The right side in the exported script: each value read by its `operand`, as Bruno reads it, and a pattern's placeholders filled by Postman. */
const rightSide: RightSideCode = {
	value: text => `operand(${JSON.stringify(text)})`,
	pattern: source => `pm.variables.replaceIn(${JSON.stringify(source)})`,
};

/** The test script lines that check the enabled assertions, run after the request's own; none when it has none. */
export function postmanAssertionsScript(asserts: readonly Assertion[]): string {
	const enabled = asserts.filter(assertion => assertion.enabled);
	if (enabled.length === 0) {
		return '';
	}

	const tests = enabled.map(assertion => {
		const title = JSON.stringify(assertionTitle(assertion));
		const actual = expressionThunk(acorn, assertion.expression);
		return 'problem' in actual
			? `pm.test(${title}, () => {\n\tthrow new SyntaxError(${JSON.stringify(actual.problem)});\n});`
			: `pm.test(${title}, () => check(${JSON.stringify(assertion.operator)}, ${actual.code}(), ${expectedCode(assertion, rightSide)}));`;
	});
	return ['// The assertions curlew ran after the response (Bruno\'s assert block).', '(function () {', responseSource, `const check = ${assertionChecksSource.trim()};`, operandSource, ...tests, '})();'].join('\n');
}

