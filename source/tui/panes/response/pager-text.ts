/**
The text `v` hands to the pager: a document of the body tab (the body formatted whole, or a
jq filter's output), control characters already made visible, with ANSI colours for a pager
that shows them, the body tab's colours.
*/
import {tokenize} from './highlight.js';
import {tokenColor} from './palette.js';
import {documentText, lineCount, lineText, type TextDocument} from './text-document.js';

const sgr: Readonly<Record<string, number>> = {red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, gray: 90};

export function pagerText(document: TextDocument, colours: boolean): string {
	if (!colours || document.syntax === 'plain') {
		return `${documentText(document)}\n`;
	}

	const lines: string[] = [];
	for (let line = 0; line < lineCount(document); line++) {
		const text = lineText(document, line);
		lines.push(tokenize(text, document.syntax).map(token => {
			const code = sgr[tokenColor(token.style, true) ?? ''];
			const piece = text.slice(token.start, token.end);
			return code === undefined ? piece : `\u001B[${code}m${piece}\u001B[39m`;
		}).join(''));
	}

	return `${lines.join('\n')}\n`;
}
