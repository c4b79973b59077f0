/**
A JavaScript expression of a collection (an assertion's left side, a post-response
variable's value, a template on an assertion's right side), made into code that the script
sandbox runs. As in Bruno, a name the expression reads that is not the sandbox's own (`res`,
`req`, `bru`...) is a variable of the request's scopes when there is one, so that
`res.body.id === userId` reads the variable userId.
*/
import {validateVariableName} from '../values.js';

type Acorn = typeof import('acorn');

/** Names the sandbox gives every script: never read as variables. */
const sandboxNames = new Set(['res', 'req', 'bru', 'pm', 'client', 'console', 'test', 'expect', 'globalThis', 'undefined', 'NaN', 'Infinity', 'arguments']);

/** The name of the function, defined by the program around an expression, that reads a name: a variable, or else the sandbox's global of that name. */
export const readName = 'readName';

export const readNameSource = `const ${readName} = name => (client.hasVar(name) ? client.getVar(name) : globalThis[name]);`;

let acorn: Promise<Acorn> | undefined;

/** Loaded with the first expression: most sends have none. */
export async function loadParser(): Promise<Acorn> {
	acorn ??= import('acorn');
	return acorn;
}

/**
Code that evaluates `expression` once it is called: `(() => …)`; or, when the text is not one
JavaScript expression, why not.
*/
export function expressionThunk(parser: Acorn, expression: string): {code: string} | {problem: string} {
	const wrapped = `(${expression}\n)`;
	let program;
	try {
		program = parser.parse(wrapped, {ecmaVersion: 'latest', sourceType: 'script'});
	} catch (error) {
		return {problem: `${JSON.stringify(expression)} is not a JavaScript expression: ${(error as Error).message.replace(/ \(\d+:\d+\)$/, '')}`};
	}

	if (program.body.length !== 1 || program.body[0]!.type !== 'ExpressionStatement') {
		return {problem: `${JSON.stringify(expression)} is not one JavaScript expression`};
	}

	const names = readNames(parser, wrapped);
	return {code: `(() => ((${names.join(', ')}) => ${wrapped})(${names.map(name => `${readName}(${JSON.stringify(name)})`).join(', ')}))`};
}

/** The names an expression reads that could be variables: those not after a `.`, nor the sandbox's own. */
function readNames(parser: Acorn, code: string): string[] {
	const names = new Set<string>();
	let afterDot = false;
	for (const token of parser.tokenizer(code, {ecmaVersion: 'latest'})) {
		const {label} = token.type;
		if (label === 'name' && !afterDot) {
			const name = code.slice(token.start, token.end);
			if (!sandboxNames.has(name) && name !== readName && validateVariableName(name) === undefined) {
				names.add(name);
			}
		}

		afterDot = label === '.' || label === '?.';
	}

	return [...names];
}
