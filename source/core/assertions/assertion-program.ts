/**
A request's assertions as a program for the script sandbox, run after its post-response
scripts: each enabled assertion is a test (`test("assert: res.status: eq 200", …)`), so it
is counted, passed or failed, with the scripts' tests, as Bruno's runner counts them.

They run in the sandbox because their left side is JavaScript (`res.body.items.length`,
`res('data.id')`, `res.body.items.filter(i => i.ok).length`): the host never evaluates a
collection's code, and the sandbox's time and memory limits hold for it as for scripts.

The right side is read as Bruno reads it: placeholders are filled first (by `fill`, with the
variables in effect once the scripts ran); then true, false, null and undefined are those
values, text in double or single quotes is the text inside, a number is a number (past
2^53 it stays text); anything else is a JavaScript template, which is the text itself unless
it holds `${…}` or a backslash. For in and notIn the value is a list, `a, b` or `[a, b]`, of
such values; for between, two; for matches and notMatches, a regular expression's source,
between slashes or not.
*/
import {unaryAssertOperators, type Assertion} from '../model.js';
import {assertionChecksSource} from './assertion-checks.js';
import {expressionThunk, loadParser, readNameSource} from './sandbox-expression.js';

type Parser = Awaited<ReturnType<typeof loadParser>>;

/** How a test names an assertion, as Bruno's runner does: `assert: res.status: eq 200`. */
export function assertionTitle({expression, operator, value}: Assertion): string {
	return `assert: ${expression}: ${value === '' ? operator : `${operator} ${value}`}`;
}

/** The program that checks the enabled assertions; undefined when there are none. */
export async function assertionProgram(asserts: readonly Assertion[], fill: (text: string) => string): Promise<string | undefined> {
	const enabled = asserts.filter(assertion => assertion.enabled);
	if (enabled.length === 0) {
		return undefined;
	}

	const parser = await loadParser();
	const tests = enabled.map(assertion => {
		const title = JSON.stringify(assertionTitle(assertion));
		const actual = expressionThunk(parser, assertion.expression);
		if ('problem' in actual) {
			return `test(${title}, () => { throw new SyntaxError(${JSON.stringify(actual.problem)}); });`;
		}

		return `test(${title}, () => check(${JSON.stringify(assertion.operator)}, ${actual.code}(), ${expectedCode(assertion, {value: text => operandCode(parser, fill(text)), pattern: source => JSON.stringify(fill(source))})}));`;
	});
	return [
		'(function () {',
		readNameSource,
		`const check = ${assertionChecksSource.trim()};`,
		...tests,
		'})();',
	].join('\n');
}

/** How the code of the right side is made: of one value, and of a regular expression's source. */
export type RightSideCode = {value: (text: string) => string; pattern: (source: string) => string};

/**
Code that gives what the assertion compares with, evaluated after its left side: a list for
in and notIn, a pair for between, a pattern for matches, one value otherwise.
*/
export function expectedCode({operator, value}: Assertion, code: RightSideCode): string {
	if (unaryAssertOperators.has(operator)) {
		return 'undefined';
	}

	switch (operator) {
		case 'in':
		case 'notIn': {
			const list = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
			return `[${list.split(',').map(item => code.value(item.trim())).join(', ')}]`;
		}

		case 'between': {
			const [min = '', max = ''] = value.split(',');
			return `[${code.value(min.trim())}, ${code.value(max.trim())}]`;
		}

		case 'matches':
		case 'notMatches': {
			return code.pattern(value.startsWith('/') && value.endsWith('/') && value.length > 1 ? value.slice(1, -1) : value);
		}

		default: {
			return code.value(value);
		}
	}
}

/** Code for one value on the right side, read as Bruno reads it (see the top of this file). */
function operandCode(parser: Parser, written: string): string {
	const text = written.trim();
	if (text === '') {
		return JSON.stringify(written);
	}

	const literals: Record<string, string> = {true: 'true', false: 'false', null: 'null', undefined: 'undefined'};
	if (Object.hasOwn(literals, text)) {
		return literals[text]!;
	}

	if (text.length >= 2 && ((text.startsWith('"') && text.endsWith('"')) || (text.startsWith('\'') && text.endsWith('\'')))) {
		return JSON.stringify(text.slice(1, -1));
	}

	const number = Number(text);
	if (!Number.isNaN(number)) {
		return number > Number.MAX_SAFE_INTEGER ? JSON.stringify(text) : Object.is(number, -0) ? '-0' : String(number);
	}

	if (!/[`\\]|\$\{/.test(text)) {
		return JSON.stringify(text);
	}

	const template = expressionThunk(parser, `\`${text}\``);
	return 'problem' in template
		? `(() => { throw new SyntaxError(${JSON.stringify(`the value ${text} is read as a JavaScript template, and is not one`)}); })()`
		: `${template.code}()`;
}
