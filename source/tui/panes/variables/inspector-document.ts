/**
What the inspector shows of the selected variable, as rows of the pane's width: a header
(its name, kind and scope, the override chain with each scope's value and the one that
wins, and what uses it), then its value line by line (see value-lines). Shared by the
inspector's view and its keys, so both agree on how far it scrolls and where each line is.
*/
import {mask} from '../../../core/secrets.js';
import {scopeLabel} from './edited-elsewhere.js';
import type {EffectiveVariable, ScopedVariable} from '../../../core/scopes.js';
import {oneLine} from '../../../core/visible-text.js';
import {cutLines, type CutLines} from '../../wrap-text.js';
import type {Segment, Token} from '../response/highlight.js';
import {describe} from './describe-variable.js';
import {showValue} from './show-value.js';
import type {Uses} from './used-by.js';
import {valueLines, type ValueLine} from './value-lines.js';

export type InspectorContext = {
	/** The chosen environment's name, which the environment scope is. */
	environmentName?: string;
	/** Whether secrets are shown. */
	reveal: boolean;
	uses: Uses;
};

export type InspectorRow = {
	readonly segments: readonly Segment[];
	/** The line of the value the row shows part of; undefined for the header's rows. */
	readonly line?: number;
};

export type InspectorDocument = {
	/** The lines of the value, which the inspector's cursor moves over. */
	readonly lines: readonly ValueLine[];
	/** Rows of the whole document, its header's first. */
	readonly rows: number;
	/** The first and last row a line of the value takes. */
	rowsOf(line: number): {first: number; last: number};
	/** Rows [from, from + count). */
	slice(from: number, count: number): InspectorRow[];
};

type HeaderLine = {text: string; tokens: readonly Token[]};

const maskedLines: readonly ValueLine[] = [{text: mask, tokens: [], path: []}];
const valueCuts = new WeakMap<readonly ValueLine[], {width: number; cut: CutLines}>();

export function inspectorDocument(variable: EffectiveVariable, context: InspectorContext, width: number): InspectorDocument {
	const columns = Math.max(1, width);
	const masked = variable.secret === true && !context.reveal;
	const lines = masked ? maskedLines : valueLines(variable.value);
	const header = headerLines(variable, context, columns);
	const headerCut = cutLines(header.map(line => line.text), columns);
	const valueCut = cutOf(lines, columns);
	const offset = headerCut.rows;
	return {
		lines,
		rows: offset + valueCut.rows,
		rowsOf(line) {
			return {first: offset + valueCut.firstRow(line), last: offset + valueCut.firstRow(line + 1) - 1};
		},
		slice(from, count) {
			const rows: InspectorRow[] = headerCut.slice(from, count).map(({line, start, text}) => ({segments: segmentsOf(header[line]!.tokens, start, text)}));
			const fromValue = Math.max(0, from - offset);
			const left = count - rows.length;
			if (left > 0) {
				for (const {line, start, text} of valueCut.slice(fromValue, left)) {
					rows.push({segments: segmentsOf(lines[line]!.tokens, start, text), line});
				}
			}

			return rows;
		},
	};
}

function cutOf(lines: readonly ValueLine[], width: number): CutLines {
	const cached = valueCuts.get(lines);
	if (cached?.width === width) {
		return cached.cut;
	}

	const cut = cutLines(lines.map(line => line.text), width);
	valueCuts.set(lines, {width, cut});
	return cut;
}

function headerLines(variable: EffectiveVariable, {environmentName, reveal, uses}: InspectorContext, width: number): HeaderLine[] {
	const where = (scoped: ScopedVariable) => (scoped.scope === 'environment' && environmentName !== undefined ? `environment ${oneLine(environmentName)}` : oneLine(scopeLabel(scoped)));
	const lines: HeaderLine[] = [styled(variable.name, 'key'), styled(describe(variable), 'muted')];
	if (variable.hidden.length > 0) {
		// The chain, lowest first: each scope's own value, the one sent marked.
		lines.push(styled('override chain, lowest first (▸ is sent):', 'muted'));
		const chain = [...variable.hidden, variable];
		const labels = chain.map(scoped => where(scoped));
		const labelWidth = Math.max(...labels.map(label => label.length));
		for (const [index, scoped] of chain.entries()) {
			const wins = scoped === variable;
			const label = `${wins ? '▸' : ' '} ${labels[index]!.padEnd(labelWidth)} `;
			const value = showValue(scoped.value, {secret: variable.secret, reveal, cells: Math.max(1, width - label.length)});
			lines.push({text: label + value, tokens: [{start: 0, end: label.length + value.length, style: wins ? 'plain' : 'muted'}]});
		}
	}

	lines.push(styled(usesText(uses), 'muted'), styled('─'.repeat(width), 'punctuation'));
	return lines;
}

function usesText({requests, variables}: Uses): string {
	const requestsText = requests.length === 0 ? 'used by no request' : `used by ${requests.length === 1 ? 'request' : `${requests.length} requests`}: ${requests.map(name => oneLine(name)).join(', ')}`;
	return variables.length === 0 ? requestsText : `${requestsText}; in the value of ${variables.join(', ')}`;
}

function styled(text: string, style: Token['style']): HeaderLine {
	return {text, tokens: [{start: 0, end: text.length, style}]};
}

/** The styled pieces of a row: the part of its line from `start`, as long as `text`. */
function segmentsOf(tokens: readonly Token[], start: number, text: string): Segment[] {
	const end = start + text.length;
	const segments: Segment[] = [];
	let at = start;
	for (const token of tokens) {
		if (token.end <= at || token.start >= end) {
			continue;
		}

		if (token.start > at) {
			segments.push({text: text.slice(at - start, token.start - start), style: 'plain'});
		}

		const to = Math.min(end, token.end);
		segments.push({text: text.slice(Math.max(at, token.start) - start, to - start), style: token.style});
		at = to;
	}

	if (at < end) {
		segments.push({text: text.slice(at - start), style: 'plain'});
	}

	return segments;
}
