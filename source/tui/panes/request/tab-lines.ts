/**
The lines the body and preview tabs scroll through, and which of them a tab shows: shared by
the tabs' views and the keys that scroll them, so the two agree on how far they go. Each is
worked out once per body (or preview) and width.
*/
import type {Body, Request} from '../../../core/model.js';
import type {Preview} from '../../../core/session/session.js';
import {cutLines, type CutLines} from '../../wrap-text.js';
import {editableText, keptForOtherTypes} from './body-type.js';
import {previewLines, type PreviewLine} from './preview-lines.js';

const bodyLineCache = new WeakMap<Body, string[]>();

/** The body's lines as the body tab shows them. */
export function bodyLines(body: Body): string[] {
	let lines = bodyLineCache.get(body);
	if (lines === undefined) {
		const text = editableText(body);
		lines = text === '' ? [] : text.split('\n');
		bodyLineCache.set(body, lines);
	}

	return lines;
}

/** The body tab's rows for lines: all of them, less the last when it says what the body keeps for other types. */
export function bodyRows(body: Body, rows: number): number {
	return rows > 1 && keptForOtherTypes(body) !== undefined ? rows - 1 : rows;
}

export type PreviewCut = {lines: PreviewLine[]; cut: CutLines};

const previewCache = new WeakMap<Preview, {width: number; request: Request; cut: PreviewCut}>();

/** The preview's lines cut into rows of `width` cells, so that a long URL, header or problem shows whole. */
export function previewCut(preview: Preview, request: Request, width: number): PreviewCut {
	const cached = previewCache.get(preview);
	if (cached?.width === width && cached.request === request) {
		return cached.cut;
	}

	const lines = previewLines(preview, request);
	const cut = {lines, cut: cutLines(lines.map(line => line.text), Math.max(1, width))};
	previewCache.set(preview, {width, request, cut});
	return cut;
}

export type Scrolled = {top: number; shown: number; where?: string};

/**
Which of `count` lines a tab shows in `rows`: from the pane's row on (j/k, page keys move it),
with the last row saying where they are when not all fit.
*/
export function scrolledLines(count: number, rows: number, row: number): Scrolled {
	const fits = count <= rows;
	const shown = fits ? count : Math.max(1, rows - 1);
	const top = Math.min(row, scrollLimit(count, rows));
	if (fits) {
		return {top, shown};
	}

	// Counted as the response pane counts its lines: 1-8 of 400,004.
	return {top, shown, where: `lines ${(top + 1).toLocaleString('en-US')}-${(top + shown).toLocaleString('en-US')} of ${count.toLocaleString('en-US')}  j/k scroll`};
}

/** The last first line that still fills the rows. */
export function scrollLimit(count: number, rows: number): number {
	const shown = count <= rows ? count : Math.max(1, rows - 1);
	return Math.max(0, count - shown);
}
