/**
Marks that let an error name a line QuickJS cannot tell.

A time limit names the loop that ran too long. QuickJS reports an interrupted script at a
stale position (a function's first line), so loops are marked: each iteration first calls
`loopMark(line)`, which notes the line in the sandbox and returns the line it replaced, and
a loop that ends puts that line back (the loop around it, even in a calling function), in a
`finally`: a loop left by `return` or a throw is not blamed for what runs after it. The
worker reads the last line noted when it interrupts a script (QuickJS's interrupt skips
`finally` blocks, so the interrupted loop's line stays).

A thrown value that is not an Error (`throw 'no token'`) carries no stack, so each `throw`
hands its value through `throwMark(line, value)`, which notes both; the worker names that
line when the value the script failed with is the one noted.

Marks are inserted within lines, so every other error keeps its line.
*/
import type {Node} from 'acorn';

/** The sandbox function that marked loops call; the prelude defines it. */
export const loopMark = '__curlewLoop';
/** The sandbox function that marked throws pass their value through; the prelude defines it. */
export const throwMark = '__curlewThrow';
/** Holds, in the block around a marked loop, the line noted before the loop began. */
const outerLine = '__curlewOuterLine';

const loopTypes = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);
const mightMark = /\b(?:for|while|do|throw)\b/;
const marked = new Map<string, string>();
const cacheLimit = 256;

/**
Text to insert at an offset. Where several meet at one offset, what closes comes before
what opens, inner closings before outer ones and outer openings before inner ones.
*/
type Insertion = {at: number; text: string; closes: boolean; depth: number};
type Parse = typeof import('acorn').parse;

/**
`code` with every loop and throw marked; as it was when it has neither or does not parse
(QuickJS then reports the syntax error). The parser loads with the first script that has one.
*/
export async function markLines(code: string): Promise<string> {
	if (!mightMark.test(code)) {
		return code;
	}

	let result = marked.get(code);
	if (result === undefined) {
		const {parse} = await import('acorn');
		result = withMarks(code, parse);
		if (marked.size >= cacheLimit) {
			marked.clear();
		}

		marked.set(code, result);
	}

	return result;
}

const topLevelReturns = new Map<string, boolean>();

/** Whether `code` has a `return` outside any function, which a script's top level refuses. Kept per text, as marks are: a script runs on every send. */
export async function returnsAtTopLevel(code: string): Promise<boolean> {
	if (!/\breturn\b/.test(code)) {
		return false;
	}

	let result = topLevelReturns.get(code);
	if (result === undefined) {
		const {parse} = await import('acorn');
		try {
			parse(code, {ecmaVersion: 'latest', sourceType: 'script'});
			result = false;
		} catch (error) {
			result = error instanceof SyntaxError && error.message.startsWith('\'return\' outside of function');
		}

		if (topLevelReturns.size >= cacheLimit) {
			topLevelReturns.clear();
		}

		topLevelReturns.set(code, result);
	}

	return result;
}

const topLevelAwaits = new Map<string, boolean>();

/**
Whether `code` has an `await` outside any function, which only an async function's body allows.
Read as Postman and Bruno read it: a script's `await (…)` awaits, though a plain script would
take it for a call of a function named await. Kept per text, as marks are.
*/
export async function awaitsAtTopLevel(code: string): Promise<boolean> {
	if (!/\bawait\b/.test(code)) {
		return false;
	}

	let result = topLevelAwaits.get(code);
	if (result === undefined) {
		const {parse} = await import('acorn');
		try {
			result = hasAwait(parse(code, {ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true}));
		} catch {
			result = false;
		}

		if (topLevelAwaits.size >= cacheLimit) {
			topLevelAwaits.clear();
		}

		topLevelAwaits.set(code, result);
	}

	return result;
}

const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Whether an await (or a for await) stands in `node` outside any function inside it. */
function hasAwait(node: Node): boolean {
	if (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && (node as Node & {await?: boolean}).await === true)) {
		return true;
	}

	return children(node).some(child => !functionTypes.has(child.type) && hasAwait(child));
}

function withMarks(code: string, parse: Parse): string {
	let program: Node;
	try {
		// The script runs as a function's body (see run-script.ts), where `return` is allowed, and `await` in an async one.
		program = parse(code, {ecmaVersion: 'latest', sourceType: 'script', locations: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true});
	} catch {
		return code;
	}

	const insertions: Insertion[] = [];
	markWithin(program, {depth: 0}, insertions);
	const rank = ({closes, depth}: Insertion): number => (closes ? -depth : 1000 + depth);
	let result = code;
	// From the end, so that earlier offsets stay true.
	const sorted = insertions.sort((a, b) => b.at - a.at || rank(a) - rank(b));
	for (let index = 0; index < sorted.length;) {
		const {at} = sorted[index]!;
		let text = '';
		for (; index < sorted.length && sorted[index]!.at === at; index++) {
			text += sorted[index]!.text;
		}

		result = result.slice(0, at) + text + result.slice(at);
	}

	return result;
}

type Place = {
	/** How many loops are around this node. */
	depth: number;
	/** The outermost label of the statement this node is the body of. */
	labelled?: Node;
};

function markWithin(node: Node, place: Place, insertions: Insertion[]): void {
	if (node.type === 'ThrowStatement') {
		// No line break may follow `throw`: the value starts on the throw's line.
		const {argument} = node as Node & {argument: Node};
		insertions.push(
			{at: argument.start, text: `${throwMark}(${node.loc!.start.line}, `, closes: false, depth: place.depth},
			{at: argument.end, text: ')', closes: true, depth: place.depth},
		);
	}

	if (loopTypes.has(node.type)) {
		const line = node.loc!.start.line;
		const {depth} = place;
		const {body} = node as Node & {body: Node};
		const mark = `${loopMark}(${line});`;
		// The whole statement is wrapped, labels included, so that `continue label` still finds its loop.
		const statement = place.labelled ?? node;
		insertions.push(
			{at: statement.start, text: `{const ${outerLine} = ${mark}try{`, closes: false, depth},
			{at: statement.end, text: `}finally{${loopMark}(${outerLine})}}`, closes: true, depth},
		);
		if (body.type === 'BlockStatement') {
			insertions.push({at: body.start + 1, text: mark, closes: false, depth: depth + 0.5});
		} else {
			insertions.push({at: body.start, text: `{${mark}`, closes: false, depth: depth + 0.5}, {at: body.end, text: '}', closes: true, depth: depth + 0.5});
		}

		for (const child of children(node)) {
			markWithin(child, {depth: depth + 1}, insertions);
		}

		return;
	}

	const labelled = node.type === 'LabeledStatement' ? place.labelled ?? node : undefined;
	for (const child of children(node)) {
		markWithin(child, {depth: place.depth, labelled}, insertions);
	}
}

function children(node: Node): Node[] {
	const found: Node[] = [];
	for (const [key, value] of Object.entries(node)) {
		if (key === 'loc') {
			continue;
		}

		for (const item of Array.isArray(value) ? value : [value]) {
			if (typeof item === 'object' && item !== null && typeof (item as {type?: unknown}).type === 'string') {
				found.push(item as Node);
			}
		}
	}

	return found;
}
