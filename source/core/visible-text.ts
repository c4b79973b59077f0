/**
Text from a server or a script is untrusted: written raw to a terminal, an escape sequence
in a body, a reason phrase or a console line could move the cursor, retitle the window or
write to the clipboard. Every control character is swapped for its visible picture (ESC
becomes ␛), Windows line ends become plain ones, and tabs are expanded so columns can be
counted. The bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
can show text in another order than it is, become U+FFFD.
*/
const tabWidth = 4;
// eslint-disable-next-line no-control-regex
const unsafe = /\r?\n|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\t\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const anyUnsafe = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\t\u202A-\u202E\u2066-\u2069]/;

function picture(character: string): string {
	const code = character.charCodeAt(0);
	if (code < 0x20) {
		return String.fromCharCode(0x24_00 + code);
	}

	return code === 0x7F ? '\u2421' : '\uFFFD';
}

/** `startColumn`: where on its line the text starts, when it goes on from text made visible before. */
export function makeVisible(text: string, startColumn = 0): string {
	if (!anyUnsafe.test(text)) {
		return text;
	}

	// Newlines are matched too (and kept) so tab stops are counted from each line's start.
	let lineStart = -startColumn;
	let added = 0;
	return text.replace(unsafe, (match: string, offset: number) => {
		if (match.endsWith('\n')) {
			lineStart = offset + match.length;
			added = 0;
			return '\n';
		}

		if (match !== '\t') {
			return picture(match);
		}

		const column = offset - lineStart + added;
		const spaces = tabWidth - (column % tabWidth);
		added += spaces - 1;
		return ' '.repeat(spaces);
	});
}

/** `text` made visible on one line, its line breaks shown as ` ⏎ `: for output that promises a line per message. */
export function oneLine(text: string): string {
	return makeVisible(text.replaceAll(/\r?\n/g, ' ⏎ '));
}

// eslint-disable-next-line no-control-regex
const unsafeBesideLayout = /\r\n|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
`text` made visible with its newlines and tabs left for the terminal to lay out, so a
response body still reads as its lines and columns (JSON stays indented); a Windows line
end becomes a plain one.
*/
export function makeVisibleKeepingLayout(text: string): string {
	return text.replace(unsafeBesideLayout, match => match === '\r\n' ? '\n' : picture(match));
}
