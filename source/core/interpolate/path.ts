/**
Placeholder paths: `name`, then any mix of `.property`, `[index]`, `['key']` and `["key"]`.

A dotted run such as `user.name.first` is kept as a list of words, because a variable
whose whole name contains dots wins over the nested path of the same spelling; which
split applies is decided when the path is resolved against the variables.
*/

export type Step =
	| {kind: 'property'; key: string}
	| {kind: 'index'; index: number};

export type Path = {
	/** The leading dotted words: `a.b.c` gives ['a', 'b', 'c']. */
	words: string[];
	/** The steps after the first bracket, in order. */
	steps: Step[];
	/**
	The ways to read the path, longest variable name first: `a.b.c` is the variable
	"a.b.c", else "a.b" then `.c`, else "a" then `.b.c`. Worked out once, when parsed.
	*/
	heads: Array<{name: string; steps: Step[]}>;
};

export type ParsedExpression =
	| {kind: 'variable'; path: Path}
	| {kind: 'dynamic'; name: string}
	| {kind: 'env'; name: string}
	| {kind: 'invalid'; reason: string};

const wordBreak = new Set(['.', '[', ']', '"', '\'', '{', '}']);

function isWordCharacter(character: string): boolean {
	return !wordBreak.has(character) && !/\s/.test(character);
}

/** Parses the text between `{{` and `}}`, already trimmed. */
export function parseExpression(expression: string): ParsedExpression {
	if (expression === '') {
		return {kind: 'invalid', reason: 'the placeholder is empty: write a variable name between the braces'};
	}

	if (expression.startsWith('$')) {
		const name = expression.slice(1);
		return /^[A-Za-z]\w*$/.test(name)
			? {kind: 'dynamic', name}
			: {kind: 'invalid', reason: `"${expression}" is not a dynamic variable name such as $guid or $timestamp`};
	}

	const parsed = parsePath(expression);
	if (typeof parsed === 'string') {
		return {kind: 'invalid', reason: parsed};
	}

	if (parsed.words[0] === 'process') {
		if (parsed.words[1] === 'env' && parsed.words.length === 3 && parsed.steps.length === 0) {
			return {kind: 'env', name: parsed.words[2]!};
		}

		if (parsed.words[1] === 'env' && parsed.words.length === 2 && parsed.steps.length === 1 && parsed.steps[0]!.kind === 'property') {
			return {kind: 'env', name: parsed.steps[0]!.key};
		}

		return {kind: 'invalid', reason: '"process" is reserved: write {{process.env.NAME}} to read an environment variable'};
	}

	return {kind: 'variable', path: parsed};
}

/** @returns the path, or why it is not one. */
export function parsePath(expression: string): Path | string {
	const words: string[] = [];
	const steps: Step[] = [];
	let position = 0;
	const length = expression.length;

	const readWord = (): string => {
		const start = position;
		while (position < length && isWordCharacter(expression[position]!)) {
			position++;
		}

		return expression.slice(start, position);
	};

	const first = readWord();
	if (first === '') {
		return `"${expression}" must start with a variable name`;
	}

	words.push(first);
	while (position < length) {
		const character = expression[position]!;
		if (character === '.') {
			position++;
			const word = readWord();
			if (word === '') {
				return `"${expression}" has an empty property name after "${expression.slice(0, position)}"`;
			}

			if (steps.length === 0) {
				words.push(word);
			} else {
				steps.push({kind: 'property', key: word});
			}

			continue;
		}

		if (character === '[') {
			const step = readBracket(expression, position);
			if (typeof step === 'string') {
				return step;
			}

			steps.push(step.step);
			position = step.end;
			continue;
		}

		return `"${expression}" has an unexpected ${JSON.stringify(character)} at position ${position + 1}: use .name, [0] or ['key']`;
	}

	const heads = words.map((_, index) => {
		const count = words.length - index;
		const rest: Step[] = words.slice(count).map(key => ({kind: 'property', key}));
		return {name: words.slice(0, count).join('.'), steps: [...rest, ...steps]};
	});
	return {words, steps, heads};
}

function readBracket(expression: string, open: number): {step: Step; end: number} | string {
	const quote = expression[open + 1];
	if (quote === '\'' || quote === '"') {
		let key = '';
		let position = open + 2;
		while (position < expression.length && expression[position] !== quote) {
			if (expression[position] === '\\' && position + 1 < expression.length) {
				position++;
			}

			key += expression[position];
			position++;
		}

		if (expression[position] !== quote || expression[position + 1] !== ']') {
			return `"${expression}" has an unterminated [${quote}…${quote}] key: close it with ${quote}]`;
		}

		return {step: {kind: 'property', key}, end: position + 2};
	}

	const close = expression.indexOf(']', open);
	if (close === -1) {
		return `"${expression}" has an unterminated [: close it with ]`;
	}

	const inside = expression.slice(open + 1, close).trim();
	if (/^\d+$/.test(inside)) {
		return {step: {kind: 'index', index: Number(inside)}, end: close + 1};
	}

	if (/^-\d+$/.test(inside)) {
		return `"${expression}" uses the negative index [${inside}]: indexes are zero-based whole numbers, counted from the start`;
	}

	return `"${expression}" has [${inside}], which is neither an index like [0] nor a quoted key like ['key']`;
}

/** Spells a resolved path back, for messages: `user.tags[0]`. */
export function formatSteps(head: string, steps: readonly Step[]): string {
	let text = head;
	for (const step of steps) {
		text += step.kind === 'index' ? `[${step.index}]` : (/^[\p{L}\p{N}_$-]+$/u.test(step.key) ? `.${step.key}` : `[${JSON.stringify(step.key)}]`);
	}

	return text;
}
