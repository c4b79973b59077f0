/** The text of the headers and console tabs, built once per response. */
import type {ConsoleEntry} from './console-entry.js';
import {createDocument, type TextDocument} from './text-document.js';
import {makeVisible} from '../../core/visible-text.js';

export function headersDocument(headers: ReadonlyArray<readonly [string, string]>): TextDocument {
	return createDocument(headers.map(([name, value]) => makeVisible(`${name}: ${value}`).replaceAll('\n', ' ')).join('\n'), 'headers');
}

const levelWidth = 6;

function entryLines(level: ConsoleEntry['level'], text: string): string {
	const continuation = '\n' + ' '.repeat(levelWidth);
	return level.padEnd(levelWidth) + makeVisible(text).replaceAll('\n', continuation);
}

/** One entry per line (continuation lines indented under the text), the script error last, as it ended the run. */
export function consoleDocument(entries: readonly ConsoleEntry[], scriptError?: string): TextDocument {
	const lines = entries.map(entry => entryLines(entry.level, `[${entry.source}] ${entry.text}`));
	if (scriptError !== undefined && scriptError !== '') {
		lines.push(entryLines('error', scriptError));
	}

	return createDocument(lines.join('\n'), 'console');
}
