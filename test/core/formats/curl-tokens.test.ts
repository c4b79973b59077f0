import {describe, expect, it} from 'vitest';
import {splitShellCommands} from '../../../source/core/formats/curl-tokens.js';

function wordsOf(text: string): string[][] {
	return splitShellCommands(text).map(command => command.words);
}

describe('splitShellCommands', () => {
	it('splits words on blanks and joins lines continued with a backslash', () => {
		expect(wordsOf('curl  -X POST \\\n  https://a.test/x \\\r\n\t-H "A: 1"\n')).toEqual([['curl', '-X', 'POST', 'https://a.test/x', '-H', 'A: 1']]);
	});

	it('keeps single-quoted text as it is, backslashes, dollars and line breaks included', () => {
		expect(wordsOf('curl -d \'{"a": "b\\n$HOME"}\n\' x')).toEqual([['curl', '-d', '{"a": "b\\n$HOME"}\n', 'x']]);
	});

	it('reads the escapes double quotes have and keeps other backslashes', () => {
		expect(wordsOf('curl -d "say \\"hi\\" \\\\ \\$5 \\d"')).toEqual([['curl', '-d', 'say "hi" \\ $5 \\d']]);
	});

	it('reads C escapes in $\'…\', as browsers\' Copy as cURL writes them', () => {
		expect(wordsOf('curl --data-raw $\'{"a":"it\\\'s\\n\\t\\u00e9\\x41\\101"}\'')).toEqual([['curl', '--data-raw', '{"a":"it\'s\n\téAA"}']]);
	});

	it('joins quoted and unquoted parts of one word, and reads a backslash outside quotes as escaping the next character', () => {
		expect(wordsOf('curl -H X-A:\' b \'"c"d\\ e')).toEqual([['curl', '-H', 'X-A: b cd e']]);
	});

	it('turns $NAME and ${NAME} outside single quotes into placeholders that read the environment', () => {
		expect(wordsOf('curl -H "Authorization: Bearer $TOKEN" https://${HOST}/a?x=$ \'$KEEP\'')).toEqual([['curl', '-H', 'Authorization: Bearer {{process.env.TOKEN}}', 'https://{{process.env.HOST}}/a?x=$', '$KEEP']]);
	});

	it('ends a command at a line break, ;, &&, || or |, and remembers a pipe', () => {
		const commands = splitShellCommands('curl a; curl b && curl c\ncurl d | jq .\n\ncurl e');
		expect(commands.map(command => [command.line, command.words, command.endedBy])).toEqual([
			[1, ['curl', 'a'], ';'],
			[1, ['curl', 'b'], '&&'],
			[1, ['curl', 'c'], undefined],
			[2, ['curl', 'd'], '|'],
			[2, ['jq', '.'], undefined],
			[4, ['curl', 'e'], undefined],
		]);
	});

	it('skips comments and counts lines past them and past continued lines', () => {
		const commands = splitShellCommands('#!/bin/sh\n# list users\ncurl a \\\n  -s # quiet\n\ncurl b');
		expect(commands.map(command => [command.line, command.words])).toEqual([[3, ['curl', 'a', '-s']], [6, ['curl', 'b']]]);
	});

	it('keeps a command substitution as written, and drops a redirection, saying so', () => {
		const [command] = splitShellCommands('curl -H "X-Time: $(date +%s)" a > out.json 2>/dev/null');
		expect(command!.words).toEqual(['curl', '-H', 'X-Time: $(date +%s)', 'a']);
		expect(command!.notes).toEqual([
			'line 1: $(date +%s) was kept as written: curlew runs no shell commands',
			'line 1: the redirection > out.json was left out: curlew keeps responses itself',
			'line 1: the redirection 2> /dev/null was left out: curlew keeps responses itself',
		]);
	});

	it.each([
		['curl -d \'{"a": 1}', 'line 1: the \' opened here is never closed: close it'],
		['curl a\ncurl -H "X: 1', 'line 2: the " opened here is never closed: close it'],
		['curl -d $\'abc', 'line 1: the $\' opened here is never closed: close it'],
		['curl -H "X: $(date"', 'line 1: the $( opened here is never closed: close it'],
		['curl -H "X: `date"', 'line 1: the ` opened here is never closed: close it'],
	])('refuses an unclosed quote or substitution, naming the line it opens on: %s', (text, message) => {
		expect(() => splitShellCommands(text)).toThrow(message);
	});

	it('reads \\x and octal escapes in $\'…\' as bytes, decoded as UTF-8 as a terminal shows what bash writes', () => {
		const [command] = splitShellCommands('curl $\'https://a.test/?q=caf\\xc3\\xa9\' -H $\'X-Name: Jos\\303\\251\'');
		expect(command!.words).toEqual(['curl', 'https://a.test/?q=café', '-H', 'X-Name: José']);
		expect(command!.notes).toEqual([]);
	});

	it('reads bytes that are not UTF-8 as Latin-1, with a note', () => {
		const [command] = splitShellCommands('curl -d $\'a=\\xe9t\\xe9\'');
		expect(command!.words).toEqual(['curl', '-d', 'a=été']);
		expect(command!.notes).toEqual(['line 1: the bytes \\xe9 are not UTF-8 text: they were read as Latin-1 (é), and curlew sends them as that text in UTF-8', 'line 1: the bytes \\xe9 are not UTF-8 text: they were read as Latin-1 (é), and curlew sends them as that text in UTF-8']);
	});

	it('writes a literal {{ as \\{{ so that curlew sends it as written, but not the placeholder $NAME becomes', () => {
		expect(wordsOf('curl -d \'{"t":"Hi {{name}}"}\' -H "X: {{$HOME}}" -d {{a}}{\'{b\'')).toEqual([['curl', '-d', '{"t":"Hi \\{{name}}"}', '-H', 'X: \\{{{{process.env.HOME}}}}', '-d', '\\{{a}}\\{{b']]);
	});
});
