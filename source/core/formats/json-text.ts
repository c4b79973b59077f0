/**
JSON.parse with errors that give a line and column. Node 20's messages often carry
neither ("Unexpected token '}', ... is not valid JSON"), so when parsing fails a small
scanner walks the text again to find where and why.
*/
import {maxValueDepth} from '../values.js';
import {lineAndColumn} from '../text-position.js';

export class JsonSyntaxError extends Error {
	override name = 'JsonSyntaxError';

	constructor(readonly line: number, readonly column: number, readonly problem: string) {
		super(`Invalid JSON at line ${line}, column ${column}: ${problem}`);
	}
}

/** Some Windows tools (older Notepad, Windows PowerShell's `-Encoding utf8`) start a UTF-8 file with it; JSON.parse refuses it. */
const byteOrderMark = '\uFEFF';

/**
How deep a Postman file's JSON may nest: a value of maxValueDepth inside the file's own
structure, with room for folders (two levels each). Deeper, its reader would overflow the
stack (JSON.stringify of a value, a folder read within its parent's). curlew's own reader
checks the depth of each value, naming it, and goes no deeper elsewhere.
*/
export const maxFileDepth = 2 * maxValueDepth;

/**
Parses JSON text, skipping a byte order mark at its start: an editor does not show it, so
columns count from after it. Text that nests deeper than `maxDepth` is refused where it does.
*/
export function parseJsonText(fileText: string, maxDepth = Number.POSITIVE_INFINITY): unknown {
	const text = fileText.startsWith(byteOrderMark) ? fileText.slice(byteOrderMark.length) : fileText;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text) as unknown;
	} catch {
		throw locatedError(text, maxDepth === Number.POSITIVE_INFINITY ? maxValueDepth : maxDepth);
	}

	if (nestsDeeper(parsed, maxDepth)) {
		throw locatedError(text, maxDepth);
	}

	return parsed;
}

/** Whether `value` has arrays and objects more than `maxDepth` inside one another; a loop, not recursion, for any depth. */
function nestsDeeper(value: unknown, maxDepth: number): boolean {
	if (maxDepth === Number.POSITIVE_INFINITY) {
		return false;
	}

	const pending: Array<{value: unknown; depth: number}> = [{value, depth: 0}];
	while (pending.length > 0) {
		const {value: next, depth} = pending.pop()!;
		if (next === null || typeof next !== 'object') {
			continue;
		}

		if (depth === maxDepth) {
			return true;
		}

		for (const child of Object.values(next)) {
			pending.push({value: child, depth: depth + 1});
		}
	}

	return false;
}

/**
Where and why `text` is not JSON, as JSON.parse reads it; undefined when it is JSON. Text
read as a value (the default) may nest maxValueDepth arrays and objects, past which the
depth is what is wrong; a request body, `Infinity`, nests as deep as it likes.
*/
export function findJsonSyntaxError(text: string, maxDepth = maxValueDepth): JsonSyntaxError | undefined {
	try {
		JSON.parse(text);
		return undefined;
	} catch {
		return locatedError(text, maxDepth);
	}
}

function locatedError(text: string, maxDepth: number): JsonSyntaxError {
	const {offset, problem} = locateSyntaxError(text, maxDepth);
	const {line, column} = lineAndColumn(text, offset);
	return new JsonSyntaxError(line, column, problem);
}

type SyntaxProblem = {offset: number; problem: string};

class Stop extends Error {
	constructor(readonly found: SyntaxProblem) {
		super(found.problem);
	}
}

function locateSyntaxError(text: string, maxDepth: number): SyntaxProblem {
	let position = 0;

	const fail = (problem: string): never => {
		throw new Stop({offset: position, problem});
	};

	const describeHere = (): string => position >= text.length ? 'the text ends' : `found ${JSON.stringify(text[position])}`;

	const skipSpace = (): void => {
		while (position < text.length && ' \t\n\r'.includes(text[position]!)) {
			position++;
		}
	};

	const expectCharacter = (character: string, what: string): void => {
		skipSpace();
		if (text[position] !== character) {
			fail(`expected ${what}, ${describeHere()}`);
		}

		position++;
	};

	const readString = (): void => {
		position++;
		while (position < text.length) {
			const character = text[position]!;
			if (character === '"') {
				position++;
				return;
			}

			if (character === '\\') {
				const escaped = text[position + 1];
				if (escaped === 'u') {
					if (!/^[\da-fA-F]{4}$/.test(text.slice(position + 2, position + 6))) {
						fail('a \\u escape needs four hexadecimal digits');
					}

					position += 6;
					continue;
				}

				if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) {
					fail(`${JSON.stringify(`\\${escaped ?? ''}`)} is not a JSON escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX`);
				}

				position += 2;
				continue;
			}

			if (character < ' ') {
				fail('a control character (such as a raw line break) inside a string: write it as \\n, \\t or \\uXXXX');
			}

			position++;
		}

		fail('a string is not closed: add the closing "');
	};

	const readKey = (): void => {
		skipSpace();
		if (text[position] !== '"') {
			fail(`expected a property name in double quotes, ${describeHere()}`);
		}

		readString();
		expectCharacter(':', '":" after the property name');
	};

	const readScalar = (): void => {
		if (text[position] === '"') {
			readString();
			return;
		}

		const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(position, position + 400));
		if (literal === null) {
			fail(`expected a value (an object, array, string, number, true, false or null), ${describeHere()}`);
		}

		position += literal![0].length;
	};

	// A loop with a stack of the open arrays and objects, not recursion: a body may nest deeper than the call stack goes.
	const closers: Array<'}' | ']'> = [];
	try {
		let valueDue = true;
		for (;;) {
			skipSpace();
			if (valueDue) {
				const character = text[position];
				if (character !== '{' && character !== '[') {
					readScalar();
					valueDue = false;
					continue;
				}

				if (closers.length === maxDepth) {
					fail(`the text is nested too deep: at most ${maxDepth} arrays and objects inside one another`);
				}

				position++;
				skipSpace();
				const closer = character === '{' ? '}' : ']';
				if (text[position] === closer) {
					position++;
					valueDue = false;
					continue;
				}

				closers.push(closer);
				if (closer === '}') {
					readKey();
				}

				continue;
			}

			const closer = closers.at(-1);
			if (closer === undefined) {
				break;
			}

			if (text[position] === ',') {
				position++;
				if (closer === '}') {
					readKey();
				}

				valueDue = true;
				continue;
			}

			expectCharacter(closer, closer === '}' ? '"," or "}" after the property value' : '"," or "]" after the array element');
			closers.pop();
		}

		if (position < text.length) {
			fail(`unexpected ${JSON.stringify(text[position])} after the end of the JSON value`);
		}
	} catch (error) {
		if (error instanceof Stop) {
			return error.found;
		}

		throw error;
	}

	return {offset: 0, problem: 'the text is not valid JSON'};
}
