/** The text of the headers and console tabs, and of a failure in the body tab, built once per response. */
import type {ConsoleEntry} from './console-entry.js';
import {createDocument, type TextDocument} from './text-document.js';
import {makeVisible} from '../../../core/visible-text.js';
import {wrapText} from '../../wrap-text.js';

export function headersDocument(headers: ReadonlyArray<readonly [string, string]>): TextDocument {
	return createDocument(headers.map(([name, value]) => makeVisible(`${name}: ${value}`).replaceAll('\n', ' ')).join('\n'), 'headers');
}

const levelWidth = 6;

function entryLines(level: ConsoleEntry['level'], text: string): string {
	const continuation = '\n' + ' '.repeat(levelWidth);
	return level.padEnd(levelWidth) + makeVisible(text).replaceAll('\n', continuation);
}

/** One entry per line (continuation lines indented under the text), the scripts' errors last: each names its script. */
export function consoleDocument(entries: readonly ConsoleEntry[], scriptErrors: readonly string[]): TextDocument {
	const lines = entries.map(entry => entryLines(entry.level, `[${entry.source}] ${entry.text}`));
	for (const error of scriptErrors) {
		lines.push(entryLines('error', error));
	}

	return createDocument(lines.join('\n'), 'console');
}

/** Why a send failed as the body tab shows it, and how many of its first lines are the message (the rest are what to check). */
export type FailureDocument = {document: TextDocument; messageLines: number};

/**
The message, then what to check, wrapped between words to `width` here: the viewport's own
wrapping cuts at the column, through a URL or a word, as it must for a body.
*/
export function failureDocument(message: string, checks: readonly string[], width: number): FailureDocument {
	const messageRows = wrapText(makeVisible(message), width);
	const checkRows = checks.flatMap(check => wrapText(`- ${check}`, width));
	const rows = checkRows.length === 0 ? messageRows : [...messageRows, '', 'What to check:', ...checkRows];
	return {document: createDocument(rows.join('\n'), 'plain'), messageLines: messageRows.length};
}
