/**
JSON.parse with errors that give a line and column. Node 20's messages often carry
neither ("Unexpected token '}', ... is not valid JSON"), so when parsing fails a small
scanner walks the text again to find where and why.
*/
import {maxValueDepth, tooDeepProblem} from '../values.js';
import {lineAndColumn} from '../text-position.js';

export class JsonSyntaxError extends Error {
	override name = 'JsonSyntaxError';

	constructor(readonly line: number, readonly column: number, readonly problem: string) {
		super(`Invalid JSON at line ${line}, column ${column}: ${problem}`);
	}
}

/** Some Windows tools (older Notepad, Windows PowerShell's `-Encoding utf8`) start a UTF-8 file with it; JSON.parse refuses it. */
const byteOrderMark = '\uFEFF';

/** Parses JSON text, skipping a byte order mark at its start: an editor does not show it, so columns count from after it. */
export function parseJsonText(fileText: string): unknown {
	const text = fileText.startsWith(byteOrderMark) ? fileText.slice(byteOrderMark.length) : fileText;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		const {offset, problem} = locateSyntaxError(text);
		const {line, column} = lineAndColumn(text, offset);
		throw new JsonSyntaxError(line, column, problem);
	}
}

type SyntaxProblem = {offset: number; problem: string};

class Stop extends Error {
	constructor(readonly found: SyntaxProblem) {
		super(found.problem);
	}
}

function locateSyntaxError(text: string): SyntaxProblem {
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

	// The scanner recurses: in text nested deeper than any value may be, the depth is what is wrong.
	const readValue = (depth: number): void => {
		skipSpace();
		const character = text[position];
		if ((character === '{' || character === '[') && depth === maxValueDepth) {
			fail(`the text ${tooDeepProblem}`);
		}

		if (character === '{') {
			position++;
			skipSpace();
			if (text[position] === '}') {
				position++;
				return;
			}

			for (;;) {
				skipSpace();
				if (text[position] !== '"') {
					fail(`expected a property name in double quotes, ${describeHere()}`);
				}

				readString();
				expectCharacter(':', '":" after the property name');
				readValue(depth + 1);
				skipSpace();
				if (text[position] === ',') {
					position++;
					continue;
				}

				expectCharacter('}', '"," or "}" after the property value');
				return;
			}
		}

		if (character === '[') {
			position++;
			skipSpace();
			if (text[position] === ']') {
				position++;
				return;
			}

			for (;;) {
				readValue(depth + 1);
				skipSpace();
				if (text[position] === ',') {
					position++;
					continue;
				}

				expectCharacter(']', '"," or "]" after the array element');
				return;
			}
		}

		if (character === '"') {
			readString();
			return;
		}

		const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(position, position + 400));
		if (literal === null) {
			fail(`expected a value (an object, array, string, number, true, false or null), ${describeHere()}`);
		}

		position += literal![0].length;
	};

	try {
		readValue(0);
		skipSpace();
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
