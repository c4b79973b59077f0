/** The Preview tab's lines: the request as it will be sent, after its problems, secrets masked. */
import {findJsonSyntaxError} from '../../../core/formats/json-text.js';
import {bodyPreview} from '../../../core/http/body-preview.js';
import {urlAsSent} from '../../../core/http/request-target.js';
import type {Request} from '../../../core/model.js';
import {listedProblems} from '../../../core/problem-list.js';
import {placeText} from '../../../core/problem-place.js';
import {maskSecrets} from '../../../core/secrets.js';
import type {Preview} from '../../../core/session/session.js';
import {makeVisible} from '../../../core/visible-text.js';

export type PreviewLine = {text: string; tone?: 'error' | 'warning' | 'muted'};

/**
The lines of a preview: the request line, headers, a blank line and the body, after the
problems (the first few, and a line that counts the rest); secrets masked. What is sent is the user's text, so it is shown as the response
is: tabs expanded and control characters as their pictures, which the terminal would
otherwise act on (a tab jumps past the pane's border, an escape moves the cursor).
*/
export function previewLines(preview: Preview, request: Pick<Request, 'body'>): PreviewLine[] {
	const lines: PreviewLine[] = [];
	const shown = (text: string) => makeVisible(maskSecrets(text, preview.secrets));
	const onOneRow = (text: string) => shown(text).replaceAll('\n', ' ');
	if (preview.error !== undefined) {
		lines.push({text: `Cannot send: ${onOneRow(preview.error)}`, tone: 'error'});
	}

	const {listed, rest} = listedProblems(preview.problems);
	for (const problem of listed) {
		lines.push({text: `⚠ ${placeText(problem, request)}: ${onOneRow(problem.message)}`, tone: 'warning'});
	}

	if (rest !== undefined) {
		lines.push({text: `⚠ ${rest}`, tone: 'warning'});
	}

	for (const warning of preview.warnings ?? []) {
		lines.push({text: `⚠ ${onOneRow(warning)}`, tone: 'warning'});
	}

	const {prepared} = preview;
	if (prepared !== undefined) {
		lines.push({text: onOneRow(`${prepared.method} ${urlAsSent(prepared)}`)});
		for (const [name, value] of prepared.headers) {
			lines.push({text: onOneRow(`${name}: ${value}`), tone: 'muted'});
		}

		if (prepared.body !== undefined) {
			const body = bodyPreview(prepared.body);
			const problem = typeof prepared.body === 'string' || prepared.body instanceof Uint8Array ? jsonProblem(prepared.headers, body) : undefined;
			if (problem !== undefined) {
				lines.push({text: `⚠ The body is sent as JSON but is not valid JSON at ${onOneRow(problem)}`, tone: 'warning'});
			}

			lines.push({text: ''});
			for (const line of shown(body).split('\n')) {
				lines.push({text: line});
			}
		}
	}

	return lines;
}

/**
Where and why a body sent with a JSON Content-Type does not parse as JSON (`line 3, column 9:
expected …`, in the body as sent, which the Preview shows); undefined when it does, or is not
sent as JSON. A body may nest deeper than a value.
*/
function jsonProblem(headers: ReadonlyArray<readonly [string, string]>, body: string): string | undefined {
	const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
	if (!/\bjson\b/i.test(contentType) || body.trim() === '') {
		return undefined;
	}

	const error = findJsonSyntaxError(body, Number.POSITIVE_INFINITY);
	return error === undefined ? undefined : `line ${error.line}, column ${error.column}: ${error.problem}`;
}
