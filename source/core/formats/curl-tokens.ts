/**
Splits shell text holding curl commands into commands and their words, as a POSIX shell
(bash, zsh) would: blanks separate words; `\` then a line break continues the line;
'single quotes' keep everything; "double quotes" keep all but `\"`, `\\`, `\$`, `` \` ``;
$'…' reads C escapes (browsers' "Copy as cURL" writes those), its `\xHH` and octal escapes
bytes read as UTF-8, as a terminal shows what bash writes; a `#` that starts a word starts
a comment. A line break, `;`, `&&`, `||` or `|` ends a command.

Nothing is run: `$NAME` and `${NAME}` become curlew's `{{process.env.NAME}}`, which reads
the same environment variable when the request is sent. What a shell would run or redirect
(`$(…)`, backquotes, `> file`) cannot be kept: it stays as written, or is dropped for a
redirection, with a note. Any other `{{` is written so that curlew sends it as written (see literal-text.ts).
*/
import {FieldError} from './field-error.js';
import {literalText} from './literal-text.js';

export type ShellCommand = {
	/** The line (from 1) where the command starts. */
	line: number;
	words: string[];
	/** What was not kept as a shell would have it. */
	notes: string[];
	/** The operator that ended the command (`|` means the next command reads its output), or undefined at the end of a line or the text. */
	endedBy?: string;
};

const blank = /[ \t]/;
const cEscapes: Readonly<Record<string, string>> = {n: '\n', t: '\t', r: '\r', a: '\u0007', b: '\b', e: '\u001B', E: '\u001B', f: '\f', v: '\v', '\\': '\\', '\'': '\'', '"': '"', '?': '?'};

/** @throws FieldError, its field `line N`, for a quote that is never closed. */
export function splitShellCommands(text: string): ShellCommand[] {
	const source = text.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
	const commands: ShellCommand[] = [];
	let position = 0;
	let line = 1;
	let current: ShellCommand = {line, words: [], notes: []};
	/** The word so far, its literal text escaped; undefined between words. */
	let word: string | undefined;
	/** Literal text at the end of the word, escaped when a placeholder follows or the word ends: a `{{` may span two pieces. */
	let literal = '';

	const addLiteral = (text: string) => {
		word ??= '';
		literal += text;
	};

	const addPlaceholder = (placeholder: string) => {
		word = `${word ?? ''}${literalText(literal, true)}${placeholder}`;
		literal = '';
	};

	const endWord = () => {
		if (word !== undefined) {
			current.words.push(`${word}${literalText(literal)}`);
			word = undefined;
			literal = '';
		}
	};

	const endCommand = (endedBy?: string) => {
		endWord();
		if (current.words.length > 0) {
			commands.push(endedBy === undefined ? current : {...current, endedBy});
		}

		current = {line, words: [], notes: []};
	};

	const unclosed = (opener: string, startLine: number): never => {
		throw new FieldError(`line ${startLine}`, `the ${opener} opened here is never closed: close it`);
	};

	/** `$NAME` or `${NAME}` at `position` (on the `$`), as a placeholder; undefined when it is not one. */
	const readVariable = (): string | undefined => {
		const match = /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/.exec(source.slice(position, position + 300));
		if (match === null) {
			return undefined;
		}

		position += match[0].length;
		return `{{process.env.${match[1] ?? match[2]!}}}`;
	};

	/** Text from `position` to the `close` that ends what `open` began, nesting counted; the position moves past it. */
	const readSubstitution = (open: string, close: string): string => {
		const start = position;
		const startLine = line;
		let depth = 0;
		while (position < source.length) {
			const character = source[position]!;
			position++;
			if (character === '\n') {
				line++;
			}

			if (character === open && open !== close) {
				depth++;
			} else if (character === close && (open === close ? position - 1 > start : --depth === 0)) {
				const written = source.slice(start, position);
				noteSubstitution(written);
				return written;
			}
		}

		return unclosed(open === '`' ? '`' : '$(', startLine);
	};

	const noteSubstitution = (written: string) => {
		current.notes.push(`line ${current.line}: ${written} was kept as written: curlew runs no shell commands`);
	};

	while (position < source.length) {
		const character = source[position]!;
		if (character === '\\' && source[position + 1] === '\n') {
			position += 2;
			line++;
			continue;
		}

		if (word === undefined && character === '#') {
			while (position < source.length && source[position] !== '\n') {
				position++;
			}

			continue;
		}

		if (blank.test(character)) {
			endWord();
			position++;
			continue;
		}

		if (character === '\n') {
			endCommand();
			position++;
			line++;
			current.line = line;
			continue;
		}

		const operator = /^(?:&&|\|\||;|\||&)/.exec(source.slice(position, position + 2))?.[0];
		if (operator !== undefined) {
			endCommand(operator);
			position += operator.length;
			continue;
		}

		if ((character === '>' || character === '<') || (/\d/.test(character) && word === undefined && /^\d>/.test(source.slice(position, position + 2)))) {
			endWord();
			const redirection = /^\d?(?:>>|>|<)\s*/.exec(source.slice(position))![0];
			position += redirection.length;
			const target = /^[^\s;&|]*/.exec(source.slice(position))![0];
			position += target.length;
			current.notes.push(`line ${current.line}: the redirection ${redirection.trim()} ${target} was left out: curlew keeps responses itself`);
			continue;
		}

		word ??= '';
		if (character === '\'') {
			const close = source.indexOf('\'', position + 1);
			if (close === -1) {
				unclosed('\'', line);
			}

			const quoted = source.slice(position + 1, close);
			line += quoted.split('\n').length - 1;
			addLiteral(quoted);
			position = close + 1;
			continue;
		}

		if (character === '$' && source[position + 1] === '\'') {
			readCQuoted();
			continue;
		}

		if (character === '"') {
			readDoubleQuoted();
			continue;
		}

		if (character === '\\') {
			addLiteral(source[position + 1] ?? '');
			position += 2;
			continue;
		}

		if (readExpansion()) {
			continue;
		}

		addLiteral(character);
		position++;
	}

	endCommand();
	return commands;

	/** A command substitution or a variable at `position`, read as bash expands it in and out of double quotes; false when there is none. */
	function readExpansion(): boolean {
		const character = source[position];
		if (character === '$' && source[position + 1] === '(') {
			addLiteral(readSubstitution('(', ')'));
			return true;
		}

		if (character === '`') {
			addLiteral(readSubstitution('`', '`'));
			return true;
		}

		if (character === '$') {
			const variable = readVariable();
			if (variable !== undefined) {
				addPlaceholder(variable);
				return true;
			}
		}

		return false;
	}

	function readDoubleQuoted(): void {
		const startLine = line;
		position++;
		while (position < source.length) {
			const character = source[position]!;
			if (character === '"') {
				position++;
				return;
			}

			if (character === '\\' && position + 1 < source.length) {
				const next = source[position + 1]!;
				if (next === '\n') {
					line++;
				} else {
					addLiteral('"\\$`'.includes(next) ? next : `\\${next}`);
				}

				position += 2;
				continue;
			}

			if (readExpansion()) {
				continue;
			}

			if (character === '\n') {
				line++;
			}

			addLiteral(character);
			position++;
		}

		unclosed('"', startLine);
	}

	/** $'…': C escapes; `\xHH` and octal `\OOO` are bytes, which bash writes out as they are, and a terminal shows as UTF-8. */
	function readCQuoted(): void {
		const startLine = line;
		const bytes: number[] = [];
		const addBytes = () => {
			if (bytes.length === 0) {
				return;
			}

			const buffer = Buffer.from(bytes.splice(0));
			try {
				addLiteral(new TextDecoder('utf-8', {fatal: true}).decode(buffer));
			} catch {
				const asLatin1 = buffer.toString('latin1');
				addLiteral(asLatin1);
				current.notes.push(`line ${startLine}: the bytes ${[...buffer].map(byte => `\\x${byte.toString(16).padStart(2, '0')}`).join('')} are not UTF-8 text: they were read as Latin-1 (${asLatin1}), and curlew sends them as that text in UTF-8`);
			}
		};

		position += 2;
		while (position < source.length) {
			const character = source[position]!;
			if (character === '\'') {
				position++;
				addBytes();
				return;
			}

			const byte = character === '\\' ? /^(?:x([\da-fA-F]{1,2})|([0-7]{1,3}))/.exec(source.slice(position + 1, position + 4)) : null;
			if (byte !== null) {
				const [written, hex, octal] = byte;
				bytes.push(hex === undefined ? Number.parseInt(octal!, 8) & 0xFF : Number.parseInt(hex, 16));
				position += 1 + written.length;
				continue;
			}

			addBytes();
			if (character !== '\\') {
				if (character === '\n') {
					line++;
				}

				addLiteral(character);
				position++;
				continue;
			}

			const escape = source[position + 1] ?? '';
			const code = /^(?:u([\da-fA-F]{1,4})|U([\da-fA-F]{1,8}))/.exec(source.slice(position + 1, position + 10));
			if (code !== null) {
				const [written, u4, u8] = code;
				const codePoint = Number.parseInt(u4 ?? u8!, 16);
				// A surrogate half or a number past U+10FFFF names no character: bash writes bytes that are not UTF-8 for it.
				if ((codePoint >= 0xD8_00 && codePoint <= 0xDF_FF) || codePoint > 0x10_FFFF) {
					addLiteral('\uFFFD');
					current.notes.push(`line ${startLine}: \\${written} names no character: it was read as U+FFFD (\uFFFD)`);
				} else {
					addLiteral(String.fromCodePoint(codePoint));
				}

				position += 1 + written.length;
				continue;
			}

			addLiteral(cEscapes[escape] ?? `\\${escape}`);
			position += 2;
		}

		unclosed('$\'', startLine);
	}
}
